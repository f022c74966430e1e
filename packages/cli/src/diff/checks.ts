// Every check `signing-platform diff` can report, with its level: the one place a check id and
// its level are written. Ids and levels follow oasdiff's catalogue (ERR and WARN are breaking
// here, INFO is not) except where the table of checks (docs/lint-and-diff.md) gives a reason to differ.
// Schema checks are one table of facets applied to each place a schema sits, so that
// `request-property-max-decreased` and `response-property-max-increased` are judged by one rule
// seen from the reader's side.

export type Level = "breaking" | "warning" | "info";

export const LEVELS: readonly Level[] = ["breaking", "warning", "info"];

export interface Check {
  id: string;
  level: Level;
  /** What the check finds, for the table of checks. */
  summary: string;
  /** For a schema check: where the schema sits and which keyword changed; the id is `<place>-<facet>`. */
  schema?: { place: SchemaPlace; facet: string };
}

/**
 * Who reads the schema: the server reads what clients send (`request`), clients read what the
 * server answers (`response`), a receiver reads what the sender delivers (`webhook`).
 */
export type Reader = "request" | "response" | "webhook";

/** Where a schema sits, which names the check: `request-parameter-…`, `response-property-…`. */
export type SchemaPlace =
  | "request-parameter"
  | "request-body"
  | "request-property"
  | "response-body"
  | "response-property"
  | "webhook-body"
  | "webhook-property";

export const SCHEMA_PLACES: readonly SchemaPlace[] = [
  "request-parameter",
  "request-body",
  "request-property",
  "response-body",
  "response-property",
  "webhook-body",
  "webhook-property",
];

export const readerOf = (place: SchemaPlace): Reader => place.split("-")[0] as Reader;

const B = "breaking" as const;
const W = "warning" as const;
const I = "info" as const;

/**
 * A change of one schema keyword. `request` is its level when the server reads the schema,
 * `response` when a client (or webhook receiver) does: a narrower schema breaks writers, so it
 * breaks requests; a wider one breaks readers, so it breaks responses.
 */
interface Facet {
  facet: string;
  request: Level;
  response: Level;
  summary: string;
  /** Only where the schema sits, when not everywhere. */
  only?: SchemaPlace[];
}

const bounds = (keyword: string, name: string, upper: boolean): Facet[] => {
  const [tighter, looser] = upper ? ["decreased", "increased"] : ["increased", "decreased"];
  return [
    { facet: `${keyword}-${tighter}`, request: B, response: I, summary: `the ${name} ${upper ? "lowered" : "raised"}` },
    { facet: `${keyword}-${looser}`, request: I, response: B, summary: `the ${name} ${upper ? "raised" : "lowered"}` },
    { facet: `${keyword}-set`, request: B, response: I, summary: `a ${name} set where there was none` },
    { facet: `${keyword}-unset`, request: I, response: B, summary: `the ${name} removed` },
  ];
};

const FACETS: Facet[] = [
  { facet: "type-changed", request: B, response: B, summary: "the type or format changed" },
  {
    facet: "type-generalized",
    request: I,
    response: B,
    summary: "the type widened (integer to number, a type added to a list of types, a format dropped)",
  },
  {
    facet: "type-specialized",
    request: B,
    response: I,
    summary: "the type narrowed (number to integer, a type removed from a list of types, a format added)",
  },
  { facet: "became-nullable", request: I, response: B, summary: "null became allowed" },
  { facet: "became-not-nullable", request: B, response: I, summary: "null is no longer allowed" },
  { facet: "became-enum", request: B, response: I, summary: "an enum was put on a value that had none" },
  { facet: "enum-removed", request: I, response: B, summary: "the enum was taken off the value" },
  { facet: "enum-value-added", request: I, response: B, summary: "a value added to a closed enum" },
  { facet: "enum-value-removed", request: B, response: I, summary: "a value removed from an enum" },
  {
    facet: "open-enum-value-added",
    request: I,
    response: I,
    summary: "a value added to an open enum (an anyOf that also allows any string)",
  },
  { facet: "open-enum-value-removed", request: I, response: I, summary: "a value removed from an open enum (any string is still allowed)" },
  ...bounds("max", "maximum", true),
  ...bounds("min", "minimum", false),
  ...bounds("max-length", "maxLength", true),
  ...bounds("min-length", "minLength", false),
  ...bounds("max-items", "maxItems", true),
  ...bounds("min-items", "minItems", false),
  { facet: "pattern-added", request: B, response: I, summary: "a pattern added" },
  { facet: "pattern-changed", request: B, response: I, summary: "the pattern changed (oasdiff: WARN)" },
  { facet: "pattern-removed", request: I, response: I, summary: "the pattern removed" },
  {
    facet: "default-value-added",
    request: B,
    response: I,
    summary: "a default value added (the server now assumes a value when the parameter is absent)",
    only: ["request-parameter"],
  },
  { facet: "default-value-changed", request: B, response: I, summary: "the default value changed", only: ["request-parameter"] },
  { facet: "default-value-removed", request: B, response: I, summary: "the default value removed", only: ["request-parameter"] },
  {
    facet: "default-value-added",
    request: I,
    response: I,
    summary: "a default value added",
    only: ["request-body", "request-property", "response-body", "response-property", "webhook-body", "webhook-property"],
  },
  {
    facet: "default-value-changed",
    request: I,
    response: I,
    summary: "the default value changed",
    only: ["request-body", "request-property", "response-body", "response-property", "webhook-body", "webhook-property"],
  },
  {
    facet: "default-value-removed",
    request: I,
    response: I,
    summary: "the default value removed",
    only: ["request-body", "request-property", "response-body", "response-property", "webhook-body", "webhook-property"],
  },
  { facet: "any-of-added", request: I, response: I, summary: "a branch added to an anyOf" },
  { facet: "any-of-removed", request: B, response: I, summary: "a branch removed from an anyOf (an open union closed)" },
  { facet: "one-of-added", request: I, response: B, summary: "a branch added to a oneOf" },
  { facet: "one-of-removed", request: B, response: I, summary: "a branch removed from a oneOf" },
];

/** Checks of the properties of an object, named per reader as oasdiff names them. */
const PROPERTY_CHECKS: Check[] = [
  { id: "new-required-request-property", level: B, summary: "a required property added to a request body" },
  { id: "new-optional-request-property", level: I, summary: "an optional property added to a request body" },
  {
    id: "request-property-removed",
    level: B,
    summary: "a property removed from a request body: clients that send it are rejected by a strict server (oasdiff: WARN)",
  },
  {
    id: "request-property-removed-before-sunset",
    level: B,
    summary: "a deprecated request property removed before its x-sunset date (or with none)",
  },
  { id: "request-property-removed-with-deprecation", level: W, summary: "a deprecated request property removed after its x-sunset date" },
  { id: "request-property-became-required", level: B, summary: "a request property became required" },
  { id: "request-property-became-optional", level: I, summary: "a request property became optional" },
  ...(["response", "webhook"] as const).flatMap((reader): Check[] => {
    const who = reader === "response" ? "a response" : "a webhook payload";
    return [
      { id: `${reader}-required-property-removed`, level: B, summary: `a required property removed from ${who}` },
      {
        id: `${reader}-optional-property-removed`,
        level: B,
        summary: `an optional property removed from ${who}: readers that use it lose it (oasdiff: WARN)`,
      },
      {
        id: `${reader}-property-removed-before-sunset`,
        level: B,
        summary: `a deprecated property of ${who} removed before its x-sunset date (or with none)`,
      },
      {
        id: `${reader}-property-removed-with-deprecation`,
        level: W,
        summary: `a deprecated property of ${who} removed after its x-sunset date`,
      },
      { id: `${reader}-property-became-optional`, level: B, summary: `a property of ${who} is no longer always present` },
      { id: `${reader}-property-became-required`, level: I, summary: `a property of ${who} is now always present` },
      { id: `${reader}-required-property-added`, level: I, summary: `a required property added to ${who}` },
      { id: `${reader}-optional-property-added`, level: I, summary: `an optional property added to ${who}` },
    ];
  }),
];

/**
 * A deprecation that does not give clients the notice the project's period asks for
 * (--deprecation-days-beta, --deprecation-days-stable; oasdiff's checks of the same names). With
 * no period an x-sunset already past still counts as too soon, as in oasdiff: clients had none.
 */
const DEPRECATION_CHECKS: Check[] = [
  {
    id: "api-deprecated-sunset-missing",
    level: B,
    summary: "an operation deprecated with no x-sunset date while a deprecation period applies to its stability level",
  },
  { id: "api-deprecated-sunset-parse", level: B, summary: "an operation deprecated with an x-sunset that is not a date" },
  {
    id: "api-sunset-date-too-small",
    level: B,
    summary: "an operation deprecated with an x-sunset sooner than the deprecation period of its stability level (or already past)",
  },
  { id: "sunset-deleted", level: B, summary: "the x-sunset date of a deprecated operation removed, the operation still deprecated" },
  {
    id: "api-sunset-date-changed-too-small",
    level: B,
    summary: "the x-sunset of a deprecated operation moved earlier, to a day sooner than its deprecation period (or already past)",
  },
  {
    id: "request-parameter-deprecated-sunset-missing",
    level: B,
    summary: "a parameter deprecated with no x-sunset date while a deprecation period applies to its operation",
  },
  { id: "request-parameter-sunset-parse", level: B, summary: "a parameter deprecated with an x-sunset that is not a date" },
  {
    id: "request-parameter-sunset-date-too-small",
    level: B,
    summary: "a parameter deprecated with an x-sunset sooner than its operation's deprecation period (or already past)",
  },
  {
    id: "request-parameter-sunset-deleted",
    level: B,
    summary: "the x-sunset date of a deprecated parameter removed, the parameter still deprecated",
  },
  {
    id: "request-parameter-sunset-date-changed-too-small",
    level: B,
    summary:
      "the x-sunset of a deprecated parameter moved earlier, to a day sooner than its operation's deprecation period (or already past)",
  },
  ...(["request", "response", "webhook"] as const).flatMap((reader): Check[] => {
    const who = reader === "request" ? "a request" : reader === "response" ? "a response" : "a webhook payload";
    const oasdiff = reader === "webhook" ? " (oasdiff reads a payload as a request body: request-property-…)" : "";
    return [
      {
        id: `${reader}-property-deprecated-sunset-missing`,
        level: B,
        summary: `a property of ${who} deprecated with no x-sunset date while a deprecation period applies${oasdiff}`,
      },
      {
        id: `${reader}-property-deprecated-sunset-invalid`,
        level: B,
        summary: `a property of ${who} deprecated with an x-sunset that is not a date${oasdiff}`,
      },
      {
        id: `${reader}-property-sunset-date-too-small`,
        level: B,
        summary: `a property of ${who} deprecated with an x-sunset sooner than the deprecation period (or already past)${oasdiff}`,
      },
    ];
  }),
];

/** x-stability-level on operations: draft and alpha operations may change freely, a stability once given may not be taken back. */
const STABILITY_CHECKS: Check[] = [
  {
    id: "api-stability-decreased",
    level: B,
    summary: "an operation's x-stability-level lowered (stable to beta, beta to alpha, …) from beta or stable",
  },
  { id: "api-stability-increased", level: I, summary: "an operation's x-stability-level raised from beta (to stable)" },
  {
    id: "api-invalid-stability-level",
    level: B,
    summary: "an operation that changed or was removed has an x-stability-level other than draft, alpha, beta or stable",
  },
];

const OPERATION_CHECKS: Check[] = [
  { id: "api-path-removed-without-deprecation", level: B, summary: "a path removed (or renamed), its operations not deprecated" },
  {
    id: "api-path-removed-before-sunset",
    level: B,
    summary: "a path removed while an operation of it is deprecated with an x-sunset date still ahead, or with none",
  },
  { id: "api-path-removed-with-deprecation", level: W, summary: "a path removed whose deprecated operations are past their x-sunset date" },
  { id: "api-removed-without-deprecation", level: B, summary: "an operation removed, not deprecated" },
  {
    id: "api-removed-before-sunset",
    level: B,
    summary: "a deprecated operation removed before its x-sunset date, or with none (oasdiff allows a deprecated operation with no date)",
  },
  { id: "api-removed-with-deprecation", level: W, summary: "a deprecated operation removed after its x-sunset date" },
  { id: "endpoint-added", level: I, summary: "an operation added" },
  { id: "endpoint-deprecated", level: I, summary: "an operation marked deprecated" },
  { id: "endpoint-reactivated", level: I, summary: "an operation no longer deprecated" },
  { id: "webhook-removed", level: B, summary: "a webhook (event type) removed: receivers that subscribe to it get nothing" },
  { id: "webhook-added", level: I, summary: "a webhook added" },
  {
    id: "api-security-added",
    level: B,
    summary: "an operation requires a credential it did not (oasdiff: INFO; a client that called it before is now refused)",
  },
  {
    id: "api-security-removed",
    level: B,
    summary: "a credential an operation accepted is no longer accepted, while others still are (oasdiff: INFO; clients using it get 401)",
  },
  { id: "api-security-relaxed", level: I, summary: "an operation accepts a new credential, or none" },
];

const PARAMETER_CHECKS: Check[] = [
  { id: "new-required-request-parameter", level: B, summary: "a required parameter (query, header, path, cookie) added" },
  { id: "new-optional-request-parameter", level: I, summary: "an optional parameter added" },
  {
    id: "request-parameter-removed",
    level: B,
    summary: "a parameter removed: clients that send it are rejected or silently ignored (oasdiff: WARN)",
  },
  {
    id: "request-parameter-removed-before-sunset",
    level: B,
    summary: "a deprecated parameter removed before its x-sunset date (or with none)",
  },
  { id: "request-parameter-removed-with-deprecation", level: W, summary: "a deprecated parameter removed after its x-sunset date" },
  { id: "request-parameter-became-required", level: B, summary: "an optional parameter became required" },
  { id: "request-parameter-became-optional", level: I, summary: "a required parameter became optional" },
];

const BODY_CHECKS: Check[] = [
  { id: "request-body-added-required", level: B, summary: "a required request body added" },
  { id: "request-body-added-optional", level: I, summary: "an optional request body added" },
  { id: "request-body-removed", level: B, summary: "the request body removed" },
  { id: "request-body-became-required", level: B, summary: "the request body became required" },
  { id: "request-body-became-optional", level: I, summary: "the request body became optional" },
  { id: "request-body-media-type-removed", level: B, summary: "a request media type no longer accepted" },
  { id: "request-body-media-type-added", level: I, summary: "a request media type accepted" },
  { id: "response-success-status-removed", level: B, summary: "a success (2xx) status removed" },
  { id: "response-success-status-added", level: I, summary: "a success (2xx) status added" },
  { id: "response-non-success-status-removed", level: I, summary: "an error (non-2xx) status removed" },
  { id: "response-non-success-status-added", level: I, summary: "an error (non-2xx) status added" },
  { id: "response-media-type-removed", level: B, summary: "a response media type removed" },
  { id: "response-media-type-added", level: I, summary: "a response media type added" },
  { id: "required-response-header-removed", level: B, summary: "a required response header removed" },
  { id: "optional-response-header-removed", level: B, summary: "an optional response header removed (oasdiff: WARN)" },
  { id: "response-header-became-optional", level: B, summary: "a response header no longer always sent" },
  { id: "response-header-type-changed", level: B, summary: "the type or format of a response header changed (not in oasdiff 1.15)" },
  { id: "response-header-added", level: I, summary: "a response header added" },
  { id: "webhook-media-type-removed", level: B, summary: "a webhook payload media type removed" },
];

function schemaChecks(): Check[] {
  return SCHEMA_PLACES.flatMap((place) =>
    FACETS.filter((facet) => !facet.only || facet.only.includes(place)).map((facet) => ({
      id: `${place}-${facet.facet}`,
      level: readerOf(place) === "request" ? facet.request : facet.response,
      summary: facet.summary,
      schema: { place, facet: facet.facet },
    })),
  );
}

/** Checks of the Signing Platform conventions, which a generic OpenAPI diff cannot see. */
const CONVENTION_CHECKS: Check[] = [
  { id: "error-code-removed", level: B, summary: "an error code removed from the catalogue (x-signing-platform-catalogue)" },
  { id: "error-code-status-changed", level: B, summary: "an error code answered with another status" },
  { id: "error-code-added", level: I, summary: "an error code added (clients tolerate unknown codes)" },
  { id: "event-type-removed", level: B, summary: "an event type removed from the catalogue" },
  { id: "event-type-added", level: I, summary: "an event type added (receivers tolerate unknown types)" },
  { id: "idempotency-requirement-added", level: B, summary: "an existing operation now requires an idempotency key" },
  { id: "limit-bounds-narrowed", level: B, summary: "the bounds of a list's `limit` parameter narrowed" },
  { id: "limit-bounds-widened", level: I, summary: "the bounds of a list's `limit` parameter widened" },
  { id: "retry-schedule-tightened", level: B, summary: "the webhook retry schedule gives up sooner or has fewer attempts" },
  { id: "retry-schedule-changed", level: I, summary: "the webhook retry schedule changed without giving up sooner" },
  { id: "limit-tightened", level: B, summary: "a number of x-signing-platform-limits tightened" },
  { id: "limit-loosened", level: I, summary: "a number of x-signing-platform-limits loosened" },
  { id: "limit-default-changed", level: I, summary: "a default of x-signing-platform-limits changed" },
];

export const CHECKS: readonly Check[] = [
  ...OPERATION_CHECKS,
  ...STABILITY_CHECKS,
  ...DEPRECATION_CHECKS,
  ...PARAMETER_CHECKS,
  ...BODY_CHECKS,
  ...PROPERTY_CHECKS,
  ...schemaChecks(),
  ...CONVENTION_CHECKS,
];

const BY_ID = new Map(CHECKS.map((check) => [check.id, check]));

/** The level of a check; an id that is not in the table is a bug of ours, never a silent "info". */
export function levelOf(id: string): Level {
  const check = BY_ID.get(id);
  if (!check) throw new Error(`diff check "${id}" is not in the table of checks`);
  return check.level;
}

/** Whether a finding of `level` fails the run when the threshold is `failOn`. */
export function fails(level: Level, failOn: Exclude<Level, "info">): boolean {
  return level === "breaking" || (failOn === "warning" && level === "warning");
}
