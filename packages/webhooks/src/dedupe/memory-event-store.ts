// The default store: one process, bounded, with expiry. Receivers running on several
// instances need a shared store (createRedisEventStore in the `redis` entry).
import { newClaimToken, type DeduplicationClaim, type EventDeduplicationStore } from "./event-deduplication-store.js";

/** Options of {@link createMemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /**
   * Most ids held at once (default 100 000). Past it, expired entries go first, then the
   * oldest; an id dropped early can be processed twice, so size it above the number of
   * events the receiver gets in the deduplication window.
   */
  maxEntries?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

interface Entry {
  /** The claim token, or null once processed. */
  token: string | null;
  expiresAt: number;
}

/**
 * The default deduplication store: one process, at most `maxEntries` ids, with expiry. Receivers on several instances need the Redis store of the `redis` entry.
 * @example
 * ```ts
 * import { createMemoryEventStore, createWebhookHandler } from "@signing-platform/webhooks";
 *
 * const handler = createWebhookHandler({
 *   secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
 *   store: createMemoryEventStore({ maxEntries: 10_000 }),
 *   on: {},
 * });
 * ```
 */
export function createMemoryEventStore(options: MemoryEventStoreOptions = {}): EventDeduplicationStore {
  const { maxEntries = 100_000, now = Date.now } = options;
  const entries = new Map<string, Entry>();

  const live = (eventId: string): Entry | undefined => {
    const entry = entries.get(eventId);
    if (entry !== undefined && entry.expiresAt <= now()) {
      entries.delete(eventId);
      return undefined;
    }
    return entry;
  };

  const makeRoom = () => {
    if (entries.size < maxEntries) return;
    const time = now();
    for (const [id, entry] of entries) if (entry.expiresAt <= time) entries.delete(id);
    // Map keeps insertion order, so the first keys are the oldest.
    for (const id of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(id);
    }
  };

  // Re-inserting moves an id to the end, so "oldest" means least recently written.
  const put = (eventId: string, entry: Entry) => {
    entries.delete(eventId);
    makeRoom();
    entries.set(eventId, entry);
  };

  return {
    async claim(eventId: string, leaseMs: number): Promise<DeduplicationClaim> {
      const entry = live(eventId);
      if (entry !== undefined) return entry.token === null ? { status: "processed" } : { status: "processing" };
      const token = newClaimToken();
      put(eventId, { token, expiresAt: now() + leaseMs });
      return { status: "claimed", token };
    },
    async complete(eventId: string, _token: string, ttlMs: number): Promise<void> {
      put(eventId, { token: null, expiresAt: now() + ttlMs });
    },
    async release(eventId: string, token: string): Promise<void> {
      if (live(eventId)?.token === token) entries.delete(eventId);
    },
  };
}
