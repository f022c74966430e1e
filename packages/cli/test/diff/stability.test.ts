// x-stability-level through the CLI's run, as oasdiff reads it (its docs/STABILITY.md): changes to
// a draft or alpha operation, and its removal, are not judged; beta, stable and unmarked
// (stable) operations are. Lowering the level of a beta or stable operation is
// api-stability-decreased (breaking), raising it api-stability-increased (info); a value other
// than the four is api-invalid-stability-level, for an operation that changed or was removed.
// --stability-level moves where judging starts (beta by default), as oasdiff's option does.
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, runInProcess, workspace, type Json, withoutVersioning } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const OPERATION = "GET /certificates";
const certificates = (document: Json) => document.paths["/certificates"].get;

/** The clean fixture with GET /certificates at `level` (undefined: unmarked), then `change`d. */
function marked(level: unknown, change: (document: Json) => void = () => {}): Json {
  const document = cleanDocument();
  if (level !== undefined) certificates(document)["x-stability-level"] = level;
  change(document);
  return document;
}

const removeCursor = (document: Json) => certificates(document).parameters.pop();
const removeOperation = (document: Json) => delete document.paths["/certificates"];
const requireIdempotency = (document: Json) => (document.paths["/enrollments"].post["x-stability-level"] = "alpha");

type Change = (document: Json) => void;

const cases: [string, { given: { base: unknown; head: unknown; change?: Change }; want: { found: string[]; status: number } }][] = [
  [
    "an unmarked operation is stable: its changes are judged",
    { given: { base: undefined, head: undefined, change: removeCursor }, want: { found: ["request-parameter-removed"], status: 1 } },
  ],
  [
    "a stable operation's changes are judged",
    { given: { base: "stable", head: "stable", change: removeCursor }, want: { found: ["request-parameter-removed"], status: 1 } },
  ],
  [
    "a beta operation's changes are judged",
    { given: { base: "beta", head: "beta", change: removeCursor }, want: { found: ["request-parameter-removed"], status: 1 } },
  ],
  [
    "an alpha operation's changes are not",
    { given: { base: "alpha", head: "alpha", change: removeCursor }, want: { found: [], status: 0 } },
  ],
  [
    "a draft operation's changes are not",
    { given: { base: "draft", head: "draft", change: removeCursor }, want: { found: [], status: 0 } },
  ],
  [
    "an alpha operation may be removed",
    { given: { base: "alpha", head: "alpha", change: removeOperation }, want: { found: [], status: 0 } },
  ],
  [
    "a draft operation may be removed",
    { given: { base: "draft", head: "draft", change: removeOperation }, want: { found: [], status: 0 } },
  ],
  [
    "a beta operation may not be removed",
    {
      given: { base: "beta", head: "beta", change: removeOperation },
      want: { found: ["api-path-removed-without-deprecation"], status: 1 },
    },
  ],
  [
    "stable to beta decreases it: breaking",
    { given: { base: "stable", head: "beta" }, want: { found: ["api-stability-decreased"], status: 1 } },
  ],
  [
    "unmarked to beta decreases it too",
    { given: { base: undefined, head: "beta" }, want: { found: ["api-stability-decreased"], status: 1 } },
  ],
  [
    "beta to alpha decreases it, and the alpha's other changes are not judged",
    { given: { base: "beta", head: "alpha", change: removeCursor }, want: { found: ["api-stability-decreased"], status: 1 } },
  ],
  ["alpha to draft: it promised nothing, nothing to report", { given: { base: "alpha", head: "draft" }, want: { found: [], status: 0 } }],
  [
    "beta to stable increases it: info",
    { given: { base: "beta", head: "stable" }, want: { found: ["api-stability-increased"], status: 0 } },
  ],
  ["draft to alpha: nothing", { given: { base: "draft", head: "alpha" }, want: { found: [], status: 0 } }],
  [
    "draft to stable with a change: judged as the stable operation it now is, as oasdiff does",
    { given: { base: "draft", head: "stable", change: removeCursor }, want: { found: ["request-parameter-removed"], status: 1 } },
  ],
  [
    "an invalid value on a changed operation: reported, and the operation judged",
    {
      given: { base: "stable", head: "banana", change: removeCursor },
      want: { found: ["api-invalid-stability-level", "request-parameter-removed"], status: 1 },
    },
  ],
  [
    "an invalid value that is not a string",
    { given: { base: undefined, head: 2 }, want: { found: ["api-invalid-stability-level"], status: 1 } },
  ],
  [
    "an invalid value on an operation that did not change: nothing, as oasdiff",
    { given: { base: "banana", head: "banana" }, want: { found: [], status: 0 } },
  ],
  [
    "an invalid value on a removed operation: reported instead of the removal",
    { given: { base: "Beta", head: "Beta", change: removeOperation }, want: { found: ["api-invalid-stability-level"], status: 1 } },
  ],
];

interface Finding {
  id: string;
  level: string;
  operation: string;
  message: string;
  base?: { line?: number };
  head?: { line?: number };
}

async function compare(base: Json, head: Json, name: string, options: string[] = []) {
  work.write(`${name}-base.yaml`, base);
  work.write(`${name}-head.yaml`, head);
  const run = await runInProcess(["diff", `${name}-base.yaml`, `${name}-head.yaml`, "--format", "json", ...options], work.dir);
  return { run, findings: withoutVersioning((JSON.parse(run.stdout) as { findings: Finding[] }).findings) };
}

describe("x-stability-level", () => {
  it.each(cases.map(([name, item], index) => [name, index, item] as const))("%s", async (_name, index, { given, want }) => {
    const { run, findings } = await compare(marked(given.base), marked(given.head, given.change), `case-${index}`);
    expect(run.stderr).toBe("");
    expect({ found: findings.map((finding) => finding.id).sort(), status: run.status }).toEqual(want);
  });

  it("says what changed, where the level is written", async () => {
    const { findings } = await compare(marked("stable"), marked("beta"), "message");
    expect(findings).toMatchObject([
      {
        id: "api-stability-decreased",
        level: "breaking",
        operation: OPERATION,
        message: `${OPERATION}: its stability level decreased from stable to beta: clients relied on the promise of the higher level.`,
        base: { line: expect.any(Number) },
        head: { line: expect.any(Number) },
      },
    ]);
  });

  it("names the invalid value and the four that are allowed", async () => {
    const { findings } = await compare(marked(undefined), marked("banana"), "invalid");
    expect(findings.map((finding) => [finding.id, finding.level, finding.message])).toEqual([
      ["api-invalid-stability-level", "breaking", `${OPERATION}: x-stability-level "banana" is not one of draft, alpha, beta, stable.`],
    ]);
  });

  it("keeps the conventions' checks off an alpha operation", async () => {
    const idempotency = (document: Json) => (document.paths["/enrollments"].post["x-signing-platform-idempotency"] = { required: true });
    const [stable, alpha] = await Promise.all([
      compare(cleanDocument(), marked(undefined, idempotency), "conventions-stable"),
      compare(
        marked(undefined, requireIdempotency),
        marked(undefined, (document) => (requireIdempotency(document), idempotency(document))),
        "conventions-alpha",
      ),
    ]);
    expect(stable.findings.map((finding) => finding.id)).toEqual(["idempotency-requirement-added"]);
    expect(alpha.findings).toEqual([]);
  });
});

/** GET /certificates again as DELETE /certificates at `level`: an operation that can go while its path stays. */
const withDelete = (level: string) => (document: Json) => {
  const path = document.paths["/certificates"];
  path.delete = { ...structuredClone(path.get), operationId: "deleteCertificates", "x-stability-level": level };
};
const removeDelete = (document: Json) => delete document.paths["/certificates"].delete;

const thresholds: [
  string,
  { given: { base: unknown; head: unknown; change?: Change }; level?: string; want: { found: string[]; status: number } },
][] = [
  [
    "an alpha operation's changes are free below the default (beta)",
    { given: { base: "alpha", head: "alpha", change: removeCursor }, want: { found: [], status: 0 } },
  ],
  [
    "an alpha operation's changes are judged from alpha",
    {
      given: { base: "alpha", head: "alpha", change: removeCursor },
      level: "alpha",
      want: { found: ["request-parameter-removed"], status: 1 },
    },
  ],
  [
    "a draft operation's changes are still free from alpha",
    { given: { base: "draft", head: "draft", change: removeCursor }, level: "alpha", want: { found: [], status: 0 } },
  ],
  [
    "a draft operation's changes are judged from draft",
    {
      given: { base: "draft", head: "draft", change: removeCursor },
      level: "draft",
      want: { found: ["request-parameter-removed"], status: 1 },
    },
  ],
  [
    "a beta operation's changes are free from stable",
    { given: { base: "beta", head: "beta", change: removeCursor }, level: "stable", want: { found: [], status: 0 } },
  ],
  [
    "the level is read in the head: a stable operation made alpha is judged from alpha",
    {
      given: { base: "stable", head: "alpha", change: removeCursor },
      level: "alpha",
      want: { found: ["api-stability-decreased", "request-parameter-removed"], status: 1 },
    },
  ],
  [
    "a change of level is judged from the level it leaves: draft to stable, from draft",
    { given: { base: "draft", head: "stable" }, level: "draft", want: { found: ["api-stability-increased"], status: 0 } },
  ],
  [
    "beta to alpha is not reported from stable: beta promised nothing there",
    { given: { base: "beta", head: "alpha" }, level: "stable", want: { found: [], status: 0 } },
  ],
  [
    "a draft operation removed from a path that stays is judged from draft",
    {
      given: { base: undefined, head: undefined, change: removeDelete },
      level: "draft",
      want: { found: ["api-removed-without-deprecation"], status: 1 },
    },
  ],
  [
    "a draft operation removed with its whole path is not, from any level, as in oasdiff",
    { given: { base: "draft", head: "draft", change: removeOperation }, level: "draft", want: { found: [], status: 0 } },
  ],
  [
    "the level in any case, as oasdiff takes it",
    {
      given: { base: "alpha", head: "alpha", change: removeCursor },
      level: "ALPHA",
      want: { found: ["request-parameter-removed"], status: 1 },
    },
  ],
];

describe("--stability-level", () => {
  it.each(thresholds.map(([name, item], index) => [name, index, item] as const))("%s", async (_name, index, { given, level, want }) => {
    const draftDelete = given.change === removeDelete ? withDelete("draft") : () => {};
    const base = marked(given.base, draftDelete);
    const head = marked(given.head, (document) => (draftDelete(document), given.change?.(document)));
    const { run, findings } = await compare(base, head, `level-${index}`, level === undefined ? [] : ["--stability-level", level]);
    expect(run.stderr).toBe("");
    expect({ found: findings.map((finding) => finding.id).sort(), status: run.status }).toEqual(want);
  });

  it.each(["diff", "changelog"])("%s refuses a level that is not one of the four: exit 2, one line", async (command) => {
    work.write("refused.yaml", cleanDocument());
    const run = await runInProcess([command, "refused.yaml", "refused.yaml", "--stability-level", "bta"], work.dir);
    expect(run).toEqual({
      status: 2,
      stdout: "",
      stderr: `signing-platform ${command}: --stability-level "bta": use one of draft, alpha, beta, stable. Did you mean \`beta\`?\n`,
    });
  });
});
