// The runtimes of generated SDKs held to one table (runtime-parity/scenarios.json): each
// scenario is played by a real HTTP server on 127.0.0.1 to the TypeScript SDK and to the
// Python SDK of one document, its Client and its AsyncClient, and all must make the same
// requests and come to the same outcome: the result or the typed error, the waits between
// attempts, what they log, what their hooks are told. The TypeScript SDK is built with tsc
// --strict and called in this process; the Python SDK runs under Debian's python3 (a process
// per scenario), its package on PYTHONPATH, the AsyncClient on Debian's httpx (python3-httpx).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { canonicalErrorCode, type FallbackEntry } from "@signing-platform/contract";
import { describeApi } from "@signing-platform/client";
import { defaultRetryPolicy, retryDecision, type RetryClass } from "../../client/src/runtime/index.js";
import { startScriptedServer, type RecordedRequest, type ScriptedServer, type Step } from "../../client/test/support/scripted-server.js";
import { generate } from "../src/index.js";
import { type Built, generateAndBuild } from "./built-sdk.js";
import type { HookEvent, Observation, Scenario, ScenarioCall } from "./runtime-parity/scenario.js";
import { runInTypeScript } from "./runtime-parity/typescript-runner.js";

const PYTHON = "/usr/bin/python3";
const here = fileURLToPath(new URL(".", import.meta.url));
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const input = join(repo, "generated", "openapi.yaml");
const scenarios: Scenario[] = JSON.parse(readFileSync(join(here, "runtime-parity", "scenarios.json"), "utf8"));
const PYTHON_PACKAGE = "parity_sdk";
// Our document, and one of its reads again at another path, as its own resource, deprecated with a sunset date.
const document = YAML.parse(readFileSync(input, "utf8"));
document.paths["/legacy/certificates/{id}"] = {
  get: {
    ...document.paths["/certificates/{id}"].get,
    operationId: "getLegacyCertificate",
    tags: ["Legacy"],
    deprecated: true,
    "x-sunset": "2027-06-30",
  },
};

let scratch: string;
let typescript: Built;
let server: ScriptedServer;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "runtime-parity-"));
  const python = generate({ input, document, outDir: join(scratch, "python"), name: PYTHON_PACKAGE, language: "python" });
  typescript = await generateAndBuild(scratch, input, "parity-sdk", document);
  await python;
  server = await startScriptedServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function runInPython(scenario: Scenario, client: "sync" | "async"): Promise<Observation> {
  const script = join(here, "runtime-parity", "run_scenario.py");
  const env = { ...process.env, PYTHONPATH: join(scratch, "python", "src") };
  return new Promise((resolve, reject) => {
    // Asynchronous: this process is the server the script talks to.
    execFile(
      PYTHON,
      [script, PYTHON_PACKAGE, server.url, JSON.stringify(scenario), client],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Observation)),
    );
  });
}

const snake = (name: string) => name.replace(/(?<!^)(?=[A-Z])/g, "_").toLowerCase();

const RUNTIMES = {
  typescript: (scenario: Scenario) => runInTypeScript(typescript.sdk, server.url, scenario),
  python: (scenario: Scenario) => runInPython(scenario, "sync"),
  "python async": (scenario: Scenario) => runInPython(scenario, "async"),
};

function expectRequests(seen: RecordedRequest[], scenario: Scenario): void {
  const { requests, attempts, sameHeader } = scenario.expect;
  expect(seen).toHaveLength(requests?.length ?? attempts ?? seen.length);
  requests?.forEach((expected, index) => {
    const request = seen[index]!;
    expect(`${request.method} ${request.url}`).toBe(`${expected.method} ${expected.path}`);
    for (const [name, value] of Object.entries(expected.headers ?? {})) expect(request.headers[name], name).toBe(value ?? undefined);
    for (const [name, pattern] of Object.entries(expected.matching ?? {})) expect(request.headers[name], name).toMatch(new RegExp(pattern));
  });
  if (sameHeader) {
    const values = new Set(seen.map((request) => request.headers[sameHeader]));
    expect([...values]).toEqual([expect.stringMatching(/\S/)]);
  }
}

/** A step of the server's script: an answer, or the connection closed without one. */
const stepOf = (answer: Scenario["answers"][number]): Step =>
  "reset" in answer ? (_request, response) => response.socket?.destroy() : answer;

/** Headers whose value differs by runtime (the User-Agent names it) or by call (a new key), as the table writes them. */
const PLACEHOLDERS: Record<string, string> = { "user-agent": "{userAgent}", "idempotency-key": "{idempotencyKey}" };
/** The retries whose delay is drawn at random: full-jitter backoff (TypeScript's random is fixed here, Python's is not). */
const RANDOM_DELAY = new Set(["backoff", "network_error", "same_idempotency_key"]);

/** A hook event as the table states it (HookEvent of scenario.ts): what cannot be the same twice checked, then left out. */
function commonShape({ durationMs, delayMs, headers, body, ...event }: HookEvent): Record<string, unknown> {
  const shaped: Record<string, unknown> = { ...event };
  if (typeof event.url === "string") shaped.url = event.url.replace(server.url, "{baseUrl}");
  if (durationMs !== undefined) expect(durationMs).toBeGreaterThanOrEqual(0);
  if (delayMs !== undefined) {
    expect(delayMs).toBeGreaterThanOrEqual(0);
    shaped.delayMs = RANDOM_DELAY.has(String(event.reason)) ? null : delayMs;
  }
  if (headers !== undefined)
    shaped.headers = Object.fromEntries(
      Object.entries(headers as Record<string, string>).map(([name, value]) => [name, PLACEHOLDERS[name] ?? value]),
    );
  if (body !== undefined && body !== null) shaped.body = body;
  return shaped;
}

describe.each(Object.keys(RUNTIMES) as Array<keyof typeof RUNTIMES>)("the %s runtime", (runtime) => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))("%s", async (_name, scenario) => {
    server.play(...scenario.answers.map(stepOf));
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
    // A warning names the SDK method as the runtime's language spells it.
    const method = ({ resource, method: name }: ScenarioCall) =>
      runtime === "typescript" ? `${resource}.${name}` : `${snake(resource)}.${snake(name)}`;
    expect(observed.warned).toEqual((scenario.expect.warned ?? []).map((text) => text.replace("{method}", method(scenario.calls[0]!))));
    expect(observed.hooks.map(commonShape)).toEqual(scenario.expect.hooks ?? []);
    // Each retry told to onRetry is the wait the runtime then slept (none for a delay of 0).
    if (scenario.hooks?.given.includes("onRetry")) {
      const delays = observed.hooks.flatMap((event) =>
        event.hook === "onRetry" && Number(event.delayMs) > 0 ? [Number(event.delayMs)] : [],
      );
      expect(observed.waits).toHaveLength(delays.length);
      delays.forEach((delay, index) => expect(observed.waits[index]).toBeCloseTo(delay / 1000, 9));
    }
  });
});

describe("the fallback rule, on any error body", () => {
  // Both runtimes read "a matching message" alike: the contract's rule, which the TypeScript
  // SDK embeds, and _error_codes.py, on codes and messages made from the catalogue's words.
  it("gives the same code in Python as in TypeScript", () => {
    const catalogue = describeApi(YAML.parse(readFileSync(input, "utf8"))).conventions.errorCodes as Record<string, FallbackEntry>;
    // Whole codes, codes in words, conditions and single words, cased and spaced any way; most
    // often those of the codes that fall back, which the rule is about.
    const phrasesOf = ([code, entry]: [string, FallbackEntry]) => [
      code,
      code.replaceAll("_", " "),
      ...code.split("_"),
      ...(entry.condition ? [entry.condition, ...entry.condition.split(" ")] : []),
    ];
    const entries = Object.entries(catalogue);
    const phrase = fc.oneof(
      { arbitrary: fc.constantFrom(...entries.filter(([, entry]) => entry.fallbackCode).flatMap(phrasesOf)), weight: 3 },
      fc.constantFrom(...entries.flatMap(phrasesOf)),
      fc.string({ maxLength: 8 }),
    );
    const gap = fc.constantFrom(" ", "_", "-", ". ", ": ", "");
    const errors = fc.array(
      fc.record({
        code: fc.oneof(
          { arbitrary: fc.constant("policy_rejected"), weight: 3 },
          fc.constantFrom(...Object.keys(catalogue)),
          fc.string({ maxLength: 12 }),
        ),
        message: fc
          .array(fc.tuple(phrase, gap, fc.boolean()), { maxLength: 6 })
          .map((parts) => parts.map(([text, after, upper]) => `${upper ? text.toUpperCase() : text}${after}`).join("")),
      }),
      { minLength: 300, maxLength: 300 },
    );
    const sample = fc.sample(errors, { numRuns: 1, seed: 7 })[0]!;
    const script = [
      "import json, sys",
      `from ${PYTHON_PACKAGE} import API_DESCRIPTION`,
      `from ${PYTHON_PACKAGE}._error_codes import canonical_error_code`,
      "catalogue = API_DESCRIPTION['conventions']['errorCodes']",
      "print(json.dumps([canonical_error_code(e['code'], e['message'], catalogue) for e in json.load(sys.stdin)]))",
    ].join("\n");
    const python = spawnSync(PYTHON, ["-c", script], {
      input: JSON.stringify(sample),
      encoding: "utf8",
      env: { ...process.env, PYTHONPATH: join(scratch, "python", "src") },
    });
    expect(python.status, python.stderr).toBe(0);
    expect(JSON.parse(python.stdout)).toEqual(sample.map((error) => canonicalErrorCode(error, catalogue)));
    // The sample reaches the rule: some messages name a code that falls back.
    expect(sample.some((error) => canonicalErrorCode(error, catalogue) !== error.code)).toBe(true);
  });
});

describe("the retry decision, on an error answer", () => {
  // Every retry class, with and without a usable Retry-After, for a request that may be sent
  // again and one that may not (a write without a key, which our document never makes).
  it("retries, for the same reason, and waits Retry-After, in Python as in TypeScript", () => {
    const classes: RetryClass[] = [
      "no",
      "not_applicable",
      "once_after_refresh",
      "after_retry_after",
      "with_backoff",
      "with_same_idempotency_key",
    ];
    const cases = classes.flatMap((retry) =>
      [null, "0", "30", "61", "soon"].flatMap((retryAfter) => [true, false].map((replayable) => ({ retry, retryAfter, replayable }))),
    );
    const typescript = cases.map(({ retry, retryAfter, replayable }) => {
      const decision = retryDecision(
        { kind: "response", status: 599, retryAfter },
        { retriesSoFar: 0, tokenRefreshed: false, canRefreshToken: false, replayable },
        defaultRetryPolicy,
        { nowMs: Date.now(), random: () => 0.5, retryByStatus: { 599: retry } },
      );
      return decision && { reason: decision.reason, retryAfter: decision.reason === "retry_after" ? decision.delayMs / 1000 : null };
    });
    const script = [
      "import json, sys",
      `from ${PYTHON_PACKAGE}._runtime import retry_after_seconds, retry_decision`,
      "out = []",
      "for case in json.load(sys.stdin):",
      "    after = retry_after_seconds(case['retryAfter'])",
      "    retry = retry_decision(case['retry'], after, 0, case['replayable'])",
      "    out.append(None if retry is None else {'reason': retry.reason, 'retryAfter': retry.wait if retry.reason == 'retry_after' else None})",
      "print(json.dumps(out))",
    ].join("\n");
    const python = spawnSync(PYTHON, ["-c", script], {
      input: JSON.stringify(cases),
      encoding: "utf8",
      env: { ...process.env, PYTHONPATH: join(scratch, "python", "src") },
    });
    expect(python.status, python.stderr).toBe(0);
    expect(JSON.parse(python.stdout)).toEqual(typescript);
    // The case that differed: a 429 or 503 without Retry-After is not repeated for a request that may not be.
    expect(
      typescript[cases.findIndex((one) => one.retry === "after_retry_after" && one.retryAfter === null && !one.replayable)],
    ).toBeNull();
  });
});
