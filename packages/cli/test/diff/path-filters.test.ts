// --match-path and --exclude-elements through the CLI's run. --match-path compares only the paths
// its regular expression matches, in both documents (a path renamed out of the match is a
// removal, not nothing), and the operation checks of the conventions with them; webhooks and the
// catalogue are still compared. --exclude-elements takes oasdiff's values: documentation is never
// compared, extensions leaves the x-signing-platform-* extensions out, endpoints and anything
// else are exit 2 with one line naming the value.
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { cleanDocument, generatedOpenApi, runInProcess, workspace, type Json, withoutVersioning } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const CATALOGUE = "x-signing-platform-catalogue";

function baseDocument(): Json {
  const document = cleanDocument();
  document[CATALOGUE] = structuredClone(YAML.parse(generatedOpenApi())[CATALOGUE]);
  return document;
}

function headDocument(change: (head: Json) => void): Json {
  const head = baseDocument();
  change(head);
  return head;
}

work.write("base.yaml", baseDocument());
// Three operations changed, one under /v1: two removed (breaking) and one added.
work.write(
  "head.yaml",
  headDocument((head) => {
    delete head.paths["/v1/signing-requests/{id}"];
    delete head.paths["/enrollments/{id}"];
    head.paths["/internal/health"] = { get: { responses: { "204": { description: "healthy" } } } };
  }),
);
work.write(
  "renamed.yaml",
  headDocument((head) => {
    head.paths["/v2/signing-requests/{id}"] = head.paths["/v1/signing-requests/{id}"];
    delete head.paths["/v1/signing-requests/{id}"];
  }),
);
work.write(
  "webhook-removed.yaml",
  headDocument((head) => delete head.webhooks["signing_request.completed"]),
);
work.write(
  "idempotency.yaml",
  headDocument((head) => (head.paths["/enrollments"].post["x-signing-platform-idempotency"] = { required: true })),
);
work.write(
  "documentation.yaml",
  headDocument((head) => {
    head.info.title = "Another title";
    head.info.description = "Rewritten.";
    head.paths["/certificates"].get.summary = "Lists them all";
    head.paths["/certificates"].get.description = "Now with more words.";
  }),
);
work.write(
  "error-code-removed.yaml",
  headDocument((head) => {
    const errors = head[CATALOGUE].errors as Json[];
    errors.splice(
      errors.findIndex((entry) => entry.code === "delivery_retired"),
      1,
    );
  }),
);
work.write(
  "sunset-base.yaml",
  headDocument((head) => Object.assign(head.paths["/certificates"].get, { deprecated: true, "x-sunset": "2999-01-01" })),
);
work.write(
  "sunset-head.yaml",
  headDocument((head) => delete head.paths["/certificates"]),
);

interface Finding {
  id: string;
  level: string;
  operation?: string;
}

async function findings(base: string, head: string, ...options: string[]) {
  const run = await runInProcess(["diff", base, head, "--format", "json", ...options], work.dir);
  const list = run.stdout ? withoutVersioning((JSON.parse(run.stdout) as { findings: Finding[] }).findings) : [];
  return { run, found: list.map((finding) => `${finding.id} ${finding.operation ?? ""}`.trim()).sort() };
}

const REMOVED_V1 = "api-path-removed-without-deprecation GET /v1/signing-requests/{id}";
const REMOVED_ENROLLMENT = "api-path-removed-without-deprecation DELETE /enrollments/{id}";
const ADDED_HEALTH = "endpoint-added GET /internal/health";

describe("--match-path", () => {
  const cases: [string, { given: { head: string; options: string[] }; want: { found: string[]; status: number } }][] = [
    [
      "without it, every path",
      { given: { head: "head.yaml", options: [] }, want: { found: [ADDED_HEALTH, REMOVED_ENROLLMENT, REMOVED_V1], status: 1 } },
    ],
    [
      "only the paths it matches",
      { given: { head: "head.yaml", options: ["--match-path", "^/v1/"] }, want: { found: [REMOVED_V1], status: 1 } },
    ],
    [
      "unanchored, as oasdiff's",
      { given: { head: "head.yaml", options: ["--match-path", "enrollments"] }, want: { found: [REMOVED_ENROLLMENT], status: 1 } },
    ],
    [
      "an alternation",
      {
        given: { head: "head.yaml", options: ["--match-path", "^/internal|^/v1"] },
        want: { found: [ADDED_HEALTH, REMOVED_V1], status: 1 },
      },
    ],
    [
      "a match of only added paths passes",
      { given: { head: "head.yaml", options: ["--match-path", "health$"] }, want: { found: [ADDED_HEALTH], status: 0 } },
    ],
    [
      "a match of nothing finds nothing",
      { given: { head: "head.yaml", options: ["--match-path", "^/nowhere"] }, want: { found: [], status: 0 } },
    ],
    [
      "both documents: a path renamed out of the match is removed, its new name not added",
      {
        given: { head: "renamed.yaml", options: ["--match-path", "^/v1/"] },
        want: { found: ["api-path-removed-without-deprecation GET /v1/signing-requests/{id}"], status: 1 },
      },
    ],
    [
      "webhooks are not paths: still compared",
      {
        given: { head: "webhook-removed.yaml", options: ["--match-path", "^/v1/"] },
        want: { found: ["webhook-removed webhook signing_request.completed"], status: 1 },
      },
    ],
    [
      "without it, an operation of the conventions' checks",
      { given: { head: "idempotency.yaml", options: [] }, want: { found: ["idempotency-requirement-added"], status: 1 } },
    ],
    [
      "the operation checks of the conventions follow it",
      { given: { head: "idempotency.yaml", options: ["--match-path", "^/v1/"] }, want: { found: [], status: 0 } },
    ],
  ];

  it.each(cases)("%s", async (_name, { given, want }) => {
    const { run, found } = await findings("base.yaml", given.head, ...given.options);
    expect(run.stderr).toBe("");
    expect({ found, status: run.status }).toEqual({ ...want, found: [...want.found].sort() });
  });

  it("is taken by changelog too", async () => {
    const run = await runInProcess(["changelog", "base.yaml", "head.yaml", "--match-path", "^/internal"], work.dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("## `GET /internal/health`");
    expect(run.stdout).not.toContain("/enrollments");
  });

  it.each([
    ["[", 'signing-platform diff: --match-path "[": not a regular expression (Unterminated character class).'],
    ["(v1", 'signing-platform diff: --match-path "(v1": not a regular expression (Unterminated group).'],
  ])("is unusable input when %s is not a regular expression: exit 2, one line", async (regex, line) => {
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--match-path", regex], work.dir);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `${line}\n`]);
  });
});

describe("--exclude-elements", () => {
  const cases: [string, { given: { base?: string; head: string; options: string[] }; want: { found: string[]; status: number } }][] = [
    [
      "description, examples, summary and title: never compared, nothing to leave out",
      {
        given: { head: "documentation.yaml", options: ["--exclude-elements", "description,examples,summary,title"] },
        want: { found: [], status: 0 },
      },
    ],
    [
      "documentation changes are not reported without it either",
      { given: { head: "documentation.yaml", options: [] }, want: { found: [], status: 0 } },
    ],
    [
      "without it, the catalogue extension is compared",
      { given: { head: "error-code-removed.yaml", options: [] }, want: { found: ["error-code-removed"], status: 1 } },
    ],
    [
      "extensions: the x-signing-platform-* extensions are not",
      { given: { head: "error-code-removed.yaml", options: ["--exclude-elements", "extensions"] }, want: { found: [], status: 0 } },
    ],
    [
      "extensions: an idempotency extension added is not compared",
      { given: { head: "idempotency.yaml", options: ["--exclude-elements", "extensions"] }, want: { found: [], status: 0 } },
    ],
    [
      "repeated, and in a list",
      {
        given: { head: "error-code-removed.yaml", options: ["--exclude-elements", "title", "--exclude-elements", "summary,extensions"] },
        want: { found: [], status: 0 },
      },
    ],
    [
      "extensions: x-sunset is still read, so a removal before the sunset still breaks",
      {
        given: { base: "sunset-base.yaml", head: "sunset-head.yaml", options: ["--exclude-elements", "extensions"] },
        want: { found: ["api-path-removed-before-sunset GET /certificates"], status: 1 },
      },
    ],
  ];

  it.each(cases)("%s", async (_name, { given, want }) => {
    const { run, found } = await findings(given.base ?? "base.yaml", given.head, ...given.options);
    expect(run.stderr).toBe("");
    expect({ found, status: run.status }).toEqual({ ...want, found: [...want.found].sort() });
  });

  it.each([
    [
      "endpoints",
      `signing-platform diff: --exclude-elements "endpoints": oasdiff's endpoints section of its diff report has no counterpart here (every finding names its operation); --match-path chooses the paths compared.`,
    ],
    [
      "request",
      'signing-platform diff: --exclude-elements "request": not one of description, endpoints, examples, extensions, summary, title.',
    ],
    [
      "description,Examples",
      'signing-platform diff: --exclude-elements "Examples": not one of description, endpoints, examples, extensions, summary, title.',
    ],
  ])("is unusable input for %s: exit 2, one line naming the value", async (value, line) => {
    const run = await runInProcess(["diff", "base.yaml", "head.yaml", "--exclude-elements", value], work.dir);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `${line}\n`]);
  });
});
