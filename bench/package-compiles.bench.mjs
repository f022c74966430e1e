// @ts-check
// `npm run bench -- package-compiles`: the TypeScript of every workspace package, compiled the
// way `npm run build` compiles it (scripts/build/compile-service.mjs: one process, the
// declarations every package reads parsed once) against the reference, `tsc -p` in a process of
// its own per project, as the package builds ran before. Both check without emitting, each round
// from a fresh process, rounds alternating. Printed: wall and CPU seconds (the processes' user +
// system time), medians, and their ratios. No time is asserted.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { endedChildrenCpuSeconds } from "./support/cpu.mjs";
import { median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const PROJECTS = [
  "packages/contract/tsconfig.json",
  "spec/lib/tsconfig.json",
  "packages/types/tsconfig.json",
  "packages/validators/tsconfig.json",
  "rules/tsconfig.build.json",
  "packages/webhooks/tsconfig.json",
  "packages/server/tsconfig.json",
  "packages/client/tsconfig.json",
  "packages/client/tsconfig.node.json",
  "packages/diff/tsconfig.json",
  "packages/generator/tsconfig.json",
  "packages/sandbox/tsconfig.json",
  "packages/conformance/tsconfig.json",
  "packages/cli/tsconfig.json",
].map((project) => join(root, project));
/** The CPU seconds of this process's ended children; this benchmark runs where /proc does. */
function childrenCpu() {
  const cpu = endedChildrenCpuSeconds();
  if (cpu === null) throw new Error("This benchmark reads CPU time from /proc: it runs on Linux.");
  return cpu;
}

/** @param {Array<[string, string[]]>} commands run one after another @returns {{ wall: number, cpu: number }} */
function measure(commands) {
  const [started, cpuBefore] = [performance.now(), childrenCpu()];
  for (const [command, args] of commands) {
    const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(" ")} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  }
  return { wall: (performance.now() - started) / 1000, cpu: childrenCpu() - cpuBefore };
}

const ONE_PROCESS = `
import { compileProject } from ${JSON.stringify(join(root, "scripts/build/typescript.mjs"))};
for (const project of ${JSON.stringify(PROJECTS)}) {
  const compiled = compileProject(project, { noEmit: true });
  if (compiled.status !== 0) { console.error(compiled.stdout); process.exit(1); }
}`;

/** @type {{ separate: Array<{ wall: number, cpu: number }>, shared: Array<{ wall: number, cpu: number }> }} */
const results = { separate: [], shared: [] };
for (let round = 1; round <= ROUNDS; round += 1) {
  results.separate.push(measure(PROJECTS.map((project) => [process.execPath, [tsc, "-p", project, "--noEmit"]])));
  results.shared.push(measure([[process.execPath, ["--input-type=module", "-e", ONE_PROCESS]]]));
  console.log(`round ${round}/${ROUNDS} done`);
}
const of = (/** @type {keyof typeof results} */ way, /** @type {"wall" | "cpu"} */ field) => median(results[way].map((r) => r[field]));
console.log(`\n${PROJECTS.length} projects, ${ROUNDS} rounds; medians:`);
console.log(`${"".padEnd(46)}${"wall s".padStart(8)}${"CPU s".padStart(8)}`);
console.log(
  `  ${"reference: tsc -p, a process per project".padEnd(44)}${of("separate", "wall").toFixed(1).padStart(8)}${of("separate", "cpu").toFixed(1).padStart(8)}`,
);
console.log(
  `  ${"one process (the build's compile service)".padEnd(44)}${of("shared", "wall").toFixed(1).padStart(8)}${of("shared", "cpu").toFixed(1).padStart(8)}`,
);
console.log(
  `One process takes ${(of("shared", "wall") / of("separate", "wall")).toFixed(2)}× the reference's wall time and ${(of("shared", "cpu") / of("separate", "cpu")).toFixed(2)}× its CPU.`,
);
