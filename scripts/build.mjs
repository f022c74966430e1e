// @ts-check
// `npm run build`: the whole pipeline, spec → generated → packages.
//   1. compile spec/*.tsp and write generated/openapi.yaml, generated/json-schema/ and
//      generated/catalogue.json (scripts/build/generate.mjs);
//   2. run the `build` script of every workspace package (types, validators, client, …),
//      each of which reads generated/. Later code generation hooks in there.
// `--spec-only` stops after step 1.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { generate } from "./build/generate.mjs";
import { root } from "./build/paths.mjs";

function buildWorkspaces() {
  const packages = readdirSync(join(root, "packages"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  if (packages.length === 0) return;
  const result = spawnSync("npm", ["run", "build", "--workspaces", "--if-present"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("A workspace package failed to build.");
}

try {
  await generate();
  if (!process.argv.includes("--spec-only")) buildWorkspaces();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
