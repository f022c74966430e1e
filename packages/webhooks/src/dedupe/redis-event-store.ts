// A shared store for receivers on several instances: the claim is one atomic
// `SET key value NX PX lease`, so two instances given the same event never both run it. Every
// command and script touches one key, so it runs as it is on Redis Cluster.
import type { Cluster, Redis } from "ioredis";
import { newClaimToken, type DeduplicationClaim, type EventDeduplicationStore } from "./event-deduplication-store.js";

/** Options of {@link createRedisEventStore}. */
export interface RedisEventStoreOptions {
  /** Key prefix (default `signing-platform:webhook-event:`). */
  prefix?: string;
}

const processedMark = "processed";
const claimPrefix = "claim:";
// Delete only our own claim: after a lease lapsed, the key may hold another caller's claim
// or a processed mark, and neither may be dropped by a late failure.
const releaseScript = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`;

/**
 * A deduplication store in Redis, shared by every instance of a receiver: a claim is one atomic `SET NX PX`, so two instances given the same event never both run it.
 *
 * Takes an ioredis `Redis` or `Cluster`: each command touches one key, so event ids spread over the cluster's slots.
 * @example
 * ```ts
 * import { Redis } from "ioredis";
 * import { createWebhookHandler } from "@signing-platform/webhooks";
 * import { createRedisEventStore } from "@signing-platform/webhooks/redis";
 *
 * const handler = createWebhookHandler({
 *   secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
 *   store: createRedisEventStore(new Redis("redis://localhost:6379", { enableOfflineQueue: false })),
 *   on: {},
 * });
 * ```
 */
export function createRedisEventStore(redis: Redis | Cluster, options: RedisEventStoreOptions = {}): EventDeduplicationStore {
  const { prefix = "signing-platform:webhook-event:" } = options;
  const keyOf = (eventId: string) => prefix + eventId;
  return {
    async claim(eventId: string, leaseMs: number): Promise<DeduplicationClaim> {
      const key = keyOf(eventId);
      // Two rounds: the key can expire between a failed SET NX and the GET that reads it.
      for (let round = 0; round < 2; round++) {
        const token = newClaimToken();
        if ((await redis.set(key, claimPrefix + token, "PX", Math.max(1, Math.ceil(leaseMs)), "NX")) === "OK") {
          return { status: "claimed", token };
        }
        const value = await redis.get(key);
        if (value === processedMark) return { status: "processed" };
        if (value !== null) return { status: "processing" };
      }
      return { status: "processing" };
    },
    async complete(eventId: string, _token: string, ttlMs: number): Promise<void> {
      await redis.set(keyOf(eventId), processedMark, "PX", Math.max(1, Math.ceil(ttlMs)));
    },
    async release(eventId: string, token: string): Promise<void> {
      await redis.eval(releaseScript, 1, keyOf(eventId), claimPrefix + token);
    },
  };
}
