// A generated TypeScript SDK built with tsc --strict (in this process: test/support/typescript-project.ts) against this repository's node_modules
// and imported, for tests that call it over loopback.
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect } from "vitest";
import { type Compiled, compileProject } from "../../../test/support/typescript-project.js";
import { generate } from "../src/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

export interface Built {
  dir: string;
  build: Compiled;
  sdk: any;
}

/** Generates `input` as `name` into `scratch`, builds it with tsc --strict, and imports it. */
export async function generateAndBuild(scratch: string, input: string, name: string, document?: object): Promise<Built> {
  const dir = join(scratch, name.replace(/\W+/g, "-"));
  expect(await generate({ input, outDir: dir, name, ...(document ? { document: document as never } : {}) })).toMatchObject({
    target: "sdk",
    outDir: dir,
    name,
  });
  // The runtime's one dependency (openapi-fetch) and typescript, from this repository.
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  const build = compileProject(join(dir, "tsconfig.json"), { strict: true });
  const sdk = build.status === 0 ? await import(pathToFileURL(join(dir, "dist", "index.js")).href) : undefined;
  return { dir, build, sdk };
}
