// `signing-platform lint`, through the CLI's run (the bin itself: bad-input.test.ts): exit 0 without errors (warnings
// allowed), 1 with errors, each output format, and the package's own document by default.
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, runInProcess, workspace, type Json } from "./support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const clean = work.write("clean.yaml", cleanDocument());
const withError = work.write(
  "uuid-key.yaml",
  (() => {
    const document: Json = cleanDocument();
    document.components.parameters.IdempotencyKey.schema.pattern = "^[A-Za-z0-9-]{16,128}$";
    return document;
  })(),
);
const withWarning = work.write(
  "retry-after-on-400.yaml",
  (() => {
    const document: Json = cleanDocument();
    document.paths["/certificates"].get.responses["400"].headers["Retry-After"] = { required: true, schema: { type: "integer" } };
    return document;
  })(),
);
const idempotencyMessage =
  "Idempotency-Key of POST /enrollments must have the pattern ^[A-Za-z0-9]{16,128}$ (alphanumeric, 16 to 128 characters).";

describe("signing-platform lint", () => {
  it("exits 0 and says so on a document with no problems", async () => {
    const run = await runInProcess(["lint", clean], work.dir);
    expect(run).toMatchObject({ status: 0, stdout: "No problems found.\n", stderr: "" });
  });

  it("exits 1 on errors, listing them in stylish form", async () => {
    const run = await runInProcess(["lint", withError], work.dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("error  signing-platform-idempotency-key");
    expect(run.stdout).toContain(idempotencyMessage);
    expect(run.stdout).toContain("components.parameters.IdempotencyKey.schema");
  });

  it("exits 0 on warnings alone, still listing them", async () => {
    const run = await runInProcess(["lint", withWarning], work.dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("warning  signing-platform-retry-after-unexpected");
  });

  it("writes json", async () => {
    const run = await runInProcess(["lint", withError, "--format", "json"], work.dir);
    const results = JSON.parse(run.stdout);
    expect(results.map((found: Json) => [found.code, found.message, found.severity])).toEqual([
      ["signing-platform-idempotency-key", idempotencyMessage, 0],
    ]);
    expect(run.status).toBe(1);
  });

  it("writes SARIF 2.1.0 that names the rule", async () => {
    const run = await runInProcess(["lint", withError, "--format", "sarif"], work.dir);
    const log = JSON.parse(run.stdout);
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].results.map((found: Json) => [found.ruleId, found.level, found.message.text])).toEqual([
      ["signing-platform-idempotency-key", "error", idempotencyMessage],
    ]);
    expect(log.runs[0].tool.driver.rules.map((rule: Json) => rule.id)).toContain("signing-platform-webhook-no-client-secret");
  });

  it("writes GitHub Actions annotations with file and line", async () => {
    const run = await runInProcess(["lint", withError, "-f", "github-actions"], work.dir);
    expect(run.stdout.trim()).toMatch(
      /^::error title=signing-platform-idempotency-key,file=uuid-key\.yaml,col=\d+,endColumn=\d+,line=\d+,endLine=\d+::Idempotency-Key of POST/,
    );
    expect(run.status).toBe(1);
  });

  it("lints the package's own OpenAPI document when given no file", async () => {
    const run = await runInProcess(["lint", "--format", "json"], work.dir);
    const results: Json[] = JSON.parse(run.stdout);
    expect(results.every((found) => String(found.source).endsWith("packages/cli/dist/openapi.yaml"))).toBe(true);
    expect(run.status).toBe(results.some((found) => found.severity === 0) ? 1 : 0);
  });
});
