// oasdiff's prefix options through the CLI's run: --strip-prefix-base and --prefix-base rewrite each
// path of the base, --strip-prefix-revision and --prefix-revision each path of the head, stripping
// before prepending, so that one API served under /api/v1 in one version and /api/v2 in the next
// is compared path for path. Findings keep naming each operation as its own document writes it.
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

/** The clean fixture served under `prefix`, changed by `change`: each /api/vN a release of major version N. */
function servedUnder(prefix: string, change: (document: Json) => void = () => {}): Json {
  const document = cleanDocument();
  document.info.version = prefix === "/api/v2" ? "2.0.0" : "1.0.0";
  document.paths = Object.fromEntries(Object.entries(document.paths as Json).map(([path, item]) => [`${prefix}${path}`, item]));
  change(document);
  return document;
}

work.write("v1.yaml", servedUnder("/api/v1"));
work.write("v2.yaml", servedUnder("/api/v2"));
work.write("bare.yaml", servedUnder(""));
work.write(
  "v2-changed.yaml",
  servedUnder("/api/v2", (head) => {
    delete head.paths["/api/v2/enrollments/{id}"];
    head.paths["/api/v2/certificates"].get.parameters.pop();
  }),
);
work.write(
  "v2-idempotency.yaml",
  servedUnder("/api/v2", (head) => (head.paths["/api/v2/enrollments"].post["x-signing-platform-idempotency"] = { required: true })),
);

const operations = Object.values(cleanDocument().paths as Json).flatMap((item) => Object.keys(item as Json)).length;

async function diff(base: string, head: string, options: string[]) {
  const run = await runInProcess(["diff", base, head, "--format", "json", ...options], work.dir);
  const report = JSON.parse(run.stdout) as {
    counts: Record<string, number>;
    findings: { id: string; operation?: string; message: string }[];
  };
  return { run, report };
}

describe("the prefix options", () => {
  const cases: [
    string,
    { given: { base: string; head: string; options: string[] }; want: { counts: Record<string, number>; status: number } },
  ][] = [
    [
      "without them, every path of the base is removed and every one of the head added",
      {
        given: { base: "v1.yaml", head: "v2.yaml", options: [] },
        want: { counts: { breaking: operations, warning: 0, info: operations }, status: 1 },
      },
    ],
    [
      "--strip-prefix-base and --strip-prefix-revision: each version without its own prefix",
      {
        given: { base: "v1.yaml", head: "v2.yaml", options: ["--strip-prefix-base", "/api/v1", "--strip-prefix-revision", "/api/v2"] },
        want: { counts: { breaking: 0, warning: 0, info: 0 }, status: 0 },
      },
    ],
    [
      "--strip-prefix-base then --prefix-base: the base under the head's prefix (stripping comes first)",
      {
        given: { base: "v1.yaml", head: "v2.yaml", options: ["--prefix-base", "/api/v2", "--strip-prefix-base", "/api/v1"] },
        want: { counts: { breaking: 0, warning: 0, info: 0 }, status: 0 },
      },
    ],
    [
      "--strip-prefix-revision then --prefix-revision: the head under the base's prefix",
      {
        given: { base: "v1.yaml", head: "v2.yaml", options: ["--strip-prefix-revision", "/api/v2", "--prefix-revision", "/api/v1"] },
        want: { counts: { breaking: 0, warning: 0, info: 0 }, status: 0 },
      },
    ],
    [
      "--prefix-base alone: a base served at the root against a head under a prefix",
      {
        given: { base: "bare.yaml", head: "v2.yaml", options: ["--prefix-base", "/api/v2"] },
        want: { counts: { breaking: 0, warning: 0, info: 0 }, status: 0 },
      },
    ],
    [
      "a prefix a path does not start with is not stripped",
      {
        given: { base: "v1.yaml", head: "v2.yaml", options: ["--strip-prefix-base", "/v1", "--strip-prefix-revision", "/v2"] },
        want: { counts: { breaking: operations, warning: 0, info: operations }, status: 1 },
      },
    ],
    [
      "--match-path reads the paths as written, before they are rewritten",
      {
        given: {
          base: "v1.yaml",
          head: "v2-changed.yaml",
          options: ["--match-path", "^/api/v./certificates", "--strip-prefix-base", "/api/v1", "--strip-prefix-revision", "/api/v2"],
        },
        want: { counts: { breaking: 1, warning: 0, info: 0 }, status: 1 },
      },
    ],
  ];

  it.each(cases)("%s", async (_name, { given, want }) => {
    const { run, report } = await diff(given.base, given.head, given.options);
    expect(run.stderr).toBe("");
    expect({ counts: report.counts, status: run.status }).toEqual(want);
  });

  it("compares the operations path for path, each named as its own document writes it", async () => {
    const { run, report } = await diff("v1.yaml", "v2-changed.yaml", [
      "--strip-prefix-base",
      "/api/v1",
      "--strip-prefix-revision",
      "/api/v2",
    ]);
    expect(run.status).toBe(1);
    expect(report.findings.map((finding) => [finding.id, finding.operation]).sort()).toEqual([
      ["api-path-removed-without-deprecation", "DELETE /api/v1/enrollments/{id}"],
      ["request-parameter-removed", "GET /api/v2/certificates"],
    ]);
  });

  it("pairs the operations of the conventions' checks the same way", async () => {
    const { report } = await diff("v1.yaml", "v2-idempotency.yaml", [
      "--strip-prefix-base",
      "/api/v1",
      "--strip-prefix-revision",
      "/api/v2",
    ]);
    expect(report.findings.map((finding) => finding.id)).toEqual(["idempotency-requirement-added"]);
    expect(report.findings[0]!.message).toMatch(/^POST \/api\/v2\/enrollments now requires an idempotency key/);
  });

  it("is taken by changelog too", async () => {
    const run = await runInProcess(
      ["changelog", "v1.yaml", "v2.yaml", "--strip-prefix-base", "/api/v1", "--strip-prefix-revision", "/api/v2"],
      work.dir,
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/0 breaking changes, 0 warnings, 0 other changes\./);
  });

  it.each(["--prefix-base", "--prefix-revision", "--strip-prefix-base", "--strip-prefix-revision"])(
    "is unusable input when %s has no value: exit 2, one line",
    async (option) => {
      const run = await runInProcess(["diff", "v1.yaml", "v2.yaml", option], work.dir);
      expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `signing-platform diff: option ${option} needs a value.\n`]);
    },
  );
});
