// Several engines on one real redis-server: a due delivery is claimed by one engine only, a
// new engine carries on with the schedule, and the failing state is shared.
import { Redis } from "ioredis";
import { webhookHeaderNames } from "@signing-platform/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createManualClock } from "../../src/delivery/clock.js";
import { createDeliveryEngine } from "../../src/delivery/delivery-engine.js";
import { createRedisDeliveryStore } from "../../src/delivery/redis-delivery-store.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { startRecordingReceiver } from "../support/servers.js";

const start = Date.UTC(2026, 10, 21, 6, 40);
let server: RedisServer;
let clients: Redis[];

beforeAll(async () => {
  server = await startRedisServer();
  clients = [new Redis(server.url), new Redis(server.url)];
});
beforeEach(async () => {
  await clients[0]!.flushall();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await server.stop();
});

describe("createRedisDeliveryStore", () => {
  it("lets two engines share the work without sending any attempt twice", async () => {
    const receiver = await startRecordingReceiver();
    try {
      const clock = createManualClock(start);
      const [one, two] = clients.map((client) =>
        createDeliveryEngine({ store: createRedisDeliveryStore(client), clock, batchSize: 5, concurrency: 4 }),
      );
      await one!.addEndpoint({ url: receiver.url });
      await one!.addEndpoint({ url: receiver.url });
      for (let index = 0; index < 30; index++) await one!.publish(generateTestEvent("ping"));
      const [sentByOne, sentByTwo] = await Promise.all([one!.runDue(), two!.runDue()]);
      expect(sentByOne + sentByTwo).toBe(60);
      const ids = receiver.requests.map((request) => request.headers[webhookHeaderNames.delivery.toLowerCase()]);
      expect(ids).toHaveLength(60);
      expect(new Set(ids).size).toBe(60);
    } finally {
      await receiver.close();
    }
  });

  it("keeps the schedule across engines: a new engine makes the retry that is due", async () => {
    let calls = 0;
    const receiver = await startRecordingReceiver(() => (calls++ === 0 ? { status: 500 } : { status: 200 }));
    try {
      const clock = createManualClock(start);
      const first = createDeliveryEngine({ store: createRedisDeliveryStore(clients[0]!), clock });
      const { endpoint } = await first.addEndpoint({ url: receiver.url });
      const [delivery] = await first.publish(generateTestEvent("signing_request.created"));
      await first.runDue();
      expect(await first.nextDueAt()).toBe(start + 30_000);

      const second = createDeliveryEngine({ store: createRedisDeliveryStore(clients[1]!), clock });
      clock.advance(30_000);
      expect(await second.runDue()).toBe(1);
      expect(await second.getDelivery(delivery!.id)).toMatchObject({ status: "succeeded", attempts: 2 });
      const attempts = await second.listAttempts(endpoint.id);
      expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
        [2, 200],
        [1, 500],
      ]);
      expect(await second.getEndpoint(endpoint.id)).toMatchObject({ enabled: true, failingSince: null, lastSuccessAt: start + 30_000 });
    } finally {
      await receiver.close();
    }
  });

  it("re-sends after a lapsed claim, and ignores the late outcome of the engine that lost it", async () => {
    const receiver = await startRecordingReceiver();
    try {
      const store = createRedisDeliveryStore(clients[0]!);
      const clock = createManualClock(start);
      const engine = createDeliveryEngine({ store, clock });
      await engine.addEndpoint({ url: receiver.url });
      await engine.publish(generateTestEvent("ping"));
      const [stale] = await store.claimDue(clock.now(), 10, 1000);
      expect(await engine.runDue()).toBe(0);
      clock.advance(1001);
      expect(await engine.runDue()).toBe(1);
      expect(await store.finishAttempt(stale!.claimToken, { ...stale!.delivery, status: "failed" })).toBe(false);
      expect((await store.getDelivery(stale!.delivery.id))!.status).toBe("succeeded");
    } finally {
      await receiver.close();
    }
  });

  it("turns an endpoint on and off, and lists endpoints", async () => {
    const engine = createDeliveryEngine({ store: createRedisDeliveryStore(clients[0]!), clock: createManualClock(start) });
    const { endpoint } = await engine.addEndpoint({ url: "http://127.0.0.1:9/unused" });
    expect(await engine.disableEndpoint(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "manual", disabledAt: start });
    expect(await engine.enableEndpoint(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
    expect((await engine.listEndpoints()).map((entry) => entry.id)).toEqual([endpoint.id]);
  });
});
