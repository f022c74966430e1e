// generated/openapi.yaml is a valid OpenAPI 3.1 document, by the official schema and by an
// independent linter's recommended rules (Redocly CLI), not only by our own checks.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { generatedDir, loadOpenApi, root } from "../support/generated.js";

describe("generated/openapi.yaml", () => {
  // @trace validates-against-the-openapi-3-1-schema
  it("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(loadOpenApi());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lints clean with Redocly CLI's recommended rules", () => {
    const redocly = join(root, "node_modules", "@redocly", "cli", "bin", "cli.js");
    const result = spawnSync(
      process.execPath,
      [redocly, "lint", join(generatedDir, "openapi.yaml"), "--format=json", "--config", join(root, "redocly.yaml")],
      { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    );
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf("{")));
    const problems = report.problems.map((problem: any) => `${problem.ruleId}: ${problem.message}`);
    expect(problems).toEqual([]);
    expect(result.status).toBe(0);
  });
});
