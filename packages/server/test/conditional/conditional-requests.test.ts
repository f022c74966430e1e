// ETag on every resource response and 304 on a matching If-None-Match (docs/decisions.md#entity-tags).
import { describe, expect, it } from "vitest";
import { operationTable } from "../../src/generated/operations.js";
import { idempotencyKey, tokens } from "../support/fixture-app.js";
import { call, expectStandardHeaders } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

const server = serveFixture();
const data = server.data;

const get = (path: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  call(server.url + path, { token: tokens.a, headers, method });

describe("conditional requests", () => {
  // @trace puts-a-strong-etag-on-every-resource-response-th
  it("puts a strong ETag on every resource response, the same while the representation is", async () => {
    const first = await get("/certificates/cert_000");
    const second = await get("/certificates/cert_000");
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    for (const answer of [
      await get("/certificates"),
      await get("/v1/signing-requests/sr_1"),
      await call(`${server.url}/enrollments`, {
        method: "POST",
        token: tokens.a,
        body: { identity_evidence: { issuing_office: "x" } },
        headers: { "idempotency-key": idempotencyKey() },
      }),
    ]) {
      expect(answer.status).toBeLessThan(300);
      expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    }
  });

  it("changes the ETag when the representation changes", async () => {
    const before = await get("/certificates/cert_001");
    data.certificates.find((certificate) => certificate.id === "cert_001")!.subject = "CN=Renamed";
    const after = await get("/certificates/cert_001");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get("/certificates/cert_001", { "if-none-match": before.headers.etag! })).status).toBe(200);
  });

  // @trace answers-if-none-match-with-s-304-no-body-with-et
  it.each([
    ["the tag", (etag: string) => etag],
    ["the tag, weak", (etag: string) => `W/${etag}`],
    ["*", () => "*"],
    ["a list holding the tag", (etag: string) => `"stale", ${etag}, "other"`],
  ])("answers If-None-Match with %s 304: no body, with ETag, Request-Id and rate-limit headers", async (_name, header) => {
    const full = await get("/certificates/cert_003");
    const answer = await get("/certificates/cert_003", { "if-none-match": header(full.headers.etag!) });
    expect(answer.status).toBe(304);
    expect(answer.text).toBe("");
    expect(answer.headers.etag).toBe(full.headers.etag);
    expect(answer.headers["content-type"]).toBeUndefined();
    expectStandardHeaders(answer);
    expect(answer.headers["request-id"]).not.toBe(full.headers["request-id"]);
  });

  it.each([
    ["another tag", '"other"'],
    ["a malformed header", "not-a-tag"],
  ])("answers If-None-Match with %s 200 with the body", async (_name, header) => {
    const answer = await get("/certificates/cert_003", { "if-none-match": header });
    expect(answer.status).toBe(200);
    expect(answer.json.id).toBe("cert_003");
  });

  it("answers HEAD like GET, without a body", async () => {
    const full = await get("/certificates/cert_003");
    const head = await get("/certificates/cert_003", {}, "HEAD");
    expect([head.status, head.text, head.headers.etag]).toEqual([200, "", full.headers.etag]);
    expectStandardHeaders(head);
    expect((await get("/certificates/cert_003", { "if-none-match": full.headers.etag! }, "HEAD")).status).toBe(304);
  });

  it("answers 304 only where the spec declares it (x-signing-platform-conditional-request)", async () => {
    const list = operationTable.find((operation) => operation.operationId === "listCertificates")!;
    expect([list.conditionalRequest, list.responses["304"]]).toEqual([null, undefined]);
    expect((await get("/certificates", { "if-none-match": "*" })).status).toBe(200);
    const read = operationTable.find((operation) => operation.operationId === "getCertificate")!;
    expect(read.conditionalRequest).not.toBeNull();
    expect((await get("/certificates/cert_000", { "if-none-match": "*" })).status).toBe(304);
  });

  it("puts no ETag on an error", async () => {
    const answer = await get("/certificates/cert_999", { "if-none-match": "*" });
    expect(answer.status).toBe(404);
    expect(answer.headers.etag).toBeUndefined();
  });
});
