// `signing-platform diff --list-checks` prints the engine's table of checks, the one
// docs/lint-and-diff.md shows (packages/diff/test/check-table.test.ts holds the document to it).
import { expect, it } from "vitest";
import { checkTable } from "@signing-platform/diff";
import { repo, runCli } from "../support/cli.js";

it("diff --list-checks prints the table of checks, and exits 0", async () => {
  const run = await runCli(["diff", "--list-checks"], repo);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(checkTable());
  expect(run.status).toBe(0);
});
