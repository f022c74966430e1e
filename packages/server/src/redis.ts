// @signing-platform/server/redis: the stores that let several instances of a service share
// idempotency records and rate-limit counters through one Redis (ioredis client).
export { redisIdempotencyStore, type RedisIdempotencyStoreOptions } from "./idempotency/redis-store.js";
export { redisRateLimitStore } from "./rate-limit/redis-store.js";
