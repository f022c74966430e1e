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

export function isKnownErrorCode(code: unknown): code is KnownErrorCode {
  return typeof code === "string" && entriesByCode.has(code);
}

/** The catalogue entry of a code, or undefined for a code this version does not know. */
export function errorCodeEntry<Code extends KnownErrorCode>(code: Code): ErrorCodeEntry<Code>;
export function errorCodeEntry(code: string): ErrorCatalogueEntry | undefined;
export function errorCodeEntry(code: string): ErrorCatalogueEntry | undefined {
  return entriesByCode.get(code);
}

/**
 * The HTTP status the catalogue gives a code. `null` for a known code whose status the
 * interface document does not give (docs/decisions.md#codes-without-a-status: see the entry's `status_used_by_servers`),
 * `undefined` for an unknown code.
 */
export function statusOf<Code extends KnownErrorCode>(code: Code): ErrorCodeEntry<Code>["status"];
export function statusOf(code: string): number | null | undefined;
export function statusOf(code: string): number | null | undefined {
  return entriesByCode.get(code)?.status;
}

/**
 * The status a server of this package answers a known code with: the catalogue's, or, for
 * the codes the interface document gives none, the entry's `status_used_by_servers`
 * (docs/decisions.md#codes-without-a-status). The one place this is decided.
 */
export function statusForCode(code: KnownErrorCode): number {
  const entry = entriesByCode.get(code)!;
  return entry.status ?? ("status_used_by_servers" in entry ? entry.status_used_by_servers : 422);
}
