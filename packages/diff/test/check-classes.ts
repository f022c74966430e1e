// The base/head pairs the breaking-change engine is held to: one per class of check, and more
// where a class hides a case worth pinning down (a format changed between date and date-time, a
// security requirement made stricter, an optional webhook field removed). Both sides are built
// from the project's own generated/openapi.yaml, the head changing exactly one thing; each pair
// carries the check id and verdict `signing-platform diff` must give and where the finding is
// placed. ./oasdiff-agreement.test.ts holds every pair to the real oasdiff 1.15: where oasdiff
// judges otherwise or has no such check, the pair records what it reports instead and why we
// differ. ./check-classes.test.ts runs every pair through the engine, and
// packages/cli/test/diff/catalogue.test.ts through the command as users run it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

export type Json = Record<string, any>;

export interface CheckClass {
  /** What changes, a short human title, unique. */
  name: string;
  /** Turns a deep copy of the base into the head; changes exactly one thing. */
  change: (head: Json) => void;
  /** Prepares the base first (applied to both sides, before `change`), for what the generated document lacks. */
  prepareBase?: (base: Json) => void;
  /**
   * The check id `signing-platform diff` reports (oasdiff's id when oasdiff has the check); ""
   * when the change is nothing a client can notice, so that no check may report anything.
   */
  id: string;
  /** Our verdict: true when the change breaks clients (exit 1). */
  breaking: boolean;
  /**
   * Where the finding is placed: the side and the JSON pointer of the node in that document,
   * after following $refs (where the node is written). The base side for removals, otherwise
   * the head side. Unused when `id` is "".
   */
  at: { side: "base" | "head"; pointer: string };
  /**
   * Only where oasdiff 1.15 judges otherwise, or has no such check: the id it reports instead
   * (null when it reports nothing at all), its verdict, and why we differ, in one sentence.
   */
  oasdiff?: { id: string | null; breaking: boolean; why: string };
}

const generated = fileURLToPath(new URL("../../../generated/openapi.yaml", import.meta.url));
const parsed: Json = YAML.parse(readFileSync(generated, "utf8"));

/** The project's document, a fresh copy (parsed once: parsing it is most of a pair's time). */
export const loadBase = (): Json => structuredClone(parsed);

/** The pair's two documents: the base prepared, and the head changed from a copy of it. */
export function documentsOf(item: CheckClass): { base: Json; head: Json } {
  const base = loadBase();
  item.prepareBase?.(base);
  const head = structuredClone(base);
  item.change(head);
  return { base, head };
}

const schemas = (document: Json) => document.components.schemas;
const listCertificates = (document: Json) => document.paths["/certificates"].get;
const getCertificate = (document: Json) => document.paths["/certificates/{id}"].get;
const enroll = (document: Json) => document.paths["/enrollments"].post;
const limit = (document: Json) => document.components.parameters["CursorPageParameters.limit"];
const evidence = (document: Json) => schemas(document).IdentityEvidence;

/** A query parameter `kind` (string, enum a|b|c, pattern, bounds) on GET /certificates, for the parameter classes. */
function withKindParameter(
  document: Json,
  schema: Json = { type: "string", enum: ["a", "b", "c"], maxLength: 10, minLength: 1 },
  required = false,
): void {
  listCertificates(document).parameters.push({ name: "kind", in: "query", required, schema });
}
const kind = (document: Json) => listCertificates(document).parameters[2];
const KIND = "#/paths/~1certificates/get/parameters/2";

/**
 * Response fields the Certificate resource lacks: a closed `grade` enum, a bounded `score`, a
 * bounded `note`, a plain `label`, an `issued_on` date and a `not_after` date-time.
 */
function withResponseFields(document: Json): void {
  schemas(document).Certificate.properties.grade = { type: "string", enum: ["a", "b"] };
  schemas(document).Certificate.properties.score = { type: "integer", maximum: 10, maxLength: 5 };
  schemas(document).Certificate.properties.note = { type: "string", maxLength: 20 };
  schemas(document).Certificate.properties.label = { type: "string" };
  schemas(document).Certificate.properties.issued_on = { type: "string", format: "date" };
  schemas(document).Certificate.properties.not_after = { type: "string", format: "date-time" };
  schemas(document).Certificate.required.push("grade", "score", "issued_on", "not_after");
}
const certificate = "#/components/schemas/Certificate";

/**
 * Request fields the identity evidence lacks: a nullable bounded string `reference`, a closed
 * enum `channel`, a bounded integer `count` and a `checked_at` date-time.
 */
function withRequestFields(document: Json): void {
  evidence(document).properties.reference = { type: ["string", "null"], maxLength: 40, minLength: 2 };
  evidence(document).properties.channel = { type: "string", enum: ["post", "counter"] };
  evidence(document).properties.count = { type: "integer", minimum: 1, maximum: 10 };
  evidence(document).properties.checked_at = { type: "string", format: "date-time" };
}
const evidenceAt = "#/components/schemas/IdentityEvidence";

/** Writes every object's keys in reverse order, in place: the document re-serialised. */
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

/** Why oasdiff names a webhook payload's change otherwise. */
const PAYLOAD_AS_REQUEST_BODY =
  "oasdiff reads a webhook payload as a request body, so it names the change a request change; a receiver reads the payload as a client reads a response.";

const future = "2999-01-01";
const past = "2001-01-01";

export const CHECK_CLASSES: CheckClass[] = [
  // Paths and operations
  {
    name: "a path removed",
    change: (head) => delete head.paths["/certificates/{id}"],
    id: "api-path-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get" },
  },
  {
    name: "an operation removed, its path kept",
    prepareBase: (base) => (base.paths["/certificates"].post = { ...structuredClone(enroll(base)), operationId: "createCertificate" }),
    change: (head) => delete head.paths["/certificates"].post,
    id: "api-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates/post" },
  },
  {
    // Nothing in a document says where a path went, so a rename is its removal (and an addition).
    name: "a path renamed",
    change: (head) => {
      head.paths["/certs/{id}"] = head.paths["/certificates/{id}"];
      delete head.paths["/certificates/{id}"];
    },
    id: "api-path-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get" },
  },
  {
    name: "a deprecated operation removed before its x-sunset",
    prepareBase: (base) => Object.assign(getCertificate(base), { deprecated: true, "x-sunset": future }),
    change: (head) => delete head.paths["/certificates/{id}"],
    id: "api-path-removed-before-sunset",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get" },
  },
  {
    name: "a deprecated operation removed after its x-sunset",
    prepareBase: (base) => Object.assign(getCertificate(base), { deprecated: true, "x-sunset": past }),
    change: (head) => delete head.paths["/certificates/{id}"],
    id: "api-path-removed-with-deprecation",
    breaking: false,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get" },
    oasdiff: {
      id: null,
      breaking: false,
      why: "oasdiff says nothing once a deprecated operation's x-sunset has passed; we warn, so the removal still shows in the changelog.",
    },
  },
  {
    name: "a deprecated operation with no x-sunset removed",
    prepareBase: (base) => (getCertificate(base).deprecated = true),
    change: (head) => delete head.paths["/certificates/{id}"],
    id: "api-path-removed-with-deprecation",
    breaking: false,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get" },
  },
  {
    name: "an operation added",
    change: (head) => (head.paths["/certificates"].post = { ...structuredClone(enroll(head)), operationId: "createCertificate" }),
    id: "endpoint-added",
    breaking: false,
    at: { side: "head", pointer: "#/paths/~1certificates/post" },
  },

  // Parameters
  ...(["query", "header", "cookie"] as const).map(
    (where): CheckClass => ({
      name: `a required ${where} parameter added`,
      change: (head) => listCertificates(head).parameters.push({ name: "Tenant", in: where, required: true, schema: { type: "string" } }),
      id: "new-required-request-parameter",
      breaking: true,
      at: { side: "head", pointer: KIND },
    }),
  ),
  {
    // A path parameter cannot be added to a path: the template changes, so the old path is gone.
    name: "a path parameter added (a new path)",
    change: (head) => {
      head.paths["/certificates/{id}/{version}"] = structuredClone(head.paths["/certificates/{id}"]);
      head.paths["/certificates/{id}/{version}"].get.operationId = "getCertificateVersion";
      head.paths["/certificates/{id}/{version}"].get.parameters.push({
        name: "version",
        in: "path",
        required: true,
        schema: { type: "string" },
      });
      delete head.paths["/certificates/{id}"];
    },
    id: "api-path-removed-without-deprecation",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get" },
  },
  {
    name: "an optional parameter added",
    change: (head) => withKindParameter(head),
    id: "new-optional-request-parameter",
    breaking: false,
    at: { side: "head", pointer: KIND },
  },
  {
    name: "a parameter became required",
    prepareBase: (base) => withKindParameter(base),
    change: (head) => (kind(head).required = true),
    id: "request-parameter-became-required",
    breaking: true,
    at: { side: "head", pointer: KIND },
  },
  {
    name: "a parameter removed",
    prepareBase: (base) => withKindParameter(base),
    change: (head) => listCertificates(head).parameters.pop(),
    id: "request-parameter-removed",
    breaking: true,
    at: { side: "base", pointer: KIND },
  },
  {
    name: "a deprecated parameter removed before its x-sunset",
    prepareBase: (base) => (withKindParameter(base), Object.assign(kind(base), { deprecated: true, "x-sunset": future })),
    change: (head) => listCertificates(head).parameters.pop(),
    id: "request-parameter-removed-before-sunset",
    breaking: true,
    at: { side: "base", pointer: KIND },
  },
  {
    name: "a deprecated parameter removed after its x-sunset",
    prepareBase: (base) => (withKindParameter(base), Object.assign(kind(base), { deprecated: true, "x-sunset": past })),
    change: (head) => listCertificates(head).parameters.pop(),
    id: "request-parameter-removed-with-deprecation",
    breaking: false,
    at: { side: "base", pointer: KIND },
    oasdiff: {
      id: null,
      breaking: false,
      why: "oasdiff says nothing once a deprecated parameter's x-sunset has passed; we warn, so the removal still shows in the changelog.",
    },
  },
  {
    name: "a parameter's type changed",
    prepareBase: (base) => withKindParameter(base, { type: "string" }),
    change: (head) => (kind(head).schema = { type: "integer" }),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a parameter's format widened (int32 to int64)",
    change: (head) => (limit(head).schema.format = "int64"),
    id: "request-parameter-type-generalized",
    breaking: false,
    at: { side: "head", pointer: "#/components/parameters/CursorPageParameters.limit/schema" },
  },
  {
    name: "a parameter's format changed",
    prepareBase: (base) => withKindParameter(base, { type: "string", format: "date" }),
    change: (head) => (kind(head).schema.format = "uuid"),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a parameter's format changed (date-time to date)",
    prepareBase: (base) => withKindParameter(base, { type: "string", format: "date-time" }),
    change: (head) => (kind(head).schema.format = "date"),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    // A date such as 2025-01-31 is not a valid date-time, so clients sending dates are refused.
    name: "a parameter's format changed (date to date-time)",
    prepareBase: (base) => withKindParameter(base, { type: "string", format: "date" }),
    change: (head) => (kind(head).schema.format = "date-time"),
    id: "request-parameter-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
    oasdiff: {
      id: "request-parameter-type-generalized",
      breaking: false,
      why: "oasdiff counts a date as contained in a date-time (info), but a value such as 2025-01-31 is not a valid date-time, so clients still sending dates are refused.",
    },
  },
  {
    name: "an enum put on a parameter",
    prepareBase: (base) => withKindParameter(base, { type: "string" }),
    change: (head) => (kind(head).schema.enum = ["a"]),
    id: "request-parameter-became-enum",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "an enum value removed from a parameter",
    prepareBase: (base) => withKindParameter(base),
    change: (head) => kind(head).schema.enum.pop(),
    id: "request-parameter-enum-value-removed",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "an enum value added to a parameter",
    prepareBase: (base) => withKindParameter(base),
    change: (head) => kind(head).schema.enum.push("d"),
    id: "request-parameter-enum-value-added",
    breaking: false,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a parameter's maximum lowered",
    change: (head) => (limit(head).schema.maximum = 50),
    id: "request-parameter-max-decreased",
    breaking: true,
    at: { side: "head", pointer: "#/components/parameters/CursorPageParameters.limit/schema" },
  },
  {
    name: "a parameter's maximum raised",
    change: (head) => (limit(head).schema.maximum = 500),
    id: "request-parameter-max-increased",
    breaking: false,
    at: { side: "head", pointer: "#/components/parameters/CursorPageParameters.limit/schema" },
  },
  {
    name: "a parameter's maxLength lowered",
    prepareBase: (base) => withKindParameter(base),
    change: (head) => (kind(head).schema.maxLength = 5),
    id: "request-parameter-max-length-decreased",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a parameter's minimum raised",
    change: (head) => (limit(head).schema.minimum = 5),
    id: "request-parameter-min-increased",
    breaking: true,
    at: { side: "head", pointer: "#/components/parameters/CursorPageParameters.limit/schema" },
  },
  {
    name: "a parameter's minLength raised",
    prepareBase: (base) => withKindParameter(base),
    change: (head) => (kind(head).schema.minLength = 3),
    id: "request-parameter-min-length-increased",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a pattern put on a parameter",
    prepareBase: (base) => withKindParameter(base, { type: "string" }),
    change: (head) => (kind(head).schema.pattern = "^[a-z]+$"),
    id: "request-parameter-pattern-added",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a parameter's pattern changed",
    prepareBase: (base) => withKindParameter(base, { type: "string", pattern: "^[a-z]+$" }),
    change: (head) => (kind(head).schema.pattern = "^[a-f]+$"),
    id: "request-parameter-pattern-changed",
    breaking: true,
    at: { side: "head", pointer: `${KIND}/schema` },
  },
  {
    name: "a parameter's default changed",
    change: (head) => (limit(head).schema.default = 50),
    id: "request-parameter-default-value-changed",
    breaking: true,
    at: { side: "head", pointer: "#/components/parameters/CursorPageParameters.limit/schema" },
  },

  // Request bodies
  {
    name: "a required request body added",
    prepareBase: (base) =>
      (base.paths["/certificates"].post = { ...structuredClone(enroll(base)), operationId: "createCertificate", requestBody: undefined }),
    change: (head) => (head.paths["/certificates"].post.requestBody = structuredClone(enroll(head).requestBody)),
    id: "request-body-added-required",
    breaking: true,
    at: { side: "head", pointer: "#/paths/~1certificates/post/requestBody" },
  },
  {
    name: "a request body became required",
    prepareBase: (base) => (enroll(base).requestBody.required = false),
    change: (head) => (enroll(head).requestBody.required = true),
    id: "request-body-became-required",
    breaking: true,
    at: { side: "head", pointer: "#/paths/~1enrollments/post/requestBody" },
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
    at: { side: "base", pointer: "#/paths/~1enrollments/post/requestBody/content/application~1merge-patch+json" },
  },
  {
    name: "a request media type added",
    change: (head) =>
      (enroll(head).requestBody.content["application/merge-patch+json"] = structuredClone(
        enroll(head).requestBody.content["application/json"],
      )),
    id: "request-body-media-type-added",
    breaking: false,
    at: { side: "head", pointer: "#/paths/~1enrollments/post/requestBody/content/application~1merge-patch+json" },
  },

  // Request properties
  {
    name: "a required request property added",
    change: (head) => {
      evidence(head).properties.reference = { type: "string" };
      evidence(head).required = ["reference"];
    },
    id: "new-required-request-property",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/reference` },
  },
  {
    name: "an optional request property added",
    change: (head) => (evidence(head).properties.reference = { type: "string" }),
    id: "new-optional-request-property",
    breaking: false,
    at: { side: "head", pointer: `${evidenceAt}/properties/reference` },
  },
  {
    name: "a request property became required",
    change: (head) => (evidence(head).required = ["issuing_office"]),
    id: "request-property-became-required",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/issuing_office` },
  },
  {
    name: "a request property removed",
    change: (head) => delete evidence(head).properties.issuing_office,
    id: "request-property-removed",
    breaking: true,
    at: { side: "base", pointer: `${evidenceAt}/properties/issuing_office` },
  },
  {
    name: "a request property's type changed",
    change: (head) => (evidence(head).properties.issuing_office.type = "integer"),
    id: "request-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/issuing_office` },
  },
  {
    name: "a request property's format changed",
    change: (head) => (evidence(head).properties.issuing_office.format = "email"),
    id: "request-property-type-specialized",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/issuing_office` },
    oasdiff: {
      id: "request-property-type-changed",
      breaking: true,
      why: "oasdiff names any change of format a type change; a format put on a plain string narrows what the server accepts, so we name it a specialisation, with the same verdict.",
    },
  },
  {
    name: "a request property's format changed (date-time to date)",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.checked_at.format = "date"),
    id: "request-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/checked_at` },
  },
  {
    name: "an enum value removed from a request property",
    prepareBase: withRequestFields,
    change: (head) => evidence(head).properties.channel.enum.pop(),
    id: "request-property-enum-value-removed",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/channel` },
  },
  {
    name: "an enum put on a request property",
    change: (head) => (evidence(head).properties.issuing_office.enum = ["central"]),
    id: "request-property-became-enum",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/issuing_office` },
  },
  {
    name: "a request property's maximum lowered",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.count.maximum = 5),
    id: "request-property-max-decreased",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/count` },
  },
  {
    name: "a request property's maxLength lowered",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.reference.maxLength = 10),
    id: "request-property-max-length-decreased",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/reference` },
  },
  {
    name: "a request property's minLength raised",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.reference.minLength = 5),
    id: "request-property-min-length-increased",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/reference` },
  },
  {
    name: "a request property's maximum raised",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.count.maximum = 50),
    id: "request-property-max-increased",
    breaking: false,
    at: { side: "head", pointer: `${evidenceAt}/properties/count` },
  },
  {
    name: "a request property's minimum raised",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.count.minimum = 2),
    id: "request-property-min-increased",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/count` },
  },
  {
    name: "a pattern put on a request property",
    change: (head) => (evidence(head).properties.issuing_office.pattern = "^[A-Z]"),
    id: "request-property-pattern-added",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/issuing_office` },
  },
  {
    name: "a request property no longer nullable",
    prepareBase: withRequestFields,
    change: (head) => (evidence(head).properties.reference.type = "string"),
    id: "request-property-became-not-nullable",
    breaking: true,
    at: { side: "head", pointer: `${evidenceAt}/properties/reference` },
  },
  {
    // The plain string branch is what let any value through: without it the enum is closed.
    name: "an open union closed in a request",
    change: (head) => schemas(head).IdentityDocumentType.anyOf.shift(),
    id: "request-property-any-of-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/IdentityDocumentType/anyOf/0" },
  },
  {
    name: "a value added to an open enum",
    change: (head) => schemas(head).IdentityDocumentType.anyOf[1].enum.push("driving_licence"),
    id: "request-property-open-enum-value-added",
    breaking: false,
    at: { side: "head", pointer: "#/components/schemas/IdentityDocumentType/anyOf/1" },
    oasdiff: {
      id: "request-property-enum-value-added",
      breaking: false,
      why: "oasdiff does not tell an open enum (an anyOf that also allows any string) from a closed one; the value was added where any string was already accepted.",
    },
  },
  {
    name: "a deprecated request property removed after its x-sunset",
    prepareBase: (base) => Object.assign(evidence(base).properties.issuing_office, { deprecated: true, "x-sunset": past }),
    change: (head) => delete evidence(head).properties.issuing_office,
    id: "request-property-removed-with-deprecation",
    breaking: false,
    at: { side: "base", pointer: `${evidenceAt}/properties/issuing_office` },
    oasdiff: {
      id: "request-property-removed",
      breaking: true,
      why: "oasdiff reads no deprecation on properties and rates the removal as it rates any; past its x-sunset the removal was announced, so here it is a warning.",
    },
  },
  {
    name: "a deprecated response property removed before its x-sunset",
    prepareBase: (base) => (
      withResponseFields(base), Object.assign(schemas(base).Certificate.properties.label, { deprecated: true, "x-sunset": future })
    ),
    change: (head) => delete schemas(head).Certificate.properties.label,
    id: "response-property-removed-before-sunset",
    breaking: true,
    at: { side: "base", pointer: `${certificate}/properties/label` },
    oasdiff: {
      id: "response-optional-property-removed",
      breaking: true,
      why: "oasdiff reads no deprecation on properties, so it names a plain removal; ours says the x-sunset date is still ahead, with the same verdict.",
    },
  },

  // Responses
  {
    name: "a success status removed",
    change: (head) => delete getCertificate(head).responses["200"],
    id: "response-success-status-removed",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get/responses/200" },
  },
  {
    name: "an error status removed",
    change: (head) => delete getCertificate(head).responses["404"],
    id: "response-non-success-status-removed",
    breaking: false,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get/responses/404" },
  },
  {
    name: "a response media type removed",
    change: (head) => {
      const response = getCertificate(head).responses["200"];
      response.content = { "application/xml": response.content["application/json"] };
    },
    id: "response-media-type-removed",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get/responses/200/content/application~1json" },
  },
  {
    name: "a required response property removed",
    change: (head) => (delete schemas(head).SigningRequest.properties.documents, schemas(head).SigningRequest.required.splice(3, 1)),
    id: "response-required-property-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/SigningRequest/properties/documents" },
  },
  {
    name: "an optional response property removed",
    prepareBase: withResponseFields,
    change: (head) => delete schemas(head).Certificate.properties.label,
    id: "response-optional-property-removed",
    breaking: true,
    at: { side: "base", pointer: `${certificate}/properties/label` },
  },
  {
    name: "a response property became optional",
    change: (head) => schemas(head).SigningRequest.required.splice(3, 1),
    id: "response-property-became-optional",
    breaking: true,
    at: { side: "head", pointer: "#/components/schemas/SigningRequest/properties/documents" },
  },
  {
    name: "a response property's type changed",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.score.type = "string"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/score` },
  },
  {
    name: "a response property's format changed",
    change: (head) => (schemas(head).Document.properties.content_url.format = "uri-reference"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: "#/components/schemas/Document/properties/content_url" },
  },
  {
    name: "a response property's format changed (date to date-time)",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.issued_on.format = "date-time"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/issued_on` },
  },
  {
    name: "a response property's format changed (date-time to date)",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.not_after.format = "date"),
    id: "response-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/not_after` },
    oasdiff: {
      id: null,
      breaking: false,
      why: "oasdiff counts a date as contained in a date-time, so it reads this as a narrowing a client can always parse, but a client parsing date-times fails on 2025-01-31.",
    },
  },
  {
    name: "an enum value added to a closed response enum",
    prepareBase: withResponseFields,
    change: (head) => schemas(head).Certificate.properties.grade.enum.push("c"),
    id: "response-property-enum-value-added",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/grade` },
  },
  {
    name: "a response property became nullable",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.label.type = ["string", "null"]),
    id: "response-property-became-nullable",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/label` },
  },
  {
    name: "a response property's maximum raised",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.score.maximum = 100),
    id: "response-property-max-increased",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/score` },
  },
  {
    name: "a response property's maxLength raised",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.note.maxLength = 200),
    id: "response-property-max-length-increased",
    breaking: true,
    at: { side: "head", pointer: `${certificate}/properties/note` },
  },
  {
    name: "an optional response property added",
    change: (head) => (schemas(head).Certificate.properties.serial = { type: "string" }),
    id: "response-optional-property-added",
    breaking: false,
    at: { side: "head", pointer: `${certificate}/properties/serial` },
  },
  {
    name: "a response property's maximum lowered",
    prepareBase: withResponseFields,
    change: (head) => (schemas(head).Certificate.properties.score.maximum = 5),
    id: "response-property-max-decreased",
    breaking: false,
    at: { side: "head", pointer: `${certificate}/properties/score` },
    oasdiff: {
      id: null,
      breaking: false,
      why: "oasdiff says nothing of a response maximum lowered; we report it as info, since every value the server may still send was valid before.",
    },
  },
  {
    name: "a value added to the open error-code enum",
    change: (head) => schemas(head).ErrorCode.anyOf[1].enum.push("certificate_expired"),
    id: "response-property-open-enum-value-added",
    breaking: false,
    at: { side: "head", pointer: "#/components/schemas/ErrorCode/anyOf/1" },
    oasdiff: {
      id: "response-property-enum-value-added",
      breaking: true,
      why: "oasdiff does not tell an open enum from a closed one, but clients already accept any string there: unknown error codes are tolerated.",
    },
  },

  // Response headers
  {
    name: "a required response header removed",
    change: (head) => delete getCertificate(head).responses["200"].headers.ETag,
    id: "required-response-header-removed",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get/responses/200/headers/ETag" },
  },
  {
    name: "an optional response header removed",
    prepareBase: (base) =>
      (getCertificate(base).responses["200"].headers["Last-Modified"] = { required: false, schema: { type: "string" } }),
    change: (head) => delete getCertificate(head).responses["200"].headers["Last-Modified"],
    id: "optional-response-header-removed",
    breaking: true,
    at: { side: "base", pointer: "#/paths/~1certificates~1{id}/get/responses/200/headers/Last-Modified" },
  },
  {
    name: "a response header became optional",
    change: (head) => (getCertificate(head).responses["200"].headers.ETag.required = false),
    id: "response-header-became-optional",
    breaking: true,
    at: { side: "head", pointer: "#/paths/~1certificates~1{id}/get/responses/200/headers/ETag" },
  },
  {
    name: "a response header's type changed",
    change: (head) => (getCertificate(head).responses["200"].headers["RateLimit-Limit"].schema = { type: "string" }),
    id: "response-header-type-changed",
    breaking: true,
    at: { side: "head", pointer: "#/paths/~1certificates~1{id}/get/responses/200/headers/RateLimit-Limit/schema" },
    oasdiff: {
      id: null,
      breaking: false,
      why: "oasdiff 1.15 has no check of a response header's type, but a client reading the header as a number fails on a string.",
    },
  },

  // Security
  {
    name: "a scope added to what an operation requires",
    change: (head) => (listCertificates(head).security = [{ AccessToken: ["certificates:read"] }]),
    id: "api-security-scope-added",
    breaking: true,
    at: { side: "head", pointer: "#/paths/~1certificates/get/security" },
    oasdiff: {
      id: "api-security-added",
      breaking: false,
      why: "oasdiff rates a requirement added to an operation as info, but a client that called it before without that scope is now refused.",
    },
  },
  {
    name: "an operation's security made stricter (token and certificate both required)",
    change: (head) => (listCertificates(head).security = [{ AccessToken: [], MutualTls: [] }]),
    // The operation no longer accepts a token alone or a certificate alone: credentials removed.
    id: "api-security-removed",
    breaking: true,
    at: { side: "head", pointer: "#/paths/~1certificates/get/security" },
    oasdiff: {
      id: "api-security-added",
      breaking: false,
      why: "oasdiff rates a requirement added to an operation as info, but clients that sent only a token or only a certificate are now refused with 401.",
    },
  },
  {
    name: "an accepted credential removed",
    change: (head) =>
      (head.security = head.security.filter((requirement: Json) => !(Object.keys(requirement).length === 1 && requirement.MutualTls))),
    id: "api-security-removed",
    breaking: true,
    at: { side: "head", pointer: "#/security" },
    oasdiff: {
      id: "api-global-security-removed",
      breaking: false,
      why: "oasdiff rates a credential taken out of the global security as info, but clients that used it now get 401.",
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
    name: "a webhook added",
    change: (head) => (head.webhooks["signing_request.reminded"] = structuredClone(head.webhooks["signing_request.declined"])),
    id: "webhook-added",
    breaking: false,
    at: { side: "head", pointer: "#/webhooks/signing_request.reminded" },
  },
  {
    name: "a required field removed from a webhook payload",
    change: (head) => (
      delete schemas(head).SigningRequestDeclinedEvent.properties.livemode, schemas(head).SigningRequestDeclinedEvent.required.splice(3, 1)
    ),
    id: "webhook-required-property-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/SigningRequestDeclinedEvent/properties/livemode" },
    oasdiff: { id: "request-property-removed", breaking: true, why: PAYLOAD_AS_REQUEST_BODY },
  },
  {
    name: "an optional field removed from a webhook payload",
    change: (head) => delete schemas(head).EventSigningRequest.properties.failure_reason,
    id: "webhook-optional-property-removed",
    breaking: true,
    at: { side: "base", pointer: "#/components/schemas/EventSigningRequest/properties/failure_reason" },
    oasdiff: { id: "request-property-removed", breaking: true, why: PAYLOAD_AS_REQUEST_BODY },
  },
  {
    name: "a webhook payload field's type changed",
    change: (head) => (schemas(head).SigningRequestDeclinedEvent.properties.livemode.type = "string"),
    id: "webhook-property-type-changed",
    breaking: true,
    at: { side: "head", pointer: "#/components/schemas/SigningRequestDeclinedEvent/properties/livemode" },
    oasdiff: { id: "request-property-type-changed", breaking: true, why: PAYLOAD_AS_REQUEST_BODY },
  },
  {
    name: "a value added to a closed enum of a webhook payload",
    change: (head) =>
      schemas(head).SigningRequestFailureReason.enum?.push("withdrawn") ??
      schemas(head).SigningRequestDeclinedEvent.properties.object.enum.push("notice"),
    id: "webhook-property-enum-value-added",
    breaking: true,
    at: { side: "head", pointer: "#/components/schemas/SigningRequestDeclinedEvent/properties/object" },
    oasdiff: {
      id: "request-property-enum-value-added",
      breaking: false,
      why: "oasdiff reads a webhook payload as a request body, where a value added is harmless; the receiver is the one that parses it, and fails on a value it does not know.",
    },
  },
  {
    name: "a webhook payload field added",
    change: (head) => (schemas(head).SigningRequestDeclinedEvent.properties.reason = { type: "string" }),
    id: "webhook-optional-property-added",
    breaking: false,
    at: { side: "head", pointer: "#/components/schemas/SigningRequestDeclinedEvent/properties/reason" },
    oasdiff: { id: "new-optional-request-property", breaking: false, why: PAYLOAD_AS_REQUEST_BODY },
  },

  // Nothing a client notices
  {
    name: "the same document re-serialised, every key in another order",
    change: reverseKeys,
    id: "",
    breaking: false,
    at: { side: "head", pointer: "" },
  },
  {
    name: "descriptions reworded",
    change: (head) => (
      (head.info.description = "Reworded."),
      (getCertificate(head).description = "Reworded."),
      (schemas(head).Certificate.description = "Reworded.")
    ),
    id: "",
    breaking: false,
    at: { side: "head", pointer: "" },
  },
  {
    name: "a path parameter renamed",
    change: (head) => {
      const item = head.paths["/certificates/{id}"];
      delete head.paths["/certificates/{id}"];
      item.get.parameters[0].name = "certificate_id";
      head.paths["/certificates/{certificate_id}"] = item;
    },
    id: "",
    breaking: false,
    at: { side: "head", pointer: "" },
  },
];
