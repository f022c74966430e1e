// The client against the real server of this repository (@signing-platform/server, Fastify
// on loopback): the conventions the server enforces and the client's answers to them meet
// here, with no scripted answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp, keysetSlice, staticCredentialResolver } from "@signing-platform/server";
import { headerNames, limits } from "@signing-platform/types";
import { AuthenticationError, NotFoundError, RequestValidationError, ServerError, ValidationError, createClient } from "../src/index.js";
import { recordingSleep } from "./support/scripted-server.js";

const TOKEN = "tokenOrganizationA0123456789";
const principal = {
  applicationId: "app_a",
  organizationId: "org_a",
  capabilities: ["certificates:read", "enrollments:write", "signing_requests:read"],
};
const capabilities = {
  createEnrollment: "enrollments:write",
  getCertificate: "certificates:read",
  listCertificates: "certificates:read",
  getSigningRequest: "signing_requests:read",
};

interface Certificate {
  id: string;
  issued_at: string;
  [key: string]: unknown;
}

let certificates: Certificate[];
let calls: Record<string, number>;
let failEnrollments = false;
let baseUrl: string;
let app: ReturnType<typeof createApp>;

const positionOf = (certificate: Certificate) => ({ key: certificate.issued_at, id: certificate.id });
function addCertificates(count: number) {
  for (let index = 0; index < count; index += 1) {
    const n = certificates.length;
    certificates.push({ id: `cert_${String(n).padStart(4, "0")}`, issued_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() });
  }
}
const count = (operation: string) => (calls[operation] = (calls[operation] ?? 0) + 1);

beforeAll(async () => {
  app = createApp({
    cursorSecret: "client-test-cursor-secret-0123456789abcdef",
    authentication: { resolver: staticCredentialResolver({ tokens: { [TOKEN]: { principal } } }), capabilities },
    handlers: {
      getCertificate: ({ params }) => {
        count("getCertificate");
        const certificate = certificates.find((item) => item.id === params.id);
        if (!certificate) return { status: 404, error: { code: "not_found", message: "The resource does not exist." } };
        return { status: 200, body: { ...certificate } };
      },
      listCertificates: async (_request, context) => {
        count("listCertificates");
        const page = await context.paginate({
          positionOf,
          source: (query) => keysetSlice(certificates, positionOf, query).map((item) => ({ ...item })),
        });
        // A concurrent writer: new certificates land after every page.
        addCertificates(2);
        return { status: 200, body: page };
      },
      createEnrollment: ({ body }) => {
        count("createEnrollment");
        if (failEnrollments) throw new Error("ledger unavailable");
        if (!body.identity_evidence?.issuing_office) {
          return {
            status: 400,
            error: {
              code: "enrollment_identity_incomplete",
              message: "Identity evidence is incomplete.",
              details: [{ field: "$.identity_evidence.issuing_office", code: "required", message: "is required" }],
            },
          };
        }
        return { status: 201, body: { id: `enr_${calls.createEnrollment}` } };
      },
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => app.close());
beforeEach(() => {
  certificates = [];
  calls = {};
  failEnrollments = false;
  addCertificates(23);
});

function client(options: Parameters<typeof createClient>[0] | object = {}) {
  const { sleep, waits } = recordingSleep();
  return { waits, client: createClient({ baseUrl, accessToken: TOKEN, retry: { sleep, random: () => 0.5 }, ...options }) };
}

describe("against @signing-platform/server", () => {
  it("reads a certificate with its metadata, then revalidates it with the ETag cache (304)", async () => {
    const { client: api } = client({ etagCache: true });
    const first = await api.GET("/certificates/{id}", { params: { path: { id: "cert_0003" } } });
    expect(first.data).toMatchObject({ id: "cert_0003" });
    expect(first.meta).toMatchObject({
      requestId: expect.any(String),
      etag: expect.stringMatching(/^"/),
      rateLimit: { limit: expect.any(Number), remaining: expect.any(Number), reset: expect.any(Number) },
    });
    const second = await api.GET("/certificates/{id}", { params: { path: { id: "cert_0003" } } });
    expect(second.response?.status).toBe(304);
    expect(second.data).toEqual(first.data);
    expect(second.meta.fromCache).toBe(true);
    expect(second.meta.requestId).not.toBe(first.meta.requestId);
  });

  it("gives NotFoundError for a missing certificate", async () => {
    const { client: api } = client();
    const result = await api.GET("/certificates/{id}", { params: { path: { id: "cert_9999" } } });
    expect(result.error).toBeInstanceOf(NotFoundError);
    expect(result.error?.requestId).toBe(result.meta.requestId);
  });

  // @trace the-same-key-again-is-replayed-not-run-twice
  it("creates an enrollment with a generated key; the same key again is replayed, not run twice", async () => {
    const { client: api } = client();
    const body = { identity_evidence: { document_type: "passport" as const, issuing_office: "Office 1" } };
    const created = await api.POST("/enrollments", { body });
    expect(created.data).toEqual({ id: "enr_1" });
    const key = created.meta.idempotencyKey!;
    expect(key).toMatch(new RegExp(limits.idempotency_key_pattern));
    const again = await api.POST("/enrollments", { body, params: { header: { "Idempotency-Key": key } } });
    expect(again.data).toEqual({ id: "enr_1" });
    expect(again.response?.headers.get(headerNames.idempotent_replayed)).toBe("true");
    expect(calls.createEnrollment).toBe(1);
  });

  it("retries a 500 with the same key until the retries run out: the server ran it each time", async () => {
    failEnrollments = true;
    const { client: api, waits } = client();
    const result = await api.POST("/enrollments", { body: { identity_evidence: { issuing_office: "Office 1" } } });
    expect(result.error).toBeInstanceOf(ServerError);
    expect(result.error).toMatchObject({ code: "internal_error", status: 500 });
    expect(result.error?.message).not.toContain("ledger");
    expect(result.meta.attempts).toBe(4);
    expect(waits).toHaveLength(3);
    expect(calls.createEnrollment).toBe(4);
  });

  it("gives the server's validation error with its details", async () => {
    const { client: api } = client();
    const result = await api.POST("/enrollments", { body: { identity_evidence: {} } });
    expect(result.error).toBeInstanceOf(ValidationError);
    expect(result.error?.code).toBe("enrollment_identity_incomplete");
    expect(result.error?.details).toEqual([expect.objectContaining({ field: "$.identity_evidence.issuing_office", code: "required" })]);
  });

  it("pages through every certificate with the server's cursors while certificates are added, with no repeats", async () => {
    const { client: api } = client();
    const original = certificates.map((certificate) => certificate.id);
    const ids: string[] = [];
    for await (const certificate of api.paginate("/certificates", { limit: 5 })) {
      ids.push(certificate.id);
      if (ids.length > 200) break;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(original));
    expect(calls.listCertificates).toBeGreaterThan(4);
  });

  it("refuses limit 101 before the server sees a request", () => {
    const { client: api } = client();
    expect(() => api.paginate("/certificates", { limit: limits.page_size_maximum + 1 })).toThrow(RequestValidationError);
    expect(calls.listCertificates).toBeUndefined();
  });

  it("refreshes an expired token once and succeeds", async () => {
    let issued = 0;
    const { client: api } = client({
      accessToken: undefined,
      getAccessToken: () => (issued++ === 0 ? "tokenExpiredOrRevoked0123" : TOKEN),
    });
    const result = await api.GET("/certificates/{id}", { params: { path: { id: "cert_0001" } } });
    expect(result.data).toMatchObject({ id: "cert_0001" });
    expect(result.meta.attempts).toBe(2);
  });

  it("gives AuthenticationError for a token the server does not know", async () => {
    const { client: api } = client({ accessToken: "tokenUnknown0123456789" });
    const result = await api.GET("/certificates/{id}", { params: { path: { id: "cert_0001" } } });
    expect(result.error).toBeInstanceOf(AuthenticationError);
    expect(result.error?.code).toBe("unauthenticated");
  });
});
