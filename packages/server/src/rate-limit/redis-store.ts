// Rate-limit counters in Redis, shared by every instance: rate-limiter-flexible's
// RateLimiterRedis, whose increment-and-expire is one atomic Lua script on one key, so it
// runs as it is on Redis Cluster.
import type { Cluster, Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { RateLimitStore } from "./store.js";

/**
 * Rate-limit counters in Redis, shared by every instance of a service (rate-limiter-flexible's atomic increment-and-expire).
 *
 * Takes an ioredis `Redis` or `Cluster`: each counter is one key, so counters spread over the cluster's slots.
 * @example
 * ```ts
 * import { Redis } from "ioredis";
 * import { createApp } from "@signing-platform/server";
 * import { redisRateLimitStore } from "@signing-platform/server/redis";
 *
 * const app = createApp({
 *   handlers: {},
 *   authentication: { resolver: { resolveAccessToken: () => null } },
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   rateLimit: { quota: { points: 100, durationSeconds: 60 }, store: redisRateLimitStore(new Redis("redis://localhost:6379", { enableOfflineQueue: false })) },
 * });
 * ```
 */
export function redisRateLimitStore(redis: Redis | Cluster): RateLimitStore {
  return {
    limiter: (quota, keyPrefix) =>
      new RateLimiterRedis({
        storeClient: redis,
        points: quota.points,
        duration: quota.durationSeconds,
        keyPrefix,
        // Answer 503 at once when Redis is down, rather than queue behind reconnection.
        rejectIfRedisNotReady: true,
      }),
  };
}
