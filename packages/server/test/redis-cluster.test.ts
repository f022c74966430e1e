// The idempotency and rate-limit stores on a real three-master Redis Cluster
// (test/support/redis-cluster.ts), through ioredis's Cluster client: the store contract,
// and one quota spent across two instances of a service.
import { Cluster } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisCluster, type RedisClusterServer } from "../../../test/support/redis-cluster.js";
import { redisIdempotencyStore, redisRateLimitStore } from "../src/redis.js";
import { fixtureData, tokens } from "./support/fixture-app.js";
import { call, expectError } from "./support/http.js";
import { serveFixture } from "./support/serve.js";
import { idempotencyStoreContract } from "./idempotency/store-contract.js";

let cluster: RedisClusterServer;
const clients: Cluster[] = [];

async function connectedCluster(): Promise<Cluster> {
  const client = new Cluster(cluster.startupNodes);
  clients.push(client);
  await new Promise((resolve, reject) => (client.once("ready", resolve), client.once("error", reject)));
  return client;
}

beforeAll(async () => {
  cluster = await startRedisCluster();
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await cluster?.stop();
});

describe("redisIdempotencyStore on a Redis Cluster", () => {
  let redis: Cluster;
  beforeAll(async () => {
    redis = await connectedCluster();
  });

  idempotencyStoreContract(() => redisIdempotencyStore(redis, { keyPrefix: "cluster:" }));

  it("keeps each record on the master of its own key's slot, with the lease as TTL", async () => {
    const store = redisIdempotencyStore(redis, { keyPrefix: "spread:" });
    const claimedFrom = Date.now();
    for (let index = 0; index < 30; index++) expect(await store.claim(`key-${index}`, "f", 60_000)).toMatchObject({ claimed: true });
    const masters = new Set(Array.from({ length: 30 }, (_, index) => cluster.masterOf(`spread:key-${index}`).port));
    expect(masters.size).toBe(3);
    const ttl = Number(cluster.masterOf("spread:key-0").cli("pttl", "spread:key-0").trim());
    // The lease, less the time since the claim: under load the claims and redis-cli take seconds.
    expect(ttl).toBeGreaterThanOrEqual(60_000 - (Date.now() - claimedFrom) - 5);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe("rate limits shared through a Redis Cluster by two instances", () => {
  const data = fixtureData();
  const servers = [0, 1].map(() =>
    serveFixture(
      async () => ({ rateLimit: { quota: { points: 4, durationSeconds: 60 }, store: redisRateLimitStore(await connectedCluster()) } }),
      data,
    ),
  );

  it("spends one quota across both instances", async () => {
    const remaining: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const answer = await call(`${servers[index % 2]!.url}/certificates/cert_000`, { token: tokens.a });
      expect(answer.status).toBe(200);
      remaining.push(answer.headers["ratelimit-remaining"]!);
    }
    expect(remaining).toEqual(["3", "2", "1", "0"]);
    expectError(await call(`${servers[0]!.url}/certificates/cert_000`, { token: tokens.a }), 429, "rate_limited");
    expectError(await call(`${servers[1]!.url}/certificates/cert_000`, { token: tokens.a }), 429, "rate_limited");
  });
});
