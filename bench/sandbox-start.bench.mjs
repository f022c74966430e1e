// @ts-check
// `npm run bench -- sandbox-start`: how long `signing-platform serve --state memory --quiet`
// takes from its process's start to its ready line, in wall time and in the CPU time its
// process spent, against Stoplight Prism 5.14.2 (`prism mock`) started on the same
// generated/openapi.yaml until it answers, measured in the same run. A sandbox starts at every
// `npm start` and in dozens of tests. Rounds alternate the two; printed: the medians and their
// ratio. No time is asserted. Needs `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cpuSeconds } from "./support/cpu.mjs";
import { freePort } from "./support/ports.mjs";
import { median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const root = fileURLToPath(new URL("..", import.meta.url));
const cliBin = join(root, "packages", "cli", "bin", "signing-platform.js");
const spec = join(root, "generated", "openapi.yaml");

/**
 * Starts `args` with node and waits until `ready` says so; then reads its CPU time and stops it.
 * @param {string[]} args
 * @param {(output: string) => Promise<boolean> | boolean} ready
 * @returns {Promise<{ ms: number, cpu: number }>}
 */
async function timeToReady(args, ready) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    while (!(await ready(output))) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > 60_000) throw new Error(`${args.join(" ")} was not ready within 60 s.`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const cpu = cpuSeconds(child.pid);
    if (cpu === null) throw new Error("This benchmark reads CPU time from /proc: it runs on Linux.");
    return { ms: performance.now() - started, cpu };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("close", resolve));
  }
}

const sandbox = () =>
  timeToReady([cliBin, "serve", "--port", "0", "--state", "memory", "--quiet"], (output) => /Sandbox ready at http/.test(output));

const prismPackage = createRequire(join(root, "packages", "sandbox", "package.json")).resolve("@stoplight/prism-cli/package.json");
const prismBin = join(dirname(prismPackage), JSON.parse(readFileSync(prismPackage, "utf8")).bin.prism);
const prism = async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return timeToReady([prismBin, "mock", spec, "--port", String(port), "--host", "127.0.0.1", "--verboseLevel", "silent"], () =>
    fetch(`${url}/certificates`).then(
      (response) => response.status > 0,
      () => false,
    ),
  );
};

if (!existsSync(join(root, "packages", "sandbox", "dist", "documents", "public.json"))) throw new Error("Run `npm run build` first.");
/** @type {{ sandbox: Array<{ ms: number, cpu: number }>, prism: Array<{ ms: number, cpu: number }> }} */
const results = { sandbox: [], prism: [] };
await sandbox(); // warms the file cache for both
for (let round = 1; round <= ROUNDS; round += 1) {
  results.sandbox.push(await sandbox());
  results.prism.push(await prism());
}
const of = (/** @type {keyof typeof results} */ name, /** @type {"ms" | "cpu"} */ field) => median(results[name].map((r) => r[field]));
console.log(`${ROUNDS} rounds, alternating; medians:`);
console.log(`${"".padEnd(42)}${"ready in ms".padStart(12)}${"CPU s".padStart(8)}`);
console.log(
  `  ${"Prism mock, --verboseLevel silent".padEnd(40)}${of("prism", "ms").toFixed(0).padStart(12)}${of("prism", "cpu").toFixed(2).padStart(8)}`,
);
console.log(
  `  ${"serve --state memory --quiet".padEnd(40)}${of("sandbox", "ms").toFixed(0).padStart(12)}${of("sandbox", "cpu").toFixed(2).padStart(8)}`,
);
console.log(
  `The sandbox is ready in ${(of("sandbox", "ms") / of("prism", "ms")).toFixed(2)}× Prism's time, for ${(of("sandbox", "cpu") / of("prism", "cpu")).toFixed(2)}× its CPU.`,
);
