// Where rate-limit counters live: process memory, or Redis shared by every instance
// (`redisRateLimitStore` in @signing-platform/server/redis). The counting itself is
// rate-limiter-flexible's (fixed window per key, atomic in Redis), not ours.
import { RateLimiterMemory, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Quota } from "./quota.js";

/** Where rate-limit counters live: process memory ({@link memoryRateLimitStore}) or Redis, shared by every instance. */
export interface RateLimitStore {
  /** A limiter that allows `quota.points` per `quota.durationSeconds` for each key under `keyPrefix`. */
  limiter(quota: Quota, keyPrefix: string): RateLimiterAbstract;
}

/**
 * Counters in this process: right for one instance, and for tests.
 * @example
 * ```ts
 * import { createApp, memoryRateLimitStore } from "@signing-platform/server";
 *
 * const app = createApp({
 *   handlers: {},
 *   authentication: { resolver: { resolveAccessToken: () => null } },
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   rateLimit: { quota: { points: 100, durationSeconds: 60 }, store: memoryRateLimitStore() },
 * });
 * ```
 */
export function memoryRateLimitStore(): RateLimitStore {
  return {
    limiter: (quota, keyPrefix) => new RateLimiterMemory({ points: quota.points, duration: quota.durationSeconds, keyPrefix }),
  };
}
