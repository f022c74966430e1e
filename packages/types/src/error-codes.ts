// Error codes (interface document › Errors › Error codes). The set is open: clients handle
// the known codes and tolerate unknown ones (Versioning), so `ErrorCode` (schema-aliases)
// is `KnownErrorCode | (string & {})` and every helper here accepts any string.
import { catalogue, type ErrorCatalogueEntry } from "./catalogue.js";

/** A code listed in the catalogue. */
export type KnownErrorCode = ErrorCatalogueEntry["code"];

/** The catalogue entry of one known code. */
export type ErrorCodeEntry<Code extends KnownErrorCode> = Extract<ErrorCatalogueEntry, { code: Code }>;

const entriesByCode: ReadonlyMap<string, ErrorCatalogueEntry> = new Map(
  catalogue.errors.map((entry: ErrorCatalogueEntry) => [entry.code, entry]),
);

/**
 * Whether `code` is a code of the catalogue (Errors › Error codes); any other string is a code this version does not know, which clients tolerate (Versioning).
 * @example
 * ```ts
 * import { isKnownErrorCode } from "@signing-platform/types";
 *
 * isKnownErrorCode("not_found"); // true
 * isKnownErrorCode("added_in_a_later_version"); // false
 * ```
 */
export function isKnownErrorCode(code: unknown): code is KnownErrorCode {
  return typeof code === "string" && entriesByCode.has(code);
}

/**
 * The catalogue entry of a code, or undefined for a code this version does not know.
 * @example
 * ```ts
 * import { errorCodeEntry } from "@signing-platform/types";
 *
 * errorCodeEntry("rate_limited").status; // 429
 * errorCodeEntry("added_in_a_later_version"); // undefined
 * ```
 */
export function errorCodeEntry<Code extends KnownErrorCode>(code: Code): ErrorCodeEntry<Code>;
/** The catalogue entry of a code, or undefined for a code this version does not know. */
export function errorCodeEntry(code: string): ErrorCatalogueEntry | undefined;
export function errorCodeEntry(code: string): ErrorCatalogueEntry | undefined {
  return entriesByCode.get(code);
}

/**
 * The HTTP status the catalogue gives a code. `null` for a known code whose status the
 * interface document does not give (docs/decisions.md#codes-without-a-status: see the entry's `status_used_by_servers`),
 * `undefined` for an unknown code.
 * @example
 * ```ts
 * import { statusOf } from "@signing-platform/types";
 *
 * statusOf("not_found"); // 404
 * statusOf("predecessor_revoked"); // null: the interface document gives it no status
 * ```
 */
export function statusOf<Code extends KnownErrorCode>(code: Code): ErrorCodeEntry<Code>["status"];
/** The HTTP status the catalogue gives a code: `null` for a known code without one, `undefined` for an unknown code. */
export function statusOf(code: string): number | null | undefined;
export function statusOf(code: string): number | null | undefined {
  return entriesByCode.get(code)?.status;
}

/**
 * The status a server of this package answers a known code with: the catalogue's, or, for
 * the codes the interface document gives none, the entry's `status_used_by_servers`
 * (docs/decisions.md#codes-without-a-status). The one place this is decided.
 * @example
 * ```ts
 * import { statusForCode } from "@signing-platform/types";
 *
 * statusForCode("idempotency_key_reused"); // 409
 * ```
 */
export function statusForCode(code: KnownErrorCode): number {
  const entry = entriesByCode.get(code)!;
  return entry.status ?? ("status_used_by_servers" in entry ? entry.status_used_by_servers : 422);
}
