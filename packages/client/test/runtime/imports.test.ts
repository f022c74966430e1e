// The runtime's modules, as every generated SDK embeds them (index.ts): they import one another
// without a cycle, types included, so each can be read, tested and embedded from the modules it
// stands on; and no relative import leaves the runtime's folder.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("../../src/runtime/", import.meta.url));
const modules = readdirSync(folder, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".ts"))
  .map((path) => path.split("\\").join("/"))
  .sort();

/** The runtime modules `path` imports, by path under the folder, `import type` included. */
function importsOf(path: string): string[] {
  const text = readFileSync(join(folder, path), "utf8");
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)\.js"/gm)].map((match) =>
    normalize(join(dirname(path), `${match[1]}.ts`))
      .split("\\")
      .join("/"),
  );
}

const graph = new Map(modules.map((path) => [path, importsOf(path)]));

/** The first cycle of imports found from `start`, as the chain of modules that closes it; undefined without one. */
function cycleFrom(start: string, chain: string[] = [], done = new Set<string>()): string[] | undefined {
  if (chain.includes(start)) return [...chain.slice(chain.indexOf(start)), start];
  if (done.has(start)) return undefined;
  for (const next of graph.get(start) ?? []) {
    const cycle = cycleFrom(next, [...chain, start], done);
    if (cycle) return cycle;
  }
  done.add(start);
  return undefined;
}

describe("the client runtime's imports", () => {
  it("stay inside the runtime's folder", () => {
    const outside = [...graph].flatMap(([path, imported]) =>
      imported.filter((target) => relative(folder, join(folder, target)).startsWith("..")).map((target) => `${path} → ${target}`),
    );
    expect(outside).toEqual([]);
    expect(graph.get("transport.ts")).toEqual(expect.arrayContaining(["transport/attempt-credentials.ts", "prepare-request.ts"]));
  });

  it("form no cycle, types included", () => {
    const done = new Set<string>();
    const cycles = modules.map((path) => cycleFrom(path, [], done)?.join(" → ")).filter(Boolean);
    expect(cycles).toEqual([]);
  });
});
