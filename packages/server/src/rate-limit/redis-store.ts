// Rate-limit counters in Redis, shared by every instance: rate-limiter-flexible's
// RateLimiterRedis, whose increment-and-expire is one atomic Lua script.
import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { RateLimitStore } from "./store.js";

export function redisRateLimitStore(redis: Redis): RateLimitStore {
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
