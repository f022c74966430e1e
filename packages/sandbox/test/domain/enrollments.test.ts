import { describe, expect, it } from "vitest";
import { missingIdentityEvidence } from "../../src/domain/enrollments.js";

describe("identity evidence", () => {
  it.each([
    ["no identity evidence", {}, ["$.identity_evidence.document_type", "$.identity_evidence.issuing_office"]],
    ["no issuing office", { identity_evidence: { document_type: "passport" } }, ["$.identity_evidence.issuing_office"]],
    [
      "a blank issuing office",
      { identity_evidence: { document_type: "passport", issuing_office: "  " } },
      ["$.identity_evidence.issuing_office"],
    ],
    ["no document", { identity_evidence: { issuing_office: "Kathmandu" } }, ["$.identity_evidence.document_type"]],
    [
      "an unaccepted document",
      { identity_evidence: { document_type: "library_card", issuing_office: "X" } },
      ["$.identity_evidence.document_type"],
    ],
    [
      "evidence that is not an object",
      { identity_evidence: "passport" },
      ["$.identity_evidence.document_type", "$.identity_evidence.issuing_office"],
    ],
    ["complete evidence", { identity_evidence: { document_type: "national_id", issuing_office: "Lalitpur" } }, []],
  ])("names each missing field for %s", (_name, body, fields) => {
    expect(missingIdentityEvidence(body as Record<string, unknown>).map((detail) => detail.field)).toEqual(fields);
  });
});
