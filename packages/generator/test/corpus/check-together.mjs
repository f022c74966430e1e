// @ts-check
// The type checkers start slowly: pyright, and mypy on a cold cache, spend seconds before they
// read a package. So each runs once over all the SDKs that are ready and gives each document
// the diagnostics of its own files, told apart by their folders, as a run of its own reports them.
import { relative, resolve } from "node:path";
import { firstError, outcome, stripAnsi, withOutput } from "./step-runs.mjs";

/** @typedef {import("./step-runs.mjs").Run} Run */
/** @typedef {import("./step-runs.mjs").CheckedOutcome} CheckedOutcome */

/**
 * How a checker prints its diagnostics.
 * @typedef {object} Dialect
 * @property {RegExp} diagnostic a diagnostic's first line: its file (group 1) and its kind (group 2)
 * @property {RegExp} summary what the output of a run that checked everything has
 * @property {RegExp} [stopped] what a run stopped before it checked everything says (mypy at a syntax error)
 * @property {RegExp} error an error line, for firstError
 */

/** @type {Dialect} */
export const MYPY = {
  diagnostic: /^(.+?):\d+: (error|note): /,
  summary: /^(?:Success: no issues found|Found \d+ errors? in \d+ files?)/m,
  stopped: /errors prevented further checking/,
  error: /error:/,
};
/** @type {Dialect} */
export const PYRIGHT = {
  diagnostic: /^\s*(\/.+?):\d+:\d+ - (error|warning|information): /,
  summary: /^\d+ errors?, \d+ warnings?, \d+ informations?/m,
  error: / - error:|error:/,
};
// tsc says nothing at the end; its exit status tells a finished run.
/** @type {Dialect} */
export const TSC = { diagnostic: /^(.+?)\(\d+,\d+\): (error) TS\d+: /, summary: /(?:)/, error: /error TS/ };

/**
 * A diagnostic: its file's absolute path, the path as printed, whether an error, its lines.
 * @typedef {{ file: string, printed: string, error: boolean, lines: string[] }} Diagnostic
 */

/**
 * A checker's output cut into diagnostics (a first line and the indented lines under it), and
 * the error lines outside any, which no document's files can account for.
 * @param {string} output
 * @param {Dialect} dialect
 * @param {string} cwd the folder the checker ran from, which relative paths start at
 */
function diagnosticsOf(output, dialect, cwd) {
  /** @type {Diagnostic[]} */
  const diagnostics = [];
  /** @type {string[]} */
  const stray = [];
  /** @type {Diagnostic | undefined} */
  let current;
  for (const line of stripAnsi(output).split("\n")) {
    const start = line.match(dialect.diagnostic);
    if (start) {
      const printed = /** @type {string} */ (start[1]); // the group matches whenever the line does
      current = { file: resolve(cwd, printed), printed, error: start[2] === "error", lines: [line] };
      diagnostics.push(current);
    } else if (current && /^\s+\S/.test(line)) current.lines.push(line);
    else {
      current = undefined;
      if (/\berror\b/i.test(line) && !dialect.summary.test(line)) stray.push(line);
    }
  }
  return { diagnostics, stray };
}

/**
 * One document's share of a checker's run.
 * @typedef {object} CheckPart
 * @property {string} owns the folder whose files' diagnostics are this part's
 * @property {string[]} [reads] folders the run reads for it whose diagnostics are another step's
 * @property {string} [shownFrom] the folder a run of its own named files from; absolute paths where not given
 * @property {(outcome: CheckedOutcome) => void} settle takes the part's outcome
 */

const within = (/** @type {string} */ file, /** @type {string} */ folder) => file.startsWith(`${folder}/`);

/**
 * The line with the file it names as a run of the part's own names it.
 * @param {string} line
 * @param {Dialect} dialect
 * @param {string} cwd
 * @param {CheckPart} part
 */
function shownLine(line, dialect, cwd, part) {
  const printed = line.match(dialect.diagnostic)?.[1];
  if (printed === undefined) return line;
  const file = resolve(cwd, printed);
  return line.replace(printed, part.shownFrom ? relative(part.shownFrom, file) : file);
}

/**
 * Runs `check` once over the parts and settles each with the diagnostics of its own files:
 * ok when none is an error. Where the output cannot be shared out so (a time-out, a crash, an
 * error in no part's files), or the checker stopped before it reached a part with no error of
 * its own, those parts are checked again, each on its own; a part alone is failed with the
 * run's first error.
 * @template {CheckPart} P
 * @param {P[]} parts
 * @param {Dialect} dialect
 * @param {(parts: P[]) => Run & { cwd: string }} check
 */
export function checkTogether(parts, dialect, check) {
  if (parts.length === 0) return;
  const checked = check(parts);
  const { diagnostics, stray } = diagnosticsOf(checked.output, dialect, checked.cwd);
  const errors = diagnostics.filter((diagnostic) => diagnostic.error);
  const claimed = (/** @type {Diagnostic} */ diagnostic) =>
    parts.some((part) => [part.owns, ...(part.reads ?? [])].some((folder) => within(diagnostic.file, folder)));
  const sound =
    !checked.timedOut &&
    !checked.error &&
    dialect.summary.test(stripAnsi(checked.output)) &&
    stray.length === 0 &&
    errors.every(claimed) &&
    (checked.ok || errors.length > 0);
  const stopped = dialect.stopped?.test(checked.output) ?? false;
  /** @type {P[]} */
  const again = [];
  for (const part of parts) {
    const own = diagnostics.filter((diagnostic) => within(diagnostic.file, part.owns));
    const count = own.filter((diagnostic) => diagnostic.error).length;
    if (sound && (!stopped || count > 0)) {
      const output = own.flatMap((diagnostic) => diagnostic.lines.map((line) => shownLine(line, dialect, checked.cwd, part))).join("\n");
      const settled =
        count === 0 ? { ok: true, ms: checked.ms } : { ok: false, ms: checked.ms, error: firstError(output, dialect.error), errors: count };
      part.settle(withOutput(settled, output));
    } else if (parts.length > 1) again.push(part);
    else {
      const lines = stripAnsi(checked.output).split("\n");
      const output = lines.map((line) => shownLine(line, dialect, checked.cwd, part)).join("\n");
      part.settle(withOutput(outcome({ ...checked, output }, dialect.error), output));
    }
  }
  for (const part of again) checkTogether([part], dialect, check);
}

/**
 * The items in groups of distinct keys, each item in the first group without its key.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => string} key
 * @returns {T[][]}
 */
export function distinctGroups(items, key) {
  /** @type {T[][]} */
  const groups = [];
  for (const item of items) {
    const group = groups.find((candidate) => !candidate.some((other) => key(other) === key(item)));
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups;
}
