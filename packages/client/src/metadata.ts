// What every result carries besides its body: the headers the interface document puts on
// every response (Errors › Headers on every response), the entity tag, and what the client
// itself did (the idempotency key it sent, how many attempts it made).
import { headerNames } from "@signing-platform/types";

export interface RateLimit {
  /** Quota for this endpoint (RateLimit-Limit). */
  limit: number;
  /** Requests remaining in the window (RateLimit-Remaining). */
  remaining: number;
  /** Unix timestamp in seconds at which the window resets (RateLimit-Reset, DECISIONS 9). */
  reset: number;
}

export interface ResponseMeta {
  /** The canonical Request-Id of the last response, for support requests. */
  requestId: string | undefined;
  rateLimit: RateLimit | undefined;
  etag: string | undefined;
  /** The Idempotency-Key sent on every attempt of a POST, PUT or PATCH. */
  idempotencyKey: string | undefined;
  /** Requests sent for this call, retries included. */
  attempts: number;
  /** True when `data` is the cached body of an earlier 200, revalidated by a 304. */
  fromCache: boolean;
}

function integerHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** The Request-Id, rate-limit headers and ETag of a response. */
export function readResponseHeaders(headers: Headers): Pick<ResponseMeta, "requestId" | "rateLimit" | "etag"> {
  const limit = integerHeader(headers, headerNames.rate_limit_limit);
  const remaining = integerHeader(headers, headerNames.rate_limit_remaining);
  const reset = integerHeader(headers, headerNames.rate_limit_reset);
  return {
    requestId: headers.get(headerNames.request_id) ?? undefined,
    rateLimit:
      limit === undefined || remaining === undefined || reset === undefined ? undefined : { limit, remaining, reset },
    etag: headers.get(headerNames.entity_tag) ?? undefined,
  };
}
