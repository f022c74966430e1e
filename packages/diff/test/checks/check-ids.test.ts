// Every check id the engine can report is written out whole in its sources, so that searching
// for an id a report shows (`request-body-max-length-decreased`) finds where it is registered
// (src/checks/) and where it is found (the comparer that reports it; a schema check by its
// facet). An id put together from parts (`${place}-${facet}`) would hide both.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHECKS } from "../../src/index.js";

const SOURCES = fileURLToPath(new URL("../../src/", import.meta.url));

const sources = readdirSync(SOURCES, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file: file.split("\\").join("/"), text: readFileSync(join(SOURCES, file), "utf8") }));

/**
 * The expressions given to an `id:` property that hold a template literal, each with its file
 * and line: the expression runs to the first `,`, `;` or closing bracket outside brackets and
 * strings, over as many lines as it takes.
 */
function templateIds(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<![\w$.])id:\s*/g)) {
    let depth = 0;
    let quote: string | undefined;
    for (let index = match.index + match[0].length; index < text.length; index++) {
      const char = text[index]!;
      if (quote) {
        if (char === "\\") index++;
        else if (char === quote) quote = undefined;
        continue;
      }
      if (char === "`") {
        found.push(`${file}:${text.slice(0, match.index).split("\n").length}`);
        break;
      }
      if (char === '"' || char === "'") quote = char;
      else if ("([{".includes(char)) depth++;
      else if (")]}".includes(char)) {
        if (depth === 0) break;
        depth--;
      } else if ((char === "," || char === ";") && depth === 0) break;
    }
  }
  return found;
}

describe("templateIds", () => {
  it.each([
    ["a literal", { given: 'report({ id: "api-tag-added", message: `${name} added` });', want: 0 }],
    ["a literal chosen by a condition", { given: 'report({ id: added ? "a-added" : "a-removed", head });', want: 0 }],
    ["a lookup", { given: "report({ id: IDS[reader][kind], message: `${what}.` });", want: 0 }],
    ["a template", { given: "report({ id: `${place}-${facet}`, message });", want: 1 }],
    [
      "a template in one branch of a condition",
      { given: 'report({\n  id: open\n    ? "open-enum"\n    : `${reader}-enum`,\n});', want: 1 },
    ],
    ["a template after a string holding a comma", { given: 'const x = { id: f(",", `${a}-b`) };', want: 1 }],
  ])("reads %s", (_name, { given, want }) => {
    expect(templateIds("given.ts", given)).toHaveLength(want);
  });
});

describe("the check ids", () => {
  it("are each written out whole, in quotes, in src/", () => {
    const text = sources.map((source) => source.text).join("\n");
    expect(CHECKS.length).toBeGreaterThan(0);
    expect(CHECKS.filter((check) => !text.includes(`"${check.id}"`)).map((check) => check.id)).toEqual([]);
  });

  it("are each reported by a comparer: the id, or a schema check's facet, is written outside src/checks/", () => {
    const comparers = sources
      .filter((source) => !source.file.startsWith("checks/"))
      .map((source) => source.text)
      .join("\n");
    const unreported = CHECKS.filter((check) => !comparers.includes(`"${check.schema?.facet ?? check.id}"`));
    expect(unreported.map((check) => check.id)).toEqual([]);
  });

  it("are never given to `id:` as a template literal", () => {
    expect(sources.flatMap((source) => templateIds(source.file, source.text))).toEqual([]);
  });
});
