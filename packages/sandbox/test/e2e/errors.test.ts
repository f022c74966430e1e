// Every error code of the catalogue is reachable on a running sandbox: each one through the
// Sandbox-Simulate-Error header on every public operation (the certificate lifecycle,
// delivery and transfer codes have no operation in the interface document, so that is how
// they are reached), and the ones the public operations produce for real, without it.
// Black box: a `signing-platform serve --quota 20/60` child process over real HTTP.
import { errorCatalogue, statusForCode } from "@signing-platform/types";
import { interfaceTable } from "../../../../test/support/generated.js";
import { describe, expect, it } from "vitest";
import { completeEnrollment, createOrganization, http, newIdempotencyKey, type HttpResponse, type Organization } from "../support/http.js";
import { useSandboxProcess } from "../support/sandbox-process.js";

/** Low enough to reach 429 cheaply; each test's own organization stays well under it. */
const QUOTA = 20;

const sandbox = useSandboxProcess({ quota: `${QUOTA}/60` });

/**
 * The error body and the headers every response carries (Errors › Error body; Headers on
 * every response): request_id equals Request-Id; RateLimit-*; Retry-After only on 429 and 503.
 */
function expectError(response: HttpResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(Object.keys(response.json)).toEqual(["error"]);
  expect(Object.keys(response.json.error).sort()).toEqual(["code", "details", "message", "request_id"]);
  expect(response.json.error.code).toBe(code);
  expect(typeof response.json.error.message).toBe("string");
  expect(response.json.error.message.length).toBeGreaterThan(0);
  expect(Array.isArray(response.json.error.details)).toBe(true);
  expect(response.headers.get("request-id")).toMatch(/\S/);
  expect(response.json.error.request_id).toBe(response.headers.get("request-id"));
  expectRateLimitHeaders(response);
  if (status === 429 || status === 503) expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  else expect(response.headers.get("retry-after")).toBeNull();
}

function expectRateLimitHeaders(response: HttpResponse) {
  const limit = Number(response.headers.get("ratelimit-limit"));
  const remaining = Number(response.headers.get("ratelimit-remaining"));
  const reset = Number(response.headers.get("ratelimit-reset"));
  expect(limit).toBe(QUOTA);
  expect(Number.isInteger(remaining) && remaining >= 0 && remaining <= limit).toBe(true);
  // A Unix timestamp in seconds (docs/decisions.md#rate-limit-reset), within the 60 s window from now.
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now) - 1);
  expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 61);
}

/** The public operations of the interface document, called with extra headers. */
const operations: [string, (organization: Organization, headers: Record<string, string>) => Promise<HttpResponse>][] = [
  ["GET /v1/signing-requests/{id}", (organization, headers) => organization.getSigningRequest("sr_simulated", headers)],
  ["POST /enrollments", (organization, headers) => organization.createEnrollment(completeEnrollment(), newIdempotencyKey(), headers)],
  ["GET /certificates", (organization, headers) => organization.get("/certificates", headers)],
  ["GET /certificates/{id}", (organization, headers) => organization.getCertificate("cert_simulated", headers)],
];

const statusOf = (entry: (typeof errorCatalogue)[number]): number => statusForCode(entry.code);

describe("Sandbox-Simulate-Error", () => {
  const codes = errorCatalogue.map((entry) => [entry.code, entry] as const);

  it("covers every code of the catalogue, the interface document's and the additions", () => {
    // Every code of the interface document's table is in the catalogue (test/spec/catalogue.test.ts),
    // so covering the catalogue covers the document: its own codes and the additions.
    expect(codes.map(([code]) => code)).toEqual(expect.arrayContaining(interfaceTable("Error codes").map(([code]) => code!)));
    expect(codes.some(([, entry]) => entry.source === "addition")).toBe(true);
  });

  // @trace answers-s-with-its-catalogue-status-and-the-erro
  it.each(codes)("answers %s with its catalogue status and the error body on every public operation", async (code, entry) => {
    const organization = await createOrganization(sandbox.url);
    for (const [name, call] of operations) {
      const response = await call(organization, { "sandbox-simulate-error": code });
      expect.soft(response.status, `${name}: ${response.text}`).toBe(statusOf(entry));
      expectError(response, statusOf(entry), code);
    }
  });

  it("answers the two codes without a status in the source with 422", async () => {
    const organization = await createOrganization(sandbox.url);
    for (const code of ["predecessor_revoked", "package_code_not_accepted"]) {
      expectError(await organization.getCertificate("cert_x", { "sandbox-simulate-error": code }), 422, code);
    }
  });

  // @trace answers-an-explanation-window-code-as-policy-rej
  it("answers an explanation-window code as policy_rejected with a matching message under Sandbox-Simulate-Fallback", async () => {
    const organization = await createOrganization(sandbox.url);
    for (const code of ["explanation_window_required", "explanation_window_still_open"]) {
      for (const [name, call] of operations) {
        const response = await call(organization, { "sandbox-simulate-error": code, "sandbox-simulate-fallback": "true" });
        expectError(response, 422, "policy_rejected");
        expect(response.json.error.message, name).toContain(code);
      }
    }
  });

  it("ignores Sandbox-Simulate-Fallback for a code without a fallback", async () => {
    const organization = await createOrganization(sandbox.url);
    const response = await organization.getCertificate("cert_x", {
      "sandbox-simulate-error": "certificate_revoked",
      "sandbox-simulate-fallback": "true",
    });
    expectError(response, 422, "certificate_revoked");
  });

  it("answers a code outside the catalogue with 400 bad_request naming the header", async () => {
    const organization = await createOrganization(sandbox.url);
    const response = await organization.getCertificate("cert_x", { "sandbox-simulate-error": "no_such_code" });
    expectError(response, 400, "bad_request");
    expect(response.json.error.details[0].field).toContain("sandbox-simulate-error");
  });

  it("comes after authentication: without credentials the answer is 401 unauthenticated", async () => {
    const response = await http(`${sandbox.url}/certificates/cert_x`, { headers: { "sandbox-simulate-error": "delivery_expired" } });
    expectError(response, 401, "unauthenticated");
  });

  it("is not stored under the Idempotency-Key: the same key without the header then runs the operation", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    for (const code of ["conflict", "policy_rejected", "internal_error"]) {
      expectError(
        await organization.createEnrollment(completeEnrollment(), key, { "sandbox-simulate-error": code }),
        statusOf(errorCatalogue.find((entry) => entry.code === code)!),
        code,
      );
    }
    const real = await organization.createEnrollment(completeEnrollment(), key);
    expect(real.status).toBe(201);
    expect(real.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("errors the public operations produce for real", () => {
  describe("401 unauthenticated (Authentication 2)", () => {
    // [name, { given: the Authorization header, or none }]
    const credentials: [string, { authorization: string | null }][] = [
      ["no credentials", { authorization: null }],
      ["a forged token", { authorization: "Bearer sbx_forgedforgedforgedforgedforgedforged00" }],
      ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
    ];

    it.each(credentials)("answers %s on every public operation", async (_name, { authorization }) => {
      const headers: Record<string, string> = authorization === null ? {} : { authorization };
      for (const [name, path, method] of [
        ["GET /v1/signing-requests/{id}", "/v1/signing-requests/sr_x", "GET"],
        ["POST /enrollments", "/enrollments", "POST"],
        ["GET /certificates", "/certificates", "GET"],
        ["GET /certificates/{id}", "/certificates/cert_x", "GET"],
      ] as const) {
        const response = await http(`${sandbox.url}${path}`, {
          method,
          headers: { ...headers, ...(method === "POST" ? { "idempotency-key": newIdempotencyKey() } : {}) },
          ...(method === "POST" ? { json: completeEnrollment() } : {}),
        });
        expect(response.status, name).toBe(401);
        expectError(response, 401, "unauthenticated");
      }
    });
  });

  describe("403 capability_not_granted (Authentication 3)", () => {
    // @trace answers-an-operation-whose-capability-the-organi
    it("answers an operation whose capability the organization lacks, naming the capability", async () => {
      // An organization granted only "certificates": it lists certificates, but may not enroll.
      const organization = await createOrganization(sandbox.url, ["certificates"]);
      expect((await organization.listCertificates()).status).toBe(200);
      const response = await organization.createEnrollment(completeEnrollment());
      expectError(response, 403, "capability_not_granted");
      expect(response.json.error.message).toContain('"enrollment"');
      const fresh = await createOrganization(sandbox.url);
      expect((await fresh.createEnrollment(completeEnrollment())).status).toBe(201);
    });
  });

  describe("404 not_found (Authentication 4)", () => {
    // @trace is-the-same-for-a-missing-signing-request-and-an
    it("is the same for a missing signing request and another organization's", async () => {
      const owner = await createOrganization(sandbox.url);
      const other = await createOrganization(sandbox.url);
      const request = await owner.newSigningRequest();
      expect((await owner.getSigningRequest(request.id)).status).toBe(200);
      const foreign = await other.getSigningRequest(request.id);
      const missing = await other.getSigningRequest(`sr_${"0".repeat(20)}`);
      expectError(foreign, 404, "not_found");
      expectError(missing, 404, "not_found");
      expectIndistinguishable(foreign, missing);
    });

    it("is the same for a missing certificate and another organization's", async () => {
      const owner = await createOrganization(sandbox.url);
      const other = await createOrganization(sandbox.url);
      const [id] = await owner.addCertificates(1);
      expect((await owner.getCertificate(id!)).status).toBe(200);
      const foreign = await other.getCertificate(id!);
      const missing = await other.getCertificate(`cert_${"0".repeat(20)}`);
      expectError(foreign, 404, "not_found");
      expectError(missing, 404, "not_found");
      expectIndistinguishable(foreign, missing);
    });

    it("answers a path that is no operation", async () => {
      const organization = await createOrganization(sandbox.url);
      expectError(await organization.get("/v1/no-such-thing"), 404, "not_found");
    });
  });

  /** Only request_id (and Request-Id) tell the two apart. */
  function expectIndistinguishable(a: HttpResponse, b: HttpResponse) {
    expect({ ...a.json.error, request_id: null }).toEqual({ ...b.json.error, request_id: null });
    const names = (response: HttpResponse) => [...response.headers.keys()].filter((name) => name !== "date").sort();
    expect(names(a)).toEqual(names(b));
  }

  describe("400 bad_request", () => {
    // [name, { given: the query of GET /certificates }]
    const limits: [string, { limit: string }][] = [
      ["limit 0", { limit: "0" }],
      ["limit 101", { limit: "101" }],
      ["limit -1", { limit: "-1" }],
      ["limit 2.5", { limit: "2.5" }],
      ["limit abc", { limit: "abc" }],
    ];

    it.each(limits)("answers %s with a detail naming limit", async (_name, { limit }) => {
      const organization = await createOrganization(sandbox.url);
      const response = await organization.listCertificates({ limit });
      expectError(response, 400, "bad_request");
      expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toContain("limit");
    });

    it("answers a tampered cursor and another organization's cursor, naming cursor", async () => {
      const organization = await createOrganization(sandbox.url);
      await organization.addCertificates(3);
      const { cursor } = (await organization.listCertificates({ limit: 1 })).json;
      expect(typeof cursor).toBe("string");
      const flipped = `${cursor.slice(0, 3)}${cursor[3] === "A" ? "B" : "A"}${cursor.slice(4)}`;
      const other = await createOrganization(sandbox.url);
      for (const [owner, given] of [
        [organization, flipped],
        [organization, `${cursor}x`],
        [organization, "not-a-cursor"],
        [other, cursor],
      ] as const) {
        const response = await owner.listCertificates({ limit: 1, cursor: given });
        expectError(response, 400, "bad_request");
        expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toContain("cursor");
      }
      // The cursor as issued still works.
      expect((await organization.listCertificates({ limit: 1, cursor })).status).toBe(200);
    });

    it("answers malformed JSON, and a missing or malformed Idempotency-Key", async () => {
      const organization = await createOrganization(sandbox.url);
      const post = (headers: Record<string, string>, body: string) =>
        http(`${sandbox.url}/enrollments`, {
          method: "POST",
          headers: { authorization: `Bearer ${organization.token}`, "content-type": "application/json", ...headers },
          body,
        });
      expectError(await post({ "idempotency-key": newIdempotencyKey() }, "{"), 400, "bad_request");
      const missing = await post({}, JSON.stringify(completeEnrollment()));
      expectError(missing, 400, "bad_request");
      expect(missing.json.error.details[0].field).toBe("Idempotency-Key");
      for (const key of ["short1234", "with-hyphens-0123456789", "a".repeat(129)]) {
        const malformed = await post({ "idempotency-key": key }, JSON.stringify(completeEnrollment()));
        expectError(malformed, 400, "bad_request");
        expect(malformed.json.error.details[0].field).toBe("Idempotency-Key");
      }
    });
  });

  describe("400 enrollment_identity_incomplete (Errors › Error codes)", () => {
    const typeField = "$.identity_evidence.document_type";
    const officeField = "$.identity_evidence.issuing_office";
    // [name, { given: the body, want: the fields the details name }]
    const bodies: [string, { body: unknown; fields: string[] }][] = [
      ["no identity evidence", { body: {}, fields: [typeField, officeField] }],
      ["empty identity evidence", { body: { identity_evidence: {} }, fields: [typeField, officeField] }],
      ["no issuing office", { body: { identity_evidence: { document_type: "national_id" } }, fields: [officeField] }],
      [
        "a blank issuing office",
        { body: { identity_evidence: { document_type: "passport", issuing_office: "  " } }, fields: [officeField] },
      ],
      ["no identity document", { body: { identity_evidence: { issuing_office: "Home Affairs" } }, fields: [typeField] }],
      [
        "a document that is not accepted",
        { body: { identity_evidence: { document_type: "library_card", issuing_office: "Library" } }, fields: [typeField] },
      ],
    ];

    // @trace names-each-missing-field-for-s
    it.each(bodies)("names each missing field for %s", async (_name, { body, fields }) => {
      const organization = await createOrganization(sandbox.url);
      const response = await organization.createEnrollment(body);
      expectError(response, 400, "enrollment_identity_incomplete");
      expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toEqual(fields);
      for (const detail of response.json.error.details) {
        expect(typeof detail.code).toBe("string");
        expect(typeof detail.message).toBe("string");
      }
    });

    it.each(["national_id", "passport", "citizenship_document"])("accepts a %s with its issuing office", async (documentType) => {
      const organization = await createOrganization(sandbox.url);
      const response = await organization.createEnrollment({
        identity_evidence: { document_type: documentType, issuing_office: "Office" },
      });
      expect(response.status).toBe(201);
      expect(response.headers.get("etag")).toMatch(/^"/);
    });
  });

  // @trace answers-409-idempotency-key-reused-for-the-same
  it("answers 409 idempotency_key_reused for the same key with another payload", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    expect((await organization.createEnrollment(completeEnrollment({ reference: "one" }), key)).status).toBe(201);
    expectError(await organization.createEnrollment(completeEnrollment({ reference: "two" }), key), 409, "idempotency_key_reused");
  });

  it("answers 409 conflict for an action the signing request's state does not permit", async () => {
    const organization = await createOrganization(sandbox.url);
    const request = await organization.newSigningRequest();
    expect((await organization.act(request.id, "decline")).status).toBe(200);
    const response = await organization.act(request.id, "accept");
    expect(response.status).toBe(409);
    expect(response.json.error).toMatchObject({ code: "conflict", request_id: response.headers.get("request-id") });
  });

  it("answers 429 rate_limited with Retry-After once the organization's quota for the endpoint is spent", async () => {
    const organization = await createOrganization(sandbox.url);
    const remaining: number[] = [];
    for (let request = 1; request <= QUOTA; request++) {
      const response = await organization.listCertificates({ limit: 1 });
      expect(response.status).toBe(200);
      expectRateLimitHeaders(response);
      remaining.push(Number(response.headers.get("ratelimit-remaining")));
    }
    expect(remaining).toEqual(Array.from({ length: QUOTA }, (_, index) => QUOTA - 1 - index));
    const limited = await organization.listCertificates({ limit: 1 });
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // The quota is per organization and endpoint: another endpoint, and another organization, still answer.
    expect((await organization.getCertificate("cert_x")).status).toBe(404);
    expect((await (await createOrganization(sandbox.url)).listCertificates()).status).toBe(200);
  });

  it("answers 415 unsupported_media_type for a body that is not JSON", async () => {
    const organization = await createOrganization(sandbox.url);
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
      const response = await http(`${sandbox.url}/enrollments`, {
        method: "POST",
        headers: { authorization: `Bearer ${organization.token}`, "idempotency-key": newIdempotencyKey(), "content-type": contentType },
        body: "identity_evidence=passport",
      });
      expectError(response, 415, "unsupported_media_type");
    }
  });

  it("answers 413 payload_too_large for a body over the sandbox's 1 MiB limit", async () => {
    const organization = await createOrganization(sandbox.url);
    const response = await organization.createEnrollment(completeEnrollment({ padding: "x".repeat(1024 * 1024) }));
    expectError(response, 413, "payload_too_large");
  });

  it("answers 414 uri_too_long for a URI over the sandbox's 4096 characters", async () => {
    const organization = await createOrganization(sandbox.url);
    expectError(await organization.getCertificate(`cert_${"x".repeat(5000)}`), 414, "uri_too_long");
  });
});
