// A sender serving several customers: an endpoint receives its owner's events only (the
// sandbox registers one set of endpoints per organization), and a removed endpoint gets
// nothing more — in memory and in Redis.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createManualClock } from "../../src/delivery/clock.js";
import { createDeliveryEngine } from "../../src/delivery/delivery-engine.js";
import type { DeliveryStore } from "../../src/delivery/delivery-store.js";
import { createMemoryDeliveryStore } from "../../src/delivery/memory-delivery-store.js";
import { createRedisDeliveryStore } from "../../src/delivery/redis-delivery-store.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { startRecordingReceiver } from "../support/servers.js";

let redisServer: RedisServer;
let redis: Redis;
beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url);
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});

const stores: [string, () => DeliveryStore][] = [
  ["memory", () => createMemoryDeliveryStore()],
  ["Redis", () => createRedisDeliveryStore(redis, { prefix: `owners-${Math.random()}:` })],
];

describe.each(stores)("endpoint owners and removal (%s store)", (_name, makeStore) => {
  it("sends an owner's events to its endpoints and to endpoints that take every event, not to other owners'", async () => {
    const receiver = await startRecordingReceiver();
    try {
      const engine = createDeliveryEngine({ store: makeStore(), clock: createManualClock(Date.now()) });
      const mine = await engine.addEndpoint({ url: `${receiver.url}/org_a`, owner: "org_a" });
      await engine.addEndpoint({ url: `${receiver.url}/org_b`, owner: "org_b" });
      await engine.addEndpoint({ url: `${receiver.url}/all` });
      const deliveries = await engine.publish(generateTestEvent("signing_request.created"), { owner: "org_a" });
      await engine.runDue();
      expect(receiver.requests.map((request) => request.url).sort()).toEqual(["/all", "/org_a"]);
      expect(deliveries).toHaveLength(2);
      expect((await engine.listEndpoints({ owner: "org_a" })).map((endpoint) => endpoint.id)).toEqual([mine.endpoint.id]);
      expect(await engine.listEndpoints()).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("sends nothing more to a removed endpoint, and cancels what was pending for it", async () => {
    const receiver = await startRecordingReceiver();
    try {
      const engine = createDeliveryEngine({ store: makeStore(), clock: createManualClock(Date.now()) });
      const { endpoint } = await engine.addEndpoint({ url: `${receiver.url}/gone`, owner: "org_a" });
      const [pending] = await engine.publish(generateTestEvent("signing_request.created"), { owner: "org_a" });
      expect(await engine.removeEndpoint(endpoint.id)).toBe(true);
      expect(await engine.removeEndpoint(endpoint.id)).toBe(false);
      await engine.runDue();
      expect(receiver.requests).toEqual([]);
      expect((await engine.getDelivery(pending!.id))?.status).toBe("canceled");
      expect(await engine.getEndpoint(endpoint.id)).toBeNull();
      expect(await engine.publish(generateTestEvent("signing_request.created"), { owner: "org_a" })).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
