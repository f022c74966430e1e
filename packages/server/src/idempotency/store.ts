// Where idempotency records live. The claim is the whole of the race-freedom: one atomic
// step that either records the key as in flight or returns what is already there, so of
// N concurrent requests with one key exactly one runs the operation.

/** A response as the operation produced it, replayed byte for byte. */
export interface StoredResponse {
  /** The status of the response. */
  readonly status: number;
  /** The headers that belong to the outcome (Location, Content-Type, …); per-response ones are not kept. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body of the response, as sent. */
  readonly body: string;
}

/** What an idempotency store holds for one key: in flight, with the fingerprint of its payload, or completed, with the response to replay. */
export type IdempotencyRecord =
  | { readonly state: "in_flight"; readonly fingerprint: string }
  | { readonly state: "completed"; readonly fingerprint: string; readonly response: StoredResponse };

/** The answer to a claim of a key: claimed (the request runs), or the record already there. */
export type IdempotencyClaim =
  | { readonly claimed: true; readonly token: string }
  | { readonly claimed: false; readonly record: IdempotencyRecord };

/**
 * A store answers synchronously (memory) or with a promise (Redis); the plugin takes
 * either, so an in-process store costs no promise per request.
 */
export interface IdempotencyStore {
  /**
   * Atomically: records `key` as in flight with `fingerprint` for `leaseMs` unless a record
   * exists, and returns the token that owns the claim; otherwise returns the record.
   */
  claim(key: string, fingerprint: string, leaseMs: number): IdempotencyClaim | Promise<IdempotencyClaim>;
  /** Replaces a claim still owned by `token` with the completed outcome, kept `ttlMs`. */
  complete(key: string, token: string, outcome: { fingerprint: string; response: StoredResponse }, ttlMs: number): void | Promise<void>;
  /** Drops a claim still owned by `token`, so the key runs again next time. */
  release(key: string, token: string): void | Promise<void>;
}
