// oasdiff's own checker tests as the oracle: every case its checker/*_test.go asserts on two spec
// files (oasdiff-suite/cases.json, read out of the Go by oasdiff-suite/extract.mjs) is run
// through the engine, in process, and must give oasdiff's verdict and report the ids oasdiff
// expects, or be listed in oasdiff-suite/deviations.json with its reason. A listed case that now
// agrees fails too, so the list only shrinks. packages/cli/test/diff/oasdiff-suite.test.ts runs
// every 10th case through the real bin, which must say what the engine says in process.
//
// UPDATE_DEVIATIONS=1 rewrites deviations.json from this run, keeping the reasons already
// written and generating one for each new entry (docs/lint-and-diff.md, "oasdiff's own test suite").
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHECKS, type Finding } from "../src/index.js";
import {
  type EngineRun,
  type OasdiffLevel,
  outOfScope,
  reportedText,
  runEngine,
  SUITE,
  type SuiteCase,
  suite,
} from "./oasdiff-suite/cases.js";

const DEVIATIONS = join(SUITE, "deviations.json");
const UPDATE = process.env.UPDATE_DEVIATIONS === "1";

const deviations: Record<string, string> = existsSync(DEVIATIONS) ? JSON.parse(readFileSync(DEVIATIONS, "utf8")) : {};
const CATEGORIES = ["not implemented", "declined", "differs", "refused", "threw"];
const engineIds = new Set(CHECKS.map((check) => check.id));

interface Outcome extends EngineRun {
  entry: SuiteCase;
  engineBreaking?: boolean;
  verdictAgrees?: boolean;
  missingIds: string[];
  unexpectedIds: string[];
}

/** The findings that stand for the checks the test ran: all of them, or those with the ids of its checks. */
function inScope(entry: SuiteCase, findings: Finding[]): Finding[] {
  if (entry.checks === "all") return findings;
  const ids = new Set(entry.checks.flatMap((check) => suite.checkIds[check] ?? []));
  return findings.filter((finding) => ids.has(finding.id));
}

/** Whether a finding of `level` is one oasdiff's test would see at `minLevel` (ERR and WARN are breaking here, some WARN a warning). */
const atOrAbove = (level: Finding["level"], minLevel: OasdiffLevel) =>
  minLevel === "INFO" || level === "breaking" || (minLevel === "WARN" && level === "warning");

function compare(entry: SuiteCase): Outcome {
  const outcome: Outcome = { entry, missingIds: [], unexpectedIds: [], ...runEngine(entry) };
  if (!outcome.findings) return outcome;
  const reported = new Set(outcome.findings.map((finding) => finding.id));
  // oasdiff's ERR and WARN are breaking here (docs/lint-and-diff.md): the default gate fails on them.
  // A check run on its own that finds an ERR or WARN change makes the whole pair breaking, so every
  // finding counts; one that finds none says nothing of the other checks, so only its ids count.
  const judged = entry.breaking === true ? outcome.findings : inScope(entry, outcome.findings);
  outcome.engineBreaking = judged.some((finding) => finding.level === "breaking");
  outcome.verdictAgrees = entry.breaking === null || entry.breaking === outcome.engineBreaking;
  outcome.missingIds = [...new Set(entry.expected.flatMap((change) => (change.id && !reported.has(change.id) ? [change.id] : [])))];
  // oasdiff's test saw only the changes at or above its level (CheckBackwardCompatibility drops INFO): an id it asserts absent may be there below it.
  const seen = new Set(outcome.findings.filter((finding) => atOrAbove(finding.level, entry.minLevel)).map((finding) => finding.id));
  outcome.unexpectedIds = (entry.absent ?? []).filter((id) => seen.has(id));
  return outcome;
}

const agrees = (outcome: Outcome) =>
  !outcome.failure && outcome.verdictAgrees && outcome.missingIds.length === 0 && outcome.unexpectedIds.length === 0;

function expectedText(entry: SuiteCase): string {
  const changes = entry.expected.map((change) => `${change.id ?? "a change"} (${change.level ?? "?"})`).join(", ");
  const count =
    entry.count === undefined
      ? changes
      : `${entry.count === 0 ? "no change" : `${entry.count} change${entry.count === 1 ? "" : "s"}`}${changes ? `: ${changes}` : ""}`;
  return `${count || "no change"}${entry.breaking === null ? "" : entry.breaking ? ", breaking" : ", not breaking"}`;
}

/**
 * Where docs/lint-and-diff.md ("Where we differ from oasdiff") gives the reason to judge otherwise:
 * a verdict that differs only by findings of these ids is declined, not a defect.
 */
const DECLINED: { ids: RegExp; reason: string }[] = [
  {
    ids: /^api-security-(added|removed|scope-added)$/,
    reason: "a credential or scope added to or removed from an operation's security is breaking here (oasdiff: INFO)",
  },
  {
    ids: /-removed-before-sunset$/,
    reason:
      "a deprecated operation, parameter or property with no x-sunset date, or one still ahead, may not be removed yet (oasdiff allows it)",
  },
];

/** The reason a new deviation is given when deviations.json is rewritten; a person may write a better one. */
function generatedReason(outcome: Outcome): string {
  const { entry, failure, findings = [] } = outcome;
  if (failure) return `${failure.kind}: ${failure.message.replaceAll(SUITE, "oasdiff-suite")}`;
  const lacking = outcome.missingIds.filter((id) => !engineIds.has(id));
  if (lacking.length > 0) return `not implemented: ${lacking.join(", ")}`;
  const reported = inScope(entry, findings);
  const others = findings.filter((finding) => !reported.includes(finding));
  const breaking = reported.filter((finding) => finding.level === "breaking");
  const declined = DECLINED.find((rule) => breaking.length > 0 && breaking.every((finding) => rule.ids.test(finding.id)));
  if (entry.breaking === false && declined) return `declined: ${declined.reason}; the engine reports ${reportedText(reported)}`;
  // oasdiff reads a webhook's payload as a request body; here it is read as a response (webhook-… ids).
  if (
    reported.length > 0 &&
    reported.every((finding) => finding.id.startsWith("webhook-")) &&
    entry.expected.some((change) => change.id?.startsWith("request-"))
  )
    return `declined: a webhook payload is judged as what the receiver reads (webhook-… ids), oasdiff judges it as a request body; the engine reports ${reportedText(reported)}`;
  const besides = others.length > 0 ? ` (of other checks: ${reportedText(others)})` : "";
  return `differs: oasdiff expects ${expectedText(entry)}; the engine reports ${reportedText(reported)}${besides}`;
}

const outcomes: Outcome[] = [];
const outOfScopeCases: { entry: SuiteCase; reason: string }[] = [];
for (const entry of suite.cases) {
  const reason = outOfScope(entry);
  if (reason) outOfScopeCases.push({ entry, reason });
  else outcomes.push(compare(entry));
}

const percent = (part: number, whole: number) => `${whole === 0 ? "0" : ((100 * part) / whole).toFixed(1)}%`;

function summary(): string {
  const ran = outcomes.filter((outcome) => !outcome.failure);
  const withVerdict = ran.filter((outcome) => outcome.entry.breaking !== null);
  const verdictAgreed = withVerdict.filter((outcome) => outcome.verdictAgrees);
  const withIds = ran.filter((outcome) => outcome.entry.expected.some((change) => change.id));
  const idsReported = withIds.filter((outcome) => outcome.missingIds.length === 0);
  const missed = new Map<string, number>();
  for (const outcome of ran) for (const id of outcome.missingIds) missed.set(id, (missed.get(id) ?? 0) + 1);
  const top = [...missed].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 30);
  const count = <T>(items: T[], key: (item: T) => string) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  };
  const failures = outcomes.filter((outcome) => outcome.failure);
  return [
    `oasdiff's own checker tests (${suite.source.repository} ${suite.source.tag}, ${suite.source.commit.slice(0, 12)})`,
    `  ${suite.testFunctions} test functions; ${suite.cases.length} cases extracted; ${suite.skipped.length} test functions (or comparisons in one) not extracted:`,
    ...Object.entries(suite.skippedByReason).map(([reason, n]) => `    ${n}  ${reason}`),
    `  ${outOfScopeCases.length} cases not run, an oasdiff option the engine has no equivalent for:`,
    ...count(outOfScopeCases, (item) => item.reason.replace(/ \(diff\.NewConfig.*$/, "")).map(([reason, n]) => `    ${n}  ${reason}`),
    `  ${outcomes.length} cases run; ${failures.filter((o) => o.failure?.kind === "refused").length} refused by the engine (exit 2), ${
      failures.filter((o) => o.failure?.kind === "threw").length
    } threw`,
    `  verdict (breaking or not) agrees: ${verdictAgreed.length}/${withVerdict.length} = ${percent(verdictAgreed.length, withVerdict.length)}` +
      ` (${ran.length - withVerdict.length} cases assert no verdict)`,
    `  every expected id reported: ${idsReported.length}/${withIds.length} = ${percent(idsReported.length, withIds.length)}`,
    `  cases that agree in full: ${outcomes.filter(agrees).length}/${outcomes.length}; listed in deviations.json: ${Object.keys(deviations).length}`,
    `  expected ids the engine does not report: ${missed.size} distinct, in ${ran.filter((o) => o.missingIds.length > 0).length} cases; the 30 most missed (cases):`,
    ...top.map(([id, n]) => `    ${String(n).padStart(3)}  ${id}${engineIds.has(id) ? "" : "  (not a check of the engine)"}`),
  ].join("\n");
}

describe(`oasdiff's own checker tests (${suite.source.tag}), through the engine`, () => {
  it("agree with the engine, except the cases listed in deviations.json", () => {
    console.log(summary());
    const disagreeing = outcomes.filter((outcome) => !agrees(outcome));
    if (UPDATE) {
      const next = Object.fromEntries(
        disagreeing
          .map((outcome) => [outcome.entry.name, deviations[outcome.entry.name] ?? generatedReason(outcome)] as const)
          .sort((a, b) => a[0].localeCompare(b[0])),
      );
      writeFileSync(DEVIATIONS, `${JSON.stringify(next, null, 2)}\n`);
      return;
    }
    const regressions = disagreeing
      .filter((outcome) => !(outcome.entry.name in deviations))
      .map((outcome) => `${outcome.entry.name} (${outcome.entry.file}): ${generatedReason(outcome)}`);
    expect(regressions, "cases that disagree with oasdiff and are not in deviations.json (UPDATE_DEVIATIONS=1 lists them)").toEqual([]);
  });

  it("deviations.json lists only cases that still disagree, each with a category", () => {
    if (UPDATE) return;
    const names = new Set(suite.cases.map((entry) => entry.name));
    const stale = Object.keys(deviations).filter(
      (name) => !names.has(name) || outcomes.some((outcome) => outcome.entry.name === name && agrees(outcome)),
    );
    expect(stale, "listed in deviations.json but agree now, or no longer a case: remove them (UPDATE_DEVIATIONS=1)").toEqual([]);
    const uncategorised = Object.entries(deviations).filter(
      ([, reason]) => !CATEGORIES.some((category) => reason.startsWith(`${category}: `)),
    );
    expect(uncategorised, `each reason starts with one of: ${CATEGORIES.join(", ")}`).toEqual([]);
  });
});
