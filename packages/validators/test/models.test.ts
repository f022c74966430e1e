// The generated per-model validators (src/generated/validators.ts): one per schema of
// generated/json-schema/, open where the interface document leaves a shape open and closed
// where it lists it whole, tolerant of unknown statuses and codes, and with issues that
// are the API's own error details.
import { describe, expect, it } from "vitest";
import { validSigningRequestObject } from "../../../test/support/events.js";
import * as validators from "../src/index.js";
import type { ValidationResult, Validator } from "../src/index.js";
import { schemas } from "./support/reference.js";

const byName = validators as unknown as Record<string, Validator<unknown>>;
const signingRequest = () => ({ ...validSigningRequestObject(), client_secret: "sr_secret" });
const page = () => ({ items: [{ id: "cert_1" }], cursor: "c1", next: "https://api.example.test/certificates?cursor=c1" });
const errorBody = (error: Record<string, unknown> = {}) => ({
  error: { code: "not_found", message: "No such signing request.", request_id: "req_1", details: [], ...error },
});

describe("one validator per model", () => {
  it.each(schemas.map((schema) => [schema.$id as string]))("%s has its validator", (schemaId) => {
    const name = schemaId === "Event.json" ? "validateEventEnvelope" : `validate${schemaId.replace(/\.json$/, "")}`;
    expect(byName[name]?.schemaId).toBe(schemaId);
  });
});

type Case = [name: string, validate: Validator<unknown>, value: unknown, issue?: { field: string; code: string }];

describe("models", () => {
  const cases: Case[] = [
    ["a signing request read with GET", validators.validateSigningRequest, signingRequest()],
    [
      "a signing request without client_secret",
      validators.validateSigningRequest,
      validSigningRequestObject(),
      { field: "$.client_secret", code: "required" },
    ],
    [
      "a signing request with an unknown status and other fields (open)",
      validators.validateSigningRequest,
      { ...signingRequest(), status: "awaiting_signer", title: "Lease" },
    ],
    [
      "a document with other fields (open)",
      validators.validateDocument,
      { content_url: "https://files.example.test/d.pdf", name: "d.pdf" },
    ],
    [
      "a document whose content_url is no URI",
      validators.validateDocument,
      { content_url: "d.pdf" },
      { field: "$.content_url", code: "format" },
    ],
    ["a certificate with other fields (open)", validators.validateCertificate, { id: "cert_1", serial_number: "01" }],
    ["a certificate id without cert_", validators.validateCertificate, { id: "crt_1" }, { field: "$.id", code: "pattern" }],
    ["a page", validators.validateCertificatePage, page()],
    ["the last page", validators.validateCertificatePage, { items: [], cursor: null, next: null }],
    [
      "a page with another field (closed)",
      validators.validateCertificatePage,
      { ...page(), total: 3 },
      { field: "$.total", code: "additional_property" },
    ],
    [
      "a page with an oddly named field",
      validators.validateCertificatePage,
      { ...page(), "total count": 3 },
      { field: "$['total count']", code: "additional_property" },
    ],
    ["a page whose cursor is a number", validators.validateCertificatePage, { ...page(), cursor: 5 }, { field: "$.cursor", code: "type" }],
    ["a page whose next is no URI", validators.validateCertificatePage, { ...page(), next: "page 2" }, { field: "$.next", code: "format" }],
    [
      "a page with a bad item",
      validators.validateCertificatePage,
      { ...page(), items: [{ id: "cert_1" }, { id: "x" }] },
      { field: "$.items[1].id", code: "pattern" },
    ],
    ["an error body", validators.validateErrorBody, errorBody()],
    ["an error body with an unknown code", validators.validateErrorBody, errorBody({ code: "brand_new_code" })],
    [
      "an error body with a detail",
      validators.validateErrorBody,
      errorBody({ details: [{ field: "$.limit", code: "maximum", message: "m" }] }),
    ],
    [
      "an error body whose code is a number",
      validators.validateErrorBody,
      errorBody({ code: 404 }),
      { field: "$.error.code", code: "type" },
    ],
    [
      "an error body with another field (closed)",
      validators.validateErrorBody,
      errorBody({ stack: "at x" }),
      { field: "$.error.stack", code: "additional_property" },
    ],
    [
      "an error body without request_id",
      validators.validateErrorBody,
      { error: { code: "x", message: "m", details: [] } },
      { field: "$.error.request_id", code: "required" },
    ],
    ["a detail without message", validators.validateErrorDetail, { code: "required" }, { field: "$.message", code: "required" }],
    ["an unknown status", validators.validateSigningRequestStatus, "awaiting_signer"],
    ["an unknown error code", validators.validateErrorCode, "brand_new_code"],
    ["an unknown event type", validators.validateEventType, "signing_request.archived"],
    ["an enrollment request with only other fields (open)", validators.validateEnrollmentRequest, { applicant: "x" }],
    [
      "an enrollment request whose issuing office is a number",
      validators.validateEnrollmentRequest,
      { identity_evidence: { document_type: "passport", issuing_office: 7 } },
      { field: "$.identity_evidence.issuing_office", code: "type" },
    ],
    ["a timestamp not in UTC", validators.validateUtcTimestamp, "2026-11-21T06:40:00+02:00", { field: "$", code: "pattern" }],
    ["an event id", validators.validateEventId, "evt_abc"],
  ];

  it.each(cases)("%s", (_name, validate, value, issue) => {
    const result = validate(value);
    expect(result.ok).toBe(issue === undefined);
    expect(validate.is(value)).toBe(issue === undefined);
    if (issue) expect((result as Extract<ValidationResult<unknown>, { ok: false }>).errors).toContainEqual(expect.objectContaining(issue));
  });

  it.each(cases.filter(([, , , issue]) => issue))(
    "%s: the issues are error details a server can return as they are",
    (_name, validate, value) => {
      const result = validate(value);
      if (result.ok) throw new Error("expected a failure");
      for (const issue of result.errors) expect(validators.validateErrorDetail(issue).ok).toBe(true);
      const body = { error: { code: "bad_request", message: "The request body is invalid.", request_id: "req_1", details: result.errors } };
      expect(validators.validateErrorBody(body).ok).toBe(true);
    },
  );
});
