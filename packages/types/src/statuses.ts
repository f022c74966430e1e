// HTTP statuses and whether a client retries them (Errors › HTTP statuses; docs/decisions.md#client-retries).
import type { RetryClass } from "@signing-platform/contract";
import { catalogue, type StatusCatalogueEntry } from "./catalogue.js";

export type { RetryClass };

// Typed by the contract's RetryClass, so a retry class the spec adds fails this build until the contract knows it.
const retryClassByStatus: ReadonlyMap<number, RetryClass> = new Map(
  catalogue.statuses.map((entry: StatusCatalogueEntry) => [entry.status, entry.retry]),
);
const NOT_RETRIED: ReadonlySet<RetryClass> = new Set<RetryClass>(["no", "not_applicable"]);

/**
 * The retry class of a status listed in the catalogue, or undefined for any other status.
 * @example
 * ```ts
 * import { retryClassOfStatus } from "@signing-platform/types";
 *
 * retryClassOfStatus(429); // "after_retry_after"
 * retryClassOfStatus(418); // undefined
 * ```
 */
export function retryClassOfStatus(status: number): RetryClass | undefined {
  return retryClassByStatus.get(status);
}

/**
 * Whether the interface document allows retrying a response with this status: 408, 429,
 * 500, 502, 503, 504, and 401 (once, after refreshing credentials). The condition of the
 * retry is `retryClassOfStatus(status)`. A status the catalogue does not list is not retried.
 * @example
 * ```ts
 * import { isRetryableStatus } from "@signing-platform/types";
 *
 * isRetryableStatus(503); // true
 * isRetryableStatus(409); // false
 * ```
 */
export function isRetryableStatus(status: number): boolean {
  const retryClass = retryClassByStatus.get(status);
  return retryClass !== undefined && !NOT_RETRIED.has(retryClass);
}
