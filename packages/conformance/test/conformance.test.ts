// The engine against a sandbox that keeps the contract, and against proxies in front of it
// that each break one rule: the sandbox passes every check, and each proxy fails the check
// of the rule it breaks and no other. Real HTTP on loopback throughout.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { CHECKS, runConformance, type ConformanceReport } from "../src/index.js";
import { breaches } from "./support/breaches.js";
import { startBreakingProxy, type ProxiedResponse } from "./support/breaking-proxy.js";

const document = YAML.parse(readFileSync(fileURLToPath(new URL("../../../generated/openapi.yaml", import.meta.url)), "utf8"));
let sandbox: Sandbox;
let token: string;
let otherToken: string;

async function organization(url: string): Promise<string> {
  const response = await fetch(`${url}/_sandbox/organizations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  [token, otherToken] = [await organization(sandbox.url), await organization(sandbox.url)];
  // A provider's staging server has data; the sandbox is given some: five certificates to page through and read.
  await fetch(`${sandbox.url}/_sandbox/certificates`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ count: 5 }),
  });
});
afterAll(() => sandbox?.close());

const failed = (report: ConformanceReport) =>
  report.results.filter((result) => result.outcome.status === "fail").map((result) => result.id);
const statusOf = (report: ConformanceReport, id: string) => report.results.find((result) => result.id === id)?.outcome.status;
const run = (baseUrl: string, seed = 1) => runConformance({ baseUrl, token, otherToken, document, seed });
const everyDefaultCheck = () =>
  CHECKS.filter((check) => !check.optIn)
    .map((check) => check.id)
    .sort();

describe("against the sandbox", () => {
  it("passes every check that is not opt-in", async () => {
    const report = await run(sandbox.url);
    expect(failed(report)).toEqual([]);
    expect(report.results.map((result) => result.id).sort()).toEqual(everyDefaultCheck());
    expect(report.requests).toBeLessThan(100);
  });

  it("reads a resource no list gives when its id is given, and says which it could not read otherwise", async () => {
    const noteOf = (report: ConformanceReport) => {
      const outcome = report.results.find((result) => result.id === "not-modified")!.outcome;
      return outcome.status === "pass" ? outcome.note : outcome.status;
    };
    expect(noteOf(await run(sandbox.url))).toMatch(
      /not tested: no list operation gives an id for GET \/v1\/signing-requests\/\{id\} \(pass one with --id\)/,
    );
    const created = await fetch(`${sandbox.url}/_sandbox/signing-requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const { id } = (await created.json()) as { id: string };
    const report = await runConformance({ baseUrl: sandbox.url, token, document, seed: 1, ids: { "/v1/signing-requests/{id}": id } });
    expect(failed(report)).toEqual([]);
    expect(noteOf(report)).toBeUndefined();
    await expect(runConformance({ baseUrl: sandbox.url, token, document, ids: { "/nowhere/{id}": "x" } })).rejects.toThrow(
      /no operation of the document has this path/,
    );
  });

  it("sends the same requests again for the same seed", async () => {
    const bodiesSent = async (seed: number) => {
      const bodies: string[] = [];
      const proxy = await startBreakingProxy(sandbox.url, {
        request: (request) => {
          if (request.method === "POST") bodies.push(request.body.length > 10_000 ? "(large)" : request.body.toString());
          return request;
        },
      });
      await run(proxy.url, seed);
      await proxy.close();
      return bodies;
    };
    const [first, again, other] = [await bodiesSent(7), await bodiesSent(7), await bodiesSent(8)];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });
});

describe("against a server that breaks one rule", () => {
  const table = Object.keys(breaches({ token: "", otherToken: "" }));

  it("has a breach for every check that is not opt-in", () => {
    expect([...table].sort()).toEqual(everyDefaultCheck());
  });

  it.each(table)("%s: fails that check and no other", async (id) => {
    const proxy = await startBreakingProxy(sandbox.url, breaches({ token, otherToken })[id]!);
    try {
      const report = await run(proxy.url);
      const result = report.results.find((candidate) => candidate.id === id)!;
      const failures = report.results.filter((candidate) => candidate.outcome.status === "fail");
      expect(failed(report), JSON.stringify(failures, null, 1)).toEqual([id]);
      // The failure says what was sent and what came back.
      expect(result.outcome.status === "fail" && result.outcome.failures[0]).toMatch(/^(GET|POST) \/.* → \d{3}/);
    } finally {
      await proxy.close();
    }
  });

  it("reports a check that depends on a broken one as skipped, not failed", async () => {
    const proxy = await startBreakingProxy(sandbox.url, breaches({ token, otherToken })["entity-tag"]!);
    try {
      expect(statusOf(await run(proxy.url), "not-modified")).toBe("skip");
    } finally {
      await proxy.close();
    }
  });
});

describe("the opt-in burst", () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = await startSandbox({ port: 0, quota: { points: 15, durationSeconds: 60 } });
  });
  afterAll(() => limited?.close());
  // Each run spends a new organization's quota.
  const burst = async (baseUrl: string) =>
    runConformance({
      baseUrl,
      token: await organization(limited.url),
      document,
      seed: 1,
      only: ["rate-limited", "retry-after", "error-body"],
    });

  it("finds the 429 with Retry-After past a small quota", async () => {
    expect(failed(await burst(limited.url))).toEqual([]);
  });

  it("fails rate-limited alone against a server that serves past its quota", async () => {
    // Past the quota, the last page served is served again, headers and all.
    let last: ProxiedResponse | undefined;
    const proxy = await startBreakingProxy(limited.url, {
      response: (response) => {
        if (response.status === 200) last = response;
        return response.status === 429 && last ? last : response;
      },
    });
    try {
      expect(failed(await burst(proxy.url))).toEqual(["rate-limited"]);
    } finally {
      await proxy.close();
    }
  });
});
