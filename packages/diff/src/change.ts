// One finding of `signing-platform diff`, whichever check found it: the check, its level, the
// operation it concerns, one sentence, and where it is in each version that has it.
import type { Level } from "./checks.js";

export type Side = "base" | "head";

export interface Place {
  file: string;
  /** JSON pointer in URI-fragment form: "#/paths/~1certificates/get". */
  pointer: string;
  line?: number;
  column?: number;
}

export interface Finding {
  /** The check's stable id (see checks.ts): oasdiff's where oasdiff has the check. */
  id: string;
  level: Level;
  /** "GET /certificates", "webhook signing_request.declined"; absent for document-wide facts. */
  operation?: string;
  message: string;
  /** "openapi" for the generic checks, "conventions" for those of x-signing-platform-*. */
  source: "openapi" | "conventions";
  base?: Place;
  head?: Place;
}

/** A change found by a convention check, before it is placed in a file. */
export interface ConventionChange {
  id: string;
  message: string;
  side: Side;
  pointer: string;
}
