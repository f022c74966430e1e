// A small service over the four operations, in memory, for the tests: two organizations,
// their certificates and signing requests, and enrollments created through POST. Handlers
// count their calls, so a test can show an operation ran once (idempotency) or never
// (a rejected request).
import { createApp, keysetSlice, notFound, staticCredentialResolver, type AppOptions, type Principal } from "../../src/index.js";

export const principals = {
  a: { applicationId: "app_a", organizationId: "org_a", capabilities: ["certificates:read", "enrollments:write", "signing_requests:read"] },
  a2: {
    applicationId: "app_a2",
    organizationId: "org_a",
    capabilities: ["certificates:read", "enrollments:write", "signing_requests:read"],
  },
  b: { applicationId: "app_b", organizationId: "org_b", capabilities: ["certificates:read", "enrollments:write", "signing_requests:read"] },
  limited: { applicationId: "app_l", organizationId: "org_l", capabilities: ["certificates:read"] },
} satisfies Record<string, Principal>;

export const tokens = {
  a: "tokenOrganizationA0123456789",
  a2: "tokenSecondAppOfA0123456789",
  b: "tokenOrganizationB0123456789",
  limited: "tokenLimitedOrg0123456789",
  expired: "tokenExpired0123456789",
};

export const capabilities = {
  createEnrollment: "enrollments:write",
  getCertificate: "certificates:read",
  listCertificates: "certificates:read",
  getSigningRequest: "signing_requests:read",
};

export const CURSOR_SECRET = "test-cursor-secret-0123456789abcdef0123";

export interface Certificate {
  id: string;
  organization: string;
  issued_at: string;
  subject: string;
}

export interface FixtureData {
  certificates: Certificate[];
  enrollments: { id: string; organization: string; body: unknown }[];
  calls: Record<string, number>;
  /** When set, createEnrollment waits for it: a request held in flight. */
  hold: Promise<void> | null;
}

export function fixtureData(): FixtureData {
  const certificates = Array.from({ length: 12 }, (_, index) => ({
    id: `cert_${String(index).padStart(3, "0")}`,
    organization: index % 3 === 2 ? "org_b" : "org_a",
    issued_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    subject: `CN=Signer ${index}`,
  }));
  return { certificates, enrollments: [], calls: {}, hold: null };
}

const positionOf = (certificate: { id: string; issued_at: string }) => ({ key: certificate.issued_at, id: certificate.id });

export function fixtureApp(overrides: Partial<AppOptions> = {}, data: FixtureData = fixtureData()) {
  const count = (operation: string) => (data.calls[operation] = (data.calls[operation] ?? 0) + 1);
  const app = createApp({
    cursorSecret: CURSOR_SECRET,
    baseUrl: "https://api.example.test",
    checkResponses: true,
    authentication: {
      resolver: staticCredentialResolver({
        tokens: {
          [tokens.a]: { principal: principals.a },
          [tokens.a2]: { principal: principals.a2 },
          [tokens.b]: { principal: principals.b },
          [tokens.limited]: { principal: principals.limited },
          [tokens.expired]: { principal: principals.a, expiresAt: Date.now() - 1000 },
        },
      }),
      capabilities,
    },
    handlers: {
      getSigningRequest: ({ params }, { principal }) => {
        count("getSigningRequest");
        if (params.id !== "sr_1" || principal.organizationId !== "org_a") throw notFound();
        return {
          status: 200,
          body: { id: "sr_1", object: "signing_request", status: "completed", client_secret: "cs_secret", documents: [] },
        };
      },
      getCertificate: ({ params }, { principal }) => {
        count("getCertificate");
        const certificate = data.certificates.find((item) => item.id === params.id);
        // Another organization's certificate answers exactly as a missing one (Authentication 4).
        if (!certificate || certificate.organization !== principal.organizationId)
          return { status: 404, error: { code: "not_found", message: "The resource does not exist." } };
        return { status: 200, body: { id: certificate.id, issued_at: certificate.issued_at, subject: certificate.subject } };
      },
      listCertificates: async (_request, context) => {
        count("listCertificates");
        const own = data.certificates.filter((item) => item.organization === context.principal.organizationId);
        const page = await context.paginate({
          positionOf,
          source: (query) => keysetSlice(own, positionOf, query).map(({ id, issued_at }) => ({ id, issued_at })),
        });
        return { status: 200, body: page };
      },
      createEnrollment: async ({ body }, { principal }) => {
        count("createEnrollment");
        if (data.hold) await data.hold;
        const evidence = body.identity_evidence;
        if (evidence?.document_type === "unsupported") throw new Error("connection to ledger-db.internal:5432 refused");
        if (evidence?.document_type === "policy")
          return { status: 422, error: { code: "policy_rejected", message: "The document type is not accepted." } };
        if (!evidence?.issuing_office) {
          return {
            status: 400,
            error: {
              code: "enrollment_identity_incomplete",
              details: [{ field: "$.identity_evidence.issuing_office", code: "required", message: "is required" }],
            },
          };
        }
        const enrollment = { id: `enr_${data.enrollments.length + 1}`, organization: principal.organizationId, body };
        data.enrollments.push(enrollment);
        return { status: 201, body: { id: enrollment.id }, headers: { location: `/enrollments/${enrollment.id}` } };
      },
    },
    ...overrides,
  });
  return { app, data };
}

/** A fresh idempotency key: 32 letters and digits, as docs/decisions.md#idempotency-keys tells clients to make. */
export function idempotencyKey(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => alphabet[byte % alphabet.length]).join("");
}
