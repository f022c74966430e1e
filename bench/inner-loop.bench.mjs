// @ts-check
// `npm run bench -- inner-loop`: how long a spec designer waits. On a scratch copy of spec/
// and tspconfig.yaml:
//   - the reference: a cold `tsp compile spec/main.tsp --no-emit`, a process of its own;
//   - `scripts/watch.mjs --once`, the same check as one cold process;
//   - the watcher, warm: a one-line change of a .tsp file saved, until its diagnostics are
//     printed (the watcher's debounce and the file system's notice included), alternately a
//     change that breaks the spec and the one that repairs it;
// and on the repository itself, `npm run build` with nothing changed (a first build brings
// every step up to date if it is not). Prints medians and the ratio of each to the reference
// measured in the same run; no time is asserted.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { format, median } from "./support/statistics.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const RUNS = { cold: 5, warm: 10, build: 3 };
const FILE = "spec/resources/certificates.tsp";
const GOOD = "    ...CursorPageParameters,";
const BAD = "    ...CursorPageParametrs,";

/** @param {() => void} task @returns {number} its wall time, in ms */
function timed(task) {
  const started = performance.now();
  task();
  return performance.now() - started;
}

/** @param {string} command @param {string[]} args @param {string} cwd @param {number[]} [accept] the exit codes of a run that worked */
function run(command, args, cwd, accept = [0]) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (!accept.includes(result.status ?? -1))
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
}

const work = mkdtempSync(join(tmpdir(), "signing-platform-bench-inner-loop-"));
/** @type {import("node:child_process").ChildProcessWithoutNullStreams | undefined} */
let watcher;
try {
  cpSync(join(root, "spec"), join(work, "spec"), { recursive: true });
  cpSync(join(root, "tspconfig.yaml"), join(work, "tspconfig.yaml"));
  symlinkSync(join(root, "node_modules"), join(work, "node_modules"));
  const specFile = join(work, FILE);
  const good = readFileSync(specFile, "utf8");
  if (!good.includes(GOOD)) throw new Error(`${FILE} no longer has the line the benchmark changes: ${GOOD.trim()}`);
  const bad = good.replace(GOOD, BAD);

  const tsp = join(root, "node_modules", "@typespec", "compiler", "cmd", "tsp.js");
  const watchScript = join(root, "scripts", "watch.mjs");
  /** @type {number[]} */
  const reference = [];
  /** @type {number[]} */
  const once = [];
  run(process.execPath, [tsp, "compile", "spec/main.tsp", "--no-emit"], work); // warm-up: the file system's cache
  for (let round = 0; round < RUNS.cold; round++) {
    reference.push(timed(() => run(process.execPath, [tsp, "compile", "spec/main.tsp", "--no-emit"], work)));
    once.push(timed(() => run(process.execPath, [watchScript, "--once", "--root", work], root)));
  }

  // The watcher: each save, until the summary line of its check reaches this process.
  watcher = spawn(process.execPath, [watchScript, "--root", work]);
  let output = "";
  /** @type {(() => void) | undefined} */
  let onOutput;
  const heard = (/** @type {Buffer} */ chunk) => {
    output += chunk;
    onOutput?.();
  };
  watcher.stdout.on("data", heard);
  watcher.stderr.on("data", heard);
  watcher.on("exit", () => onOutput?.());
  let seen = 0;
  /**
   * The next summary line and when it arrived: waits on the watcher's output, never polling,
   * so that this process takes no processor time from the watcher meanwhile.
   * @returns {Promise<{ line: string, at: number }>}
   */
  const nextSummary = () =>
    new Promise((resolve, reject) => {
      onOutput = () => {
        const at = performance.now();
        const lines = output.split("\n").slice(0, -1);
        const index = lines.findIndex((line, number) => number >= seen && /^(✓|✗|⚠) /.test(line));
        if (index >= 0) {
          seen = index + 1;
          onOutput = undefined;
          resolve({ line: /** @type {string} */ (lines[index]), at });
        } else if (watcher?.exitCode !== null) reject(new Error(`the watcher exited:\n${output}`));
      };
      onOutput();
    });
  await nextSummary(); // its first check, cold
  /** @type {{ broken: number[], repaired: number[], compile: number[] }} */
  const warm = { broken: [], repaired: [], compile: [] };
  for (let round = 0; round < RUNS.warm; round++) {
    for (const [kind, text, expected] of /** @type {const} */ ([
      ["broken", bad, "✗"],
      ["repaired", good, "✓"],
    ])) {
      const saved = performance.now();
      writeFileSync(specFile, text);
      const { line, at } = await nextSummary();
      if (!line.startsWith(expected)) throw new Error(`after the ${kind} save the watcher said: ${line}`);
      warm[kind].push(at - saved);
      warm.compile.push(Number(/in (\d+\.\d) s$/.exec(line)?.[1]) * 1000);
    }
  }
  watcher.kill("SIGINT");

  // npm run build with nothing changed, on the repository.
  const firstBuild = timed(() => run("npm", ["run", "build"], root));
  /** @type {number[]} */
  const build = [];
  for (let round = 0; round < RUNS.build; round++) build.push(timed(() => run("npm", ["run", "build"], root)));

  const referenceMedian = median(reference);
  const ms = (/** @type {number} */ value) => `${format(value)} ms`.padStart(10);
  const row = (/** @type {string} */ what, /** @type {number[]} */ samples) =>
    console.log(`${what.padEnd(72)}${ms(median(samples))}${`${(median(samples) / referenceMedian).toFixed(2)}×`.padStart(9)}`);
  console.log(`${"".padEnd(72)}${"median".padStart(10)}${"vs ref".padStart(9)}`);
  row(`reference: tsp compile spec/main.tsp --no-emit, cold (${RUNS.cold} runs)`, reference);
  row(`scripts/watch.mjs --once, cold (${RUNS.cold} runs)`, once);
  row(`watcher, warm: a line saved that breaks the spec → diagnostics (${RUNS.warm})`, warm.broken);
  row(`watcher, warm: the line repaired → clean (${RUNS.warm})`, warm.repaired);
  row(`watcher, warm: the compile alone, as its summary gives it (${2 * RUNS.warm})`, warm.compile);
  row(`npm run build, nothing changed (${RUNS.build} runs)`, build);
  console.log(`(the first build of this run, which brought every step up to date: ${format(firstBuild / 1000, 1)} s)`);
} finally {
  watcher?.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
}
