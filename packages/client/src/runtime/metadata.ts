// What every result carries besides its body: the headers the interface document puts on
// every response (Errors › Headers on every response), the entity tag, and what the client
// itself did (the idempotency key it sent, how many attempts it made).
import type { HeaderConventions } from "./api-description.js";

/** The rate limit of the response's endpoint, from the RateLimit-* headers (Errors › Headers on every response). */
export interface RateLimit {
  /** Quota for this endpoint (RateLimit-Limit). */
  limit: number;
  /** Requests remaining in the window (RateLimit-Remaining). */
  remaining: number;
  /** Unix timestamp in seconds at which the window resets (RateLimit-Reset, docs/decisions.md#rate-limit-reset). */
  reset: number;
}

/** What every result carries besides its body: request id, rate limit, entity tag, idempotency key and attempts. */
export interface ResponseMeta {
  /** The canonical Request-Id of the last response, for support requests. */
  requestId: string | undefined;
  /** The rate limit of the endpoint, when the response has the RateLimit-* headers. */
  rateLimit: RateLimit | undefined;
  /** The entity tag of the response (ETag), when it has one. */
  etag: string | undefined;
  /** The Idempotency-Key sent on every attempt of a POST, PUT or PATCH. */
  idempotencyKey: string | undefined;
  /** Requests sent for this call, retries included. */
  attempts: number;
  /** True when `data` is the cached body of an earlier 200, revalidated by a 304. */
  fromCache: boolean;
}

function integerHeader(headers: Headers, name: string | undefined): number | undefined {
  const value = name === undefined ? null : headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** The Request-Id, rate-limit headers and ETag of a response. */
/** The first of the request-id headers the response carries. */
export function readRequestId(headers: Headers, names: HeaderConventions): string | undefined {
  for (const name of names.requestId) {
    const value = headers.get(name);
    if (value !== null) return value;
  }
  return undefined;
}

export function readResponseHeaders(headers: Headers, names: HeaderConventions): Pick<ResponseMeta, "requestId" | "rateLimit" | "etag"> {
  const limit = integerHeader(headers, names.rateLimitLimit);
  const remaining = integerHeader(headers, names.rateLimitRemaining);
  const reset = integerHeader(headers, names.rateLimitReset);
  return {
    requestId: readRequestId(headers, names),
    rateLimit: limit === undefined || remaining === undefined || reset === undefined ? undefined : { limit, remaining, reset },
    etag: headers.get(names.entityTag) ?? undefined,
  };
}
