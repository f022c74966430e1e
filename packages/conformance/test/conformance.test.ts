// The engine against a sandbox that keeps the contract, and against proxies in front of it
// that each break one rule: the sandbox passes every check, and each proxy fails the check
// of the rule it breaks and no other. Real HTTP on loopback throughout.
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKS, exitStatusOf, formatConformance, runConformance, SetupError, type ConformanceReport } from "../src/index.js";
import { breaches } from "./support/breaches.js";
import { document, organization } from "./support/sandbox-data.js";
import { FAULTS } from "./support/faults.js";
import { asBody, startBreakingProxy, type ProxiedResponse } from "./support/breaking-proxy.js";

let sandbox: Sandbox;
let token: string;
let otherToken: string;

beforeAll(async () => {
  // A quota no run of this file reaches: the runs share one organization's token within a minute.
  sandbox = await startSandbox({ port: 0, quota: { points: 100_000, durationSeconds: 60 } });
  // Five certificates to page through and read.
  [token, otherToken] = [await organization(sandbox.url, 5), await organization(sandbox.url)];
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
      return outcome.status === "skip" ? outcome.reason : outcome.status;
    };
    expect(noteOf(await run(sandbox.url))).toMatch(
      /not tested: no list or create operation gives an id for GET \/v1\/signing-requests\/\{id\} \(pass one with --id\)/,
    );
    const created = await fetch(`${sandbox.url}/_sandbox/signing-requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const { id } = (await created.json()) as { id: string };
    const report = await runConformance({ baseUrl: sandbox.url, token, document, seed: 1, ids: { "/v1/signing-requests/{id}": id } });
    expect(failed(report)).toEqual([]);
    expect(noteOf(report)).toBe("pass");
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
      expect(result.outcome.status === "fail" && result.outcome.failures[0]).toMatch(/^[A-Z]+ \/.* → \d{3}/);
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

describe("findings a person can act on", () => {
  // A seed of its own for a check that writes, so that its idempotency keys are no other run's.
  const failuresOf = async (breach: Parameters<typeof startBreakingProxy>[1], id: string, also: string[] = [], seed = 1) => {
    const proxy = await startBreakingProxy(sandbox.url, breach);
    try {
      const report = await runConformance({ baseUrl: proxy.url, token, otherToken, document, seed, only: [id, ...also] });
      const outcome = report.results.find((result) => result.id === id)!.outcome;
      return { failures: outcome.status === "fail" ? outcome.failures : [], report };
    } finally {
      await proxy.close();
    }
  };
  const breach = (id: string) => breaches({ token, otherToken })[id]!;

  it("says the status was right and the body was not the error body, for a 401 without error.code", async () => {
    const { failures } = await failuresOf(
      { response: (response) => (response.status === 401 ? { ...response, body: asBody({ error: { message: "No." } }) } : response) },
      "unauthenticated",
    );
    expect(failures[0]).toMatch(
      /^GET \/\S+ → 401 \(no error\.code\): the status is right for a request without credentials, but the body is not the error body \{"error": \{"code": "unauthenticated", …\}\}$/,
    );
  });

  it("says the status was right and the body was not the error body, for a refused body", async () => {
    const { failures } = await failuresOf(
      {
        response: (response, request) =>
          response.status === 400 && request.method === "POST" ? { ...response, body: asBody({ message: "Invalid." }) } : response,
      },
      "invalid-body",
    );
    expect(failures[0]).toMatch(/^POST \/enrollments → 400 \(no error\.code\): the status is right, but the body is not the error body/);
  });

  it("names the status the server sent and the one the catalogue gives, apart", async () => {
    const { failures } = await failuresOf(breach("error-code-status"), "error-code-status");
    expect(failures).toEqual([
      "POST /enrollments → 422 enrollment_identity_incomplete: the server answered enrollment_identity_incomplete with 422, where the catalogue gives enrollment_identity_incomplete the status 400",
    ]);
  });

  it("names what a framework's not-found page lacks", async () => {
    const { failures } = await failuresOf(breach("unknown-route"), "unknown-route");
    expect(failures).toEqual([
      'GET /conformance-no-such-route → 404 (text/html, not JSON): expected the error body {"error": {"code": …}}, Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset; every answer carries them, one to a path the API does not have too',
    ]);
  });

  it("reads a reset in seconds as what it is", async () => {
    const { failures } = await failuresOf(breach("rate-limit-reset"), "rate-limit-reset");
    expect(failures[0]).toMatch(
      /→ \d{3}.*: RateLimit-Reset: \d+ is 1970-01-01T.* as a Unix time: it reads as the seconds until the reset, where the document asks for the Unix time at which the window resets/,
    );
  });

  it("says where a credential came back, and which, never its value", async () => {
    const { failures, report } = await failuresOf(breach("credentials-echoed"), "credentials-echoed", ["invalid-body"]);
    expect(failures[0]).toMatch(/→ 40\d \w+: error\.message carries the bearer token: an error contains no secrets$/);
    expect(JSON.stringify(report)).not.toContain(token);
  });

  it("says which record a page after the cursor left out, and where it belongs", async () => {
    const { failures } = await failuresOf(breach("page-complete"), "page-complete");
    expect(failures[0]).toMatch(
      /^GET \/certificates\?limit=2&cursor=\S+ \(\d+ characters\) → 200: "cert_\w+" is missing; GET \/certificates\?limit=100 → 200 has it just after "cert_\w+", and paging skips no record$/,
    );
  });

  it("says next is null on a page a following page comes after", async () => {
    const { failures } = await failuresOf(breach("next-link"), "next-link");
    expect(failures[0]).toMatch(
      /^GET \/certificates\?limit=2 → 200: next is null, but the page has a cursor and the following page \(GET .* → 200\) has 2 records: expected the URL of the following page$/,
    );
  });

  it("says which Request-Id came back again, and on which answer it was first", async () => {
    const { failures } = await failuresOf(breach("request-id-unique"), "request-id-unique", ["idempotent-replay"], 10_000);
    expect(failures).toEqual([
      expect.stringMatching(
        /^POST \/enrollments → 201: Request-Id: req_\w+ again, the id of POST \/enrollments → 201: each request has an id of its own$/,
      ),
    ]);
  });

  it("quotes how the answer for another organization's resource differs from a missing one's", async () => {
    const fault = FAULTS.find((candidate) => candidate.id === "other-organization-message")!;
    const { failures } = await failuresOf(fault.breach({ token, otherToken }), "other-organization");
    expect(failures[0]).toMatch(
      /^GET \/certificates\/cert_\w+ → 404 not_found: error\.message "The certificate belongs to another organization\.", where an id no resource has gets GET \/certificates\/cert_\w+ → 404 not_found with "[^"]+": another organization's resource is answered exactly as a missing one$/,
    );
  });

  it("names the first organization's resource the second was given for the same key", async () => {
    const { failures } = await failuresOf(breach("idempotency-key-scope"), "idempotency-key-scope", [], 20_000);
    expect(failures).toEqual([
      expect.stringMatching(
        /^POST \/enrollments → 201: the second organization was given "\w+", the first organization's resource \(POST \/enrollments → 201\), for the same key and body: a key is the calling organization's own$/,
      ),
    ]);
  });
});

describe("setup problems: one error, not a report of failures", () => {
  it("stops when the token cannot be had", async () => {
    await expect(
      runConformance({ baseUrl: sandbox.url, document, token: () => Promise.reject(new Error("the vault is sealed")) }),
    ).rejects.toThrow(new SetupError("the token could not be obtained: the vault is sealed"));
  });

  it("stops when the server refuses the token on every call, saying to check the credentials", async () => {
    await expect(runConformance({ baseUrl: sandbox.url, document, token: "sp_test_not_a_token_of_this_server" })).rejects.toThrow(
      /^the server refuses the credentials on every call \(GET \/certificates → 401 unauthenticated\): check the credentials/,
    );
  });

  it("stops when the other token is refused", async () => {
    await expect(runConformance({ baseUrl: sandbox.url, document, token, otherToken: "sp_test_not_a_token_either" })).rejects.toThrow(
      /the server refuses the second organization's credentials/,
    );
  });

  it("stops when nothing of the API answers under the base URL, saying to check it", async () => {
    const error = await runConformance({ baseUrl: `${sandbox.url}/v1`, document, token }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SetupError);
    expect((error as Error).message).toMatch(
      /^nothing of the API answers under http:\/\/127\.0\.0\.1:\d+\/v1 \(GET \/v1\/certificates → 404 not_found, .*\): check the base URL; .* such as \/v1\.$/,
    );
  });
});

describe("skips", () => {
  it("are named in the summary, and fail the run in strict mode", async () => {
    // A check that tested only part of what it is for is a skip too, shown as one and never as a pass.
    const partial = await runConformance({ baseUrl: sandbox.url, token, document, seed: 1, only: ["not-modified"] });
    const notModified = partial.results.find((result) => result.id === "not-modified")!;
    expect(notModified.outcome).toEqual({
      status: "skip",
      reason: expect.stringMatching(/^not tested: no list or create operation gives an id/),
    });
    expect(formatConformance(partial, "stylish")).toMatch(/^ {4}- not-modified: .* \(skipped: not tested: no list or create operation/m);
    expect(formatConformance(partial, "stylish")).not.toMatch(/✓ not-modified/);
    expect(exitStatusOf(partial)).toBe(0);
    expect(exitStatusOf(partial, { strict: true })).toBe(1);

    const report = await runConformance({
      baseUrl: sandbox.url,
      token,
      document,
      seed: 1,
      only: ["unauthenticated", "other-organization"],
    });
    const text = formatConformance(report, "stylish");
    expect(text).toMatch(
      /^! 1 check was skipped, testing nothing or only part \(strict mode, --strict, fails the run for a skip\):\n! {3}other-organization: needs a second organization's credentials \(--other-token\)$/m,
    );
    expect(formatConformance(report, "github-actions")).toMatch(/^::warning title=conformance%3A other-organization skipped::needs/m);
    expect(exitStatusOf(report)).toBe(0);
    expect(exitStatusOf(report, { strict: true })).toBe(1);
  });
});
