// Idempotency records in the file store (file-store.ts): the server's memory store, with
// each completed outcome written through (the server sends the response only once complete()
// has resolved) and read back at start for the rest of its replay window. A claim in flight
// is not kept: a request that a stop cut short runs again when it is retried.
import { memoryIdempotencyStore, type IdempotencyStore, type StoredResponse } from "@signing-platform/server";
import { type Database, entriesUnder, type Write, type WriteOperation } from "./file-database.js";

const RECORD = "idempotency:";

interface StoredOutcome {
  fingerprint: string;
  response: StoredResponse;
  /** When the replay window closes (ms). */
  expiresAt: number;
}

export async function createFileIdempotencyStore(db: Database, write: Write): Promise<IdempotencyStore> {
  const memory = memoryIdempotencyStore();
  const now = Date.now();
  const expired: WriteOperation[] = [];
  for await (const [key, value] of entriesUnder(db, RECORD)) {
    const { fingerprint, response, expiresAt } = JSON.parse(value) as StoredOutcome;
    if (expiresAt <= now) {
      expired.push({ type: "del", key });
      continue;
    }
    const claim = await memory.claim(key.slice(RECORD.length), fingerprint, 1000);
    if (claim.claimed) await memory.complete(key.slice(RECORD.length), claim.token, { fingerprint, response }, expiresAt - now);
  }
  await write(expired);

  return {
    claim: (key, fingerprint, leaseMs) => memory.claim(key, fingerprint, leaseMs),
    complete(key, token, outcome, ttlMs) {
      memory.complete(key, token, outcome, ttlMs);
      const stored: StoredOutcome = { ...outcome, expiresAt: Date.now() + ttlMs };
      return write([{ type: "put", key: RECORD + key, value: JSON.stringify(stored) }]);
    },
    release: (key, token) => memory.release(key, token),
  };
}
