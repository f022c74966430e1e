// docs/traceability.md stays honest: every row is filled, and every test it names exists
// (the file, and a test title in it containing the quoted words).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

const table = readFileSync(join(root, "docs", "traceability.md"), "utf8")
  .split("\n")
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| |\s\|$/g, "").trim()));

const references = table.flatMap((row) =>
  [...row[4]!.matchAll(/`([^`]+\.test\.ts)` › "([^"]+)"/g)].map((match) => ({ row: row[0], file: match[1]!, title: match[2]! })),
);

describe("docs/traceability.md", () => {
  it("has a filled row for each statement", () => {
    expect(table.length).toBeGreaterThan(100);
    for (const row of table) {
      expect(row, row.join(" | ")).toHaveLength(5);
      for (const cell of row) expect(cell.length, row.join(" | ")).toBeGreaterThan(0);
      expect(row[4]).toMatch(/\.test\.ts|not specified by the source|later issue/);
    }
  });

  it("covers every error code and event type of the interface document", () => {
    const text = table.map((row) => row[2]).join("\n");
    for (const code of ["predecessor_revoked", "package_code_not_accepted", "rate_limited", "delivery_retired"]) {
      expect(text).toContain(`\`${code}\``);
    }
    for (const type of ["signing_request.failed", "certificate.issued", "ping"]) expect(text).toContain(`\`${type}\``);
  });

  it.each(references.map((reference) => [`row ${reference.row}: ${reference.file} › ${reference.title}`, reference]))(
    "%s exists",
    (_name, { file, title }) => {
      const path = join(root, file);
      expect(existsSync(path), file).toBe(true);
      const source = readFileSync(path, "utf8");
      const titles = [
        ...source.matchAll(/\b(?:it|test|describe)(?:\.each\([\s\S]*?\))?(?:\.runIf\([^)]*\))?\(\s*(?:"([^"]+)"|'([^']+)'|`([^`]+)`)/g),
      ].map((match) => match[1] ?? match[2] ?? match[3]!);
      expect(
        titles.some((candidate) => candidate.includes(title)),
        `${title} in ${titles.join(" / ")}`,
      ).toBe(true);
    },
  );
});
