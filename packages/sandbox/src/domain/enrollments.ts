// Identity evidence of an enrollment (Errors › Error codes, enrollment_identity_incomplete):
// "A national ID, passport or citizenship document with its issuing office is required.
// The details array names the missing fields."
//
// The source names only `identity_evidence.issuing_office`; the spec adds
// `identity_evidence.document_type` (an addition, marked in spec/resources/enrollments.tsp)
// so that "which document" has a field to be missing from.

import { identityDocumentTypeValues } from "@signing-platform/types";

/** The identity documents the interface document accepts, as the spec lists them. */
export const ACCEPTED_DOCUMENT_TYPES = identityDocumentTypeValues;

export interface MissingEvidence {
  field: string;
  code: "required" | "enum";
  message: string;
}

function isPresentString(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

/** Every missing or unacceptable piece of identity evidence, one detail per field; empty when complete. */
export function missingIdentityEvidence(body: Record<string, unknown>): MissingEvidence[] {
  const evidence = body.identity_evidence;
  const fields = evidence && typeof evidence === "object" ? (evidence as Record<string, unknown>) : {};
  const missing: MissingEvidence[] = [];
  const documentType = fields.document_type;
  if (!isPresentString(documentType)) {
    missing.push({
      field: "$.identity_evidence.document_type",
      code: "required",
      message: "A national ID, passport or citizenship document is required.",
    });
  } else if (!(ACCEPTED_DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    missing.push({
      field: "$.identity_evidence.document_type",
      code: "enum",
      message: `The identity document must be one of: ${ACCEPTED_DOCUMENT_TYPES.join(", ")}.`,
    });
  }
  if (!isPresentString(fields.issuing_office)) {
    missing.push({
      field: "$.identity_evidence.issuing_office",
      code: "required",
      message: "The office that issued the identity document is required.",
    });
  }
  return missing;
}
