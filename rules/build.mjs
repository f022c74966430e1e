// @ts-check
// `npm run build -w @signing-platform/rules`: compiles src/*.ts into dist/ with esbuild, so
// that Spectral loads plain JavaScript and nothing is built on the user's side, and writes
// the type declarations into dist/types/ with tsc.
//   dist/ruleset.js, dist/functions.js,   ESM, sharing chunks
//   dist/conventions.js
//   dist/ruleset.cjs                      one CommonJS file, for `require` (Spectral's
//                                         `extends:` by package name)
// generated/catalogue.json is imported by src/conventions.ts and inlined here, so the packed
// package carries the catalogue it was built with; a document's own x-signing-platform-*
// extensions still win at lint time.
//
// The tree is shared and other builds and tests read dist/ while this runs, so the new dist/
// is written beside it and swapped in at the end.
import { build } from "esbuild";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { compile } from "../scripts/build/compile.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
// `--outdir DIR` builds elsewhere: the package test compares such a build with dist/.
// `--skip-types` leaves out the declarations (tsc takes seconds; the JavaScript is what it compares).
const { outdir = resolve(here, "dist"), "skip-types": skipTypes = false } = parseArgs({
  options: { outdir: { type: "string" }, "skip-types": { type: "boolean" } },
}).values;
const staging = `${outdir}.staging-${process.pid}`;
/** @type {import("esbuild").BuildOptions} */
const shared = {
  absWorkingDir: here,
  bundle: true,
  platform: "node",
  target: "node20",
  // Spectral hands a bundled ruleset its own copy of these packages; never inline them.
  external: ["@stoplight/*"],
  logLevel: "warning",
};

try {
  await build({
    ...shared,
    entryPoints: {
      ruleset: "src/ruleset.ts",
      functions: "src/functions/index.ts",
      conventions: "src/conventions.ts",
    },
    outdir: staging,
    format: "esm",
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
  });
  // `require("@signing-platform/rules")` returns the ruleset itself, as Spectral's `extends:` expects.
  await build({
    ...shared,
    entryPoints: ["src/ruleset.ts"],
    outfile: resolve(staging, "ruleset.cjs"),
    format: "cjs",
    footer: { js: "module.exports = module.exports.default;" },
  });
  if (!skipTypes) {
    if ((await compile(resolve(here, "tsconfig.build.json"), { outDir: resolve(staging, "types") })) !== 0)
      throw new Error("tsc could not write the type declarations.");
    // The CommonJS entry's types: the same declaration, as `export =` (module.exports is the ruleset).
    const esmTypes = readFileSync(resolve(staging, "types", "ruleset.d.ts"), "utf8");
    writeFileSync(resolve(staging, "types", "ruleset.d.cts"), esmTypes.replace(/^export default ruleset;$/m, "export = ruleset;"));
  }
  const previous = `${outdir}.previous-${process.pid}`;
  try {
    renameSync(outdir, previous);
  } catch {
    // no dist/ yet
  }
  renameSync(staging, outdir);
  rmSync(previous, { recursive: true, force: true });
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
