// The table of checks: docs/lint-and-diff.md shows exactly what checkTable() writes (`npm run
// docs:checks` rewrites it, from `signing-platform diff --list-checks`, which prints the same),
// so a check added or re-rated without its documentation fails here; and the table names every
// check with its level once.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHECKS, checkTable } from "../src/index.js";

const LABEL = { breaking: "**breaking**", warning: "warning", info: "info" } as const;
const table = checkTable();
const lines = table.split("\n");

describe("checkTable", () => {
  it("is the table in docs/lint-and-diff.md", () => {
    const document = readFileSync(new URL("../../../docs/lint-and-diff.md", import.meta.url), "utf8");
    const section = document.split("<!-- diff-checks:start -->\n")[1]?.split("<!-- diff-checks:end -->")[0];
    expect(section, "docs/lint-and-diff.md's table of diff checks is stale: run `npm run build`, then `npm run docs:checks`").toBe(table);
  });

  it("names every check with its level once", () => {
    const header = lines.find((line) => line.startsWith("| facet |"))!.split(" | ");
    for (const check of CHECKS) {
      if (check.schema) {
        const row = lines.find((line) => line.startsWith(`| \`${check.schema!.facet}\` |`))!;
        expect(row.split(" | ")[header.indexOf(check.schema.place)], check.id).toBe(LABEL[check.level]);
      } else {
        expect(table, check.id).toContain(`| \`${check.id}\` | ${LABEL[check.level]} |`);
      }
    }
    expect(new Set(CHECKS.map((check) => check.id)).size).toBe(CHECKS.length);
  });
});
