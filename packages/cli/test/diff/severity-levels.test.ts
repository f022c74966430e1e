// --severity-levels through the CLI's run: oasdiff's file of "<check-id> <level>" lines changes a
// check's level for the project (ERR breaking, WARN warning, INFO info, NONE off), in diff and in
// changelog, before the ignore files apply; a file that cannot be used is exit 2 and one line
// naming the file and the line.
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

// One breaking finding (a path removed) and one that is not (an optional parameter added).
const REMOVED = "api-path-removed-without-deprecation";
const ADDED = "new-optional-request-parameter";
const base = cleanDocument();
const head: Json = structuredClone(base);
delete head.paths["/enrollments/{id}"];
head.paths["/certificates"].get.parameters.push({ name: "q", in: "query", schema: { type: "string" } });
work.write("base.yaml", base);
work.write("head.yaml", head);

interface Report {
  counts: Record<string, number>;
  findings: { id: string; level: string; operation?: string; message: string }[];
}

async function diff(levels: string, ...more: string[]) {
  const file = work.write(`levels-${Math.random().toString(36).slice(2)}.txt`, levels);
  const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--severity-levels", file, "--format", "json", ...more], work.dir);
  return { run, report: run.stdout ? (JSON.parse(run.stdout) as Report) : undefined, file };
}

const levelOf = (report: Report | undefined, id: string) => report?.findings.filter((finding) => finding.id === id).map((f) => f.level);

describe("--severity-levels", () => {
  it("leaves the levels as they are without the option", async () => {
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--format", "json"], work.dir);
    const report = JSON.parse(run.stdout) as Report;
    expect([levelOf(report, REMOVED), levelOf(report, ADDED), run.status]).toEqual([["breaking"], ["info"], 1]);
  });

  const cases: [string, { given: string; failOn?: string; want: { removed: string[]; added: string[]; status: number } }][] = [
    ["ERR makes a check breaking", { given: `${ADDED} ERR\n`, want: { removed: ["breaking"], added: ["breaking"], status: 1 } }],
    [
      "the level in lower case, as oasdiff also reads it",
      { given: `${ADDED} err\n`, want: { removed: ["breaking"], added: ["breaking"], status: 1 } },
    ],
    [
      "WARN makes a breaking check a warning, which passes by default",
      { given: `${REMOVED} WARN\n`, want: { removed: ["warning"], added: ["info"], status: 0 } },
    ],
    [
      "WARN fails the run with --fail-on warning",
      { given: `${REMOVED} warn\n`, failOn: "warning", want: { removed: ["warning"], added: ["info"], status: 1 } },
    ],
    ["INFO makes a breaking check not breaking", { given: `${REMOVED} INFO\n`, want: { removed: ["info"], added: ["info"], status: 0 } }],
    [
      "NONE turns a check off: its findings are gone",
      { given: `${REMOVED} NONE\n${ADDED} none\n`, want: { removed: [], added: [], status: 0 } },
    ],
    [
      "blank lines, # comments and blanks around the fields",
      {
        given: `# accepted: the path goes in v2 (ADR 12)\n\n   ${REMOVED}\t  info  \n`,
        want: { removed: ["info"], added: ["info"], status: 0 },
      },
    ],
    [
      "the last line for a check wins, as in oasdiff",
      { given: `${REMOVED} INFO\n${REMOVED} ERR\n`, want: { removed: ["breaking"], added: ["info"], status: 1 } },
    ],
  ];

  it.each(cases)("%s", async (_name, { given, failOn, want }) => {
    const { run, report } = await diff(given, ...(failOn ? ["--fail-on", failOn] : []));
    expect(run.stderr).toBe("");
    expect({ removed: levelOf(report, REMOVED), added: levelOf(report, ADDED), status: run.status }).toEqual(want);
  });

  it("counts the findings at their new levels", async () => {
    const { report } = await diff(`${REMOVED} WARN\n`);
    expect(report?.counts).toEqual({ breaking: 0, warning: 1, info: 1 });
  });

  it("applies before the ignore files: --warn-ignore acknowledges a check made a warning", async () => {
    const { report } = await diff(`${REMOVED} WARN\n`);
    const removed = report!.findings.find((finding) => finding.id === REMOVED)!;
    const ignore = work.write("warnings.txt", `${removed.operation} ${removed.message}\n`);
    const { run, report: after } = await diff(`${REMOVED} WARN\n`, "--warn-ignore", ignore, "--fail-on", "warning");
    expect(run.status).toBe(0);
    expect(levelOf(after, REMOVED)).toEqual([]);
    expect(run.stderr).toBe("1 acknowledged in the ignore file, not reported.\n");
  });

  it("is taken by changelog too", async () => {
    const file = work.write("changelog-levels.txt", `${REMOVED} INFO\n`);
    const run = await runInProcess(["changelog", "base.yaml", "head.yaml", "--severity-levels", file], work.dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^# API changes from `base\.yaml` to `head\.yaml`\n\n0 breaking changes, 0 warnings, 2 other changes\./);
  });

  const bad: [string, { given: string | undefined; want: RegExp }][] = [
    [
      "an id that is no check, with the one meant",
      {
        given: "# ours\napi-path-removed-without-deprecaton ERR\n",
        want: /^levels-\w+\.txt:2: unknown check id "api-path-removed-without-deprecaton"\. Did you mean `api-path-removed-without-deprecation`\? `signing-platform diff --list-checks` lists them\.$/,
      },
    ],
    [
      "an id of oasdiff's that this command does not have",
      { given: "api-operation-id-updated INFO\n", want: /^levels-\w+\.txt:1: unknown check id "api-operation-id-updated"\./ },
    ],
    [
      "a level that is not one of the four",
      {
        given: `${REMOVED} ERROR\n`,
        want: /^levels-\w+\.txt:1: unknown level "ERROR" for api-path-removed-without-deprecation: use ERR, WARN, INFO or NONE\.$/,
      },
    ],
    [
      "a level in mixed case, which oasdiff refuses too",
      { given: `\n${REMOVED} Info\n`, want: /^levels-\w+\.txt:2: unknown level "Info"/ },
    ],
    [
      "a line with one field",
      { given: `${REMOVED}\n`, want: /^levels-\w+\.txt:1: expected "<check-id> <level>", got "api-path-removed-without-deprecation"\.$/ },
    ],
    [
      "a line with a comment after the level",
      {
        given: `${REMOVED} INFO # why\n`,
        want: /^levels-\w+\.txt:1: expected "<check-id> <level>", got "api-path-removed-without-deprecation INFO # why"\.$/,
      },
    ],
    ["a file that does not exist", { given: undefined, want: /^missing\.txt: no such file$/ }],
  ];

  it.each(bad)("is unusable input, exit 2 and one line: %s", async (_name, { given, want }) => {
    const file = given === undefined ? "missing.txt" : work.write(`levels-${Math.random().toString(36).slice(2)}.txt`, given);
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--severity-levels", file], work.dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.replace(/^signing-platform diff: /, "")).toMatch(want);
  });
});
