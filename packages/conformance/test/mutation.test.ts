// The kit's own mutation suite: the kit reports nothing on a sandbox that keeps the contract,
// and reports every fault of ./support/faults.ts, each a small change a real server could
// ship, made by a proxy in front of that sandbox. Each fault is run with the checks that
// should catch it (and those that give them answers to judge), so the suite stays fast.
// A service whose document grew beyond the platform's operations (a second keyed write, a
// list that declares a required ETag, a keyed cancel of one resource) has faults of its own,
// each made by the service itself. Real HTTP on loopback throughout.
import { startSandbox, type Sandbox } from "@signing-platform/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKS, exitStatusOf, runConformance, type ConformanceReport } from "../src/index.js";
import { startBreakingProxy } from "./support/breaking-proxy.js";
import { FAULTS, type Fault } from "./support/faults.js";
import { extendedDocument } from "./support/extended-document.js";
import { startExtendedService, type ExtendedFault } from "./support/extended-service.js";
import { document, interfaceHeadings, organization } from "./support/sandbox-data.js";

const HEADINGS = new Set(interfaceHeadings());

let sandbox: Sandbox;
let token: string;
let otherToken: string;

beforeAll(async () => {
  // A quota no run reaches, as the faults run side by side with one organization's token.
  sandbox = await startSandbox({ port: 0, quota: { points: 1_000_000, durationSeconds: 60 } });
  // More certificates than the default page holds, so that a page size of the wrong default shows.
  [token, otherToken] = [await organization(sandbox.url, 30), await organization(sandbox.url)];
});
afterAll(() => sandbox?.close());

const failed = (report: ConformanceReport) =>
  report.results.filter((result) => result.outcome.status === "fail").map((result) => result.id);
const findings = (report: ConformanceReport) =>
  report.results.flatMap((result) =>
    result.outcome.status === "fail" ? result.outcome.failures.map((line) => `${result.id}: ${line}`) : [],
  );
const defaultChecks = CHECKS.filter((check) => !check.optIn).map((check) => check.id);

describe("the faults", () => {
  it("are at least 60, each with an id of its own, a heading of the interface document and checks that exist", () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(FAULTS.map((fault) => fault.id)).size).toBe(FAULTS.length);
    for (const fault of FAULTS) {
      expect(HEADINGS, fault.id).toContain(fault.heading);
      expect(fault.caughtBy.length, fault.id).toBeGreaterThan(0);
      for (const id of [...fault.caughtBy, ...(fault.with ?? [])]) expect(defaultChecks, fault.id).toContain(id);
    }
  });

  it("give every check that is not opt-in a fault to catch", () => {
    const catching = new Set(FAULTS.flatMap((fault) => fault.caughtBy));
    expect(defaultChecks.filter((id) => !catching.has(id))).toEqual([]);
  });
});

describe("the clean sandbox", () => {
  it("is reported nothing, directly and through a proxy that changes nothing", async () => {
    const direct = await runConformance({ baseUrl: sandbox.url, token, otherToken, document, seed: 1 });
    expect(findings(direct)).toEqual([]);
    const proxy = await startBreakingProxy(sandbox.url, {});
    try {
      const proxied = await runConformance({ baseUrl: proxy.url, token, otherToken, document, seed: 500_000 });
      expect(findings(proxied)).toEqual([]);
      expect(proxied.results.map((result) => result.id).sort()).toEqual([...defaultChecks].sort());
    } finally {
      await proxy.close();
    }
  });
});

describe("a server with one fault", () => {
  it.concurrent.each(FAULTS.map((fault, index) => [fault.id, fault, index] as const))(
    "%s: reported",
    async (_id: string, fault: Fault, index: number) => {
      const proxy = await startBreakingProxy(sandbox.url, fault.breach({ token, otherToken }));
      try {
        const report = await runConformance({
          baseUrl: proxy.url,
          token,
          otherToken,
          document,
          // Seeds far apart, so that no two faults' runs send the same idempotency keys.
          seed: (index + 1) * 1000,
          only: [...fault.caughtBy, ...(fault.with ?? [])],
        });
        expect(exitStatusOf(report)).toBe(1);
        expect(findings(report).length).toBeGreaterThan(0);
        expect(failed(report), `${fault.description}\n${JSON.stringify(report.results, null, 1)}`).toEqual(
          expect.arrayContaining([...fault.caughtBy]),
        );
      } finally {
        await proxy.close();
      }
    },
  );
});

/** Faults of a service beyond the platform's operations (./support/extended-service.ts), with the checks that report each and a line of what they say. */
const EXTENDED_FAULTS: ReadonlyArray<readonly [ExtendedFault, { caughtBy: string; also?: string; says: RegExp }]> = [
  [
    "create-never-replays",
    // Five concurrent creates with one key make five resources too.
    {
      caughtBy: "idempotent-replay",
      also: "idempotent-concurrency",
      says: /^POST \/v1\/signing-requests → 201: expected the first answer again/,
    },
  ],
  [
    "cancel-never-replays",
    { caughtBy: "idempotent-replay", says: /^POST \/v1\/signing-requests\/sr_\w+\/cancel → 409 conflict: expected the first answer again/ },
  ],
  ["list-without-entity-tag", { caughtBy: "declared-headers", says: /^GET \/v1\/signing-requests\S* → 200: no ETag, which GET/ }],
  [
    "cancel-across-organizations",
    { caughtBy: "other-organization", says: /^POST \/v1\/signing-requests\/sr_\w+\/cancel → 200: expected 404 not_found for a write/ },
  ],
  ["page-skips-a-record", { caughtBy: "page-complete", says: /^GET \/v1\/signing-requests\?limit=2&cursor=.* → 200: "sr_\w+" is missing/ }],
];

describe("a service beyond the platform's operations, with one fault", () => {
  it.concurrent.each(EXTENDED_FAULTS)("%s: reported", async (fault, { caughtBy, also, says }) => {
    const service = await startExtendedService({ fault });
    try {
      const [token, otherToken] = [await service.organization(5), await service.organization()];
      const report = await runConformance({ baseUrl: service.url, token, otherToken, document: extendedDocument(), seed: 1 });
      expect(exitStatusOf(report)).toBe(1);
      expect(failed(report).sort()).toEqual([caughtBy, ...(also ? [also] : [])].sort());
      expect(findings(report)).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${caughtBy}: ${says.source.slice(1)}`))]),
      );
    } finally {
      await service.close();
    }
  });
});
