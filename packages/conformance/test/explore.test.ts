// The exploration (`explore`) against the sandbox, which keeps the contract: no finding for any
// seed tried, and the same requests for the same seed; against proxies that each break one
// rule: the fault found, shrunk to the shortest sequence that shows it, and replayed from the
// seed and path the finding prints; and a server that asks to wait ends it without a finding.
// Real HTTP on loopback throughout.
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatConformance, runConformance, type ConformanceOptions, type ConformanceReport } from "../src/index.js";
import { asBody, startBreakingProxy, type Breach } from "./support/breaking-proxy.js";
import { document, organization as organizationOf } from "./support/sandbox-data.js";

let sandbox: Sandbox;

/** A new organization, with five certificates to list, page through and read. */
const organization = () => organizationOf(sandbox.url, 5);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox?.close());

const explore = async (baseUrl: string, seed: number, options: Partial<ConformanceOptions> = {}) =>
  runConformance({ baseUrl, token: await organization(), document, seed, only: ["explore"], ...options });
const outcomeOf = (report: ConformanceReport) => report.results.find((result) => result.id === "explore")!.outcome;
const findingOf = (report: ConformanceReport) => {
  const outcome = outcomeOf(report);
  expect(outcome.status, JSON.stringify(outcome)).toBe("fail");
  return outcome.status === "fail" ? outcome.failures[0]! : "";
};

/** Runs `test` against a proxy in front of the sandbox that breaks one rule. */
async function behind<T>(breach: Breach, test: (url: string) => Promise<T>): Promise<T> {
  const proxy = await startBreakingProxy(sandbox.url, breach);
  try {
    return await test(proxy.url);
  } finally {
    await proxy.close();
  }
}

describe("against the sandbox", () => {
  it.each([1, 2, 3])("finds nothing with seed %i", async (seed) => {
    // A signing request, which no list gives the id of, to read and read conditionally too.
    const token = await organization();
    const created = await fetch(`${sandbox.url}/_sandbox/signing-requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const { id } = (await created.json()) as { id: string };
    const ids = { "/v1/signing-requests/{id}": id };
    const report = await explore(sandbox.url, seed, { token, ids, exploreRuns: 30 });
    expect(outcomeOf(report)).toEqual({ status: "pass", note: `30 sequences, seed ${seed}` });
    expect(report.requests).toBeGreaterThan(100);
  });

  it("sends the same requests for the same seed, and others for another", async () => {
    const token = await organization();
    const requestsOf = async (seed: number) => {
      const sent: string[] = [];
      await behind(
        {
          request: (request) => {
            sent.push(
              `${request.method} ${request.url} ${request.headers["idempotency-key"] ?? ""} ${request.headers["if-none-match"] ?? ""} ${request.body}`,
            );
            return request;
          },
        },
        (url) => runConformance({ baseUrl: url, token, document, seed, only: ["explore"], exploreRuns: 10 }),
      );
      return sent;
    };
    const first = await requestsOf(7);
    expect(await requestsOf(7)).toEqual(first);
    expect(await requestsOf(8)).not.toEqual(first);
  });
});

describe("against a server that breaks one rule", () => {
  // A server whose pages stop at 60, though the document promises up to 100: it fails past 60.
  const pagesUpTo60: Breach = {
    response: (response, request) => {
      const limit = Number(new URL(request.url, "http://proxy").searchParams.get("limit"));
      if (request.method !== "GET" || !(limit > 60 && limit <= 100)) return response;
      const requestId = response.headers["request-id"] ?? "req_proxy";
      return {
        ...response,
        status: 500,
        body: asBody({ error: { code: "internal_error", message: "Page too large.", request_id: requestId, details: [] } }),
      };
    },
  };

  it("finds the smallest request that shows it, and replays it from the seed and path printed", async () => {
    const report = await behind(pagesUpTo60, (url) => explore(url, 1, { exploreRuns: 30 }));
    const finding = findingOf(report);
    const [headline, shortest, only, replay] = finding.split("\n");
    expect(headline).toBe("GET /certificates?limit=61 → 500 internal_error: a server error, for a request a client may send");
    expect(shortest).toMatch(/^ {2}the shortest sequence found that shows it, 1 request \(shrunk from \d+ requests\):$/);
    expect(only).toBe("    1. GET /certificates?limit=61 → 500 internal_error");
    const path = /^ {2}replay it: --only explore --seed 1 --explore-path '([^']+)'$/.exec(replay ?? "")?.[1];
    expect(path).toBeDefined();
    // The stylish report keeps the sequence under the check.
    expect(formatConformance(report, "stylish")).toContain("\n            1. GET /certificates?limit=61 → 500 internal_error\n");

    // The path runs that one sequence, already the shortest: the same finding, shrunk from nothing.
    const again = await behind(pagesUpTo60, (url) => explore(url, 1, { explorePath: path! }));
    expect(findingOf(again)).toBe(finding.replace(/ \(shrunk from \d+ requests?\)/, ""));
    expect(again.requests).toBeLessThan(10);
  });

  it("finds a replay not marked as one, in a sequence of two requests", async () => {
    const unmarked: Breach = {
      response: ({ headers: { "idempotent-replayed": _replayed, ...headers }, ...response }) => ({ ...response, headers }),
    };
    const finding = findingOf(await behind(unmarked, (url) => explore(url, 2, { exploreRuns: 30 })));
    const lines = finding.split("\n");
    expect(lines[0]).toMatch(/^POST \/enrollments → 201: expected Idempotent-Replayed: true on the replay$/);
    expect(lines[1]).toMatch(/the shortest sequence found that shows it, 2 requests/);
    const [create, replay] = [lines[2]!, lines[3]!].map((line) => line.replace(/^ {4}\d\. /, ""));
    expect(create).toMatch(/^POST \/enrollments Idempotency-Key: [0-9a-f]{16,128} \{.*\} → 201$/);
    expect(replay).toBe(create);
  });
});

describe("when the server asks to wait", () => {
  it("stops without a finding, and says it tested only in part", async () => {
    // Past its 60th request, every answer is 429 rate_limited, to be retried at once.
    let served = 0;
    const quota: Breach = {
      response: (response) => {
        if (++served <= 60) return response;
        const requestId = response.headers["request-id"] ?? "req_proxy";
        return {
          status: 429,
          headers: { ...response.headers, "content-type": "application/json", "retry-after": "0" },
          body: asBody({ error: { code: "rate_limited", message: "Slow down.", request_id: requestId, details: [] } }),
        };
      },
    };
    const report = await behind(quota, (url) => explore(url, 1, { exploreRuns: 30 }));
    expect(outcomeOf(report)).toEqual({
      status: "skip",
      reason: expect.stringMatching(
        /^not tested in full: \w+ \/\S+.* → 429 rate_limited: the server asked to wait, after \d+ of 30 sequences$/,
      ),
    });
  });
});
