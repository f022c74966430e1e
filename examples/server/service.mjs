// @ts-check
// A small service on @signing-platform/server: two operations in a few lines, and every
// convention of the interface document for free — Request-Id, authentication, rate limits,
// validation, ETag and 304, idempotent POST, the error body.
//
//   npm run build && node examples/server/service.mjs
//   curl -i -H 'Authorization: Bearer example-token-org-a' http://127.0.0.1:4010/certificates/cert_1
import { createApp, notFound, staticCredentialResolver } from "@signing-platform/server";

const certificates = new Map([
  ["cert_1", { id: "cert_1", organization: "org_a", subject: "CN=Asha Gurung" }],
  ["cert_2", { id: "cert_2", organization: "org_b", subject: "CN=Bikash Rai" }],
]);
const enrollments = new Map();

/** @param {Partial<import("@signing-platform/server").AppOptions>} [options] */
export function createExampleService(options = {}) {
  return createApp({
    cursorSecret: process.env.CURSOR_SECRET ?? "example-cursor-secret-change-me-0123456789",
    authentication: {
      resolver: staticCredentialResolver({
        tokens: {
          "example-token-org-a": { principal: { applicationId: "app_a", organizationId: "org_a", capabilities: [] } },
          "example-token-org-b": { principal: { applicationId: "app_b", organizationId: "org_b", capabilities: [] } },
        },
      }),
    },
    handlers: {
      getCertificate: ({ params }, { principal }) => {
        const certificate = certificates.get(params.id);
        if (certificate?.organization !== principal.organizationId) throw notFound();
        return { status: 200, body: { id: certificate.id, subject: certificate.subject } };
      },
      createEnrollment: ({ body }, { principal }) => {
        const id = `enr_${enrollments.size + 1}`;
        enrollments.set(id, { ...body, organization: principal.organizationId });
        return { status: 201, body: { id, ...body } };
      },
    },
    ...options,
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"))) {
  const app = createExampleService({ logger: true, checkResponses: true });
  await app.listen({ port: Number(process.env.PORT ?? 4010), host: "127.0.0.1" });
}
