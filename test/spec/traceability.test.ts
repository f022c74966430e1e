// docs/traceability.md stays honest: every row is filled, and every test it names exists.
// A test is cited by a stable id, `file › #id`, which the test file carries as a
// `// @trace id` line right above the test: titles can be reworded without touching the table.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interfaceTable, root } from "../support/generated.js";

const table = readFileSync(join(root, "docs", "traceability.md"), "utf8")
  .split("\n")
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => line.split(" | ").map((cell) => cell.replace(/^\| |\s\|$/g, "").trim()));

const references = table.flatMap((row) =>
  [...row[4]!.matchAll(/`([^`]+\.test\.ts)` › #([a-z0-9-]+)/g)].map((match) => ({ row: row[0], file: match[1]!, id: match[2]! })),
);

describe("docs/traceability.md", () => {
  it("has a filled row for each statement", () => {
    expect(table.length).toBeGreaterThan(100);
    for (const row of table) {
      expect(row, row.join(" | ")).toHaveLength(5);
      for (const cell of row) expect(cell.length, row.join(" | ")).toBeGreaterThan(0);
      expect(row[4]).toMatch(/\.test\.ts|not specified by the source/);
    }
  });

  it("covers every error code and event type of the interface document", () => {
    const text = table.map((row) => row[2]).join("\n");
    const codes = interfaceTable("Error codes").map(([code]) => code!);
    const types = interfaceTable("Event types").map(([type]) => type!);
    expect(codes.length).toBeGreaterThan(0);
    expect(types.length).toBeGreaterThan(0);
    expect([...codes, ...types].filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });

  it("cites tests only by stable id", () => {
    expect(references.length).toBeGreaterThan(100);
    for (const row of table) expect(row[4], row.join(" | ")).not.toMatch(/\.test\.ts` › "/);
  });

  it.each(references.map((reference) => [`row ${reference.row}: ${reference.file} › #${reference.id}`, reference]))(
    "%s exists",
    (_name, { file, id }) => {
      const path = join(root, file);
      expect(existsSync(path), file).toBe(true);
      const lines = readFileSync(path, "utf8").split("\n");
      const marker = lines.findIndex((line) => line.trim() === `// @trace ${id}`);
      expect(marker, `// @trace ${id} in ${file}`).toBeGreaterThanOrEqual(0);
      expect(lines[marker + 1], `the line after // @trace ${id}`).toMatch(/^\s*(?:it|test|describe)\b/);
    },
  );
});
