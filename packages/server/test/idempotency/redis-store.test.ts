// The Redis store against a real redis-server: atomic claims, owner checks, TTLs.
import type { Redis } from "ioredis";
import { beforeAll, describe, expect, it } from "vitest";
import { redisIdempotencyStore } from "../../src/redis.js";
import { useRedis } from "../support/serve.js";
import { idempotencyStoreContract } from "./store-contract.js";

const redisServer = useRedis();
let redis: Redis;
beforeAll(async () => {
  redis = await redisServer.client();
});

describe("redisIdempotencyStore", () => {
  idempotencyStoreContract(() => redisIdempotencyStore(redis, { keyPrefix: "test:" }));

  it("keeps records under its prefix with the lease as TTL", async () => {
    const store = redisIdempotencyStore(redis, { keyPrefix: "prefixed:" });
    await store.claim("k", "f", 60_000);
    const ttl = await redis.pttl("prefixed:k");
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
