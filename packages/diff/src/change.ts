// One finding of `signing-platform diff`, whichever check found it: the check, its level, the
// operation it concerns, one sentence, and where it is in each version that has it.
import type { CheckId, Level } from "./checks/index.js";

/** Which version of the document: `base` (before) or `head` (after). */
export type Side = "base" | "head";

/** Where a finding is in one version: the file, the JSON pointer, the line and column when known, and the source it was built from when the document has a source map. */
export interface Place {
  /** The file, as the user gave it (or the name given for it, for a copy). */
  file: string;
  /** JSON pointer in URI-fragment form: "#/paths/~1certificates/get". */
  pointer: string;
  /** The line in the file, from 1, when known. */
  line?: number;
  /** The column in the line, from 1, when known. */
  column?: number;
  /** Where the source the document was built from declares it (a `.tsp` file), read from the document's source map; the reports name this place first. */
  source?: SourcePlace;
}

/** A place in the source a document was built from: the file, relative to the current directory, and the line and column, from 1. */
export interface SourcePlace {
  /** The source file, relative to the current directory: `spec/resources/certificates.tsp`. */
  file: string;
  /** The line, from 1. */
  line: number;
  /** The column, from 1. */
  column: number;
}

/** One finding of a comparison: the check that found it, its level, the operation it concerns, one sentence, and where it is in each version. */
export interface Finding {
  /** The check's stable id, one of `CHECKS`: oasdiff's where oasdiff has the check. */
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

/**
 * What a check finds, before it is placed in a file: the check, the operation it concerns, one
 * sentence, and the JSON pointers of the changed thing on each side that has it. Every check
 * reports this, the generic ones (./openapi/) and those of the conventions (./conventions/).
 */
export interface RawFinding {
  /** The check, registered in ./checks/. */
  id: CheckId;
  /** "GET /certificates", "webhook signing_request.declined"; absent for document-wide facts. */
  operation?: string;
  message: string;
  /** Where the changed thing is in the base, when it is there. */
  base?: string;
  /** Where the changed thing is in the head, when it is there. */
  head?: string;
}
