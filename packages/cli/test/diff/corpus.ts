// A corpus of base/head pairs, one per class of breaking-change check, each built from the
// project's own generated/openapi.yaml with the head changing exactly one thing. Every pair
// carries the verdict and the check id the in-process engine must give, and where the finding
// is placed. ./oasdiff-agreement.test.ts holds every pair to the real oasdiff, so these
// expectations are checked against a tool others wrote; where oasdiff 1.15 judges otherwise
// or has no such check, the case says what it reports instead and why we differ.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

export type Json = Record<string, any>;

export interface CorpusCase {
  /** Short human title, unique, e.g. "a required query parameter added". */
  name: string;
  /** Mutates a deep copy of the base document into the head; changes exactly one thing. */
  change: (head: Json) => void;
  /**
   * The check id our engine must report (oasdiff's id when oasdiff has the check); "" when the
   * change is nothing a client can notice, so that no check may report anything.
   */
  id: string;
  /** Our verdict: true when the change breaks clients. */
  breaking: boolean;
  /**
   * Where the finding is placed: the side and the JSON pointer of the node in that document,
   * after following $refs (where the node is written). The base side for removals, otherwise
   * the head side. The document root ("#") when `id` is "".
   */
  at: { side: "base" | "head"; pointer: string };
  /**
   * Only when oasdiff 1.15 judges differently or lacks the check: what oasdiff reports instead
   * (its id, or null when it reports nothing at all) and why we differ, in one sentence.
   */
  oasdiff?: { id: string | null; why: string };
  /** Prepares the base from a copy of the generated document; applied to both sides before `change`. */
  prepareBase?: (base: Json) => void;
}

const generated = fileURLToPath(new URL("../../../../generated/openapi.yaml", import.meta.url));
// Parsing the document takes far longer than copying it, and every case needs its own copy.
const parsed: Json = YAML.parse(readFileSync(generated, "utf8"));

/** The project's generated document (generated/openapi.yaml), a fresh copy on each call. */
export const loadBase = (): Json => structuredClone(parsed);

const schemas = (document: Json): Json => document.components.schemas;
const parameters = (document: Json): Json => document.components.parameters;
const listCertificates = (document: Json): Json => document.paths["/certificates"].get;
const getCertificate = (document: Json): Json => document.paths["/certificates/{id}"].get;
const enroll = (document: Json): Json => document.paths["/enrollments"].post;
const evidence = (document: Json): Json => schemas(document).IdentityEvidence;
const certificate = (document: Json): Json => schemas(document).Certificate;
const declined = (document: Json): Json => schemas(document).SigningRequestDeclinedEvent;

const LIST = "#/paths/~1certificates/get";
const GET = "#/paths/~1certificates~1{id}/get";
const ENROLL = "#/paths/~1enrollments/post";
const LIMIT = "#/components/parameters/CursorPageParameters.limit";
const CURSOR = "#/components/parameters/CursorPageParameters.cursor";
const IDEMPOTENCY_KEY = "#/components/parameters/IdempotencyKeyHeader";
const EVIDENCE = "#/components/schemas/IdentityEvidence";
const CERTIFICATE = "#/components/schemas/Certificate";
const DECLINED = "#/components/schemas/SigningRequestDeclinedEvent";
/** The parameter the generated document lacks, appended to GET /certificates after limit and cursor. */
const ADDED_PARAMETER = `${LIST}/parameters/2`;

// Comfortably on either side of any day the suite runs on.
const FUTURE = "2999-01-01";
const PAST = "2001-01-01";

/** A query parameter on GET /certificates, for the parameter classes the generated document cannot show. */
function addQueryParameter(document: Json, parameter: Json): void {
  listCertificates(document).parameters.push({ in: "query", required: false, ...parameter });
}
const addedParameter = (document: Json): Json => listCertificates(document).parameters[2];

/** A `status` filter with a closed enum. */
const withStatusFilter = (document: Json, extra: Json = {}): void =>
  addQueryParameter(document, {
    name: "status",
    description: "Only certificates in this state.",
    schema: { type: "string", enum: ["active", "revoked", "expired"] },
    ...extra,
  });

/** DELETE /certificates/{id}: a second operation on a path, so that removing it keeps the path. */
function withDeleteCertificate(document: Json, extra: Json = {}): void {
  document.paths["/certificates/{id}"].delete = {
    operationId: "deleteCertificate",
    summary: "Delete a certificate",
    parameters: [structuredClone(getCertificate(document).parameters[0])],
    responses: { "204": { description: "Deleted." } },
    ...extra,
  };
}
const DELETE = "#/paths/~1certificates~1{id}/delete";

/** POST /certificates/{id}/revocation, with no request body yet. */
function withRevocation(document: Json): void {
  document.paths["/certificates/{id}/revocation"] = {
    post: {
      operationId: "revokeCertificate",
      summary: "Revoke a certificate",
      parameters: [structuredClone(getCertificate(document).parameters[0])],
      responses: { "204": { description: "Revoked." } },
    },
  };
}
const REVOCATION = "#/paths/~1certificates~1{id}~1revocation/post";

/** Request fields the identity evidence lacks: a bounded count, a nullable bounded string, a closed enum, a date-time. */
function withEvidenceFields(document: Json): void {
  Object.assign(evidence(document).properties, {
    copies: { type: "integer", minimum: 1, maximum: 10 },
    reference: { type: ["string", "null"], minLength: 2, maxLength: 40 },
    channel: { type: "string", enum: ["post", "counter"] },
    checked_at: { type: "string", format: "date-time" },
  });
}

/** Response fields the certificate lacks: a closed enum, a bounded integer, a bounded string, a date and a date-time. */
function withCertificateFields(document: Json): void {
  Object.assign(certificate(document).properties, {
    status: { type: "string", enum: ["active", "revoked"] },
    key_size: { type: "integer", minimum: 1024, maximum: 4096 },
    subject: { type: "string", maxLength: 200 },
    issued_on: { type: "string", format: "date" },
    not_after: { type: "string", format: "date-time" },
  });
  certificate(document).required.push("status", "key_size", "subject", "issued_on", "not_after");
}

/** Every object's keys written in reverse order, in place: the same document serialised differently. */
function reverseKeys(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(reverseKeys);
  if (typeof value !== "object" || value === null) return;
  const entries = Object.entries(value);
  for (const [key] of entries) delete (value as Json)[key];
  for (const [key, child] of entries.reverse()) {
    reverseKeys(child);
    (value as Json)[key] = child;
  }
}

const BREAKING: CorpusCase[] = [
  // Paths and operations
  {
    name: "a path removed",
    change: (head) => delete head.paths["/certificates/{id}"],
    id: "api-path-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: GET },
  },
  {
    name: "an operation removed, its path kept",
    prepareBase: (base) => withDeleteCertificate(base),
    change: (head) => delete head.paths["/certificates/{id}"].delete,
    id: "api-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: DELETE },
  },
  {
    // Nothing in a document says where a path went, so a rename is its removal (and an addition).
    name: "a path renamed (/certificates to /certs)",
    change: (head) => {
      head.paths["/certs"] = head.paths["/certificates"];
      delete head.paths["/certificates"];
    },
    id: "api-path-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: LIST },
  },
  {
    name: "a deprecated operation removed before its x-sunset",
    prepareBase: (base) => withDeleteCertificate(base, { deprecated: true, "x-sunset": FUTURE }),
    change: (head) => delete head.paths["/certificates/{id}"].delete,
    id: "api-removed-before-sunset",
    breaking: true,
    at: { side: "base", pointer: DELETE },
  },
  {
    name: "a deprecated operation with no x-sunset removed",
    prepareBase: (base) => withDeleteCertificate(base, { deprecated: true }),
    change: (head) => delete head.paths["/certificates/{id}"].delete,
    id: "api-removed-before-sunset",
    breaking: true,
    at: { side: "base", pointer: DELETE },
    oasdiff: {
      id: "api-removed-with-deprecation",
      why: "oasdiff takes a deprecation with no date as leave to remove at once (info), but clients were never told when the operation would go.",
    },
  },

  // Parameters
  ...(["query", "header", "cookie"] as const).map(
    (where): CorpusCase => ({
      name: `a required ${where} parameter added`,
      change: (head) =>
        listCertificates(head).parameters.push({
          name: where === "header" ? "Tenant-Id" : "tenant",
          in: where,
          required: true,
          schema: { type: "string" },
        }),
      id: "new-required-request-parameter",
      breaking: true,
      at: { side: "head", pointer: ADDED_PARAMETER },
    }),
  ),
  {
    // A path parameter cannot be added to a path: the template changes, so the old path is gone.
    name: "a required path parameter added (/certificates/{id} to /certificates/{id}/{version})",
    change: (head) => {
      const item = head.paths["/certificates/{id}"];
      item.get.parameters.splice(1, 0, { name: "version", in: "path", required: true, schema: { type: "string" } });
      head.paths["/certificates/{id}/{version}"] = item;
      delete head.paths["/certificates/{id}"];
    },
    id: "api-path-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: GET },
  },
  {
    name: "an optional parameter became required",
    change: (head) => (parameters(head)["CursorPageParameters.cursor"].required = true),
    id: "request-parameter-became-required",
    breaking: true,
    at: { side: "head", pointer: CURSOR },
  },
  {
    name: "a parameter removed",
    prepareBase: (base) => withStatusFilter(base),
    change: (head) => listCertificates(head).parameters.pop(),
    id: "request-parameter-removed",
    breaking: true,
    at: { side: "base", pointer: ADDED_PARAMETER },
  },
  {
    name: "a deprecated parameter removed before its x-sunset",
    prepareBase: (base) => withStatusFilter(base, { deprecated: true, "x-sunset": FUTURE }),
    change: (head) => listCertificates(head).parameters.pop(),
    id: "request-parameter-removed-before-sunset",
    breaking: true,
    at: { side: "base", pointer: ADDED_PARAMETER },
  },
  {
    name: "a parameter's type changed",
    change: (head) => (parameters(head)["CursorPageParameters.cursor"].schema.type = "integer"),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${CURSOR}/schema` },
  },
  {
    name: "a parameter's format changed (date-time to date)",
    prepareBase: (base) => addQueryParameter(base, { name: "issued_after", schema: { type: "string", format: "date-time" } }),
    change: (head) => (addedParameter(head).schema.format = "date"),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${ADDED_PARAMETER}/schema` },
  },
  {
    // A date such as 2025-01-31 is not a valid date-time, so clients sending dates are refused.
    name: "a parameter's format changed (date to date-time)",
    prepareBase: (base) => addQueryParameter(base, { name: "issued_after", schema: { type: "string", format: "date" } }),
    change: (head) => (addedParameter(head).schema.format = "date-time"),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${ADDED_PARAMETER}/schema` },
    oasdiff: {
      id: "request-parameter-type-generalized",
      why: "oasdiff counts a date as contained in a date-time (info), but a value such as 2025-01-31 is not a valid date-time, so clients still sending dates are refused.",
    },
  },
  {
    name: "an enum put on a parameter",
    prepareBase: (base) => addQueryParameter(base, { name: "status", schema: { type: "string" } }),
    change: (head) => (addedParameter(head).schema.enum = ["active", "revoked", "expired"]),
    id: "request-parameter-became-enum",
    breaking: true,
    at: { side: "head", pointer: `${ADDED_PARAMETER}/schema` },
  },
  {
    name: "an enum value removed from a parameter",
    prepareBase: (base) => withStatusFilter(base),
    change: (head) => addedParameter(head).schema.enum.pop(),
    id: "request-parameter-enum-value-removed",
    breaking: true,
    at: { side: "head", pointer: `${ADDED_PARAMETER}/schema` },
  },
  {
    name: "a parameter's maximum lowered",
    change: (head) => (parameters(head)["CursorPageParameters.limit"].schema.maximum = 50),
    id: "request-parameter-max-decreased",
    breaking: true,
    at: { side: "head", pointer: `${LIMIT}/schema` },
  },
  {
    name: "a parameter's maxLength lowered",
    change: (head) => (parameters(head).IdempotencyKeyHeader.schema.maxLength = 64),
    id: "request-parameter-max-length-decreased",
    breaking: true,
    at: { side: "head", pointer: `${IDEMPOTENCY_KEY}/schema` },
  },
  {
    name: "a parameter's minimum raised",
    change: (head) => (parameters(head)["CursorPageParameters.limit"].schema.minimum = 5),
    id: "request-parameter-min-increased",
    breaking: true,
    at: { side: "head", pointer: `${LIMIT}/schema` },
  },
  {
    name: "a parameter's minLength raised",
    change: (head) => (parameters(head).IdempotencyKeyHeader.schema.minLength = 32),
    id: "request-parameter-min-length-increased",
    breaking: true,
    at: { side: "head", pointer: `${IDEMPOTENCY_KEY}/schema` },
  },
  {
    name: "a pattern put on a parameter",
    change: (head) => (parameters(head)["CursorPageParameters.cursor"].schema.pattern = "^[A-Za-z0-9_-]+$"),
    id: "request-parameter-pattern-added",
    breaking: true,
    at: { side: "head", pointer: `${CURSOR}/schema` },
  },
  {
    name: "a parameter's pattern changed",
    change: (head) => (parameters(head).IdempotencyKeyHeader.schema.pattern = "^[a-z0-9]{16,128}$"),
    id: "request-parameter-pattern-changed",
    breaking: true,
    at: { side: "head", pointer: `${IDEMPOTENCY_KEY}/schema` },
  },
  {
    name: "a parameter's default changed",
    change: (head) => (parameters(head)["CursorPageParameters.limit"].schema.default = 50),
    id: "request-parameter-default-value-changed",
    breaking: true,
    at: { side: "head", pointer: `${LIMIT}/schema` },
  },

  // Request bodies
  {
    name: "a required request body added",
    prepareBase: withRevocation,
    change: (head) =>
      (head.paths["/certificates/{id}/revocation"].post.requestBody = {
        required: true,
        content: { "application/json": { schema: { type: "object", required: ["reason"], properties: { reason: { type: "string" } } } } },
      }),
    id: "request-body-added-required",
    breaking: true,
    at: { side: "head", pointer: `${REVOCATION}/requestBody` },
  },
  {
    name: "a request body became required",
    prepareBase: (base) => (enroll(base).requestBody.required = false),
    change: (head) => (enroll(head).requestBody.required = true),
    id: "request-body-became-required",
    breaking: true,
    at: { side: "head", pointer: `${ENROLL}/requestBody` },
  },
  {
    name: "a request media type removed",
    prepareBase: (base) =>
      (enroll(base).requestBody.content["application/merge-patch+json"] = structuredClone(
        enroll(base).requestBody.content["application/json"],
      )),
    change: (head) => delete enroll(head).requestBody.content["application/merge-patch+json"],
    id: "request-body-media-type-removed",
    breaking: true,
    at: { side: "base", pointer: `${ENROLL}/requestBody/content/application~1merge-patch+json` },
  },

  // Request properties
  {
    name: "a required request property added",
    change: (head) => {
      evidence(head).properties.document_number = { type: "string" };
      evidence(head).required = ["document_number"];
    },
    id: "new-required-request-property",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/document_number` },
  },
  {
    name: "a request property became required",
    change: (head) => (evidence(head).required = ["issuing_office"]),
    id: "request-property-became-required",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/issuing_office` },
  },
  {
    name: "a request property's type changed",
    change: (head) => (evidence(head).properties.issuing_office.type = "integer"),
    id: "request-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/issuing_office` },
  },
  {
    name: "a request property's format changed (date-time to date)",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.checked_at.format = "date"),
    id: "request-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/checked_at` },
  },
  {
    name: "an enum value removed from a request property",
    prepareBase: withEvidenceFields,
    change: (head) => evidence(head).properties.channel.enum.pop(),
    id: "request-property-enum-value-removed",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/channel` },
  },
  {
    name: "an enum put on a request property",
    change: (head) => (evidence(head).properties.issuing_office.enum = ["central", "regional"]),
    id: "request-property-became-enum",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/issuing_office` },
  },
  {
    name: "a request property's maximum lowered",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.copies.maximum = 5),
    id: "request-property-max-decreased",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/copies` },
  },
  {
    name: "a request property's maxLength lowered",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.reference.maxLength = 20),
    id: "request-property-max-length-decreased",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/reference` },
  },
  {
    name: "a request property's minimum raised",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.copies.minimum = 2),
    id: "request-property-min-increased",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/copies` },
  },
  {
    name: "a pattern put on a request property",
    change: (head) => (evidence(head).properties.issuing_office.pattern = "^[A-Z][A-Za-z ]+$"),
    id: "request-property-pattern-added",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/issuing_office` },
  },
  {
    name: "a request property no longer nullable",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.reference.type = "string"),
    id: "request-property-became-not-nullable",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/reference` },
  },
  {
    // The plain string branch is what let any value through: without it the enum is closed.
    name: "an open union closed in a request (anyOf loses its plain string)",
    change: (head) => schemas(head).IdentityDocumentType.anyOf.shift(),
    id: "request-property-any-of-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/IdentityDocumentType/anyOf/0" },
  },

  // Responses
  {
    name: "a success status removed",
    change: (head) => delete getCertificate(head).responses["200"],
    id: "response-success-status-removed",
    breaking: true,
    at: { side: "base", pointer: `${GET}/responses/200` },
  },
  {
    name: "a response media type removed",
    prepareBase: (base) =>
      (getCertificate(base).responses["200"].content["application/pkix-cert"] = {
        schema: { type: "string", contentMediaType: "application/pkix-cert" },
      }),
    change: (head) => delete getCertificate(head).responses["200"].content["application/pkix-cert"],
    id: "response-media-type-removed",
    breaking: true,
    at: { side: "base", pointer: `${GET}/responses/200/content/application~1pkix-cert` },
  },

  // Response properties
  {
    name: "a required response property removed",
    change: (head) => {
      const signingRequest = schemas(head).SigningRequest;
      delete signingRequest.properties.documents;
      signingRequest.required = signingRequest.required.filter((name: string) => name !== "documents");
    },
    id: "response-required-property-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/SigningRequest/properties/documents" },
  },
  {
    name: "an optional response property removed",
    change: (head) => delete schemas(head).SigningRequest.properties.failure_reason,
    id: "response-optional-property-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/SigningRequest/properties/failure_reason" },
  },
  {
    name: "a response property became optional",
    change: (head) =>
      (schemas(head).SigningRequest.required = schemas(head).SigningRequest.required.filter((name: string) => name !== "client_secret")),
    id: "response-property-became-optional",
    breaking: true,
    at: { side: "head", pointer: "#/components/schemas/SigningRequest/properties/client_secret" },
  },
  {
    name: "a response property's type changed",
    prepareBase: withCertificateFields,
    change: (head) => (certificate(head).properties.key_size.type = "string"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/key_size` },
  },
  {
    name: "a response property's format changed (date to date-time)",
    prepareBase: withCertificateFields,
    change: (head) => (certificate(head).properties.issued_on.format = "date-time"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/issued_on` },
  },
  {
    name: "a response property's format changed (date-time to date)",
    prepareBase: withCertificateFields,
    change: (head) => (certificate(head).properties.not_after.format = "date"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/not_after` },
    oasdiff: {
      id: null,
      why: "oasdiff counts a date as contained in a date-time, so it reads this as a narrowing a client can always parse, but a client parsing date-times fails on 2025-01-31.",
    },
  },
  {
    name: "an enum value added to a closed response enum",
    prepareBase: withCertificateFields,
    change: (head) => certificate(head).properties.status.enum.push("suspended"),
    id: "response-property-enum-value-added",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/status` },
  },
  {
    name: "a response property became nullable",
    prepareBase: withCertificateFields,
    change: (head) => (certificate(head).properties.subject.type = ["string", "null"]),
    id: "response-property-became-nullable",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/subject` },
  },
  {
    name: "a response property's maximum raised",
    prepareBase: withCertificateFields,
    change: (head) => (certificate(head).properties.key_size.maximum = 8192),
    id: "response-property-max-increased",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/key_size` },
  },
  {
    name: "a response property's maxLength raised",
    prepareBase: withCertificateFields,
    change: (head) => (certificate(head).properties.subject.maxLength = 400),
    id: "response-property-max-length-increased",
    breaking: true,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/subject` },
  },

  // Response headers
  {
    name: "a required response header removed (ETag)",
    change: (head) => delete getCertificate(head).responses["200"].headers.ETag,
    id: "required-response-header-removed",
    breaking: true,
    at: { side: "base", pointer: `${GET}/responses/200/headers/ETag` },
  },
  {
    name: "an optional response header removed",
    prepareBase: (base) =>
      (getCertificate(base).responses["200"].headers["Last-Modified"] = {
        required: false,
        description: "When the certificate last changed.",
        schema: { type: "string" },
      }),
    change: (head) => delete getCertificate(head).responses["200"].headers["Last-Modified"],
    id: "optional-response-header-removed",
    breaking: true,
    at: { side: "base", pointer: `${GET}/responses/200/headers/Last-Modified` },
  },
  {
    name: "a response header became optional",
    change: (head) => (getCertificate(head).responses["200"].headers.ETag.required = false),
    id: "response-header-became-optional",
    breaking: true,
    at: { side: "head", pointer: `${GET}/responses/200/headers/ETag` },
  },
  {
    name: "a response header's type changed",
    change: (head) => (getCertificate(head).responses["200"].headers["RateLimit-Limit"].schema = { type: "string" }),
    id: "response-header-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${GET}/responses/200/headers/RateLimit-Limit/schema` },
    oasdiff: {
      id: null,
      why: "oasdiff 1.15 has no check on a response header's schema, yet a client parsing RateLimit-Limit as an integer fails on a string.",
    },
  },

  // Security
  {
    name: "an operation's security made stricter (token and certificate both required)",
    change: (head) => (listCertificates(head).security = [{ AccessToken: [], MutualTls: [] }]),
    id: "api-security-added",
    breaking: true,
    at: { side: "head", pointer: `${LIST}/security` },
    oasdiff: {
      id: "api-security-added",
      why: "oasdiff rates a requirement added to an operation as info, but clients that sent only a token or only a certificate are now refused with 401.",
    },
  },
  {
    name: "an accepted credential removed (the certificate-only alternative)",
    change: (head) => head.security.splice(1, 1),
    id: "api-security-removed",
    breaking: true,
    at: { side: "base", pointer: "#/security/1" },
    oasdiff: {
      id: "api-global-security-removed",
      why: "oasdiff reads a removed alternative as a relaxation (info), but clients that authenticate with a client certificate alone are now refused with 401.",
    },
  },

  // Webhooks
  {
    name: "a webhook removed",
    change: (head) => delete head.webhooks["signing_request.declined"],
    id: "webhook-removed",
    breaking: true,
    at: { side: "base", pointer: "#/webhooks/signing_request.declined" },
  },
  {
    name: "a required field removed from a webhook payload",
    change: (head) => {
      delete declined(head).properties.livemode;
      declined(head).required = declined(head).required.filter((name: string) => name !== "livemode");
    },
    id: "webhook-required-property-removed",
    breaking: true,
    at: { side: "base", pointer: `${DECLINED}/properties/livemode` },
    oasdiff: {
      id: "request-property-removed",
      why: "oasdiff reads a webhook payload as a request body, so it names the removal a request change; a receiver reads the payload as a client reads a response.",
    },
  },
  {
    name: "an optional field removed from a webhook payload",
    change: (head) => delete schemas(head).EventSigningRequest.properties.failure_reason,
    id: "webhook-optional-property-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/EventSigningRequest/properties/failure_reason" },
    oasdiff: {
      id: "request-property-removed",
      why: "oasdiff reads a webhook payload as a request body, so it names the removal a request change; a receiver reads the payload as a client reads a response.",
    },
  },
  {
    name: "a webhook payload field's type changed",
    change: (head) => (declined(head).properties.livemode.type = "string"),
    id: "webhook-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${DECLINED}/properties/livemode` },
    oasdiff: {
      id: "request-property-type-changed",
      why: "oasdiff reads a webhook payload as a request body, so it names the change a request change; the verdict is the same.",
    },
  },
  {
    name: "a value added to a closed enum of a webhook payload",
    change: (head) => declined(head).properties.object.enum.push("notice"),
    id: "webhook-property-enum-value-added",
    breaking: true,
    at: { side: "head", pointer: `${DECLINED}/properties/object` },
    oasdiff: {
      id: "request-property-enum-value-added",
      why: "oasdiff reads a webhook payload as a request body, where a new value is harmless (info), but a receiver switching over the closed enum meets a value it does not know.",
    },
  },
];

const NOT_BREAKING: CorpusCase[] = [
  // Nothing a client notices
  {
    name: "the same document re-serialised, every key in another order",
    change: reverseKeys,
    id: "",
    breaking: false,
    at: { side: "head", pointer: "#" },
  },
  {
    name: "descriptions reworded",
    change: (head) => {
      head.info.description = "Reworded.";
      getCertificate(head).description = "Reworded.";
      certificate(head).description = "Reworded.";
    },
    id: "",
    breaking: false,
    at: { side: "head", pointer: "#" },
  },

  // Additions
  {
    name: "an optional parameter added",
    change: (head) => withStatusFilter(head),
    id: "new-optional-request-parameter",
    breaking: false,
    at: { side: "head", pointer: ADDED_PARAMETER },
  },
  {
    name: "an optional request property added",
    change: (head) => (evidence(head).properties.document_number = { type: "string" }),
    id: "new-optional-request-property",
    breaking: false,
    at: { side: "head", pointer: `${EVIDENCE}/properties/document_number` },
  },
  {
    name: "an optional response property added",
    change: (head) => (certificate(head).properties.serial_number = { type: "string" }),
    id: "response-optional-property-added",
    breaking: false,
    at: { side: "head", pointer: `${CERTIFICATE}/properties/serial_number` },
  },
  {
    name: "an operation added",
    change: (head) => withDeleteCertificate(head),
    id: "endpoint-added",
    breaking: false,
    at: { side: "head", pointer: DELETE },
  },
  {
    name: "a webhook added",
    change: (head) => (head.webhooks["signing_request.reminded"] = structuredClone(head.webhooks["signing_request.declined"])),
    id: "webhook-added",
    breaking: false,
    at: { side: "head", pointer: "#/webhooks/signing_request.reminded" },
  },
  {
    name: "a request media type added",
    change: (head) =>
      (enroll(head).requestBody.content["application/merge-patch+json"] = structuredClone(
        enroll(head).requestBody.content["application/json"],
      )),
    id: "request-body-media-type-added",
    breaking: false,
    at: { side: "head", pointer: `${ENROLL}/requestBody/content/application~1merge-patch+json` },
  },

  // Bounds widened
  {
    name: "a parameter's maximum raised",
    change: (head) => (parameters(head)["CursorPageParameters.limit"].schema.maximum = 200),
    id: "request-parameter-max-increased",
    breaking: false,
    at: { side: "head", pointer: `${LIMIT}/schema` },
  },
  {
    name: "a parameter's format widened (int32 to int64)",
    change: (head) => (parameters(head)["CursorPageParameters.limit"].schema.format = "int64"),
    id: "request-parameter-type-generalized",
    breaking: false,
    at: { side: "head", pointer: `${LIMIT}/schema` },
  },
  {
    name: "a request property's maximum raised",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.copies.maximum = 20),
    id: "request-property-max-increased",
    breaking: false,
    at: { side: "head", pointer: `${EVIDENCE}/properties/copies` },
  },

  // Removals clients were told of, or that they never relied on
  {
    name: "an error status removed",
    change: (head) => delete getCertificate(head).responses["404"],
    id: "response-non-success-status-removed",
    breaking: false,
    at: { side: "base", pointer: `${GET}/responses/404` },
  },
  {
    name: "a deprecated operation removed after its x-sunset",
    prepareBase: (base) => withDeleteCertificate(base, { deprecated: true, "x-sunset": PAST }),
    change: (head) => delete head.paths["/certificates/{id}"].delete,
    id: "api-removed-with-deprecation",
    breaking: false,
    at: { side: "base", pointer: DELETE },
    oasdiff: {
      id: null,
      why: "oasdiff reports nothing once the sunset date has passed (its api-removed-with-deprecation is only for a deprecation with no date); we still list the removal, as info.",
    },
  },
  {
    name: "a deprecated parameter removed after its x-sunset",
    prepareBase: (base) => withStatusFilter(base, { deprecated: true, "x-sunset": PAST }),
    change: (head) => listCertificates(head).parameters.pop(),
    id: "request-parameter-removed-with-deprecation",
    breaking: false,
    at: { side: "base", pointer: ADDED_PARAMETER },
    oasdiff: {
      id: null,
      why: "oasdiff reports nothing once the sunset date has passed (its request-parameter-removed-with-deprecation is only for a deprecation with no date); we still list the removal, as info.",
    },
  },

  // Open enums
  {
    name: "a value added to the open error-code enum",
    change: (head) => schemas(head).ErrorCode.anyOf[1].enum.push("certificate_expired"),
    id: "response-property-open-enum-value-added",
    breaking: false,
    at: { side: "head", pointer: "#/components/schemas/ErrorCode/anyOf/1" },
    oasdiff: {
      id: "response-property-enum-value-added",
      why: "oasdiff judges the enum branch alone, but the plain string branch beside it already tells clients to expect codes they do not know.",
    },
  },
];

export const CORPUS: CorpusCase[] = [...BREAKING, ...NOT_BREAKING];
