// The rejectRequest option: the embedder's own refusal, at one defined point of the order of
// checks (after authentication and the capability check, before request validation and the
// Idempotency-Key), answered through the error path like any other error.
import { describe, expect, it } from "vitest";
import { ApiErrorResponse, type RejectRequest } from "../../src/index.js";
import { idempotencyKey, tokens } from "../support/fixture-app.js";
import { call, expectError } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

const REJECT = "x-reject-with";

/** Every call the option gets, by operation id. */
const seen: string[] = [];

/** Refuses with the code the request names (asynchronously when it asks to), else lets it through. */
const rejectRequest: RejectRequest = (request, operation) => {
  seen.push(operation.operationId);
  const code = request.headers[REJECT];
  if (typeof code !== "string") return undefined;
  const error = new ApiErrorResponse(code as "conflict", { message: `Refused with ${code}.` });
  return request.headers["x-reject-async"] === "true" ? Promise.resolve(error) : error;
};

const server = serveFixture({ rejectRequest });
const evidence = { identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } };

describe("rejectRequest", () => {
  it("answers the error it returns with the error body, Request-Id and rate-limit headers, and the handler never runs", async () => {
    const before = server.data.calls.getCertificate ?? 0;
    const answer = await call(`${server.url}/certificates/cert_000`, { token: tokens.a, headers: { [REJECT]: "conflict" } });
    expectError(answer, 409, "conflict");
    expect(answer.json.error.message).toBe("Refused with conflict.");
    expect(server.data.calls.getCertificate ?? 0).toBe(before);
  });

  it("lets the request through when it returns undefined, and is given the request's operation", async () => {
    seen.length = 0;
    const answer = await call(`${server.url}/certificates/cert_000`, { token: tokens.a });
    expect(answer.status).toBe(200);
    expect(seen).toEqual(["getCertificate"]);
  });

  it("takes a promise", async () => {
    const headers = { [REJECT]: "service_unavailable", "x-reject-async": "true" };
    const answer = await call(`${server.url}/certificates/cert_000`, { token: tokens.a, headers });
    expectError(answer, 503, "service_unavailable");
    expect(answer.headers["retry-after"]).toBe("1");
  });

  it("comes after authentication and the capability check: neither is replaced, and it is not called", async () => {
    seen.length = 0;
    expectError(await call(`${server.url}/certificates/cert_000`, { headers: { [REJECT]: "conflict" } }), 401, "unauthenticated");
    const refused = await call(`${server.url}/enrollments`, {
      method: "POST",
      token: tokens.limited,
      body: evidence,
      headers: { [REJECT]: "conflict", "idempotency-key": idempotencyKey() },
    });
    expectError(refused, 403, "capability_not_granted");
    expect(seen).toEqual([]);
  });

  it("comes before request validation and the Idempotency-Key: a refused request needs neither a valid body nor a key", async () => {
    const answer = await call(`${server.url}/enrollments`, {
      method: "POST",
      token: tokens.a,
      body: { nope: 1 },
      headers: { [REJECT]: "conflict" },
    });
    expectError(answer, 409, "conflict");
  });

  it("is not stored under the Idempotency-Key: the same key without a refusal then runs the operation", async () => {
    const key = idempotencyKey();
    const before = server.data.calls.createEnrollment ?? 0;
    const refused = await call(`${server.url}/enrollments`, {
      method: "POST",
      token: tokens.a,
      body: evidence,
      headers: { [REJECT]: "internal_error", "idempotency-key": key },
    });
    expectError(refused, 500, "internal_error");
    const real = await call(`${server.url}/enrollments`, {
      method: "POST",
      token: tokens.a,
      body: evidence,
      headers: { "idempotency-key": key },
    });
    expect(real.status).toBe(201);
    expect(real.headers["idempotent-replayed"]).toBeUndefined();
    expect(server.data.calls.createEnrollment).toBe(before + 1);
  });

  it("may answer a code the operation does not declare: response checking leaves it as it is", async () => {
    // delivery_expired belongs to no operation; the fixture checks responses.
    const answer = await call(`${server.url}/certificates/cert_000`, { token: tokens.a, headers: { [REJECT]: "delivery_expired" } });
    expectError(answer, 410, "delivery_expired");
  });
});
