// The two runtimes of generated SDKs held to one table (runtime-parity/scenarios.json): each
// scenario is played by a real HTTP server on 127.0.0.1 to the TypeScript SDK and to the
// Python SDK of one document, and both must make the same requests and come to the same
// outcome: the result or the typed error, the waits between attempts, what they log. The
// TypeScript SDK is built with tsc --strict and called in this process; the Python SDK runs
// under Debian's python3 (a process per scenario), its package on PYTHONPATH.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedServer, type RecordedRequest, type ScriptedServer } from "../../client/test/support/scripted-server.js";
import { generate } from "../src/index.js";
import { type Built, generateAndBuild } from "./built-sdk.js";
import type { Observation, Scenario } from "./runtime-parity/scenario.js";
import { runInTypeScript } from "./runtime-parity/typescript-runner.js";

const PYTHON = "/usr/bin/python3";
const here = fileURLToPath(new URL(".", import.meta.url));
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const input = join(repo, "generated", "openapi.yaml");
const scenarios: Scenario[] = JSON.parse(readFileSync(join(here, "runtime-parity", "scenarios.json"), "utf8"));
const PYTHON_PACKAGE = "parity_sdk";

let scratch: string;
let typescript: Built;
let server: ScriptedServer;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "runtime-parity-"));
  const python = generate({ input, outDir: join(scratch, "python"), name: PYTHON_PACKAGE, language: "python" });
  typescript = await generateAndBuild(scratch, input, "parity-sdk");
  await python;
  server = await startScriptedServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function runInPython(scenario: Scenario): Promise<Observation> {
  const script = join(here, "runtime-parity", "run_scenario.py");
  const env = { ...process.env, PYTHONPATH: join(scratch, "python", "src") };
  return new Promise((resolve, reject) => {
    // Asynchronous: this process is the server the script talks to.
    execFile(PYTHON, [script, PYTHON_PACKAGE, server.url, JSON.stringify(scenario)], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Observation),
    );
  });
}

const RUNTIMES = {
  typescript: (scenario: Scenario) => runInTypeScript(typescript.sdk, server.url, scenario),
  python: runInPython,
};

function expectRequests(seen: RecordedRequest[], scenario: Scenario): void {
  const { requests, attempts, sameHeader } = scenario.expect;
  expect(seen).toHaveLength(requests?.length ?? attempts ?? seen.length);
  requests?.forEach((expected, index) => {
    const request = seen[index]!;
    expect(`${request.method} ${request.url}`).toBe(`${expected.method} ${expected.path}`);
    for (const [name, value] of Object.entries(expected.headers ?? {})) expect(request.headers[name], name).toBe(value ?? undefined);
  });
  if (sameHeader) {
    const values = new Set(seen.map((request) => request.headers[sameHeader]));
    expect([...values]).toEqual([expect.stringMatching(/\S/)]);
  }
}

describe.each(Object.keys(RUNTIMES) as Array<keyof typeof RUNTIMES>)("the %s runtime", (runtime) => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))("%s", async (_name, scenario) => {
    server.play(...scenario.answers);
    const observed = await RUNTIMES[runtime](scenario);
    expect(observed.outcomes).toEqual(scenario.expect.outcomes);
    expectRequests(server.requests, scenario);
    if (scenario.expect.waits) {
      expect(observed.waits).toHaveLength(scenario.expect.waits.length);
      scenario.expect.waits.forEach((wait, index) => wait !== null && expect(observed.waits[index]).toBe(wait));
    }
    const logged = scenario.expect.logged ?? [];
    expect(observed.logged).toHaveLength(logged.length);
    logged.forEach((part, index) => expect(observed.logged[index]).toContain(part));
  });
});
