// @ts-check
// `npm run bench -- python-sdk`: the generated Python SDK (`generate --language python`,
// installed into a fresh virtual environment without a network) calling the local sandbox,
// against the same calls made with Python's standard library alone (urllib and json, the same
// headers) in the same process and run: a read by id, the same read with the ETag cache (a
// 304 after the first read of each id), the same read and walk with validate_responses=True
// (each body checked against its schema), and a walk of 100 certificates in pages of 10.
// Also the generator itself: `generate --language python` against the TypeScript `generate`,
// each a CLI process. Medians of ROUNDS rounds; the ratios are the SDK's cost for keeping the
// conventions. Needs `npm run build`, Debian's python3 with venv and wheel. No time is asserted.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cliBin, startSandbox } from "./support/sandbox.mjs";
import { format, median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-sdk-bench-"));

/** @param {string} command @param {string[]} args */
function succeed(command, args) {
  const result = spawnSync(command, args, { cwd: scratch, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

// The generator: a CLI process per SDK, each language.
/** @type {{ python: number[], typescript: number[] }} */
const generation = { python: [], typescript: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const [language, name] of /** @type {Array<[keyof typeof generation, string]>} */ ([
    ["python", "acme_signing"],
    ["typescript", "@acme/signing-sdk"],
  ])) {
    const begin = performance.now();
    succeed(process.execPath, [
      cliBin,
      "generate",
      join(root, "generated", "openapi.yaml"),
      "--out",
      language,
      "--name",
      name,
      "--language",
      language,
      "--force",
    ]);
    generation[language].push(performance.now() - begin);
  }
}

succeed("/usr/bin/python3", ["-m", "venv", "--system-site-packages", "venv"]);
succeed(join(scratch, "venv", "bin", "pip"), ["install", "-q", "--no-index", "--no-build-isolation", "./python"]);

const sandbox = await startSandbox();
const { url, post } = sandbox;
const token = (await post("/_sandbox/organizations", {})).access_token;
const { ids } = await post("/_sandbox/certificates", { count: 100 }, token);

/** @type {Array<Record<string, number>>} sdk_calls.py's rounds: µs per call, by measurement */
const timed = await new Promise((resolve, reject) => {
  const child = spawn(join(scratch, "venv", "bin", "python"), [join(root, "bench", "python", "sdk_calls.py")], {
    env: { ...process.env, SANDBOX_URL: url, TOKEN: token, IDS: JSON.stringify(ids), ROUNDS: String(ROUNDS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.on("close", (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`sdk_calls.py exited ${code}`))));
});
sandbox.stop();
rmSync(scratch, { recursive: true, force: true });

const of = (/** @type {string} */ key) => median(timed.map((round) => /** @type {number} */ (round[key])));
/** @param {string} label @param {number} value @param {string} unit */
const line = (label, value, unit) => console.log(`  ${label.padEnd(60)}${format(value, unit === "×" ? 2 : 0)} ${unit}`);
console.log(`the generated Python SDK against the sandbox (${ROUNDS} rounds, medians)`);
line("retrieve by id, urllib + json (reference)", of("retrieve_plain"), "µs/call");
line("retrieve by id, the SDK (keys, retries, typed errors)", of("retrieve_sdk"), "µs/call");
line("  ratio", of("retrieve_sdk") / of("retrieve_plain"), "×");
line("retrieve by id, the SDK with its ETag cache (304s)", of("retrieve_sdk_cached"), "µs/call");
line("  ratio", of("retrieve_sdk_cached") / of("retrieve_plain"), "×");
line("retrieve by id, the SDK, validate_responses=True", of("retrieve_sdk_validated"), "µs/call");
line("  ratio to the SDK without", of("retrieve_sdk_validated") / of("retrieve_sdk"), "×");
line("walk 100 certificates in pages of 10, urllib (reference)", of("walk_plain"), "µs/walk");
line("walk 100 certificates in pages of 10, the SDK's list()", of("walk_sdk"), "µs/walk");
line("  ratio", of("walk_sdk") / of("walk_plain"), "×");
line("the same walk, the SDK, validate_responses=True", of("walk_sdk_validated"), "µs/walk");
line("  ratio to the SDK without", of("walk_sdk_validated") / of("walk_sdk"), "×");
console.log(`the generator (${ROUNDS} rounds, medians, a CLI process each)`);
line("generate --language typescript (reference)", median(generation.typescript), "ms");
line("generate --language python", median(generation.python), "ms");
line("  ratio", median(generation.python) / median(generation.typescript), "×");
