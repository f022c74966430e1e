// The kit against a service whose document grew beyond the platform's operations
// (./support/extended-document.ts): a second keyed write, a list that declares a required
// ETag, and a keyed cancel with a path parameter. The service that keeps that contract
// (./support/extended-service.ts) passes strict mode with nothing reported; each fault of it
// is reported by the checks of the rule it breaks. Real HTTP on loopback throughout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitStatusOf, runConformance, type ConformanceReport } from "../src/index.js";
import { extendedDocument } from "./support/extended-document.js";
import { startExtendedService, type ExtendedService } from "./support/extended-service.js";

const document = extendedDocument();

const findings = (report: ConformanceReport) =>
  report.results.flatMap((result) =>
    result.outcome.status === "fail" ? result.outcome.failures.map((line) => `${result.id}: ${line}`) : [],
  );
const skips = (report: ConformanceReport) =>
  report.results.flatMap((result) => (result.outcome.status === "skip" ? [`${result.id}: ${result.outcome.reason}`] : []));

describe("a service that keeps the extended document", () => {
  let service: ExtendedService;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    service = await startExtendedService();
    [token, otherToken] = [await service.organization(5), await service.organization()];
  });
  afterAll(() => service?.close());

  it("passes strict mode, every keyed write tested, with nothing reported", async () => {
    const plans: string[] = [];
    const report = await runConformance({
      baseUrl: service.url,
      token,
      otherToken,
      document,
      seed: 1000,
      onPlan: (plan) => plans.push(plan),
    });
    expect(findings(report)).toEqual([]);
    expect(skips(report)).toEqual([]);
    expect(exitStatusOf(report, { strict: true })).toBe(0);
    // The cancel was sent to requests the run made, succeeded, was replayed, and refused to the other organization.
    const cancels = service.served.filter((line) => /^POST \/v1\/signing-requests\/[^/]+\/cancel/.test(line));
    expect(cancels).toEqual(expect.arrayContaining([expect.stringMatching(/^POST \/v1\/signing-requests\/sr_\w+\/cancel → 200$/)]));
    expect(cancels).toEqual(expect.arrayContaining([expect.stringMatching(/\/sr_\w+\/cancel → 200 \(replayed\)$/)]));
    expect(cancels).toEqual(expect.arrayContaining([expect.stringMatching(/\/sr_\w+\/cancel → 404$/)]));
    expect(plans[0]).toMatch(
      /It may create up to 25 resources through POST \/enrollments, POST \/v1\/signing-requests, POST \/v1\/signing-requests\/\{id\}\/cancel and POST \/v1\/webhook-endpoints, each with its own Idempotency-Key\.$/,
    );
  });

  it("explores every create, each key reused only with a body of its own operation", async () => {
    service.served.length = 0;
    const report = await runConformance({ baseUrl: service.url, token, document, seed: 11, only: ["explore"], exploreRuns: 40 });
    const explored = report.results.find((result) => result.id === "explore")!;
    expect(explored.outcome).toEqual({ status: "pass", note: "40 sequences, seed 11" });
    // A key of the service's creates was reused with another body of its own, and refused for it: a
    // body of another create's is refused as a body (400) by a service that judges the body first.
    expect(service.served).toEqual(
      expect.arrayContaining([expect.stringMatching(/^POST \/v1\/(signing-requests|webhook-endpoints) → 409$/)]),
    );
  });

  const writeChecks = [
    "idempotent-replay",
    "idempotency-key-reused",
    "idempotent-concurrency",
    "idempotency-key-scope",
    "other-organization",
  ];

  it("reaches the cancel by the path's shape when the document has no links", async () => {
    const unlinked = extendedDocument();
    delete unlinked.paths["/v1/signing-requests"].post.responses["201"].links;
    service.served.length = 0;
    const report = await runConformance({ baseUrl: service.url, token, otherToken, document: unlinked, seed: 5000, only: writeChecks });
    expect(findings(report)).toEqual([]);
    expect(skips(report)).toEqual([]);
    expect(service.served).toEqual(expect.arrayContaining([expect.stringMatching(/^POST \/v1\/signing-requests\/sr_\w+\/cancel → 200$/)]));
  });

  it("sends the cancel to the first item of the list where the list's answer links to it", async () => {
    const listLinked = extendedDocument();
    delete listLinked.paths["/v1/signing-requests"].post.responses["201"].links;
    listLinked.paths["/v1/signing-requests"].get.responses["200"].links = {
      cancel: { operationId: "cancelSigningRequest", parameters: { id: "$response.body#/items/0/id" } },
    };
    const listed = await fetch(`${service.url}/v1/signing-requests`, { headers: { authorization: `Bearer ${token}` } });
    const first = ((await listed.json()) as { items: Array<{ id: string }> }).items[0]!.id;
    service.served.length = 0;
    await runConformance({ baseUrl: service.url, token, document: listLinked, seed: 13_000, only: ["idempotent-replay"] });
    expect(service.served).toContain(`POST /v1/signing-requests/${first}/cancel → 200`);
  });

  it("skips, naming it, a write nothing gives an id for, and strict mode fails the run", async () => {
    const unreachable = extendedDocument();
    unreachable.paths["/v1/signing-requests/{id}/signers/{signer_id}/remind"] = {
      post: {
        ...structuredClone(unreachable.paths["/v1/signing-requests/{id}/cancel"].post),
        operationId: "remindSigner",
        parameters: [
          ...structuredClone(unreachable.paths["/v1/signing-requests/{id}/cancel"].post.parameters),
          { name: "signer_id", in: "path", required: true, schema: { type: "string" } },
        ],
      },
    };
    const report = await runConformance({ baseUrl: service.url, token, document: unreachable, seed: 9000, only: writeChecks.slice(0, 3) });
    expect(findings(report)).toEqual([]);
    const reason =
      "not tested: no list or create operation gives an id for POST /v1/signing-requests/{id}/signers/{signer_id}/remind (pass one with --id)";
    expect(skips(report)).toEqual(writeChecks.slice(0, 3).map((id) => `${id}: ${reason}`));
    expect(exitStatusOf(report)).toBe(0);
    expect(exitStatusOf(report, { strict: true })).toBe(1);
  });
});
