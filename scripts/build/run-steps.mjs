// @ts-check
// Runs build steps in order, skipping each one whose inputs, the outputs of the steps it reads
// and its own outputs hash as they did after its last successful build. A step that builds
// says why (the first file that changed); a step whose build writes the same outputs as
// before leaves the steps that read it up to date.
import { performance } from "node:perf_hooks";
import { buildCacheDir, createBuildCache, staleReason } from "./build-cache.mjs";
import { hashInputs, hashOutputs, listSourceFiles, sha256 } from "./content-hash.mjs";

/**
 * @typedef {object} RunOptions
 * @property {string} root the repository the steps' paths are relative to
 * @property {boolean} [force] build every step, whatever its record says
 * @property {(line: string) => void} [log]
 */

/** @param {number} ms */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * @param {readonly import("./build-steps.mjs").BuildStep[]} steps in the order they run
 * @param {RunOptions} options
 * @returns {Promise<{ built: string[], upToDate: string[] }>} the labels of the steps, by what happened to them
 */
export async function runSteps(steps, options) {
  const { root, force = false, log = console.log } = options;
  const cache = createBuildCache(buildCacheDir(root));
  const sourceFiles = listSourceFiles(root);
  if (!sourceFiles) log("Not a git work tree: every step builds, and none is recorded.");
  /** @type {Map<string, string>} the outputs hash of each step run so far, by label */
  const outputsOf = new Map();
  /** @type {{ built: string[], upToDate: string[] }} */
  const result = { built: [], upToDate: [] };
  /** @param {import("./build-steps.mjs").BuildStep} step */
  const hashOwnOutputs = (step) => Object.fromEntries(step.outputs.map((folder) => [folder, hashOutputs(root, folder)]));

  for (const step of steps) {
    const after = Object.fromEntries(
      step.after.filter((label) => outputsOf.has(label)).map((label) => [label, String(outputsOf.get(label))]),
    );
    const inputs = sourceFiles ? hashInputs(root, sourceFiles, step.sources, step.exclude) : undefined;
    let outputs = hashOwnOutputs(step);
    const reason = !inputs ? "not a git work tree" : force ? "--force" : staleReason(cache.read(step.label), { inputs, after, outputs });
    if (reason === undefined) {
      log(`· ${step.label} is up to date`);
      result.upToDate.push(step.label);
    } else {
      log(`→ ${step.label}: ${reason}`);
      cache.forget(step.label);
      const started = performance.now();
      await step.run();
      log(`✓ ${step.label} built in ${seconds(performance.now() - started)}`);
      result.built.push(step.label);
      outputs = hashOwnOutputs(step);
      if (inputs) cache.write(step.label, { inputs, after, outputs });
    }
    outputsOf.set(step.label, sha256(JSON.stringify(outputs)));
  }
  return result;
}
