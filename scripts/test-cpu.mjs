// @ts-check
// `npm run test:cpu [-- vitest arguments]`: runs the suite (or the files named) with
// test/support/cpu-recorder.ts recording each file's CPU time, then prints the files that cost
// most and each layer's total. On a machine the suite keeps busy, CPU time is what a change to
// a test saves; wall time moves with whatever ran beside it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testLayers } from "./test-layers.mjs";

const folder = mkdtempSync(join(tmpdir(), "test-cpu-"));
const record = join(folder, "cpu.jsonl");
const run = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_CPU_RECORD: record },
});

/** @type {Array<{ file: string, wallSeconds: number, ownCpuSeconds: number, childCpuSeconds: number, orphansCounted?: boolean }>} */
let files = [];
try {
  files = readFileSync(record, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  console.error("test:cpu: no file recorded its CPU time");
}
rmSync(folder, { recursive: true, force: true });

const cpu = (/** @type {(typeof files)[number]} */ f) => f.ownCpuSeconds + f.childCpuSeconds;
files.sort((a, b) => cpu(b) - cpu(a));
const total = files.reduce((sum, f) => sum + cpu(f), 0);
const s = (/** @type {number} */ n) => n.toFixed(1).padStart(7);
console.log(`\nCPU seconds per test file (own + child processes), ${files.length} files, ${total.toFixed(0)} s in all:`);
console.log(`${"cpu".padStart(7)} ${"own".padStart(7)} ${"child".padStart(7)} ${"wall".padStart(7)}  file`);
for (const f of files.slice(0, Number(process.env.TEST_CPU_TOP ?? 40))) {
  console.log(`${s(cpu(f))} ${s(f.ownCpuSeconds)} ${s(f.childCpuSeconds)} ${s(f.wallSeconds)}  ${f.file}`);
}
/** @type {Map<string, number>} */
const byLayer = new Map();
const layers = testLayers();
for (const f of files) {
  const layer = layers.get(f.file)?.layer ?? "unknown";
  byLayer.set(layer, (byLayer.get(layer) ?? 0) + cpu(f));
}
if (files.some((f) => !f.orphansCounted)) {
  console.log(
    "child: the processes each worker reaped. Those that outlive their parent (a browser's renderers) are left out: counting them takes a cgroup per worker, which this user may not create (test/support/cpu-cgroup.ts).",
  );
}
console.log(`by layer: ${[...byLayer].map(([layer, seconds]) => `${layer} ${seconds.toFixed(0)} s`).join(", ")}`);
process.exitCode = run.status ?? 1;
