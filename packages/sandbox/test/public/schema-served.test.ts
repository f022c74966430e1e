// An operation the sandbox has no handler for is served from its schema, over real HTTP, with
// every convention of the server package: here a sandbox runs on the real built document with
// the handlers of four operations left out, as an operation just added to the spec has none.
// Its document differs from the built one only where a test says why: an example of
// CertificatePage with three certificates (the examples come first, and three items page), and
// an example of SigningRequest its own schema refuses (no valid answer can be made: 501).
import { operationValidators, validateErrorBody } from "@signing-platform/validators";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApiDocument, type JsonObject } from "../../src/api-document.js";
import { publicHandlers } from "../../src/public/handlers.js";
import { NOT_IMPLEMENTED } from "../../src/public/schema-served.js";
import { startSandboxWith, type Sandbox } from "../../src/sandbox.js";
import { createOrganization, newIdempotencyKey, type HttpResponse, type Organization } from "../support/http.js";

let sandbox: Sandbox;
let organization: Organization;

const PAGE_EXAMPLE = { items: [{ id: "cert_a" }, { id: "cert_b" }, { id: "cert_c" }], cursor: null, next: null };

beforeAll(async () => {
  const document = structuredClone(await loadApiDocument()) as JsonObject & { components: { schemas: Record<string, JsonObject> } };
  document.components.schemas.CertificatePage!.examples = [PAGE_EXAMPLE];
  document.components.schemas.SigningRequest!.examples = [
    { id: "not a signing request id", object: "signing_request", status: "completed", documents: [], client_secret: "s" },
  ];
  sandbox = await startSandboxWith(
    { port: 0 },
    {
      document,
      handlers: (platform) => {
        const { getCertificate: _1, listCertificates: _2, createEnrollment: _3, getSigningRequest: _4, ...kept } = publicHandlers(platform);
        return kept;
      },
    },
  );
  organization = await createOrganization(sandbox.url);
});
afterAll(async () => sandbox?.close());

/** The headers every answer carries (Errors › Headers on every response). */
function expectStandardHeaders(response: HttpResponse) {
  for (const name of ["request-id", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) {
    expect(response.headers.get(name), name).not.toBeNull();
  }
}

function expectError(response: HttpResponse, status: number, code: string) {
  expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
  expect(validateErrorBody(response.json)).toEqual({ ok: true, value: response.json });
  expect(response.json.error.request_id).toBe(response.headers.get("request-id"));
  expectStandardHeaders(response);
}

describe("a read without a handler", () => {
  it("answers a body its schema accepts, the id asked for, with the standard headers and an ETag", async () => {
    const response = await organization.getCertificate("cert_7Kq2");
    expect(response.status).toBe(200);
    expect(operationValidators.getCertificate.responses["200"](response.json)).toEqual({ ok: true, value: response.json });
    expect(response.json.id).toBe("cert_7Kq2");
    expectStandardHeaders(response);
    expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
  });

  it("answers 304 with no body to the entity tag it gave", async () => {
    const first = await organization.getCertificate("cert_7Kq2");
    const again = await organization.getCertificate("cert_7Kq2", { "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expectStandardHeaders(again);
  });

  it("keeps the value its schema gives where the id asked for does not fit the schema", async () => {
    const response = await organization.getCertificate("7Kq2");
    expect(response.status).toBe(200);
    expect(operationValidators.getCertificate.responses["200"](response.json).ok).toBe(true);
    expect(response.json.id).not.toBe("7Kq2");
  });

  it("answers any id with 200 and a body its schema accepts, naming the id wherever the schema takes it", async () => {
    const shaped = fc.stringMatching(/^cert_[A-Za-z0-9_-]{1,24}$/);
    // Any text but the dot segments, which URLs resolve away before a request is made.
    const anyText = fc.string({ minLength: 1, maxLength: 40 }).filter((id) => id !== "." && id !== "..");
    await fc.assert(
      fc.asyncProperty(fc.oneof(shaped, anyText), async (id) => {
        const response = await organization.getCertificate(id);
        expect(response.status).toBe(200);
        expect(operationValidators.getCertificate.responses["200"](response.json).ok).toBe(true);
        if (/^cert_[A-Za-z0-9_-]+$/.test(id)) expect(response.json.id).toBe(id);
      }),
      { numRuns: 60 },
    );
  });
});

describe("a list without a handler", () => {
  it("pages through the items of its schema's example with the server's cursors", async () => {
    const seen: string[] = [];
    let response = await organization.listCertificates({ limit: 1 });
    for (let page = 0; page < 5; page++) {
      expect(response.status).toBe(200);
      expect(operationValidators.listCertificates.responses["200"](response.json)).toEqual({ ok: true, value: response.json });
      seen.push(...response.json.items.map((item: { id: string }) => item.id));
      if (response.json.cursor === null) break;
      expect(response.json.next).toMatch(new RegExp(`^${sandbox.url}/certificates\\?limit=1&cursor=`));
      response = await organization.listCertificates({ limit: 1, cursor: response.json.cursor });
    }
    expect(seen).toEqual(PAGE_EXAMPLE.items.map((item) => item.id));
    expect(response.json.next).toBeNull();
  });

  it.each([
    ["a limit out of 1–100", { limit: 0 }, "limit"],
    ["a cursor it did not issue", { cursor: "bm90LWEtY3Vyc29y" }, "cursor"],
  ])("refuses %s with 400 naming it", async (_name, query, field) => {
    const response = await organization.listCertificates(query);
    expectError(response, 400, "bad_request");
    expect(response.json.error.details).toContainEqual(expect.objectContaining({ field }));
  });
});

describe("a keyed write without a handler", () => {
  const body = { identity_evidence: { document_type: "passport", issuing_office: "Passport Office, Pretoria" } };

  it("answers its success response, and the same answer again, marked replayed, for the same key", async () => {
    const key = newIdempotencyKey();
    const first = await organization.createEnrollment(body, key);
    expect(first.status).toBe(201);
    expect(operationValidators.createEnrollment.responses["201"](first.json)).toEqual({ ok: true, value: first.json });
    expectStandardHeaders(first);
    const replay = await organization.createEnrollment(body, key);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
  });

  it("refuses the same key with another payload, a missing key and a body its schema refuses", async () => {
    const key = newIdempotencyKey();
    await organization.createEnrollment(body, key);
    expectError(await organization.createEnrollment({ ...body, note: "other" }, key), 409, "idempotency_key_reused");
    expectError(await organization.post("/enrollments", body), 400, "bad_request");
    const invalid = await organization.createEnrollment({ identity_evidence: "passport" });
    expectError(invalid, 400, "bad_request");
    expect(invalid.json.error.details).toContainEqual(expect.objectContaining({ field: "$.identity_evidence" }));
  });
});

describe("credentials and capabilities", () => {
  it("refuses a request without a token with 401", async () => {
    const response = await fetch(`${sandbox.url}/certificates/cert_1`);
    expectError({ status: response.status, headers: response.headers, text: "", json: await response.json() }, 401, "unauthenticated");
  });

  it("needs the capability of the operation's tag: 403 naming it without", async () => {
    const signingOnly = await createOrganization(sandbox.url, ["signing"]);
    const response = await signingOnly.getCertificate("cert_1");
    expectError(response, 403, "capability_not_granted");
    expect(response.json.error.message).toMatch(/"certificates"/);
  });
});

describe("an operation no valid answer can be made for", () => {
  it("answers 501 naming the operation, its method and path, and what its schema's value fails", async () => {
    const response = await organization.getSigningRequest("sr_1");
    expectError(response, 501, NOT_IMPLEMENTED);
    expect(response.json.error.message).toContain("getSigningRequest (GET /v1/signing-requests/{id})");
    expect(response.json.error.details).toContainEqual(expect.objectContaining({ field: "$.id", code: "pattern" }));
  });

  it("answers the 501 whatever the request, never the 404 of a path no operation has", async () => {
    expectError(await organization.getSigningRequest("sr_1", { "if-none-match": '"x"' }), 501, NOT_IMPLEMENTED);
    expectError(await organization.get("/v1/signing-requests/sr_1/nothing-here"), 404, "not_found");
  });
});
