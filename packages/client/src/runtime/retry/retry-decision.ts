// Whether and when to retry one attempt's outcome: a pure function of the outcome, what has
// happened so far and the policy, so that every row of docs/decisions.md#client-retries is a table test.
// Which statuses are retried, and how, is the API's retry class of the status (its
// catalogue, or HTTP's defaults: api-description.ts), not a list written here. A request
// the server may already have acted on is repeated only when repeating it is safe: its
// method is idempotent in HTTP, or it carries an idempotency key.
import type { RetryClass } from "@signing-platform/contract";
import { fullJitterBackoff } from "./backoff.js";
import { parseRetryAfter } from "./retry-after.js";
import type { RetryPolicy } from "./retry-policy.js";

export type AttemptOutcome = { kind: "response"; status: number; retryAfter?: string | null } | { kind: "network-error" };

export interface RetryState {
  /** Retries already made for this call. */
  retriesSoFar: number;
  /** Whether this call has already refreshed its access token after a 401. */
  tokenRefreshed: boolean;
  /** Whether the client can get a new token (a `getAccessToken`, not a static token). */
  canRefreshToken: boolean;
  /**
   * Whether the request may be sent again after the server may have acted on it: an
   * idempotent method (GET, HEAD, OPTIONS, PUT, DELETE) or an idempotency key. Refusals that
   * say nothing was done (401, 429, a 503 with Retry-After) are retried either way.
   */
  replayable: boolean;
}

export type RetryReason = "refreshed_credentials" | "retry_after" | "same_idempotency_key" | "backoff" | "network_error";

export interface RetryDecision {
  delayMs: number;
  reason: RetryReason;
  /** Get a new access token (shared by the calls in flight) before the retry. */
  refreshToken: boolean;
}

export interface RetryEnvironment {
  nowMs: number;
  /** A number in [0, 1); Math.random by default, fixed in tests. */
  random: () => number;
  /** The API's retry class of each status; a status not listed is not retried. */
  retryByStatus: Readonly<Record<string, RetryClass>>;
}

const retry = (delayMs: number, reason: RetryReason, refreshToken = false): RetryDecision => ({
  delayMs,
  reason,
  refreshToken,
});

/** The retry to make after `outcome`, or null when the outcome is final. */
export function retryDecision(
  outcome: AttemptOutcome,
  state: RetryState,
  policy: RetryPolicy,
  environment: RetryEnvironment,
): RetryDecision | null {
  if (state.retriesSoFar >= policy.maxRetries) return null;
  const backoff = () =>
    fullJitterBackoff(state.retriesSoFar, { baseMs: policy.backoffBaseMs, capMs: policy.backoffCapMs }, environment.random);
  if (outcome.kind === "network-error") return state.replayable ? retry(backoff(), "network_error") : null;

  switch (environment.retryByStatus[outcome.status]) {
    case "once_after_refresh":
      // Authentication 2: "A client may retry once after refreshing credentials, and then stops."
      return state.canRefreshToken && !state.tokenRefreshed ? retry(0, "refreshed_credentials", true) : null;
    case "after_retry_after": {
      const waitMs = parseRetryAfter(outcome.retryAfter, environment.nowMs);
      // The document promises Retry-After on 429 and 503; without a usable one, back off.
      if (waitMs === undefined) return state.replayable ? retry(backoff(), "backoff") : null;
      return waitMs <= policy.retryAfterCapMs ? retry(waitMs, "retry_after") : null;
    }
    case "with_same_idempotency_key":
      return state.replayable ? retry(backoff(), "same_idempotency_key") : null;
    case "with_backoff":
      return state.replayable ? retry(backoff(), "backoff") : null;
    default:
      // "no", "not_applicable", and any status the catalogue does not list.
      return null;
  }
}
