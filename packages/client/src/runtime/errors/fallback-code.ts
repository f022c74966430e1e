// The fallback rule of Errors › Error codes: a code the server cannot yet send may arrive as
// its catalogue `fallback_code` (policy_rejected) "with a matching message, and is treated as
// equivalent" (docs/decisions.md#unknown-error-codes). The reading: the message names the original code, as its
// identifier (`explanation_window_required`) or in words ("explanation window required"), or
// carries the code's condition; case, punctuation and spacing are ignored.
// This file imports nothing: the types package publishes the same file (its build copies it),
// so the server side reads "a matching message" exactly as clients and SDKs do.

/** What the rule needs of a catalogue entry (ErrorCodeConvention has these fields). */
export interface FallbackEntry {
  readonly fallbackCode?: string;
  readonly condition?: string;
}

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;

/** The code an error stands for: its own, or the catalogue code its fallback message names. */
export function canonicalErrorCode(error: { code: string; message: string }, errorCodes: Readonly<Record<string, FallbackEntry>>): string {
  const text = normalise(error.message);
  for (const [code, entry] of Object.entries(errorCodes)) {
    if (entry.fallbackCode !== error.code) continue;
    if (text.includes(normalise(code)) || (entry.condition !== undefined && text.includes(normalise(entry.condition)))) return code;
  }
  return error.code;
}
