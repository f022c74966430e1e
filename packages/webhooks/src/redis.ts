// @signing-platform/webhooks/redis: stores shared by several instances (needs ioredis).

// Receiving: event ids claimed with one atomic SET NX PX.
export { createRedisEventStore, type RedisEventStoreOptions } from "./dedupe/redis-event-store.js";
// Sending: the pending schedule, claimed atomically by one engine at a time.
export { createRedisDeliveryStore, type RedisDeliveryStoreOptions } from "./delivery/redis-delivery-store.js";
