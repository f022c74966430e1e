// The fallback rule of Errors › Error codes: "when explanation_window_required or
// explanation_window_still_open cannot be parsed against the published catalogue, the code
// is policy_rejected with a matching message, and is treated as equivalent" (docs/decisions.md#unknown-error-codes).
// Which codes fall back to which is the catalogue's `fallback_code`, not a list here.
//
// The source does not define "a matching message". The reading here: the message names the
// original code, as its identifier (`explanation_window_required`) or as words
// ("explanation window required"), or carries the code's condition from the catalogue;
// case, punctuation and spacing are ignored.
import { catalogue, type ErrorCatalogueEntry } from "./catalogue.js";
import { canonicalErrorCode as fallbackRule, type FallbackEntry } from "@signing-platform/contract";
import type { ErrorCode } from "./generated/schema-aliases.js";

// The rule itself is the contract's, the one every client and SDK applies, fed the catalogue's entries.
const fallbackEntries: Readonly<Record<string, FallbackEntry>> = Object.fromEntries(
  catalogue.errors.flatMap((entry: ErrorCatalogueEntry) =>
    "fallback_code" in entry ? [[entry.code, { fallbackCode: entry.fallback_code, condition: entry.condition }]] : [],
  ),
);

/**
 * The code an error stands for: its own code, or, for a fallback code such as
 * policy_rejected whose message matches an explanation-window code, that code.
 * @example
 * ```ts
 * import { canonicalErrorCode } from "@signing-platform/types";
 *
 * canonicalErrorCode({ code: "policy_rejected", message: "explanation_window_required: the explanation window has not opened." });
 * // "explanation_window_required"
 * ```
 */
export function canonicalErrorCode(error: { code: ErrorCode; message: string }): ErrorCode {
  return fallbackRule(error, fallbackEntries) as ErrorCode;
}

/**
 * Whether an error is `code`, directly or through the fallback rule.
 * @example
 * ```ts
 * import { isEquivalentErrorCode } from "@signing-platform/types";
 *
 * const error = { code: "policy_rejected", message: "explanation_window_required: the explanation window has not opened." };
 * isEquivalentErrorCode(error, "explanation_window_required"); // true
 * ```
 */
export function isEquivalentErrorCode(error: { code: ErrorCode; message: string }, code: ErrorCode): boolean {
  return error.code === code || canonicalErrorCode(error) === code;
}
