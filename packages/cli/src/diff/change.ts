// One change between two versions of a document, as `signing-platform diff` reports it,
// whichever check found it.

export type Side = "base" | "head";

export interface Change {
  /** Which check: Redocly's rule id (path-removed, …) or ours (error-code-removed, …). */
  rule: string;
  /** "openapi" for Redocly's generic checks, "conventions" for ours. */
  source: "openapi" | "conventions";
  breaking: boolean;
  message: string;
  /** Where to look: the side and JSON pointer, with the line and column when known. */
  location: { side: Side; file: string; pointer: string; line?: number; column?: number };
}

/** A change found by a convention check, before it is placed in a file. */
export interface ConventionChange {
  rule: string;
  breaking: boolean;
  message: string;
  side: Side;
  pointer: string;
  /**
   * Pointers (in either document) of the same fact as Redocly reports it, so that Redocly's
   * report of it is folded into this one rather than listed twice.
   */
  covers?: string[];
}
