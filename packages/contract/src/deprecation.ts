// A deprecated element of a document (an operation, a parameter, a property): OpenAPI's
// `deprecated: true`, and the day it may be removed from, RFC 8594's Sunset written as
// `x-sunset`, the name oasdiff reads. `signing-platform diff` judges removals by it; generated
// SDKs name it when they warn that a deprecated operation was called.

/** The extension holding a deprecated element's sunset date (RFC 8594), as oasdiff names it. */
export const SUNSET_EXTENSION = "x-sunset";

/** What a document says of a deprecated element. */
export interface Deprecation {
  /** The `x-sunset` as written (an ISO date, a date-time or an HTTP-date), when it gives one. */
  readonly sunset?: string;
}

/**
 * The deprecation of `node`, or undefined when it is not deprecated.
 * @example
 * ```ts
 * import { readDeprecation } from "@signing-platform/contract";
 *
 * readDeprecation({ deprecated: true, "x-sunset": "2027-06-30" }); // { sunset: "2027-06-30" }
 * readDeprecation({ operationId: "listCertificates" }); // undefined
 * ```
 */
export function readDeprecation(node: unknown): Deprecation | undefined {
  if (typeof node !== "object" || node === null || (node as { deprecated?: unknown }).deprecated !== true) return undefined;
  const sunset = (node as Record<string, unknown>)[SUNSET_EXTENSION];
  return typeof sunset === "string" && sunset.trim() !== "" ? { sunset } : {};
}
