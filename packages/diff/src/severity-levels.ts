// A project's own levels for the checks: oasdiff's --severity-levels file. Each line names a
// check and the level it takes in this project, separated by blanks (`api-security-removed err`):
// ERR is breaking, WARN a warning, INFO not breaking, NONE turns the check off; upper or lower
// case, as oasdiff reads them. oasdiff refuses any other line; a blank line or a `#` comment is
// also allowed here, so that a file can say why it changes a level, and a file written for
// oasdiff reads the same.
import { didYouMean } from "@signing-platform/contract/input";
import { type OptionFileEntry, readOptionFile } from "./input/read-option-file.js";
import { UnusableInputError } from "@signing-platform/contract/input";
import { CHECKS, type Level } from "./checks/index.js";

/** A check's level in this project, or "none" for a check turned off. */
export type SeverityLevel = Level | "none";

/** oasdiff's level names, as its file writes them, and what each is here. */
const LEVEL_NAMES: Record<string, SeverityLevel> = {
  ERR: "breaking",
  err: "breaking",
  WARN: "warning",
  warn: "warning",
  INFO: "info",
  info: "info",
  NONE: "none",
  none: "none",
};

/** The levels the entries of a file give, by check id; a later line for one check wins, as in oasdiff. */
function severityLevelsOf(entries: OptionFileEntry[]): Map<string, SeverityLevel> {
  const known = CHECKS.map((check) => check.id);
  const ids = new Set(known);
  const levels = new Map<string, SeverityLevel>();
  for (const { file, line: number, text: line } of entries) {
    const at = `${file}:${number}`;
    const fields = line.split(/\s+/);
    if (fields.length !== 2) throw new UnusableInputError(`${at}: expected "<check-id> <level>", got "${line}".`);
    const [id, name] = fields as [string, string];
    if (!ids.has(id))
      throw new UnusableInputError(
        `${at}: unknown check id "${id}".${didYouMean(id, known)} \`signing-platform diff --list-checks\` lists them.`,
      );
    const level = Object.hasOwn(LEVEL_NAMES, name) ? LEVEL_NAMES[name] : undefined;
    if (!level) throw new UnusableInputError(`${at}: unknown level "${name}" for ${id}: use ERR, WARN, INFO or NONE.`);
    levels.set(id, level);
  }
  return levels;
}

/**
 * The levels of a --severity-levels file; unusable input (exit 2, one line naming file:line) when it cannot be read or a line is wrong.
 * @example
 * ```ts
 * import { compareDocuments, loadOpenApiDocument, readSeverityLevels } from "@signing-platform/diff";
 *
 * const levels = readSeverityLevels("severity-levels.txt");
 * const findings = compareDocuments(loadOpenApiDocument("base.yaml"), loadOpenApiDocument("head.yaml"), { levels });
 * ```
 */
export function readSeverityLevels(file: string): Map<string, SeverityLevel> {
  return severityLevelsOf(readOptionFile(file));
}
