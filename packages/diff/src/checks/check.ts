// What a check of `signing-platform diff` is: a stable id, the level of its findings and what
// it finds. Every check is one entry of a family of this folder, registered in ./index.ts.
import type { SchemaPlace } from "./schema/places.js";

/** How serious a finding is: `breaking` fails the run, `warning` fails it with `failOn: "warning"`, `info` never does. */
export type Level = "breaking" | "warning" | "info";

/** The levels, from the most serious. */
export const LEVELS: readonly Level[] = ["breaking", "warning", "info"];

/** One check of a comparison: its stable id, its level and what it finds. */
export interface Check {
  /** The check's stable id, oasdiff's where oasdiff has the check. */
  id: string;
  /** The level of the check's findings, unless a severity-levels file changes it. */
  level: Level;
  /** What the check finds, for the table of checks. */
  summary: string;
  /** For a schema check: where the schema sits and which keyword changed; the id is `<place>-<facet>`. */
  schema?: { place: SchemaPlace; facet: string };
}

/**
 * Whether a finding of `level` fails the run when the threshold is `failOn`.
 * @example
 * ```ts
 * import { fails } from "@signing-platform/diff";
 *
 * fails("warning", "breaking"); // false
 * fails("warning", "warning"); // true
 * ```
 */
export function fails(level: Level, failOn: Exclude<Level, "info">): boolean {
  return level === "breaking" || (failOn === "warning" && level === "warning");
}
