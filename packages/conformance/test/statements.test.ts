// The README's table of the contract, statement by statement, held to the kit and to the
// interface document: every check it names exists, every check is named by a statement, and
// every heading of the document that states something a server does has a row.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHECKS, WEBHOOK_CHECKS } from "../src/index.js";
import { interfaceHeadings } from "./support/sandbox-data.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

interface Row {
  heading: string;
  statement: string;
  checkedBy: string;
}

function rows(): Row[] {
  const start = readme.indexOf("## The contract, statement by statement");
  if (start < 0) throw new Error("the README has no section “The contract, statement by statement”");
  const end = readme.indexOf("\n## ", start + 1);
  return readme
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| heading"))
    .map((line) => {
      const [heading, statement, checkedBy] = line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.trim());
      return { heading: heading!, statement: statement!, checkedBy: checkedBy! };
    });
}

const ids = new Set([...CHECKS, ...WEBHOOK_CHECKS].map((check) => check.id));
const cited = (row: Row) =>
  [...row.checkedBy.matchAll(/`([a-z][a-z0-9-]+)`/g)]
    .map((match) => match[1]!)
    .filter((word) => ids.has(word) || /^[a-z]+(-[a-z0-9]+)+$/.test(word));

describe("the contract, statement by statement", () => {
  it("names only checks the kit has, with an option or a reason where a check needs one", () => {
    for (const row of rows()) {
      const named = cited(row);
      expect(
        named.filter((id) => !ids.has(id)),
        `${row.heading}: ${row.statement}`,
      ).toEqual([]);
      if (named.length === 0) expect(row.checkedBy, `${row.heading}: ${row.statement} names no check and no reason`).toMatch(/^not /);
    }
  });

  it("names every check of the kit", () => {
    const named = new Set(rows().flatMap(cited));
    expect([...ids].filter((id) => !named.has(id))).toEqual([]);
  });

  it("cites the interface document by its headings, and has a row under each that states what a server does", () => {
    const known = new Set(interfaceHeadings());
    const used = new Set(rows().map((row) => row.heading));
    expect([...used].filter((heading) => !known.has(heading))).toEqual([]);
    // Headings that state nothing a server does: the parts that only point elsewhere.
    const pointers = new Set([
      "Resources and their fields",
      "Resources and their fields › Error object, detail object",
      "Events",
      "Errors",
    ]);
    expect([...known].filter((heading) => !used.has(heading) && !pointers.has(heading))).toEqual([]);
  });
});
