// The fallback rule of Errors › Error codes: a code the server cannot yet send may arrive as
// its catalogue `fallback_code` (policy_rejected) "with a matching message, and is treated as
// equivalent" (docs/decisions.md#unknown-error-codes). The reading: the message names the original code, as its
// identifier (`explanation_window_required`) or in words ("explanation window required"), or
// carries the code's condition; case, punctuation and spacing are ignored.
// One rule for every side: the types package (and through it the server) and the client
// import it, and every generated SDK embeds it, so all read "a matching message" alike.

/** What the rule needs of a catalogue entry (ErrorCodeConvention has these fields). */
export interface FallbackEntry {
  /** The code a server may send instead of this one. */
  readonly fallbackCode?: string;
  /** What the code means; a fallback's message may quote it. */
  readonly condition?: string;
}

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;

/**
 * The code an error stands for: its own, or the catalogue code its fallback message names.
 * @example
 * ```ts
 * import { canonicalErrorCode } from "@signing-platform/contract";
 *
 * const errorCodes = { explanation_window_required: { fallbackCode: "policy_rejected" } };
 * canonicalErrorCode({ code: "policy_rejected", message: "explanation_window_required: not yet open." }, errorCodes);
 * // "explanation_window_required"
 * ```
 */
export function canonicalErrorCode(error: { code: string; message: string }, errorCodes: Readonly<Record<string, FallbackEntry>>): string {
  const text = normalise(error.message);
  for (const [code, entry] of Object.entries(errorCodes)) {
    if (entry.fallbackCode !== error.code) continue;
    if (text.includes(normalise(code)) || (entry.condition !== undefined && text.includes(normalise(entry.condition)))) return code;
  }
  return error.code;
}
