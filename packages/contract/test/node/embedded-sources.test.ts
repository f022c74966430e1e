// What a generator embeds: the contract's own files, portable, and the import closure of any
// published folder, with every import relative.
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { readContractSources, readImportClosure } from "../../src/node/embedded-sources.js";

async function folderOf(files: Record<string, string>): Promise<URL> {
  const root = await mkdtemp(join(tmpdir(), "contract-sources-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return pathToFileURL(`${root}/`);
}

describe("readContractSources", () => {
  it("hands over every portable file and none of this entry's", async () => {
    const files = await readContractSources();
    expect(Object.keys(files)).toEqual([
      "extensions.ts",
      "fallback-code.ts",
      "http-methods.ts",
      "index.ts",
      "operations.ts",
      "read-extensions.ts",
    ]);
  });

  it("holds files that import nothing but each other, so an SDK carries them as they are", async () => {
    const files = await readContractSources();
    const closure = await readImportClosure(new URL("../../src/", import.meta.url), ["index.ts"]);
    expect(Object.keys(closure)).toEqual(Object.keys(files));
  });
});

describe("readImportClosure", () => {
  it("follows relative imports from the entries, skipping provided files and imports in comments", async () => {
    const folder = await folderOf({
      "a.ts": '/** @example import { a } from "some-package"; */\nimport { b } from "./sub/b.js";\nexport const a = b;\n',
      "sub/b.ts": 'import type { C } from "../c.js";\nimport { facts } from "../catalogue.js";\nexport const b: C = facts;\n',
      "c.ts": "export type C = number;\n",
      "unused.ts": "export const unused = 1;\n",
    });
    const files = await readImportClosure(folder, ["a.ts"], { provided: ["catalogue.ts"] });
    expect(Object.keys(files)).toEqual(["a.ts", "c.ts", "sub/b.ts"]);
  });

  it("refuses a file that imports a package, naming both", async () => {
    const folder = await folderOf({ "a.ts": 'import { readFile } from "node:fs";\nexport const a = readFile;\n' });
    await expect(readImportClosure(folder, ["a.ts"])).rejects.toThrow("a.ts imports node:fs");
  });
});
