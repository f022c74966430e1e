// @ts-check
// `npm run build`: the whole pipeline, spec → generated → packages.
//   1. build @signing-platform/contract, the floor: it reads nothing, and the spec's own
//      library (spec/lib/) takes the extension names from it;
//   2. compile spec/*.tsp and write generated/openapi.yaml, generated/json-schema/ and
//      generated/catalogue.json (scripts/build/generate.mjs);
//   3. run the `build` script of every other workspace package (types, validators, client,
//      …), each of which reads generated/.
// `--spec-only` stops after step 2.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./build/paths.mjs";

const CONTRACT = "@signing-platform/contract";

/** @param {string[]} args the arguments of `npm run build` that pick the workspaces */
function buildWorkspaces(args) {
  const result = spawnSync("npm", ["run", "build", ...args, "--if-present"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("A workspace package failed to build.");
}

/** Every workspace but the contract, which step 1 built. */
function otherWorkspaces() {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return /** @type {string[]} */ (manifest.workspaces)
    .filter((folder) => JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")).name !== CONTRACT)
    .flatMap((folder) => ["-w", folder]);
}

try {
  buildWorkspaces(["-w", CONTRACT]);
  // Imported only now: the spec's compilation reads the contract's dist/, which step 1 wrote.
  const { generate } = await import("./build/generate.mjs");
  await generate();
  if (!process.argv.includes("--spec-only")) buildWorkspaces(otherWorkspaces());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
