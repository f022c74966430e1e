// A master of a real Redis Cluster (three masters, a replica each) dies while the delivery
// engine is sending: its replica takes over, and no delivery is lost. Deliveries are counted
// at a loopback receiver built from createWebhookHandler, deduplicating on the same cluster,
// which processes each event once.
import { Cluster } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisCluster, type RedisClusterServer } from "../../../test/support/redis-cluster.js";
import { toNodeHandler } from "../src/adapters/node-http.js";
import { createDeliveryEngine } from "../src/delivery/delivery-engine.js";
import { generateEndpointSecret } from "../src/delivery/endpoint-secret.js";
import type { DeliveryRecord } from "../src/delivery/records.js";
import { createRedisDeliveryStore } from "../src/delivery/redis-delivery-store.js";
import { createRedisEventStore } from "../src/dedupe/redis-event-store.js";
import { createWebhookHandler } from "../src/handler/create-webhook-handler.js";
import { generateTestEvent } from "../src/testing/generate-test-event.js";
import { startHttpServer } from "./support/servers.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `test` holds; `what` may say, when it gives up, what was still missing. */
async function eventually(what: string | (() => string), test: () => Promise<boolean> | boolean, deadlineMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > deadlineMs) {
      throw new Error(`${typeof what === "string" ? what : what()} did not happen within ${deadlineMs} ms`);
    }
    await sleep(50);
  }
}

/** A delivery's state in a line: which one, its status, its attempts and times, without its body. */
function describeDelivery(record: DeliveryRecord): string {
  return JSON.stringify(record, (key, value) => (key === "body" ? undefined : value));
}

describe("on a Redis Cluster whose store's master dies during deliveries", () => {
  let cluster: RedisClusterServer;
  let client: Cluster;

  beforeAll(async () => {
    cluster = await startRedisCluster({ replicas: 1 });
    client = new Cluster(cluster.startupNodes);
  }, 60_000);
  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
  });

  it("loses no delivery, and the receiver processes each event once", async () => {
    const secret = generateEndpointSecret();
    const processed = new Map<string, number>();
    let received = 0;
    const handler = createWebhookHandler({
      secret,
      store: createRedisEventStore(client),
      on: {
        ping: async (event) => {
          processed.set(event.id, (processed.get(event.id) ?? 0) + 1);
        },
      },
    });
    const node = toNodeHandler(handler);
    const receiver = await startHttpServer((request, response) => {
      received++;
      return node(request, response);
    });
    const errors: unknown[] = [];
    // Retries a second apart, so a delivery the outage failed is tried again within the test.
    const engine = createDeliveryEngine({
      store: createRedisDeliveryStore(client),
      retrySchedule: { scheduleSeconds: Array.from({ length: 60 }, () => 1), windowSeconds: 3600 },
      pollIntervalMs: 50,
      // A short attempt deadline keeps the claims the dead master held short (the lease follows it).
      timeoutMs: 2000,
      concurrency: 8,
      onError: (error) => errors.push(error),
    });
    try {
      await engine.addEndpoint({ url: `${receiver.url}/webhooks`, secret });
      const events = Array.from({ length: 300 }, () => generateTestEvent("ping"));
      const deliveries: DeliveryRecord[] = [];
      for (const event of events.slice(0, 150)) deliveries.push(...(await engine.publish(event)));
      engine.start();
      await eventually("the first deliveries", () => processed.size >= 20);

      // The store's keys share one slot: kill its master (SIGKILL, as a crash), and publish on.
      const master = cluster.masterOf("{signing-platform:webhook-delivery:}");
      // What was acknowledged is on the replica before the crash (asynchronous replication
      // loses the last writes of a crashed master; WAIT makes this test about failover).
      master.cli("wait", "1", "1000");
      await master.kill();
      for (const event of events.slice(150)) {
        for (;;) {
          try {
            deliveries.push(...(await engine.publish(event)));
            break;
          } catch {
            await sleep(100); // the cluster has no master for the slot yet
          }
        }
      }
      await cluster.waitUntilOk();
      await eventually("every event processed", () => processed.size === events.length, 60_000);
      // When it gives up, it names the deliveries still open, with what the store holds of each.
      let open: string[] = [];
      await eventually(
        () =>
          `every delivery finished (${open.length} open: ${open.slice(0, 10).join("; ")}; ${errors.length} engine errors, the last: ${String(errors.at(-1))})`,
        async () => {
          open = [];
          for (const delivery of deliveries) {
            const record = await engine.getDelivery(delivery.id);
            if (record?.status !== "succeeded") open.push(record ? describeDelivery(record) : `${delivery.id} missing from the store`);
          }
          return open.length === 0;
        },
      );

      expect(new Set(events.map((event) => event.id))).toEqual(new Set(processed.keys()));
      expect([...processed.values()].every((count) => count === 1)).toBe(true);
      expect(received).toBeGreaterThanOrEqual(events.length);
      expect(master.running()).toBe(false);
    } finally {
      await engine.stop();
      await receiver.close();
    }
  }, 120_000);
});
