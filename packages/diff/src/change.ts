// One finding of `signing-platform diff`, whichever check found it: the check, its level, the
// operation it concerns, one sentence, and where it is in each version that has it.
import type { Level } from "./checks.js";

/** Which version of the document: `base` (before) or `head` (after). */
export type Side = "base" | "head";

/** Where a finding is in one version: the file, the JSON pointer, and the line and column when known. */
export interface Place {
  /** The file, as the user gave it. */
  file: string;
  /** JSON pointer in URI-fragment form: "#/paths/~1certificates/get". */
  pointer: string;
  /** The line in the file, from 1, when known. */
  line?: number;
  /** The column in the line, from 1, when known. */
  column?: number;
}

/** One finding of a comparison: the check that found it, its level, the operation it concerns, one sentence, and where it is in each version. */
export interface Finding {
  /** The check's stable id (see checks.ts): oasdiff's where oasdiff has the check. */
  id: string;
  /** The level of the finding: `breaking`, `warning` or `info`. */
  level: Level;
  /** "GET /certificates", "webhook signing_request.declined"; absent for document-wide facts. */
  operation?: string;
  /** What changed, in one sentence. */
  message: string;
  /** "openapi" for the generic checks, "conventions" for those of x-signing-platform-*. */
  source: "openapi" | "conventions";
  /** Where the finding is in the base version, when it is there. */
  base?: Place;
  /** Where the finding is in the head version, when it is there. */
  head?: Place;
}

/** A change found by a convention check, before it is placed in a file. */
export interface ConventionChange {
  id: string;
  message: string;
  side: Side;
  pointer: string;
}
