// Rate-limit quotas and the headers that report them (Errors › Headers on every response).
// The source gives no quota values or window (Limits): they are configuration, per
// organization and endpoint. RateLimit-Reset is a Unix timestamp in seconds, as the source
// says (docs/decisions.md#rate-limit-reset), not the IETF drafts' seconds-until-reset.
import { headerNames } from "@signing-platform/types";

/** `points` requests per `durationSeconds` window. */
export interface Quota {
  /** Requests allowed per window. */
  readonly points: number;
  /** The length of the window, in seconds. */
  readonly durationSeconds: number;
}

/** Who is counted: an organization (or, before authentication succeeds, a client address) on one endpoint. */
export interface RateLimitScope {
  /** The organization of the caller; null before authentication succeeds. */
  readonly organizationId: string | null;
  /** Null for requests that match no operation. */
  readonly operationId: string | null;
  /** For a route of no operation (one you added without a descriptor): its method and URL pattern, `GET /healthz`; each such route is an endpoint of its own. */
  readonly route?: string;
  /** The address of the client, counted before authentication succeeds. */
  readonly clientAddress: string;
}

/** The rate limit of one request's scope, as the RateLimit-* headers report it. */
export interface RateLimitState {
  /** The quota of the window (RateLimit-Limit). */
  readonly limit: number;
  /** Requests left in the window (RateLimit-Remaining). */
  readonly remaining: number;
  /** Unix time, seconds, at which the window resets. */
  readonly resetAt: number;
}

/** What the counting library reports of a key: points left and milliseconds until the window resets. */
export interface CounterReading {
  readonly remainingPoints: number;
  readonly msBeforeNext: number;
}

export function rateLimitStateOf(quota: Quota, reading: CounterReading | null, nowMs: number): RateLimitState {
  if (!reading) return { limit: quota.points, remaining: quota.points, resetAt: Math.ceil(nowMs / 1000 + quota.durationSeconds) };
  return {
    limit: quota.points,
    remaining: Math.max(0, Math.min(quota.points, reading.remainingPoints)),
    resetAt: Math.ceil((nowMs + Math.max(0, reading.msBeforeNext)) / 1000),
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    [headerNames.rate_limit_limit]: String(state.limit),
    [headerNames.rate_limit_remaining]: String(state.remaining),
    [headerNames.rate_limit_reset]: String(state.resetAt),
  };
}

/** Whole seconds to wait before the window resets: at least 1, so a client never retries at once. */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** The key one counter is kept under. */
export function rateLimitKey(scope: RateLimitScope): string {
  const who = scope.organizationId === null ? `address:${scope.clientAddress}` : `organization:${scope.organizationId}`;
  return `${who}:${scope.operationId ?? (scope.route === undefined ? "*" : `route ${scope.route}`)}`;
}
