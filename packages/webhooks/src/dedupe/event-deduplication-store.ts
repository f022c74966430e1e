// docs/decisions.md#deduplication-window and Events › Delivery and retry rules 4–5: a delivery may arrive more than once,
// so the receiver remembers event ids. Remembering is split in three steps so that a failed
// handler does not mark an event as processed forever:
//   claim    — atomically take the id for processing, for a lease (so a crashed process
//              does not hold it forever);
//   complete — the handler succeeded: remember the id as processed for the window (≥ 25 h);
//   release  — the handler failed: forget the claim, so the sender's redelivery runs it again.

/** The answer to a claim of an event id: claimed (process it), processing elsewhere (answer non-2xx), or processed before (acknowledge). */
export type DeduplicationClaim =
  /** This caller processes the event; pass the token to `complete` or `release`. */
  | { status: "claimed"; token: string }
  /** Another caller holds a live claim: answer non-2xx so the sender retries later. */
  | { status: "processing" }
  /** Processed before, within the window: acknowledge and do nothing. */
  | { status: "processed" };

/** Where a receiver remembers event ids so that a redelivered event runs once: claim, then complete or release (interface document, Events › Delivery and retry rules). */
export interface EventDeduplicationStore {
  /** Atomically takes `eventId` for processing for `leaseMs`, or says who has it. */
  claim(eventId: string, leaseMs: number): Promise<DeduplicationClaim>;
  /** Remembers the event as processed for `ttlMs`, whoever holds the claim now. */
  complete(eventId: string, token: string, ttlMs: number): Promise<void>;
  /** Drops the claim if `token` still holds it; a processed mark or another's claim stays. */
  release(eventId: string, token: string): Promise<void>;
}

/** A random claim token: tells our claim from a later one after a lease lapsed. */
export function newClaimToken(): string {
  return globalThis.crypto.randomUUID();
}
