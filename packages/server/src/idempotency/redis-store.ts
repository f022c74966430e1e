// Idempotency records in Redis, shared by every instance of the service. Each step is one
// Lua script, so it is atomic on the server: the claim is SET NX PX or the existing value;
// completing or releasing checks that the caller still owns the claim (its lease may have
// run out and another request claimed the key since). Each script touches one key, so it
// runs as it is on Redis Cluster, on the master of that key's slot.
import { createHash, randomUUID } from "node:crypto";
import type { Cluster, Redis } from "ioredis";
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from "./store.js";

const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end
return redis.call('GET', KEYS[1])`;

const COMPLETE = `
local current = redis.call('GET', KEYS[1])
if not current or cjson.decode(current).token ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

const RELEASE = `
local current = redis.call('GET', KEYS[1])
if not current or cjson.decode(current).token ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`;

type Stored = IdempotencyRecord & { token: string };

const digests = new Map<string, string>();

/** EVALSHA, falling back to EVAL the first time a server has not seen the script. */
async function evalScript(redis: Redis | Cluster, script: string, key: string, args: (string | number)[]): Promise<unknown> {
  let digest = digests.get(script);
  if (!digest) digests.set(script, (digest = createHash("sha1").update(script).digest("hex")));
  try {
    return await redis.evalsha(digest, 1, key, ...args);
  } catch (error) {
    if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
    return redis.eval(script, 1, key, ...args);
  }
}

/** Options of {@link redisIdempotencyStore}. */
export interface RedisIdempotencyStoreOptions {
  /** Prefix of the keys. Default `sp:idempotency:`. */
  keyPrefix?: string;
}

/**
 * Idempotency records in Redis, shared by every instance of a service; each claim is one atomic script, so of concurrent requests with one key exactly one runs the operation.
 *
 * Takes an ioredis `Redis` or `Cluster`: each script touches one key, so keys spread over the cluster's slots.
 * @example
 * ```ts
 * import { Redis } from "ioredis";
 * import { createApp } from "@signing-platform/server";
 * import { redisIdempotencyStore } from "@signing-platform/server/redis";
 *
 * const app = createApp({
 *   handlers: {},
 *   authentication: { resolver: { resolveAccessToken: () => null } },
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   idempotency: { store: redisIdempotencyStore(new Redis("redis://localhost:6379", { enableOfflineQueue: false })) },
 * });
 * ```
 */
export function redisIdempotencyStore(redis: Redis | Cluster, options: RedisIdempotencyStoreOptions = {}): IdempotencyStore {
  const { keyPrefix = "sp:idempotency:" } = options;
  const run = (script: string, key: string, ...args: (string | number)[]) => evalScript(redis, script, keyPrefix + key, args);
  return {
    async claim(key, fingerprint, leaseMs): Promise<IdempotencyClaim> {
      const token = randomUUID();
      const record: Stored = { state: "in_flight", fingerprint, token };
      const existing = (await run(CLAIM, key, JSON.stringify(record), Math.max(1, Math.ceil(leaseMs)))) as string | null;
      if (existing === null) return { claimed: true, token };
      const { token: _owner, ...stored } = JSON.parse(existing) as Stored;
      return { claimed: false, record: stored };
    },
    async complete(key, token, { fingerprint, response }, ttlMs) {
      const record: Stored = { state: "completed", fingerprint, response, token };
      await run(COMPLETE, key, token, JSON.stringify(record), Math.max(1, Math.ceil(ttlMs)));
    },
    async release(key, token) {
      await run(RELEASE, key, token);
    },
  };
}
