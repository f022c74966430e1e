// `signing-platform diff <base> <head>`: the breaking-change gate between two versions of an
// OpenAPI document. Exit 1 if a finding fails the run (--fail-on), 0 if none, 2 on unusable input.
import { chooseFormat, parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import {
  checkTable,
  fails,
  compareDocuments,
  type CompareOptions,
  parseExcludeElements,
  applyIgnoreFiles,
  readIgnoreFile,
  DIFF_FORMATS,
  FAIL_ON,
  formatDiff,
  type DiffFormat,
  readSeverityLevels,
  loadOpenApiDocument,
  STABILITY_LEVELS,
  type Stability,
  placeInSources,
  readSourceMap,
} from "@signing-platform/diff";
import { UnusableInputError, didYouMean } from "@signing-platform/contract/input";

/** The options of `diff` and `changelog`; the names are oasdiff's, so that its command lines carry over. */
const OPTIONS = {
  format: { type: "string", short: "f" },
  "fail-on": { type: "string" },
  "list-checks": { type: "boolean" },
  "err-ignore": { type: "string" },
  "warn-ignore": { type: "string" },
  "severity-levels": { type: "string" },
  "match-path": { type: "string" },
  "exclude-elements": { type: "string", multiple: true },
  "prefix-base": { type: "string" },
  "prefix-revision": { type: "string" },
  "strip-prefix-base": { type: "string" },
  "strip-prefix-revision": { type: "string" },
  "deprecation-days-beta": { type: "string" },
  "deprecation-days-stable": { type: "string" },
  "stability-level": { type: "string" },
  "base-filename": { type: "string" },
  "head-filename": { type: "string" },
} as const;

/** --match-path: a regular expression, unanchored as oasdiff's is. */
function matchPath(value: string | undefined): RegExp | undefined {
  if (value === undefined) return undefined;
  try {
    return new RegExp(value);
  } catch (error) {
    const reason = (error as Error).message.split(": ").pop();
    throw new UnusableInputError(`--match-path "${value}": not a regular expression (${reason}).`);
  }
}

/** --deprecation-days-beta and --deprecation-days-stable: a whole number of days, 0 or more (oasdiff's uint). */
function days(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new UnusableInputError(`${option} "${value}": use a whole number of days, 0 or more.`);
  return Number(value.trim());
}

/** --stability-level: one of oasdiff's four levels, in any case as oasdiff takes them. */
function stabilityLevel(value: string | undefined): Stability | undefined {
  if (value === undefined) return undefined;
  const level = STABILITY_LEVELS.find((known) => known === value.trim().toLowerCase());
  if (!level)
    throw new UnusableInputError(
      `--stability-level "${value}": use one of ${STABILITY_LEVELS.join(", ")}.${didYouMean(value.trim(), STABILITY_LEVELS)}`,
    );
  return level;
}

/** --base-filename and --head-filename: a path, not empty. */
function filename(value: string | undefined, option: string): string | undefined {
  if (value !== undefined && value.trim() === "") throw new UnusableInputError(`${option} needs a path.`);
  return value;
}

type Values = ReturnType<typeof parseCommandArguments<typeof OPTIONS>>["values"];

/** What the command line changes in the comparison: every file and value is checked before any document is read. */
function compareOptions(values: Values): CompareOptions {
  return {
    ...(values["severity-levels"] !== undefined ? { levels: readSeverityLevels(values["severity-levels"]) } : {}),
    paths: {
      match: matchPath(values["match-path"]),
      strip: { base: values["strip-prefix-base"], head: values["strip-prefix-revision"] },
      prefix: { base: values["prefix-base"], head: values["prefix-revision"] },
    },
    exclude: parseExcludeElements(values["exclude-elements"] ?? []),
    deprecationDays: {
      beta: days(values["deprecation-days-beta"], "--deprecation-days-beta"),
      stable: days(values["deprecation-days-stable"], "--deprecation-days-stable"),
    },
    stabilityLevel: stabilityLevel(values["stability-level"]),
  };
}

/** Runs the comparison for `diff` and `changelog`, which differ only in their default format. */
export async function runComparison(args: string[], io: Parameters<Command["run"]>[1], defaultFormat: DiffFormat): Promise<number> {
  if (args.includes("--list-checks")) {
    parseCommandArguments(args, OPTIONS, { min: 0, max: 0, names: "no file with --list-checks" });
    io.stdout.write(checkTable());
    return EXIT.ok;
  }
  const { values, positionals } = parseCommandArguments(args, OPTIONS, { min: 2, max: 2, names: "two files, <base> and <head>" });
  const format = chooseFormat(values.format, DIFF_FORMATS, defaultFormat);
  const failOn = chooseFormat(values["fail-on"], FAIL_ON, "breaking", "--fail-on value");
  const options = compareOptions(values);
  const ignoreFiles = {
    breaking: values["err-ignore"] === undefined ? undefined : readIgnoreFile(values["err-ignore"]),
    warning: values["warn-ignore"] === undefined ? undefined : readIgnoreFile(values["warn-ignore"]),
  };
  const [baseFile, headFile] = [positionals[0]!, positionals[1]!];
  const names = { base: filename(values["base-filename"], "--base-filename"), head: filename(values["head-filename"], "--head-filename") };
  const base = loadOpenApiDocument(baseFile, { name: names.base });
  const head = loadOpenApiDocument(headFile, { name: names.head });
  // Each document's source map, beside it: the base's places the base's findings, the head's the head's.
  const [baseSources, headSources] = [readSourceMap(base), readSourceMap(head)];
  for (const warning of new Set([baseSources.warning, headSources.warning])) if (warning) io.stderr.write(`${warning}\n`);
  // Levels first, then acknowledgements, as oasdiff does: an ignore file acknowledges findings at the level this project gives them.
  const compared = placeInSources(compareDocuments(base, head, options), { base: baseSources.sources, head: headSources.sources });
  const { findings, ignored, stale } = applyIgnoreFiles(compared, ignoreFiles);
  if (ignored.length > 0)
    io.stderr.write(`${ignored.length} acknowledged in the ignore file${ignored.length === 1 ? "" : "s"}, not reported.\n`);
  for (const entry of stale) io.stderr.write(`${entry.file}:${entry.line}: stale: acknowledges no finding of this comparison.\n`);
  io.stdout.write(formatDiff({ base: baseFile, head: headFile, findings, failOn }, format));
  return findings.some((finding) => fails(finding.level, failOn)) ? EXIT.failed : EXIT.ok;
}

export const diff: Command = {
  name: "diff",
  summary: "Report the breaking changes between two versions of an OpenAPI document.",
  usage: `Usage: signing-platform diff <base> <head> [--format ${DIFF_FORMATS.join("|")}] [--fail-on ${FAIL_ON.join("|")}]
                               [--err-ignore <file>] [--warn-ignore <file>]
                               [--severity-levels <file>]
                               [--match-path <regex>] [--exclude-elements <element>,...]
                               [--strip-prefix-base <prefix>] [--prefix-base <prefix>]
                               [--strip-prefix-revision <prefix>] [--prefix-revision <prefix>]
                               [--deprecation-days-beta <days>]
                               [--deprecation-days-stable <days>]
                               [--stability-level ${STABILITY_LEVELS.join("|")}]
                               [--base-filename <path>] [--head-filename <path>]
       signing-platform diff --list-checks

Compares two versions of an OpenAPI 3 document with oasdiff's catalogue of checks (paths,
operations, parameters, request bodies, responses, headers, security, webhooks, deprecation
with x-sunset, x-stability-level) and the Signing Platform conventions (error catalogue, event
types, idempotency, limits, retry schedule). It reads no configuration file: the verdict is
the same from any directory. The options below are oasdiff's, with its file formats.

  git show origin/main:openapi.yaml > /tmp/base.yaml
  signing-platform diff /tmp/base.yaml openapi.yaml

Every finding has a check id, a level (breaking, warning, info) and its place in both files.
--fail-on warning fails on warnings too (default: breaking). --list-checks prints every
check id with its level, as a markdown table.

--err-ignore and --warn-ignore name files of acknowledged breaking changes and warnings, in
oasdiff's format: a line ignores a finding when it holds the finding's operation and its
message (case does not matter; copy both from the text report). Each line that acknowledges
nothing is reported on stderr as stale.

--severity-levels names a file of levels for this project, a line per check:
"<check-id> <level>", the level ERR (breaking), WARN (warning), INFO or NONE (the check is
off); blank lines and # comments are allowed. Ignore files then apply at those levels.

--match-path compares only the paths its regular expression matches (unanchored), in both
documents; webhooks and the catalogue are still compared. --exclude-elements takes
oasdiff's elements: description, examples, summary and title are never compared anyway;
extensions leaves the x-signing-platform-* extensions out; endpoints is refused.

--strip-prefix-base and --prefix-base rewrite each path of <base> (stripping first), and
--strip-prefix-revision and --prefix-revision each path of <head>, so that an API served
under /v1 in one and /v2 in the other is compared path for path:
  signing-platform diff v1.yaml v2.yaml --strip-prefix-base /v1 --strip-prefix-revision /v2

x-stability-level on an operation (draft, alpha, beta, stable; none is stable): changes to a
draft or alpha operation, and its removal, are not judged; lowering a level from beta or
stable is api-stability-decreased (breaking); another value is api-invalid-stability-level.
--stability-level (default beta) moves where judging starts: alpha or draft judges those
operations too, stable only stable ones. A kept operation is judged by its level in <head>, a
removed one by its level in <base>, a change of level by the level it leaves. A path removed
whole is judged when one of its operations is at or above the level, and then its beta and
stable operations are reported, as in oasdiff.
--deprecation-days-beta and --deprecation-days-stable (default 0, none) are the days of
notice a deprecation of a beta or stable operation, or of its parameters and properties,
must give: an x-sunset at least that far ahead, never moved sooner.

A document built from TypeSpec has a source map beside it (openapi.sourcemap.json for
openapi.yaml): each finding then names the .tsp file, line and column that declared it, the
base's map for places in <base>, the head's for places in <head>. A map that cannot be read,
of another format version, or written for other contents of its document is ignored, with one
line on stderr.

--base-filename and --head-filename name <base> and <head> in findings by another path: the
document's path in the repository when the file is a copy of it, so that annotations and
SARIF point at a file of the repository (and its source map is read from beside the copy):
  git show origin/main:openapi.yaml > /tmp/base.yaml
  signing-platform diff /tmp/base.yaml openapi.yaml --base-filename openapi.yaml --format github-actions

Exit status: 0 nothing that fails, 1 a finding at or above --fail-on, 2 unusable input (a
file or an option value that cannot be used: one line naming it, and the line of the file).
`,
  run: (args, io) => runComparison(args, io, "text"),
};
