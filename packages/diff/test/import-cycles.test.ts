// The engine's modules import one another without a cycle, type-only imports included: a
// module can then be read, tested and moved knowing only what it imports, and a type shared by
// two modules lives in a third that both import.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCES = fileURLToPath(new URL("../src/", import.meta.url));

/** The relative imports of a module's text (`import`, `import type`, `export … from`, `import()`), as paths from the source folder. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => posix.join(posix.dirname(file), specifier).replace(/\.js$/, ".ts"));
}

/** Every cycle of the import graph of `modules` (path → text), each as the paths around it, the first repeated last. */
function importCycles(modules: ReadonlyMap<string, string>): string[][] {
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    state.set(file, "open");
    for (const imported of importsOf(file, modules.get(file) ?? "")) if (modules.has(imported)) visit(imported, [...path, file]);
    state.set(file, "done");
  };
  for (const file of modules.keys()) visit(file, []);
  return cycles;
}

const sources = new Map(
  readdirSync(SOURCES, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => [file.split("\\").join("/"), readFileSync(join(SOURCES, file), "utf8")] as const),
);

describe("importCycles", () => {
  it.each([
    ["a value import back", { given: { "a.ts": 'import { b } from "./b.js";', "b.ts": 'import { a } from "./a.js";' }, want: 1 }],
    [
      "a type-only import closing a loop of three, through a folder",
      {
        given: {
          "a.ts": 'import type { B } from "./sub/b.js";',
          "sub/b.ts": 'export { c } from "../c.js";',
          "c.ts": 'const a = await import("./a.js");',
        },
        want: 1,
      },
    ],
    ["imports that only go one way", { given: { "a.ts": 'import { b } from "./b.js";', "b.ts": 'import { x } from "x";' }, want: 0 }],
  ])("finds %s", (_name, { given, want }) => {
    expect(importCycles(new Map(Object.entries(given)))).toHaveLength(want);
  });
});

describe("the engine's modules (src/)", () => {
  it("import one another without a cycle, type-only imports included", () => {
    expect(sources.size).toBeGreaterThan(10);
    expect(importCycles(sources).map((cycle) => cycle.join(" → "))).toEqual([]);
  });
});
