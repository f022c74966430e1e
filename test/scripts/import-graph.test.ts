// No module of a package imports, through any chain of imports, a module that imports it back:
// type-only imports and `import("…")` types count, since a circle of types is still a circle a
// reader has to hold in mind at once, and turns into a load-order bug the day one of its
// imports carries a value. Between packages, the workspace dependencies form no circle either.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { circlesOf } from "../../packages/generator/src/graph-circles.js";
import { root } from "../support/generated.js";
import { filesOf, workspaces } from "../support/workspace-files.js";

/** Every relative module a source file names: static imports and re-exports (type-only too), `import("…")`. */
export function relativeImports(code: string): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specifiers = [
    ...bare.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g),
    ...bare.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g),
  ];
  return specifiers.map(([, specifier]) => specifier!);
}

/** The tracked file a specifier names: `./x.js` is `./x.ts` in the sources. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const target = relative(root, resolve(root, dirname(from), specifier));
  const candidates = [target, target.replace(/\.js$/, ".ts"), target.replace(/\.mjs$/, ".mts"), `${target}.ts`, join(target, "index.ts")];
  return candidates.find((candidate) => files.has(candidate));
}

describe("the import graph", () => {
  it.each([
    ["no imports", new Map([["a", []]]), []],
    [
      "a chain",
      new Map([
        ["a", ["b"]],
        ["b", ["c"]],
        ["c", []],
      ]),
      [],
    ],
    [
      "a pair",
      new Map([
        ["a", ["b"]],
        ["b", ["a"]],
      ]),
      [["a", "b"]],
    ],
    [
      "a ring of three beside a tail",
      new Map([
        ["a", ["b"]],
        ["b", ["c"]],
        ["c", ["a", "d"]],
        ["d", []],
      ]),
      [["a", "b", "c"]],
    ],
    ["a file importing itself", new Map([["a", ["a"]]]), [["a"]]],
  ])("finds the circles of %s", (_name, graph, circles) => {
    expect(circlesOf(graph as Map<string, string[]>).map((circle) => circle.sort())).toEqual(circles);
  });

  it("reads every way a module is named", () => {
    const code = [
      'import { a } from "./a.js";',
      'import type { B } from "../b.js";',
      'export * from "./c.js";',
      'export type { D } from "./d.js";',
      'import "./e.js";',
      'type F = import("./f.js").F;',
      'import { g } from "@signing-platform/contract";',
      '// import { h } from "./h.js";',
    ].join("\n");
    expect(relativeImports(code)).toEqual(["./a.js", "../b.js", "./c.js", "./d.js", "./e.js", "./f.js"]);
  });

  describe.each(workspaces.map((workspace) => [workspace.manifest.name as string, workspace] as const))("%s", (_name, workspace) => {
    it("has no circle of imports inside it", () => {
      const files = filesOf(workspace.folder).filter((file) => file.includes("/src/") && !file.endsWith(".d.ts"));
      const tracked = new Set(files);
      const graph = new Map(
        files.map((file) => [
          file,
          relativeImports(readFileSync(join(root, file), "utf8"))
            .map((specifier) => resolveImport(file, specifier, tracked))
            .filter((target): target is string => target !== undefined),
        ]),
      );
      expect(
        circlesOf(graph).map((circle) =>
          circle
            .sort()
            .map((file) => relative(workspace.folder, file))
            .join(" ↔ "),
        ),
      ).toEqual([]);
    });
  });

  it("has no circle of dependencies between the packages", () => {
    const names = new Set(workspaces.map((workspace) => workspace.manifest.name as string));
    const graph = new Map(
      workspaces.map((workspace) => [
        workspace.manifest.name as string,
        Object.keys({ ...workspace.manifest.dependencies, ...workspace.manifest.peerDependencies }).filter((name) => names.has(name)),
      ]),
    );
    expect(circlesOf(graph)).toEqual([]);
  });
});
