// The entity-tag cache (Endpoints: GET /certificates/{id} "200 with the resource and an ETag
// header, or 304 with no body"; docs/decisions.md#entity-tags). Opt-in: the client keeps the ETag and body of
// each 200 to a GET, sends the tag back in If-None-Match, and answers a 304 with the kept
// body. The store is pluggable (a shared cache, a browser storage); this one is in memory.

/** What the entity-tag cache keeps for one GET: the entity tag and the body of the 200. */
export interface EtagCacheEntry {
  /** The entity tag of the 200, sent back in If-None-Match. */
  etag: string;
  /** The parsed JSON body of the 200. */
  data: unknown;
}

/** Where the entity-tag cache keeps its entries, by request URL: in memory, or a store of your own (a shared cache, browser storage). */
export interface EtagStore {
  /** The entry kept for `key`, if any. */
  get(key: string): EtagCacheEntry | undefined | Promise<EtagCacheEntry | undefined>;
  /** Keeps `entry` under `key`. */
  set(key: string, entry: EtagCacheEntry): void | Promise<void>;
  /** Forgets the entry under `key`. */
  delete(key: string): void | Promise<void>;
}

/** Options of {@link memoryEtagStore}. */
export interface MemoryEtagStoreOptions {
  /** Entries kept; the least recently used goes first. */
  maxEntries?: number;
}

/**
 * An in-memory entity-tag store that keeps at most `maxEntries` entries (1000 by default), dropping the least recently used first.
 * @example
 * ```ts
 * import { createClient, memoryEtagStore } from "@signing-platform/client";
 *
 * const client = createClient({
 *   baseUrl: "https://api.example.test",
 *   accessToken: "token",
 *   etagCache: memoryEtagStore({ maxEntries: 100 }),
 * });
 * ```
 */
export function memoryEtagStore(options: MemoryEtagStoreOptions = {}): EtagStore {
  const { maxEntries = 1000 } = options;
  const entries = new Map<string, EtagCacheEntry>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key, entry) {
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
