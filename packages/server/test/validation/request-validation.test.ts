// Request validation: the body by the precompiled validators, the parameters by their
// schemas, malformed JSON, and the limits on body size, URI length and media type — each a
// typed error, before the operation runs.
import { describe, expect, it } from "vitest";
import { idempotencyKey, tokens } from "../support/fixture-app.js";
import { call, expectError } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

const server = serveFixture({ limits: { maxBodyBytes: 2048, maxUriLength: 512 } });
const data = server.data;

const post = (body: string | object, headers: Record<string, string> = {}) =>
  call(`${server.url}/enrollments`, {
    method: "POST",
    token: tokens.a,
    body,
    headers: { "idempotency-key": idempotencyKey(), ...(typeof body === "string" && { "content-type": "application/json" }), ...headers },
  });

describe("request validation", () => {
  // @trace answers-a-body-that-breaks-the-schema-400-bad-re
  it("answers a body that breaks the schema 400 bad_request with a detail per problem", async () => {
    const answer = await post({ identity_evidence: { issuing_office: 7, document_type: false } });
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details).toEqual(
      expect.arrayContaining([
        { field: "$.identity_evidence.issuing_office", code: "type", message: "must be a string" },
        { field: "$.identity_evidence.document_type", code: "type", message: "must be a string" },
      ]),
    );
  });

  it.each([
    ["an array body", "[]", "$", "type"],
    ["a JSON null body", "null", "$", "type"],
    ["malformed JSON", '{"identity_evidence": ', "$", "invalid_json"],
    ["an empty body", "", "$", "required"],
  ])("answers %s 400 bad_request", async (_name, body, field, code) => {
    const answer = await post(body);
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details[0]).toMatchObject({ field, code });
  });

  it("answers a body over the limit 413 payload_too_large", async () => {
    expectError(await post({ identity_evidence: { issuing_office: "x".repeat(4096) } }), 413, "payload_too_large");
  });

  it("answers a URI over the limit 414 uri_too_long", async () => {
    expectError(await call(`${server.url}/certificates/cert_${"0".repeat(600)}`, { token: tokens.a }), 414, "uri_too_long");
  });

  it.each([
    ["text/plain", "hello"],
    ["application/xml", "<a/>"],
    ["application/x-www-form-urlencoded", "a=b"],
    ["multipart/form-data; boundary=x", "--x--"],
  ])("answers Content-Type %s 415 unsupported_media_type", async (type, body) => {
    expectError(await post(body, { "content-type": type }), 415, "unsupported_media_type");
  });

  it("answers limit outside 1–100 400 bad_request naming limit", async () => {
    for (const limit of ["0", "101", "ten"]) {
      const answer = await call(`${server.url}/certificates?limit=${limit}`, { token: tokens.a });
      expectError(answer, 400, "bad_request");
      expect(answer.json.error.details.map((detail: { field: string }) => detail.field)).toEqual(["limit"]);
    }
  });

  it("runs no operation for a request it refuses", async () => {
    expect(data.calls.createEnrollment ?? 0).toBe(0);
    expect(data.enrollments).toEqual([]);
  });
});
