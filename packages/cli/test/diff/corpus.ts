// Base/head pairs beyond the check classes (./check-classes.ts, which has one per class):
// format changes, a required response header, a stricter security requirement, webhook
// fields removed. Each is built from the project's own generated/openapi.yaml with the head
// changing exactly one thing, and carries the check id and verdict the engine must give and
// where the finding is placed (./corpus.test.ts). ./oasdiff-agreement.test.ts holds every
// pair to the real oasdiff; where oasdiff 1.15 judges otherwise or has no such check, the case
// says what it reports instead and why we differ. No pair here repeats a class.
import { type Json, loadBase } from "./check-classes.js";

export { type Json, loadBase };

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

const schemas = (document: Json): Json => document.components.schemas;
const parameters = (document: Json): Json => document.components.parameters;
const listCertificates = (document: Json): Json => document.paths["/certificates"].get;
const getCertificate = (document: Json): Json => document.paths["/certificates/{id}"].get;
const evidence = (document: Json): Json => schemas(document).IdentityEvidence;
const certificate = (document: Json): Json => schemas(document).Certificate;
const declined = (document: Json): Json => schemas(document).SigningRequestDeclinedEvent;

const LIST = "#/paths/~1certificates/get";
const GET = "#/paths/~1certificates~1{id}/get";
const CURSOR = "#/components/parameters/CursorPageParameters.cursor";
const EVIDENCE = "#/components/schemas/IdentityEvidence";
const CERTIFICATE = "#/components/schemas/Certificate";
const DECLINED = "#/components/schemas/SigningRequestDeclinedEvent";
/** The parameter the generated document lacks, appended to GET /certificates after limit and cursor. */
const ADDED_PARAMETER = `${LIST}/parameters/2`;

/** A query parameter on GET /certificates, for the parameter classes the generated document cannot show. */
function addQueryParameter(document: Json, parameter: Json): void {
  listCertificates(document).parameters.push({ in: "query", required: false, ...parameter });
}
const addedParameter = (document: Json): Json => listCertificates(document).parameters[2];

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

const BREAKING: CorpusCase[] = [
  // Paths and operations
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
    name: "a request property's format changed (date-time to date)",
    prepareBase: withEvidenceFields,
    change: (head) => (evidence(head).properties.checked_at.format = "date"),
    id: "request-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${EVIDENCE}/properties/checked_at` },
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
    // The plain string branch is what let any value through: without it the enum is closed.
    name: "an open union closed in a request (anyOf loses its plain string)",
    change: (head) => schemas(head).IdentityDocumentType.anyOf.shift(),
    id: "request-property-any-of-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/IdentityDocumentType/anyOf/0" },
  },

  // Responses
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
    name: "a required response header removed (ETag)",
    change: (head) => delete getCertificate(head).responses["200"].headers.ETag,
    id: "required-response-header-removed",
    breaking: true,
    at: { side: "base", pointer: `${GET}/responses/200/headers/ETag` },
  },
  {
    name: "an operation's security made stricter (token and certificate both required)",
    change: (head) => (listCertificates(head).security = [{ AccessToken: [], MutualTls: [] }]),
    // The operation no longer accepts a token alone or a certificate alone: credentials removed.
    id: "api-security-removed",
    breaking: true,
    at: { side: "head", pointer: `${LIST}/security` },
    oasdiff: {
      id: "api-security-added",
      why: "oasdiff rates a requirement added to an operation as info, but clients that sent only a token or only a certificate are now refused with 401.",
    },
  },

  // Webhooks
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
];

const NOT_BREAKING: CorpusCase[] = [
  // Nothing a client notices
];

export const CORPUS: CorpusCase[] = [...BREAKING, ...NOT_BREAKING];
