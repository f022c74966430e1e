// What `signing-platform diff` writes for people and machines, and when it fails the run: one
// pair with a finding at each level (a path removed: breaking; a deprecated operation removed
// after its x-sunset: warning; an optional parameter added: info), in every format, and the
// threshold of --fail-on. Two documents with nothing in common are compared like any two.
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { generatedOpenApi, runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

function document(change: (document: Json) => void = () => {}): Json {
  const parsed = YAML.parse(generatedOpenApi());
  parsed.paths["/enrollments"].post.deprecated = true;
  parsed.paths["/enrollments"].post["x-sunset"] = "2001-02-03";
  change(parsed);
  return parsed;
}

const base = work.write("base.yaml", document());
const head = work.write(
  "head.yaml",
  document((head) => {
    // A release with a new major version: the versioning policy has nothing to add.
    head.info.version = "2.0.0";
    delete head.paths["/certificates/{id}"];
    delete head.paths["/enrollments"];
    head.paths["/certificates"].get.parameters.push({ name: "q", in: "query", schema: { type: "string" } });
  }),
);
const warningOnly = work.write(
  "warning-only.yaml",
  document((head) => delete head.paths["/enrollments"]),
);

describe.concurrent("signing-platform diff formats", () => {
  it("text: a count per level, then each finding with its id, sentence and places", async () => {
    const run = await runInProcess(["diff", base, head], work.dir);
    expect(run.stdout).toMatch(/^1 breaking change, 1 warning, 1 other change from base\.yaml to head\.yaml\.\n/);
    expect(run.stdout).toMatch(
      /\nBreaking changes:\n {2}api-path-removed-without-deprecation +GET \/certificates\/\{id\} was removed with its path, and it was not deprecated first\. {2}\(base\.yaml:\d+:\d+\)\n/,
    );
    expect(run.stdout).toMatch(
      /\nWarnings:\n {2}api-path-removed-with-deprecation +POST \/enrollments was removed with its path after its x-sunset 2001-02-03\. {2}\(base\.yaml:\d+:\d+\)\n/,
    );
    expect(run.stdout).toMatch(
      /\nOther changes, not breaking:\n {2}new-optional-request-parameter +GET \/certificates: an optional query parameter `q` was added\. {2}\(head\.yaml:\d+:\d+\)\n$/,
    );
    expect(run.status).toBe(1);
  });

  it("json: counts and findings with id, level, operation and both places", async () => {
    const run = await runInProcess(["diff", base, head, "--format", "json"], work.dir);
    const report = JSON.parse(run.stdout);
    expect(report.counts).toEqual({ breaking: 1, warning: 1, info: 1 });
    expect(report.failOn).toBe("breaking");
    expect(report.findings[0]).toMatchObject({
      id: "api-path-removed-without-deprecation",
      level: "breaking",
      operation: "GET /certificates/{id}",
      source: "openapi",
      base: { file: "base.yaml", pointer: "#/paths/~1certificates~1{id}/get", line: expect.any(Number), column: expect.any(Number) },
    });
  });

  it("markdown and changelog: the same changelog, grouped by operation, breaking first", async () => {
    const [viaDiff, viaChangelog] = await Promise.all([
      runInProcess(["diff", base, head, "--format", "markdown"], work.dir),
      runInProcess(["changelog", base, head], work.dir),
    ]);
    expect(viaChangelog.stdout).toBe(viaDiff.stdout);
    expect(viaChangelog.status).toBe(1);
    const headings = viaDiff.stdout.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual(["## `GET /certificates/{id}`", "## `POST /enrollments`", "## `GET /certificates`"]);
    expect(viaDiff.stdout).toMatch(/^# API changes from `base\.yaml` to `head\.yaml`\n\n1 breaking change, 1 warning, 1 other change\.\n/);
    expect(viaDiff.stdout).toContain(
      "- **breaking** `api-path-removed-without-deprecation`: GET /certificates/{id} was removed with its path",
    );
  });

  it("sarif: one rule per check used, one result per finding, at its line", async () => {
    const run = await runInProcess(["diff", base, head, "--format", "sarif"], work.dir);
    const log = JSON.parse(run.stdout);
    expect(log.version).toBe("2.1.0");
    const [{ tool, results }] = log.runs;
    expect(tool.driver.rules.map((rule: Json) => rule.id).sort()).toEqual([
      "api-path-removed-with-deprecation",
      "api-path-removed-without-deprecation",
      "new-optional-request-parameter",
    ]);
    expect(results.map((result: Json) => [result.ruleId, result.level])).toEqual([
      ["api-path-removed-without-deprecation", "error"],
      ["api-path-removed-with-deprecation", "warning"],
      ["new-optional-request-parameter", "note"],
    ]);
    expect(results[0].locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: expect.stringMatching(/base\.yaml$/) },
      region: { startLine: expect.any(Number) },
    });
  });

  it("github-actions: an error per failing finding, a warning, a notice", async () => {
    const run = await runInProcess(["diff", base, head, "--format", "github-actions"], work.dir);
    expect(
      run.stdout
        .trimEnd()
        .split("\n")
        .map((line) => line.split(" ")[0]),
    ).toEqual(["::error", "::warning", "::notice"]);
  });

  it("junit: a test case per finding, failed when it fails the run", async () => {
    const [byDefault, strict] = await Promise.all([
      runInProcess(["diff", base, head, "--format", "junit"], work.dir),
      runInProcess(["diff", base, head, "--format", "junit", "--fail-on", "warning"], work.dir),
    ]);
    expect(byDefault.stdout).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="signing-platform diff" tests="3" failures="1">/,
    );
    expect(byDefault.stdout.match(/<testcase /g)).toHaveLength(3);
    expect(byDefault.stdout.match(/<failure /g)).toHaveLength(1);
    expect(strict.stdout.match(/<failure /g)).toHaveLength(2);
  });
});

describe.concurrent("signing-platform diff --fail-on", () => {
  // @trace passes-a-warning-by-default
  it("passes a warning by default and fails it with --fail-on warning", async () => {
    const [byDefault, strict] = await Promise.all([
      runInProcess(["diff", base, warningOnly], work.dir),
      runInProcess(["diff", base, warningOnly, "--fail-on", "warning"], work.dir),
    ]);
    expect(byDefault.stdout).toMatch(/^0 breaking changes, 1 warning, 0 other changes/);
    expect(byDefault.status).toBe(0);
    expect(strict.status).toBe(1);
  });
});

describe("signing-platform diff of two documents with nothing in common", () => {
  it("compares them like any others: the base's operations and webhooks removed, the other's added", async () => {
    const other = work.write("other.yaml", {
      openapi: "3.1.0",
      info: { title: "Pets", version: "1" },
      paths: { "/pets": { get: { responses: { "200": { description: "ok" } } } } },
    });
    const run = await runInProcess(["diff", base, other, "--format", "json"], work.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const { findings } = JSON.parse(run.stdout) as { findings: { id: string; operation?: string }[] };
    const written = document();
    const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
    const operations = Object.entries(written.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json)
        .filter((key) => methods.has(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const of = (pattern: RegExp) =>
      findings
        .filter((finding) => pattern.test(finding.id))
        .map((finding) => finding.operation)
        .sort();
    expect(operations.length).toBeGreaterThan(0);
    expect(of(/^api-path-removed-/)).toEqual(operations.sort());
    expect(of(/^webhook-removed$/)).toEqual(
      Object.keys(written.webhooks as Json)
        .map((name) => `webhook ${name}`)
        .sort(),
    );
    expect(of(/^endpoint-added$/)).toEqual(["GET /pets"]);
  });
});
