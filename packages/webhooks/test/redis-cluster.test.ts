// The dedupe and delivery stores on a real three-master Redis Cluster
// (test/support/redis-cluster.ts), through ioredis's Cluster client.
import { Cluster } from "ioredis";
import { webhookHeaderNames } from "@signing-platform/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisCluster, type RedisClusterServer } from "../../../test/support/redis-cluster.js";
import { createManualClock } from "../src/delivery/clock.js";
import { createDeliveryEngine } from "../src/delivery/delivery-engine.js";
import { createRedisDeliveryStore } from "../src/delivery/redis-delivery-store.js";
import { createRedisEventStore } from "../src/dedupe/redis-event-store.js";
import { generateTestEvent } from "../src/testing/generate-test-event.js";
import { storeContract } from "./dedupe/store-contract.js";
import { startRecordingReceiver } from "./support/servers.js";

describe("on a three-master Redis Cluster", () => {
  let cluster: RedisClusterServer;
  let clients: Cluster[];
  let counter = 0;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    clients = [new Cluster(cluster.startupNodes), new Cluster(cluster.startupNodes)];
  }, 60_000);
  afterAll(async () => {
    await Promise.all((clients ?? []).map((client) => client.quit()));
    await cluster?.stop();
  });

  describe("createRedisEventStore", () => {
    storeContract(
      () => createRedisEventStore(clients[counter % 2]!),
      () => `evt_cluster_${counter++}`,
    );

    it("spreads event ids over the masters and still gives one claim to instances racing for one event", async () => {
      const [one, two] = clients.map((client) => createRedisEventStore(client));
      for (let index = 0; index < 30; index++) await one!.claim(`evt_spread_${index}`, 60_000);
      const owners = new Set(
        Array.from({ length: 30 }, (_, index) => cluster.masterOf(`signing-platform:webhook-event:evt_spread_${index}`).port),
      );
      expect(owners.size).toBe(3);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => (index % 2 ? one! : two!).claim("evt_cluster_race", 60_000)),
      );
      expect(results.filter((result) => result.status === "claimed")).toHaveLength(1);
    });
  });

  describe("createRedisDeliveryStore", () => {
    it("keeps every key in the hash tag's slot and lets two engines share the work without sending any attempt twice", async () => {
      const receiver = await startRecordingReceiver();
      try {
        const clock = createManualClock(Date.UTC(2026, 10, 21, 6, 40));
        const [one, two] = clients.map((client) =>
          createDeliveryEngine({
            store: createRedisDeliveryStore(client, { prefix: "two-engines:" }),
            clock,
            batchSize: 5,
            concurrency: 4,
          }),
        );
        const { endpoint } = await one!.addEndpoint({ url: receiver.url });
        await one!.addEndpoint({ url: receiver.url });
        for (let index = 0; index < 30; index++) await one!.publish(generateTestEvent("ping"));
        const [sentByOne, sentByTwo] = await Promise.all([one!.runDue(), two!.runDue()]);
        expect(sentByOne + sentByTwo).toBe(60);
        const ids = receiver.requests.map((request) => request.headers[webhookHeaderNames.delivery.toLowerCase()]);
        expect(new Set(ids).size).toBe(60);
        expect(ids).toHaveLength(60);
        expect(await two!.listAttempts(endpoint.id)).toHaveLength(30);

        const master = cluster.masterOf("{two-engines:}");
        const keys = master.cli("--scan", "--pattern", "{two-engines:}*").trim().split("\n");
        expect(keys.length).toBeGreaterThan(60);
        for (const node of cluster.nodes.filter((node) => node !== master))
          expect(node.cli("--scan", "--pattern", "*two-engines*").trim()).toBe("");
      } finally {
        await receiver.close();
      }
    });

    it("keeps a prefix that already carries a hash tag as it is", async () => {
      const store = createRedisDeliveryStore(clients[0]!, { prefix: "{tenant-7}:delivery:" });
      const engine = createDeliveryEngine({ store, clock: createManualClock(0) });
      const { endpoint } = await engine.addEndpoint({ url: "http://127.0.0.1:9/" });
      expect(cluster.masterOf("{tenant-7}").cli("exists", `{tenant-7}:delivery:endpoint:${endpoint.id}`).trim()).toBe("1");
    });
  });
});
