// The report of a run, for people and for CI: stylish (grouped by area, every failure and skip
// with its reason), json, junit (one test case per check), sarif (one result per failure) and
// GitHub Actions workflow commands.
import type { CheckResult } from "../check.js";
import type { ConformanceReport } from "../run-conformance.js";

/** The formats a report can be written in. */
export const CONFORMANCE_FORMATS = ["stylish", "json", "junit", "sarif", "github-actions"] as const;
/** A format a report can be written in: `stylish` for people, the others for CI. */
export type ConformanceFormat = (typeof CONFORMANCE_FORMATS)[number];

const MARK = { pass: "✓", fail: "✗", skip: "-" } as const;

function counts(results: readonly CheckResult[]) {
  const of = (status: string) => results.filter((result) => result.outcome.status === status).length;
  return { passed: of("pass"), failed: of("fail"), skipped: of("skip") };
}

function stylish(report: ConformanceReport): string {
  const lines: string[] = [`Conformance of ${report.baseUrl}`];
  let area = "";
  for (const result of report.results) {
    if (result.area !== area) lines.push("", `  ${(area = result.area)}`);
    const { outcome } = result;
    const suffix =
      outcome.status === "skip" ? ` (skipped: ${outcome.reason})` : outcome.status === "pass" && outcome.note ? ` (${outcome.note})` : "";
    lines.push(`    ${MARK[outcome.status]} ${result.id}: ${result.title}${suffix}`);
    if (outcome.status === "fail") {
      lines.push(`        ${result.clause}`);
      // A finding of several lines (the exploration's sequence) keeps its indentation under the check.
      for (const failure of outcome.failures) lines.push(`        ${failure.replace(/\n/g, "\n        ")}`);
    }
  }
  const { passed, failed, skipped } = counts(report.results);
  lines.push(
    "",
    `${passed} passed, ${failed} failed, ${skipped} skipped · ${report.requests} ${report.seed === undefined ? "deliveries" : "requests"} in ${(report.durationMs / 1000).toFixed(1)} s${report.seed === undefined ? "" : ` · seed ${report.seed} (--seed ${report.seed} replays the values)`}`,
  );
  lines.push(...skipWarning(report.results));
  return `${lines.join("\n")}\n`;
}

/**
 * A skip proves nothing, and a run that passes with one may hide the fault it was for: the
 * summary names every skipped check and why (nothing tested, or only part: "not tested: …"),
 * after the counts, where it is read.
 */
function skipWarning(results: readonly CheckResult[]): string[] {
  const lines: string[] = [];
  const skipped = results.filter((result) => result.outcome.status === "skip");
  if (skipped.length > 0) {
    lines.push(
      `! ${skipped.length} check${skipped.length === 1 ? " was" : "s were"} skipped, testing nothing or only part (strict mode, --strict, fails the run for a skip):`,
      ...skipped.map((result) => `!   ${result.id}: ${(result.outcome as { reason: string }).reason}`),
    );
  }
  return lines;
}

function json(report: ConformanceReport): string {
  return `${JSON.stringify({ ...report, summary: counts(report.results) }, null, 2)}\n`;
}

const xml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function junit(report: ConformanceReport): string {
  const { failed, skipped } = counts(report.results);
  const cases = report.results
    .map((result) => {
      const open = `    <testcase classname="${xml(result.area)}" name="${xml(`${result.id}: ${result.title}`)}"`;
      const { outcome } = result;
      if (outcome.status === "pass") return `${open}/>\n`;
      if (outcome.status === "skip") return `${open}>\n      <skipped message="${xml(outcome.reason)}"/>\n    </testcase>\n`;
      const text = outcome.failures.join("\n");
      return `${open}>\n      <failure message="${xml(outcome.failures[0] ?? "")}">${xml(`${result.clause}\n${text}`)}</failure>\n    </testcase>\n`;
    })
    .join("");
  const attributes = `tests="${report.results.length}" failures="${failed}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="signing-platform conformance" ${attributes}>\n  <testsuite name="${xml(report.seed === undefined ? report.baseUrl : `${report.baseUrl} (seed ${report.seed})`)}" ${attributes}>\n${cases}  </testsuite>\n</testsuites>\n`;
}

function sarif(report: ConformanceReport): string {
  const rules = report.results.map((result) => ({
    id: result.id,
    shortDescription: { text: result.title },
    help: { text: `Interface document › ${result.clause}` },
    properties: { area: result.area },
  }));
  const results = report.results.flatMap((result) =>
    result.outcome.status === "fail"
      ? result.outcome.failures.map((failure) => ({
          ruleId: result.id,
          level: "error",
          message: { text: failure },
          locations: [{ physicalLocation: { artifactLocation: { uri: report.baseUrl } } }],
        }))
      : [],
  );
  const log = {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [{ tool: { driver: { name: "signing-platform conformance", rules } }, results, properties: { seed: report.seed } }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** https://docs.github.com/actions/reference/workflow-commands-for-github-actions */
function githubActions(report: ConformanceReport): string {
  const escapeCommand = (value: string) => value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const lines = report.results.flatMap((result) =>
    result.outcome.status === "fail"
      ? result.outcome.failures.map(
          (failure) =>
            `::error title=${escapeCommand(`conformance: ${result.id}`).replace(/[:,]/g, (c) => (c === ":" ? "%3A" : "%2C"))}::${escapeCommand(failure)}`,
        )
      : [],
  );
  for (const result of report.results) {
    if (result.outcome.status === "skip")
      lines.push(`::warning title=conformance%3A ${escapeCommand(result.id)} skipped::${escapeCommand(result.outcome.reason)}`);
  }
  const { passed, failed, skipped } = counts(report.results);
  lines.push(
    `::notice title=conformance::${passed} passed, ${failed} failed, ${skipped} skipped; ${report.requests} requests; seed ${report.seed}`,
  );
  return `${lines.join("\n")}\n`;
}

/**
 * The report of a run in `format`: stylish (grouped by area), json, junit (a test case per check), sarif (a result per failure) or GitHub Actions workflow commands.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { formatConformance, runConformance } from "@signing-platform/conformance";
 *
 * const document = parse(readFileSync("openapi.yaml", "utf8"));
 * const report = await runConformance({ baseUrl: "http://127.0.0.1:4010", token: "token", document });
 * process.stdout.write(formatConformance(report, "junit"));
 * ```
 */
export function formatConformance(report: ConformanceReport, format: ConformanceFormat): string {
  return { stylish, json, junit, sarif, "github-actions": githubActions }[format](report);
}

/**
 * Exit status of a run: 0 every check passed or was skipped, 1 one failed; with `strict`, a
 * skipped check counts as failed (a CI gate that must not pass on checks that tested nothing).
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { exitStatusOf, runConformance } from "@signing-platform/conformance";
 *
 * const document = parse(readFileSync("openapi.yaml", "utf8"));
 * const report = await runConformance({ baseUrl: "http://127.0.0.1:4010", token: "token", document });
 * process.exitCode = exitStatusOf(report, { strict: true });
 * ```
 */
export const exitStatusOf = (report: ConformanceReport, options: { strict?: boolean } = {}): 0 | 1 =>
  report.results.some((result) => result.outcome.status === "fail" || (options.strict && result.outcome.status === "skip")) ? 1 : 0;

/**
 * The report of a run that could not start (a `SetupError`, an unreachable server), in the
 * machine formats, so that a CI job that uploads the report has one that says why: SARIF with an
 * unsuccessful invocation, JUnit with an error, JSON with `error`, a GitHub Actions error.
 * Stylish has none: the one line on stderr says it.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { formatSetupFailure, runConformance, SetupError } from "@signing-platform/conformance";
 *
 * try {
 *   const document = parse(readFileSync("openapi.yaml", "utf8"));
 *   await runConformance({ baseUrl: "http://127.0.0.1:4010", token: "token", document });
 * } catch (error) {
 *   if (!(error instanceof SetupError)) throw error;
 *   process.stdout.write(formatSetupFailure("http://127.0.0.1:4010", error.message, "sarif"));
 * }
 * ```
 */
export function formatSetupFailure(baseUrl: string, message: string, format: ConformanceFormat): string {
  switch (format) {
    case "stylish":
      return "";
    case "json":
      return `${JSON.stringify({ baseUrl, started: false, error: message }, null, 2)}\n`;
    case "junit":
      return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="signing-platform conformance" tests="1" failures="0" errors="1">\n  <testsuite name="${xml(baseUrl)}" tests="1" failures="0" errors="1">\n    <testcase classname="setup" name="the run could not start">\n      <error message="${xml(message)}"/>\n    </testcase>\n  </testsuite>\n</testsuites>\n`;
    case "sarif": {
      const invocation = { executionSuccessful: false, toolExecutionNotifications: [{ level: "error", message: { text: message } }] };
      const log = {
        version: "2.1.0",
        $schema: "https://json.schemastore.org/sarif-2.1.0.json",
        runs: [{ tool: { driver: { name: "signing-platform conformance", rules: [] } }, invocations: [invocation], results: [] }],
      };
      return `${JSON.stringify(log, null, 2)}\n`;
    }
    case "github-actions":
      return `::error title=conformance::${message.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}\n`;
  }
}
