// Idempotency records in process memory: for one instance, and for tests. The claim is
// atomic because it is synchronous: no await between the lookup and the write. Records
// stay for their whole window (24 h), so memory grows with the rate of new keys: a
// service under real load keeps them in Redis.
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from "./store.js";

interface Entry {
  record: IdempotencyRecord;
  token: string;
  expiresAt: number;
}

/** Options of {@link memoryIdempotencyStore}. */
export interface MemoryIdempotencyStoreOptions {
  /** Clock, for tests of expiry. Default Date.now. */
  now?: () => number;
  /** Expired entries are swept every this many claims. Default 10 000. */
  sweepEvery?: number;
}

/**
 * Idempotency records in process memory: right for one instance, and for tests; expired records are swept as claims are made.
 * @example
 * ```ts
 * import { createApp, memoryIdempotencyStore } from "@signing-platform/server";
 *
 * const app = createApp({
 *   handlers: {},
 *   authentication: { resolver: { resolveAccessToken: () => null } },
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   idempotency: { store: memoryIdempotencyStore(), replayWindowSeconds: 3600 },
 * });
 * ```
 */
export function memoryIdempotencyStore(options: MemoryIdempotencyStoreOptions = {}): IdempotencyStore {
  const { now = Date.now, sweepEvery = 10_000 } = options;
  const entries = new Map<string, Entry>();
  let claims = 0;
  // A claim's token only has to differ from every other claim of this store, in this
  // process: a counter does that without drawing random bytes on every request.
  let lastToken = 0;
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };
  return {
    claim(key, fingerprint, leaseMs): IdempotencyClaim {
      if (++claims % sweepEvery === 0) sweep();
      const existing = live(key);
      if (existing) return { claimed: false, record: existing.record };
      const token = String(++lastToken);
      entries.set(key, { record: { state: "in_flight", fingerprint }, token, expiresAt: now() + leaseMs });
      return { claimed: true, token };
    },
    complete(key, token, { fingerprint, response }, ttlMs) {
      const entry = live(key);
      if (entry?.token !== token) return;
      // In place: the claim's entry now holds the outcome (one object fewer to allocate).
      entry.record = { state: "completed", fingerprint, response };
      entry.expiresAt = now() + ttlMs;
    },
    release(key, token) {
      if (live(key)?.token === token) entries.delete(key);
    },
  };
}
