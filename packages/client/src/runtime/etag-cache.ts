// The entity-tag cache (Endpoints: GET /certificates/{id} "200 with the resource and an ETag
// header, or 304 with no body"; docs/decisions.md#entity-tags). Opt-in: the client keeps the ETag and body of
// each 200 to a GET, sends the tag back in If-None-Match, and answers a 304 with the kept
// body. The store is pluggable (a shared cache, a browser storage); this one is in memory.

export interface EtagCacheEntry {
  etag: string;
  /** The parsed JSON body of the 200. */
  data: unknown;
}

export interface EtagStore {
  get(key: string): EtagCacheEntry | undefined | Promise<EtagCacheEntry | undefined>;
  set(key: string, entry: EtagCacheEntry): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

export interface MemoryEtagStoreOptions {
  /** Entries kept; the least recently used goes first. */
  maxEntries?: number;
}

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
