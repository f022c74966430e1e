// `signing-platform diff <base> <head>`: the breaking-change gate between two versions of an
// OpenAPI document. Exit 1 if a finding fails the run (--fail-on), 0 if none, 2 on unusable input.
import { chooseFormat, parseCommandArguments } from "../arguments.js";
import { EXIT, type Command } from "../command.js";
import { checkTable } from "../diff/check-table.js";
import { fails } from "../diff/checks.js";
import { compareDocuments } from "../diff/compare.js";
import { applyIgnoreFiles, readIgnoreFile } from "../diff/ignore-file.js";
import { DIFF_FORMATS, FAIL_ON, formatDiff, type DiffFormat } from "../diff/report.js";
import { loadOpenApiDocument } from "../input/load-document.js";

/** Runs the comparison for `diff` and `changelog`, which differ only in their default format. */
export async function runComparison(args: string[], io: Parameters<Command["run"]>[1], defaultFormat: DiffFormat): Promise<number> {
  const options = {
    format: { type: "string", short: "f" },
    "fail-on": { type: "string" },
    "list-checks": { type: "boolean" },
    "err-ignore": { type: "string" },
    "warn-ignore": { type: "string" },
  } as const;
  if (args.includes("--list-checks")) {
    parseCommandArguments(args, options, { min: 0, max: 0, names: "no file with --list-checks" });
    io.stdout.write(checkTable());
    return EXIT.ok;
  }
  const { values, positionals } = parseCommandArguments(args, options, { min: 2, max: 2, names: "two files, <base> and <head>" });
  const format = chooseFormat(values.format, DIFF_FORMATS, defaultFormat);
  const failOn = chooseFormat(values["fail-on"], FAIL_ON, "breaking", "--fail-on value");
  const ignoreFiles = {
    breaking: values["err-ignore"] === undefined ? undefined : readIgnoreFile(values["err-ignore"]),
    warning: values["warn-ignore"] === undefined ? undefined : readIgnoreFile(values["warn-ignore"]),
  };
  const [base, head] = [loadOpenApiDocument(positionals[0]!), loadOpenApiDocument(positionals[1]!)];
  const { findings, ignored, stale } = applyIgnoreFiles(compareDocuments(base, head), ignoreFiles);
  if (ignored.length > 0)
    io.stderr.write(`${ignored.length} acknowledged in the ignore file${ignored.length === 1 ? "" : "s"}, not reported.\n`);
  for (const entry of stale) io.stderr.write(`${entry.file}:${entry.line}: stale: acknowledges no finding of this comparison.\n`);
  io.stdout.write(formatDiff({ base: base.file, head: head.file, findings, failOn }, format));
  return findings.some((finding) => fails(finding.level, failOn)) ? EXIT.failed : EXIT.ok;
}

export const diff: Command = {
  name: "diff",
  summary: "Report the breaking changes between two versions of an OpenAPI document.",
  usage: `Usage: signing-platform diff <base> <head> [--format ${DIFF_FORMATS.join("|")}] [--fail-on ${FAIL_ON.join("|")}]
                               [--err-ignore <file>] [--warn-ignore <file>]
       signing-platform diff --list-checks

Compares two versions of an OpenAPI 3 document with oasdiff's catalogue of checks (paths,
operations, parameters, request bodies, responses, headers, security, webhooks, deprecation
with x-sunset) and the Signing Platform conventions (error catalogue, event types,
idempotency, limits, retry schedule). It reads no configuration file: the verdict is the
same from any directory.

  git show origin/main:openapi.yaml > /tmp/base.yaml
  signing-platform diff /tmp/base.yaml openapi.yaml

Every finding has a check id, a level (breaking, warning, info) and its place in both files.
--fail-on warning fails on warnings too (default: breaking). --list-checks prints every
check id with its level, as a markdown table.

--err-ignore and --warn-ignore name files of acknowledged breaking changes and warnings, in
oasdiff's format: a line ignores a finding when it holds the finding's operation and its
message (case does not matter; copy both from the text report). Each line that acknowledges
nothing is reported on stderr as stale.

Exit status: 0 nothing that fails, 1 a finding at or above --fail-on, 2 unusable input.
`,
  run: (args, io) => runComparison(args, io, "text"),
};
