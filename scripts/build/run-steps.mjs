// @ts-check
// Runs build steps, each once every step it reads (`after`) has finished, as many at a time as
// the machine has cores: most steps are one tsc process, so two packages that do not read each
// other build side by side. A step is skipped when its inputs, the outputs of the steps it reads
// and its own outputs hash as they did after its last successful build. A step that builds says
// why (the first file that changed); a step whose build writes the same outputs as before leaves
// the steps that read it up to date. When a step fails, the steps already building finish, no
// other starts, and the failure is thrown.
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { buildCacheDir, createBuildCache, staleReason } from "./build-cache.mjs";
import { hashInputs, hashOutputs, listSourceFiles, sha256 } from "./content-hash.mjs";

/**
 * @typedef {object} RunOptions
 * @property {string} root the repository the steps' paths are relative to
 * @property {boolean} [force] build every step, whatever its record says
 * @property {number} [concurrency] how many steps build at once; the machine's cores by default
 * @property {(line: string) => void} [log]
 */

/** @param {number} ms */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * @param {readonly import("./build-steps.mjs").BuildStep[]} steps in an order where each comes after the steps it reads
 * @param {RunOptions} options
 * @returns {Promise<{ built: string[], upToDate: string[] }>} the labels of the steps, by what happened to them, in the order they started
 */
export async function runSteps(steps, options) {
  const { root, force = false, concurrency = availableParallelism(), log = console.log } = options;
  const cache = createBuildCache(buildCacheDir(root));
  const sourceFiles = listSourceFiles(root);
  if (!sourceFiles) log("Not a git work tree: every step builds, and none is recorded.");
  const labels = new Set(steps.map((step) => step.label));
  /** @type {Map<string, string>} the outputs hash of each finished step, by label */
  const outputsOf = new Map();
  /** @type {{ built: string[], upToDate: string[] }} */
  const result = { built: [], upToDate: [] };
  /** @param {import("./build-steps.mjs").BuildStep} step */
  const hashOwnOutputs = (step) => Object.fromEntries(step.outputs.map((folder) => [folder, hashOutputs(root, folder)]));

  /** @param {import("./build-steps.mjs").BuildStep} step */
  async function runStep(step) {
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
      result.built.push(step.label);
      cache.forget(step.label);
      const started = performance.now();
      await step.run();
      log(`✓ ${step.label} built in ${seconds(performance.now() - started)}`);
      outputs = hashOwnOutputs(step);
      if (inputs) cache.write(step.label, { inputs, after, outputs });
    }
    outputsOf.set(step.label, sha256(JSON.stringify(outputs)));
  }

  // Of the steps ready to start, the one more steps wait on goes first: the longest chain of
  // packages (types → validators → server → client → …) sets the whole build's time.
  const waiting = [...steps].sort((one, other) => readersOf(other, steps) - readersOf(one, steps));
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  /** @type {unknown[]} */
  const failures = [];
  /** @param {import("./build-steps.mjs").BuildStep} step a step can start once each step it reads has finished */
  const ready = (step) => step.after.every((label) => !labels.has(label) || outputsOf.has(label));
  while (waiting.length > 0 || running.size > 0) {
    while (failures.length === 0 && running.size < Math.max(1, concurrency)) {
      const index = waiting.findIndex(ready);
      if (index === -1) break;
      const [step] = waiting.splice(index, 1);
      const run = runStep(/** @type {import("./build-steps.mjs").BuildStep} */ (step))
        .catch((error) => void failures.push(error))
        .finally(() => running.delete(run));
      running.add(run);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  if (failures.length > 0) throw failures[0];
  if (waiting.length > 0) throw new Error(`${waiting.map((step) => step.label).join(", ")} read a step that never finished.`);
  return result;
}

/**
 * How many steps read `step`'s output, directly or through others.
 * @param {import("./build-steps.mjs").BuildStep} step
 * @param {readonly import("./build-steps.mjs").BuildStep[]} steps
 */
function readersOf(step, steps) {
  const readers = new Set([step.label]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const other of steps)
      if (!readers.has(other.label) && other.after.some((label) => readers.has(label))) grew = readers.add(other.label).size > 0;
  }
  return readers.size - 1;
}
