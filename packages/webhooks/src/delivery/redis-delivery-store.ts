// The delivery store for several engines and for restarts: the pending schedule is a sorted
// set in Redis, and claiming due deliveries is one Lua script, so two engines never send the
// same attempt. A crashed engine's claims come due again when their
// lease lapses: at-least-once, never lost. On Redis Cluster every key shares the prefix's hash
// tag, so each script and transaction runs in one slot (on one master).
import { randomUUID } from "node:crypto";
import type { Cluster, Redis } from "ioredis";
import { applyEndpointFailure, type DeliveryStore } from "./delivery-store.js";
import { hashTagged } from "./hash-tag.js";
import type { AttemptRecord, ClaimedDelivery, DeliveryRecord, EndpointRecord } from "./records.js";

/** Options of {@link createRedisDeliveryStore}. */
export interface RedisDeliveryStoreOptions {
  /**
   * Key prefix (default `signing-platform:webhook-delivery:`). On a Redis Cluster a prefix
   * without a hash tag is used as one (`{signing-platform:webhook-delivery:}`), so that every
   * key of the store is in one slot; give `{…}` yourself to choose the tag.
   */
  prefix?: string;
  /** Attempts kept per endpoint (default 1000). */
  maxAttemptsPerEndpoint?: number;
  /** How long a finished delivery is kept (default 30 days). */
  retainFinishedSeconds?: number;
}

const claimDueScript = `
local ids = redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", ARGV[1], "LIMIT", 0, tonumber(ARGV[2]))
local out = {}
for i, id in ipairs(ids) do
  local token = ARGV[4] .. ":" .. i
  redis.call("ZADD", KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), id)
  redis.call("HSET", KEYS[2], id, token)
  out[#out + 1] = token
  out[#out + 1] = redis.call("GET", ARGV[5] .. id) or ""
end
return out`;

const finishAttemptScript = `
if redis.call("HGET", KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call("HDEL", KEYS[2], ARGV[1])
if ARGV[4] == "pending" then
  redis.call("SET", KEYS[3], ARGV[3])
  redis.call("ZADD", KEYS[1], ARGV[5], ARGV[1])
else
  redis.call("SET", KEYS[3], ARGV[3], "PX", ARGV[6])
  redis.call("ZREM", KEYS[1], ARGV[1])
end
return 1`;

const compareAndSetScript = `if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("SET", KEYS[1], ARGV[2]) return 1 end return 0`;

/**
 * A delivery store in Redis: state survives restarts, and several engines share the pending schedule, each delivery claimed atomically by one engine at a time.
 *
 * Takes an ioredis `Redis` or `Cluster`; on a cluster every key of the store shares the prefix's hash tag, so the store lives on one master (and its replicas).
 * @example
 * ```ts
 * import { Redis } from "ioredis";
 * import { createDeliveryEngine } from "@signing-platform/webhooks/delivery";
 * import { createRedisDeliveryStore } from "@signing-platform/webhooks/redis";
 *
 * const engine = createDeliveryEngine({ store: createRedisDeliveryStore(new Redis("redis://localhost:6379", { enableOfflineQueue: false })) });
 * engine.start();
 * ```
 */
export function createRedisDeliveryStore(redis: Redis | Cluster, options: RedisDeliveryStoreOptions = {}): DeliveryStore {
  const {
    prefix: givenPrefix = "signing-platform:webhook-delivery:",
    maxAttemptsPerEndpoint = 1000,
    retainFinishedSeconds = 30 * 24 * 3600,
  } = options;
  // A single Redis keeps the keys it always had; a cluster needs them in one slot.
  const prefix = redis.isCluster ? hashTagged(givenPrefix) : givenPrefix;
  const keys = {
    endpoint: (id: string) => `${prefix}endpoint:${id}`,
    endpoints: `${prefix}endpoints`,
    deliveryPrefix: `${prefix}delivery:`,
    delivery: (id: string) => `${prefix}delivery:${id}`,
    due: `${prefix}due`,
    claims: `${prefix}claims`,
    attempts: (endpointId: string) => `${prefix}attempts:${endpointId}`,
  };

  const readJson = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

  /** Read, change in JS, write back only if nobody wrote in between; retried on a race. */
  async function updateEndpoint(id: string, change: (endpoint: EndpointRecord) => EndpointRecord): Promise<EndpointRecord | null> {
    for (let round = 0; round < 20; round++) {
      const before = await redis.get(keys.endpoint(id));
      if (before === null) return null;
      const after = change(JSON.parse(before) as EndpointRecord);
      if ((await redis.eval(compareAndSetScript, 1, keys.endpoint(id), before, JSON.stringify(after))) === 1) return after;
    }
    throw new Error(`Endpoint ${id} is being updated by too many engines at once.`);
  }

  return {
    async saveEndpoint(endpoint) {
      await redis.multi().set(keys.endpoint(endpoint.id), JSON.stringify(endpoint)).sadd(keys.endpoints, endpoint.id).exec();
    },
    async deleteEndpoint(id) {
      const [[, removed]] = (await redis.multi().srem(keys.endpoints, id).del(keys.endpoint(id), keys.attempts(id)).exec()) as [
        [unknown, number],
        ...unknown[],
      ];
      return removed === 1;
    },
    async getEndpoint(id) {
      return readJson<EndpointRecord>(await redis.get(keys.endpoint(id)));
    },
    async listEndpoints() {
      const ids = await redis.smembers(keys.endpoints);
      if (ids.length === 0) return [];
      const values = await redis.mget(ids.map(keys.endpoint));
      return values.map((value) => readJson<EndpointRecord>(value)).filter((value): value is EndpointRecord => value !== null);
    },
    async setEndpointEnabled(id, enabled, at) {
      return updateEndpoint(id, (endpoint) =>
        enabled
          ? { ...endpoint, enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
          : { ...endpoint, enabled: false, disabledReason: "manual", disabledAt: at },
      );
    },
    async recordEndpointSuccess(id, at) {
      await updateEndpoint(id, (endpoint) => ({ ...endpoint, failingSince: null, lastSuccessAt: at }));
    },
    async recordEndpointFailure(id, failure) {
      return updateEndpoint(id, (endpoint) => applyEndpointFailure(endpoint, failure));
    },
    async enqueue(records) {
      if (records.length === 0) return;
      const transaction = redis.multi();
      for (const record of records) {
        transaction.set(keys.delivery(record.id), JSON.stringify(record));
        if (record.status === "pending") transaction.zadd(keys.due, record.nextAttemptAt ?? 0, record.id);
      }
      await transaction.exec();
    },
    async claimDue(now, limit, leaseMs) {
      const reply = (await redis.eval(
        claimDueScript,
        2,
        keys.due,
        keys.claims,
        now,
        limit,
        leaseMs,
        randomUUID(),
        keys.deliveryPrefix,
      )) as string[];
      const claimed: ClaimedDelivery[] = [];
      for (let index = 0; index < reply.length; index += 2) {
        const delivery = readJson<DeliveryRecord>(reply[index + 1] ?? null);
        if (delivery) claimed.push({ delivery, claimToken: reply[index]! });
      }
      return claimed;
    },
    async finishAttempt(claimToken, delivery) {
      const result = await redis.eval(
        finishAttemptScript,
        3,
        keys.due,
        keys.claims,
        keys.delivery(delivery.id),
        delivery.id,
        claimToken,
        JSON.stringify(delivery),
        delivery.status,
        delivery.nextAttemptAt ?? 0,
        retainFinishedSeconds * 1000,
      );
      return result === 1;
    },
    async getDelivery(id) {
      return readJson<DeliveryRecord>(await redis.get(keys.delivery(id)));
    },
    async nextDueAt() {
      const [, score] = await redis.zrange(keys.due, 0, 0, "WITHSCORES");
      return score === undefined ? null : Number(score);
    },
    async recordAttempt(attempt) {
      await redis
        .multi()
        .lpush(keys.attempts(attempt.endpointId), JSON.stringify(attempt))
        .ltrim(keys.attempts(attempt.endpointId), 0, maxAttemptsPerEndpoint - 1)
        .exec();
    },
    async listAttempts(endpointId, limit) {
      const values = await redis.lrange(keys.attempts(endpointId), 0, Math.max(0, limit - 1));
      return values.map((value) => JSON.parse(value) as AttemptRecord);
    },
  };
}
