// @ts-check
// The steps of `npm run build`, in the order they run, each with what it reads and writes:
//   1. @signing-platform/contract, the floor: it reads nothing of the spec, and the spec's own
//      library (spec/lib/conventions.js) imports it;
//   2. generated/: spec/*.tsp compiled with the emitters of tspconfig.yaml and finished
//      (scripts/build/generate.mjs);
//   3. every other workspace package, in dependency order, each by its own `build` script,
//      reading generated/ and the dist/ of the workspace packages it depends on, and compiling
//      its TypeScript through this process's compile service (compile-service.mjs), which
//      parses the declarations they all read once.
// A package's inputs are the source files of its folder except test/ and api/ (no build reads
// them), the root tsconfig.json that every package's tsconfig extends, the scripts that compile
// it, and the installed dependencies.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileServiceEnvironment } from "./compile-service.mjs";
import { generated, root } from "./paths.mjs";
import { syncFolder } from "./sync-folder.mjs";
import { buildOrder, listWorkspaces } from "./workspaces.mjs";

/**
 * @typedef {object} BuildStep
 * @property {string} label what the build prints: `@signing-platform/types`, `generated/`
 * @property {string[]} sources repository-relative folders and files it reads
 * @property {string[]} exclude folders under `sources` it does not read
 * @property {string[]} after the labels of the steps whose outputs it reads
 * @property {string[]} outputs repository-relative folders it writes
 * @property {() => Promise<void>} run
 */

export const CONTRACT = "@signing-platform/contract";
export const GENERATED = "generated/";

/** The installed tools (TypeScript, esbuild, the TypeSpec compiler and emitters): an input of every step. */
const INSTALLED = ["package-lock.json", "node_modules/.package-lock.json"];

/** How every package's build compiles its TypeScript (compile.mjs and what it runs): an input of each. */
const COMPILES = [
  "scripts/build/compile.mjs",
  "scripts/build/compile-package.mjs",
  "scripts/build/compile-service.mjs",
  "scripts/build/typescript.mjs",
];

/**
 * What a package's build reads beyond its folder, generated/ and the workspace packages its
 * package.json names: the sandbox's renders the API reference with scripts/docs.mjs, which
 * imports the generator.
 * @type {Record<string, { sources: string[], packages: string[] }>}
 */
export const READS_BEYOND_ITS_PACKAGE = {
  "@signing-platform/sandbox": { sources: ["scripts/docs.mjs", "scripts/build/paths.mjs"], packages: ["@signing-platform/generator"] },
};

/**
 * A package's `build` script, run by npm, compiling through this process's compile service.
 * @param {string} workspaceRoot @param {string} name
 */
async function runPackageBuild(workspaceRoot, name) {
  const env = { ...process.env, ...(await compileServiceEnvironment()) };
  const child = spawn("npm", ["run", "build", "-w", name, "--if-present"], { cwd: workspaceRoot, stdio: "inherit", env });
  const status = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (status !== 0) throw new Error(`${name} failed to build.`);
}

/** Compiles the spec into a scratch folder, then brings generated/ to it file by file. */
async function writeGenerated() {
  // Imported only now: the spec's compilation reads the contract's dist/, which step 1 wrote.
  const { generate } = await import("./generate.mjs");
  const scratch = mkdtempSync(join(tmpdir(), "signing-platform-generated-"));
  try {
    await generate(scratch);
    syncFolder(scratch, generated);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The step of one workspace package: its own `build` script, run by npm.
 * @param {string} workspaceRoot
 * @param {import("./workspaces.mjs").Workspace} workspace
 * @param {string[]} after the labels of the steps other than its dependencies whose outputs it reads
 * @returns {BuildStep}
 */
export function packageStep(workspaceRoot, workspace, after) {
  const { name, folder } = workspace;
  const beyond = READS_BEYOND_ITS_PACKAGE[name] ?? { sources: [], packages: [] };
  return {
    label: name,
    sources: [folder, "tsconfig.json", ...COMPILES, ...INSTALLED, ...beyond.sources],
    exclude: [`${folder}/test`, `${folder}/api`],
    after: [...after, ...workspace.dependencies],
    outputs: [`${folder}/dist`, `${folder}/src/generated`],
    run: () => runPackageBuild(workspaceRoot, name),
  };
}

/**
 * Every step of the build, in order.
 * @param {{ until?: "contract" | "generated" }} [options] stop after the contract, or after generated/
 * @returns {BuildStep[]}
 */
export function buildSteps(options = {}) {
  const { until } = options;
  const undeclared = Object.fromEntries(Object.entries(READS_BEYOND_ITS_PACKAGE).map(([name, { packages }]) => [name, packages]));
  const workspaces = buildOrder(listWorkspaces(root, undeclared));
  const contract = workspaces.find((workspace) => workspace.name === CONTRACT);
  if (!contract) throw new Error(`${CONTRACT} is not a workspace of package.json.`);
  const steps = [packageStep(root, contract, [])];
  if (until === "contract") return steps;
  steps.push({
    label: GENERATED,
    sources: ["spec", "tspconfig.yaml", "scripts/build", "docs/interface.md", "packages/validators/scripts/ajv-options.mjs", ...INSTALLED],
    // The spec's library is compiled from its JavaScript: the declarations its own build writes
    // and its API report are not read.
    exclude: ["spec/lib/dist", "spec/lib/api"],
    after: [CONTRACT],
    outputs: ["generated"],
    run: writeGenerated,
  });
  if (until === "generated") return steps;
  for (const workspace of workspaces) {
    if (workspace.name !== CONTRACT) steps.push(packageStep(root, workspace, [GENERATED]));
  }
  return steps;
}
