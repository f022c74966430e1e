// The table of checks: `diff --list-checks` prints every check with its level, and
// docs/lint-and-diff.md shows exactly that table (`npm run docs:checks` rewrites it), so a check added or re-rated
// without its documentation fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHECKS } from "@signing-platform/diff";
import { repo, runCli } from "../support/cli.js";

describe("signing-platform diff --list-checks", () => {
  it("is the table in docs/lint-and-diff.md", async () => {
    const run = await runCli(["diff", "--list-checks"], repo);
    expect(run.status).toBe(0);
    const readme = readFileSync(join(repo, "docs", "lint-and-diff.md"), "utf8");
    const section = readme.split("<!-- diff-checks:start -->\n")[1]?.split("<!-- diff-checks:end -->")[0];
    expect(section, "docs/lint-and-diff.md's table of diff checks is stale: run `npm run docs:checks`").toBe(run.stdout);
  });

  it("names every check with its level once", async () => {
    const { stdout } = await runCli(["diff", "--list-checks"], repo);
    const label = { breaking: "**breaking**", warning: "warning", info: "info" } as const;
    for (const check of CHECKS) {
      if (check.schema) {
        const row = stdout.split("\n").find((line) => line.startsWith(`| \`${check.schema!.facet}\` |`))!;
        const header = stdout
          .split("\n")
          .find((line) => line.startsWith("| facet |"))!
          .split(" | ");
        expect(row.split(" | ")[header.indexOf(check.schema.place)], check.id).toBe(label[check.level]);
      } else {
        expect(stdout, check.id).toContain(`| \`${check.id}\` | ${label[check.level]} |`);
      }
    }
    expect(new Set(CHECKS.map((check) => check.id)).size).toBe(CHECKS.length);
  });
});
