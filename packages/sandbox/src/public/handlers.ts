// The public operations of the interface document, on the platform state. Every convention
// (auth, Request-Id, rate limits, validation, idempotency, ETag/304, error body) is the
// server package's; these only say what each operation does.
import type { OperationHandlers } from "@signing-platform/server";
import { missingIdentityEvidence } from "../domain/enrollments.js";
import { certificateResource, type Platform } from "../platform.js";
import { toResource } from "../domain/signing-requests.js";

export function publicHandlers(platform: Platform): Partial<OperationHandlers> {
  return {
    async getSigningRequest({ params }, { principal }) {
      const request = await platform.signingRequest(principal.organizationId, params.id);
      if (!request) return { status: 404, error: { code: "not_found", message: "The resource does not exist." } };
      return { status: 200, body: toResource(request) };
    },

    async createEnrollment({ body }, { principal }) {
      // Errors › Error codes, enrollment_identity_incomplete: the details name each missing field.
      const missing = missingIdentityEvidence(body as Record<string, unknown>);
      if (missing.length > 0) {
        return {
          status: 400,
          error: {
            code: "enrollment_identity_incomplete",
            message: "Required identity evidence is missing: a national ID, passport or citizenship document with its issuing office.",
            details: missing,
          },
        };
      }
      const enrollment = await platform.createEnrollment(principal.organizationId, body as Record<string, unknown>);
      return { status: 201, body: { ...enrollment.body, id: enrollment.id, status: "pending", created_at: enrollment.created_at } };
    },

    async listCertificates(_request, context) {
      // Keyset paging by the immutable creation sequence (docs/decisions.md#cursor-pagination): stable under inserts and deletes.
      const page = await context.paginate({
        positionOf: (item) => ({ key: Number(item.sequence), id: item.id }),
        source: async ({ after, limit }) => {
          const records = await platform.certificatesAfter(
            context.principal.organizationId,
            after === null ? null : Number(after.key),
            limit,
          );
          return records.map((record) => ({ ...certificateResource(record), sequence: record.sequence }));
        },
      });
      return { status: 200, body: { ...page, items: page.items.map(({ sequence: _sequence, ...certificate }) => certificate) } };
    },

    async getCertificate({ params }, { principal }) {
      const certificate = await platform.certificate(principal.organizationId, params.id);
      if (!certificate) return { status: 404, error: { code: "not_found", message: "The resource does not exist." } };
      return { status: 200, body: certificateResource(certificate) };
    },
  };
}
