// @ts-check
// `npm run build -w @signing-platform/cli`: bundles src/ with esbuild into dist/bin.js (the
// command, run by bin/signing-platform.js) and dist/index.js (the same as a library), with the
// diff engine and the small dependencies every command loads bundled in and the others left external (installed
// beside the package), and copies the package's own
// OpenAPI document, generated/openapi.yaml, to dist/openapi.yaml: the default of
// `signing-platform lint`, there both in the repository and when the package is installed.
// Written beside dist/ and swapped in, since other processes run the bin while this builds.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "../../scripts/build/compile.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "dist");
const staging = `${dist}.staging-${process.pid}`;
const previous = `${dist}.previous-${process.pid}`;

/** Dependencies loaded only by the commands that need them, and kept out of the bundle. */
const ON_DEMAND = [
  "@stoplight/spectral-core",
  "@stoplight/spectral-formatters",
  "@stoplight/spectral-parsers",
  "@stoplight/spectral-ref-resolver",
  "@signing-platform/rules",
  "@signing-platform/generator",
  "@signing-platform/conformance",
  "@signing-platform/sandbox",
  // The document loader's strict YAML parser (@signing-platform/contract/openapi-loader), required only for a document with an error.
  "yaml",
];

mkdirSync(staging, { recursive: true });
await build({
  absWorkingDir: here,
  entryPoints: ["src/bin.ts", "src/index.ts"],
  outdir: staging,
  // Commands load their heavy parts (Spectral, for lint) in chunks of their own, on demand.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  // What every command loads is bundled in: resolving and reading a module file each is most
  // of a short command's start-up (`npm run bench -- lint-diff`: --help and a small diff).
  // The packages that commands load on demand, with files of their own, stay installed.
  external: [...ON_DEMAND],
  // jsonc-parser's main file is a UMD module whose require() calls esbuild cannot follow; its
  // ES module build is the same code.
  alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
  platform: "node",
  target: "node20",
  format: "esm",
  // Bundled CommonJS modules call require(): give the ES module one.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  logLevel: "warning",
});
copyFileSync(resolve(here, "../../generated/openapi.yaml"), resolve(staging, "openapi.yaml"));
// Type declarations of the library entry (dist/index.d.ts and what it imports).
if ((await compile(resolve(here, "tsconfig.json"), { outDir: resolve(staging) })) !== 0)
  throw new Error("tsc could not write the type declarations of @signing-platform/cli.");
try {
  renameSync(dist, previous);
} catch {
  // no dist/ yet
}
renameSync(staging, dist);
rmSync(previous, { recursive: true, force: true });
