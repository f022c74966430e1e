// The retry defaults of docs/decisions.md#client-retries. Every field can be changed per client.

/** How many times and how long the client retries (docs/decisions.md#client-retries). */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** A 429 or 503 whose Retry-After asks for a longer wait is returned as the error, not waited for. */
  retryAfterCapMs: number;
  /** Base and cap of the full-jitter backoff used for 500, 502, 504, 408 and network errors. */
  backoffBaseMs: number;
  /** The longest backoff wait, in milliseconds. */
  backoffCapMs: number;
}

export const defaultRetryPolicy: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 3,
  retryAfterCapMs: 60_000,
  backoffBaseMs: 500,
  backoffCapMs: 20_000,
});
