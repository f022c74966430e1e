// @ts-check
// `npm run bench -- sandbox`: requests per second of the sandbox (`signing-platform serve`)
// against Stoplight Prism 5.14.2 (`prism mock`) mocking the same generated/openapi.yaml,
// measured in the same run.
//   GET  /certificates/{id}   a certificate seeded through the control API
//   POST /enrollments         valid identity evidence, a fresh Idempotency-Key per request
// Both servers get exactly the same requests and headers (bearer token, content type,
// Idempotency-Key). What each does with them differs, and the sandbox does more: Prism
// checks the request against the document and answers the document's placeholder
// (`{"id":"string"}`, `ETag: string`), with no authentication, no idempotency, no state; the
// sandbox authenticates the token, counts the rate limit, checks the request and the
// response against the document, reads or writes its state, stores the idempotent outcome,
// and computes the ETag. Its quota is raised (`--quota`) so that no run is rate limited; the
// counter is still read and written on every request. Two sandboxes: `--state memory --quiet`, the
// one the goal is set for, and `serve` as a user starts it, its state written through to a file
// store and a line printed per request, so the price of those defaults is measured. Prism runs with logging off
// (`--verboseLevel silent`; its default logs every request), which favours Prism.
//
// Each server is its own process, started as a user starts it; load comes from autocannon
// in a third process on loopback. Scenarios alternate round by round. Printed: the median
// requests per second with its ratio to Prism, and the server process's CPU time per request
// (user + system from /proc, where available), which a busy shared machine disturbs less
// than throughput. No time is asserted. Needs `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cpuSeconds } from "./support/cpu.mjs";
import { load } from "./support/load.mjs";
import { freePort } from "./support/ports.mjs";
import { median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const GOAL = 10;
const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(join(root, "packages", "sandbox", "package.json"));
const cliBin = join(root, "packages", "cli", "bin", "signing-platform.js");
const spec = join(root, "generated", "openapi.yaml");
const enrollmentBody = JSON.stringify({ identity_evidence: { document_type: "passport", issuing_office: "Passport Office, Kathmandu" } });

/**
 * @typedef {object} Server
 * @property {string} url
 * @property {number | undefined} pid
 * @property {string} [token] a sandbox's: the access token of its organization
 * @property {string} [certificateId] a sandbox's: a certificate of its organization
 * @property {string} [version] Prism's
 */
/**
 * @typedef {object} Kind a kind of request
 * @property {string} name
 * @property {string} path
 * @property {string} method
 * @property {Record<string, string>} headers
 * @property {string} [body]
 * @property {boolean} [uniqueKeys]
 */

/** @type {import("node:child_process").ChildProcess[]} */
const children = [];
// Where the default sandbox keeps its state: a folder of this run's own, removed at the end.
const stateDir = mkdtempSync(join(tmpdir(), "sandbox-bench-state-"));
/**
 * @param {string[]} args
 * @param {string} name
 * @param {{ keepStdout?: boolean }} [options]
 */
function start(args, name, { keepStdout = true } = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", keepStdout ? "pipe" : "ignore", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  child.once("exit", (code) => code && console.error(`${name} exited with ${code}:\n${output}`));
  return { child, output: () => output };
}

/**
 * @template T
 * @param {() => Promise<T>} check
 * @param {string} what
 */
async function waitFor(check, what, deadlineMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    const value = await check().catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${deadlineMs / 1000} s.`);
}

// The floor of this machine: node:http answering a fixed JSON body, in its own process. No
// server on Node can beat it; floor ÷ Prism is the largest ratio this machine can show.
const BARE = `
import { createServer } from "node:http";
const body = JSON.stringify({ id: "cert_1", status: "active", created_at: "2026-01-01T00:00:00.000Z" });
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(request.method === "POST" ? 201 : 200, { "content-type": "application/json" }).end(body));
});
server.listen(0, "127.0.0.1", () => console.log("listening on " + server.address().port));
`;

/** @returns {Promise<Server>} */
async function startBare() {
  const bare = start(["--input-type=module", "-e", BARE], "the bare node:http server");
  const port = await waitFor(async () => /listening on (\d+)/.exec(bare.output())?.[1], "the bare node:http server");
  return { url: `http://127.0.0.1:${port}`, pid: bare.child.pid };
}

/**
 * `serve` with `options`: the default (its state in a file under a folder of its own, a line
 * printed per request) or `--state memory --quiet`.
 * @param {string[]} options
 */
async function startSandbox(options) {
  // A quota no run can spend: the counter is still read and written on every request.
  const sandbox = start([cliBin, "serve", "--port", "0", "--quota", "1000000000/3600", ...options], "the sandbox");
  const url = await waitFor(async () => /Sandbox ready at (http:\/\/\S+)/.exec(sandbox.output())?.[1], "the sandbox");
  /**
   * @template {"/organizations" | "/certificates"} Path
   * @param {Path} path
   * @param {unknown} body
   * @param {string} [token]
   * @returns {Promise<import("./support/sandbox.mjs").ControlAnswers[`/_sandbox${Path}`]>}
   */
  const control = async (path, body, token) => {
    const response = await fetch(`${url}/_sandbox${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST /_sandbox${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const organization = await control("/organizations", {});
  const { ids } = await control("/certificates", { count: 1 }, organization.access_token);
  return { url, pid: sandbox.child.pid, token: organization.access_token, certificateId: /** @type {string} */ (ids[0]) }; // one was asked for
}

/**
 * `prism mock` as installed; `logging: false` adds `--verboseLevel silent`.
 * @param {{ logging: boolean }} options
 * @returns {Promise<Server>}
 */
async function startPrism({ logging }) {
  const packageJson = require.resolve("@stoplight/prism-cli/package.json");
  const bin = join(dirname(packageJson), JSON.parse(readFileSync(packageJson, "utf8")).bin.prism);
  const port = await freePort();
  const args = [bin, "mock", spec, "--port", String(port), "--host", "127.0.0.1", ...(logging ? [] : ["--verboseLevel", "silent"])];
  const prism = start(args, "Prism", { keepStdout: false });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/certificates`)).status > 0, "Prism");
  return { url, pid: prism.child.pid, version: JSON.parse(readFileSync(packageJson, "utf8")).version };
}

/**
 * One request of each kind, to show what each server answers.
 * @param {string} url
 * @param {{ token: string, certificateId: string | undefined }} as
 */
async function sample(url, { token, certificateId }) {
  const get = await fetch(`${url}/certificates/${certificateId}`, { headers: { authorization: `Bearer ${token}` } });
  const post = await fetch(`${url}/enrollments`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": "Sample0000000000000000000000000001",
    },
    body: enrollmentBody,
  });
  return `GET ${get.status} ETag ${get.headers.get("etag")} ${(await get.text()).slice(0, 90)} | POST ${post.status} ${(await post.text()).slice(0, 90)}`;
}

try {
  if (!existsSync(join(root, "packages", "cli", "dist", "bin.js"))) throw new Error("Run `npm run build` first.");
  const [sandbox, sandboxDefault, prism, prismLogging, bare] = await Promise.all([
    startSandbox(["--state", "memory", "--quiet"]),
    startSandbox(["--state", stateDir]),
    startPrism({ logging: false }),
    startPrism({ logging: true }),
    startBare(),
  ]);
  /** @type {Array<Server & { name: string, reference?: boolean, goal?: boolean }>} */
  const servers = [
    { name: `Prism ${prism.version}, --verboseLevel silent`, ...prism, reference: true },
    { name: `Prism ${prism.version}, default (logs each request)`, ...prismLogging },
    { name: "sandbox --state memory --quiet", ...sandbox, goal: true },
    { name: "sandbox, default: file store, a line per request", ...sandboxDefault },
    { name: "floor: bare node:http", ...bare },
  ];
  const headers = { authorization: `Bearer ${sandbox.token}` };
  /** @type {Kind[]} */
  const kinds = [
    { name: "GET  /certificates/{id}", path: `/certificates/${sandbox.certificateId}`, method: "GET", headers },
    {
      name: "POST /enrollments",
      path: "/enrollments",
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: enrollmentBody,
      uniqueKeys: true,
    },
  ];
  // Each sandbox is asked as its own organization, for its own certificate.
  const forServer = (/** @type {Kind} */ kind, /** @type {Server} */ server) =>
    server.token && server !== sandbox
      ? {
          ...kind,
          headers: { ...kind.headers, authorization: `Bearer ${server.token}` },
          path: kind.path.replace(sandbox.certificateId, /** @type {string} */ (server.certificateId)), // a sandbox has both
        }
      : kind;
  const scenarios = kinds.flatMap((kind) =>
    servers.map((server) => {
      const asked = forServer(kind, server);
      return { ...asked, kind: kind.name, server, url: `${server.url}${asked.path}` };
    }),
  );

  console.log(`Prism:   ${await sample(prism.url, sandbox)}`);
  console.log(`sandbox: ${await sample(sandbox.url, sandbox)}\n`);
  console.log(
    `${ROUNDS} rounds × ${SECONDS} s per scenario, ${CONNECTIONS} connections, autocannon in a separate process; 1 s warm-up each\n`,
  );
  /**
   * @param {Kind & { url: string }} scenario
   * @param {number} seconds
   */
  const loadOptions = ({ url, method, headers, body, uniqueKeys }, seconds) => ({
    url,
    method,
    headers,
    body,
    uniqueKeys,
    connections: CONNECTIONS,
    seconds,
  });
  for (const scenario of scenarios) await load(loadOptions(scenario, 1));

  /** @typedef {(typeof scenarios)[number]} Scenario */
  /** @type {Map<Scenario, Array<{ rps: number, cpu: number }>>} */
  const results = new Map(scenarios.map((scenario) => [scenario, []]));
  /** Every scenario's results (each has an entry from the start). @param {Scenario} scenario */
  const resultsOf = (scenario) => /** @type {Array<{ rps: number, cpu: number }>} */ (results.get(scenario));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const scenario of scenarios) {
      const cpuBefore = cpuSeconds(scenario.server.pid);
      const outcome = await load(loadOptions(scenario, SECONDS));
      const cpuAfter = cpuSeconds(scenario.server.pid);
      if (outcome.non2xx || outcome.errors || outcome.timeouts) {
        console.log(
          `  ! ${scenario.kind}, ${scenario.server.name}: ${outcome.non2xx} non-2xx, ${outcome.errors} errors, ${outcome.timeouts} timeouts`,
        );
      }
      const cpu = cpuBefore === null || cpuAfter === null ? NaN : ((cpuAfter - cpuBefore) * 1e6) / Math.max(1, outcome.total);
      resultsOf(scenario).push({ rps: outcome.rps, cpu });
    }
    console.log(`round ${round}/${ROUNDS} done`);
  }

  /** @param {Scenario} scenario @param {"rps" | "cpu"} field */
  const medianOf = (scenario, field) => median(resultsOf(scenario).map((result) => result[field]));
  /** @param {number | undefined} value */
  const format = (value, digits = 1) => (value === undefined || Number.isNaN(value) ? "—" : `${value.toFixed(digits)}×`);
  let met = true;
  for (const kind of kinds) {
    const rows = scenarios.filter((scenario) => scenario.kind === kind.name);
    // Prism with logging off answers every kind.
    const reference = /** @type {Scenario} */ (rows.find((scenario) => scenario.server.reference));
    console.log(
      `\n${kind.name.padEnd(52)}${"req/s (median)".padStart(15)}${"vs Prism".padStart(10)}${"CPU µs/req".padStart(12)}${"vs Prism".padStart(10)}`,
    );
    for (const scenario of rows) {
      const rps = medianOf(scenario, "rps");
      const cpu = medianOf(scenario, "cpu");
      const rpsRatio = rps / medianOf(reference, "rps");
      const cpuRatio = medianOf(reference, "cpu") / cpu;
      if (scenario.server.goal && !(rpsRatio >= GOAL)) met = false;
      console.log(
        `  ${scenario.server.name.padEnd(50)}${Math.round(rps).toLocaleString("en").padStart(15)}${format(rpsRatio).padStart(10)}` +
          `${(Number.isNaN(cpu) ? "—" : cpu.toFixed(1)).padStart(12)}${format(cpuRatio).padStart(10)}`,
      );
    }
  }
  console.log(
    "\n(vs Prism: against Prism with logging off. CPU: the server process's user + system time per request; its ratio is Prism's over this one's, so 10× is a tenth of the cost.)",
  );
  console.log(`Goal ≥ ${GOAL}× Prism's requests per second, on both: ${met ? "met" : "NOT met"}.`);
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
