// Against a real redis-server (test/support/redis.ts), with two connections as two instances.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { createRedisEventStore } from "../../src/dedupe/redis-event-store.js";
import { storeContract } from "./store-contract.js";

let server: RedisServer;
let clients: Redis[] = [];
let counter = 0;

beforeAll(async () => {
  server = await startRedisServer();
  clients = [new Redis(server.url), new Redis(server.url)];
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await server.stop();
});

describe("createRedisEventStore", () => {
  storeContract(
    () => createRedisEventStore(clients[counter % 2]!),
    () => `evt_redis_${counter++}`,
  );

  // @trace gives-one-claim-across-two-instances-racing-for
  it("gives one claim across two instances racing for the same event", async () => {
    const [one, two] = clients.map((client) => createRedisEventStore(client));
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? one! : two!).claim("evt_race", 60_000)));
    expect(results.filter((result) => result.status === "claimed")).toHaveLength(1);
  });

  it("stores the processed mark with the window as its expiry (SET … PX)", async () => {
    const store = createRedisEventStore(clients[0]!, { prefix: "test:" });
    const claim = await store.claim("evt_ttl", 1000);
    if (claim.status !== "claimed") throw new Error("not claimed");
    await store.complete("evt_ttl", claim.token, 90_000 * 1000);
    const ttl = await clients[0]!.pttl("test:evt_ttl");
    expect(ttl).toBeGreaterThan(89_000 * 1000);
    expect(ttl).toBeLessThanOrEqual(90_000 * 1000);
  });
});
