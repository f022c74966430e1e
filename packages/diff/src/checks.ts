// Every check `signing-platform diff` can report, with its level: the one place a check id and
// its level are written. Ids and levels follow oasdiff's catalogue (ERR and WARN are breaking
// here, INFO is not) except where the table of checks (docs/lint-and-diff.md) gives a reason to differ.
// Schema checks are one table of facets applied to each place a schema sits, so that
// `request-property-max-decreased` and `response-property-max-increased` are judged by one rule
// seen from the reader's side.

/** How serious a finding is: `breaking` fails the run, `warning` fails it with `failOn: "warning"`, `info` never does. */
export type Level = "breaking" | "warning" | "info";

/** The levels, from the most serious. */
export const LEVELS: readonly Level[] = ["breaking", "warning", "info"];

/** One check of a comparison: its stable id, its level and what it finds. */
export interface Check {
  /** The check's stable id, oasdiff's where oasdiff has the check. */
  id: string;
  /** The level of the check's findings, unless a severity-levels file changes it. */
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
  {
    facet: "type-compatible",
    request: I,
    response: I,
    summary:
      "the type changed where values travel as text (a media type that is not JSON): a request now taking a string, a response that sent one",
    only: ["request-body", "request-property", "response-body", "response-property"],
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
    facet: "pattern-generalized",
    request: I,
    response: I,
    summary: "the pattern changed to one matching any text (`.*`)",
    only: ["request-parameter", "request-property"],
  },
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

/** The flag changes that reach readers: a property they must now send, or no longer get. */
const ACCESS_BREAKS: Record<string, string> = {
  "request-required-property-became-not-read-only":
    "a required property of a request is no longer readOnly: clients that left it to the server must now send it (oasdiff: INFO)",
  "response-required-property-became-write-only":
    "a required property of a response became writeOnly: responses no longer carry it (oasdiff: INFO)",
  "response-required-property-became-not-write-only":
    "a required property of a response is no longer writeOnly: responses now carry it, though they did not (oasdiff: WARN)",
};

/**
 * readOnly and writeOnly (./openapi/property-access.ts): a request never carries a readOnly
 * property, a response never a writeOnly one, so changes to them are info under oasdiff's ids.
 */
function accessChecks(): Check[] {
  const narrowed = [
    ["enum-value-removed", "an enum value removed"],
    ["max-decreased", "its maximum lowered"],
    ["exclusive-max-decreased", "its exclusiveMaximum lowered"],
    ["min-increased", "its minimum raised"],
    ["exclusive-min-increased", "its exclusiveMinimum raised"],
    ["max-length-decreased", "its maxLength lowered"],
  ];
  return [
    ...narrowed.map(([facet, what]) => ({
      id: `request-read-only-property-${facet}`,
      level: I,
      summary: `a readOnly property of a request: ${what} (clients do not send it)`,
    })),
    ...(["request", "response"] as const).flatMap((reader) =>
      (["required", "optional"] as const).flatMap((required) =>
        ["read-only", "write-only"].flatMap((access) =>
          ["", "not-"].map((not): Check => {
            const id = `${reader}-${required}-property-became-${not}${access}`;
            return {
              id,
              level: ACCESS_BREAKS[id] ? B : I,
              summary:
                ACCESS_BREAKS[id] ?? `a ${required} property of a ${reader} ${not ? "is no longer" : "became"} ${access.replace("-", "")}`,
            };
          }),
        ),
      ),
    ),
    ...(["required", "optional"] as const).flatMap((required) => [
      {
        id: `response-${required}-write-only-property-added`,
        level: I,
        summary: `a ${required} writeOnly property added to a response schema (responses do not carry it)`,
      },
      {
        id: `response-${required}-write-only-property-removed`,
        level: I,
        summary: `a ${required} writeOnly property removed from a response schema (responses did not carry it)`,
      },
    ]),
    { id: "response-write-only-property-became-optional", level: I, summary: "a writeOnly property of a response schema became optional" },
    { id: "response-write-only-property-became-required", level: I, summary: "a writeOnly property of a response schema became required" },
    {
      id: "response-write-only-property-enum-value-added",
      level: I,
      summary: "a value added to the enum of a writeOnly property of a response schema",
    },
  ];
}

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
    summary: "a deprecated request property removed before its x-sunset date",
  },
  {
    id: "request-property-removed-with-deprecation",
    level: W,
    summary: "a deprecated request property removed after its x-sunset date, or deprecated with none",
  },
  { id: "request-property-became-required", level: B, summary: "a request property became required" },
  {
    id: "new-required-request-property-with-default",
    level: B,
    summary:
      "a required property with a default added to a request body: a request without it is still invalid, the default notwithstanding",
  },
  {
    id: "request-property-became-required-with-default",
    level: B,
    summary: "a request property with a default became required: a request without it is still invalid",
  },
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
        summary: `a deprecated property of ${who} removed before its x-sunset date`,
      },
      {
        id: `${reader}-property-removed-with-deprecation`,
        level: W,
        summary: `a deprecated property of ${who} removed after its x-sunset date, or deprecated with none`,
      },
      { id: `${reader}-property-became-optional`, level: B, summary: `a property of ${who} is no longer always present` },
      { id: `${reader}-property-became-required`, level: I, summary: `a property of ${who} is now always present` },
      { id: `${reader}-required-property-added`, level: I, summary: `a required property added to ${who}` },
      { id: `${reader}-optional-property-added`, level: I, summary: `an optional property added to ${who}` },
    ];
  }),
  ...accessChecks(),
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
      { id: `${reader}-property-deprecated`, level: I, summary: `a property of ${who} marked deprecated, with no x-sunset${oasdiff}` },
      {
        id: `${reader}-property-deprecated-with-sunset`,
        level: I,
        summary: `a property of ${who} marked deprecated, with an x-sunset that gives the notice asked for${oasdiff}`,
      },
      { id: `${reader}-property-reactivated`, level: I, summary: `a property of ${who} no longer deprecated${oasdiff}` },
    ];
  }),
];

/** x-stability-level on operations: draft and alpha operations may change freely, a stability once given may not be taken back. */
const STABILITY_CHECKS: Check[] = [
  {
    id: "api-stability-decreased",
    level: B,
    summary:
      "an operation's x-stability-level lowered (stable to beta, beta to alpha, …) from a level at or above --stability-level (beta by default)",
  },
  {
    id: "request-property-stability-decreased",
    level: B,
    summary: "a request property's own x-stability-level lowered, from a level that is judged",
  },
  { id: "request-property-stability-increased", level: I, summary: "a request property's own x-stability-level raised" },
  {
    id: "response-property-stability-decreased",
    level: B,
    summary: "a response property's own x-stability-level lowered, from a level that is judged",
  },
  { id: "response-property-stability-increased", level: I, summary: "a response property's own x-stability-level raised" },
  {
    id: "api-stability-increased",
    level: I,
    summary: "an operation's x-stability-level raised, from a level at or above --stability-level",
  },
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
    summary: "a path removed while an operation of it is deprecated with an x-sunset date still ahead",
  },
  {
    id: "api-path-removed-with-deprecation",
    level: W,
    summary: "a path removed whose operations were all deprecated, past their x-sunset date or with none",
  },
  { id: "api-removed-without-deprecation", level: B, summary: "an operation removed, not deprecated" },
  {
    id: "api-removed-before-sunset",
    level: B,
    summary: "a deprecated operation removed before its x-sunset date",
  },
  {
    id: "api-removed-with-deprecation",
    level: W,
    summary: "a deprecated operation removed after its x-sunset date, or deprecated with none",
  },
  { id: "endpoint-added", level: I, summary: "an operation added" },
  { id: "api-operation-id-added", level: I, summary: "an operation given an operationId it had none of" },
  { id: "api-operation-id-removed", level: I, summary: "an operation's operationId removed, or replaced by another" },
  { id: "api-tag-added", level: I, summary: "a tag added to an operation" },
  { id: "api-tag-removed", level: I, summary: "a tag removed from an operation" },
  { id: "api-schema-removed", level: I, summary: "a schema removed from components.schemas (what used it is judged where it is used)" },
  {
    id: "api-version-not-bumped",
    level: I,
    summary: "a breaking change, while info.version (a semantic version) stayed the same",
  },
  { id: "api-version-decreased", level: I, summary: "a breaking change, while info.version (a semantic version) went down" },
  {
    id: "api-major-version-not-bumped",
    level: I,
    summary: "a breaking change, while info.version (a semantic version) rose without a new major version (a new minor below 1.0.0)",
  },
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
    summary: "a deprecated parameter removed before its x-sunset date",
  },
  {
    id: "request-parameter-removed-with-deprecation",
    level: W,
    summary: "a deprecated parameter removed after its x-sunset date, or deprecated with none",
  },
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

/**
 * JSON Schema 2020-12 keywords (OpenAPI 3.1), allOf branches, lists of types, x-extensible-enum
 * and the discriminator (openapi/json-schema-keywords.ts). A keyword added narrows what is
 * valid, so it breaks writers (requests); removed, it widens, and breaks readers (responses).
 */
const JSON_SCHEMA_FACETS: Facet[] = [
  ...bounds("exclusive-max", "exclusiveMaximum", true),
  ...bounds("exclusive-min", "exclusiveMinimum", false),
  { facet: "const-added", request: B, response: I, summary: "a const set: one value only" },
  { facet: "const-removed", request: I, response: B, summary: "the const removed: any value of the type" },
  { facet: "const-changed", request: B, response: B, summary: "the const changed to another value" },
  { facet: "contains-added", request: B, response: I, summary: "a contains schema added: some item must match it" },
  { facet: "contains-removed", request: I, response: B, summary: "the contains schema removed" },
  { facet: "min-contains-increased", request: B, response: I, summary: "the minContains raised" },
  { facet: "min-contains-decreased", request: I, response: B, summary: "the minContains lowered" },
  { facet: "max-contains-increased", request: I, response: B, summary: "the maxContains raised" },
  { facet: "max-contains-decreased", request: B, response: I, summary: "the maxContains lowered" },
  {
    facet: "prefix-items-added",
    request: B,
    response: B,
    summary: "prefixItems positions added: those items get a schema of their own (oasdiff: INFO for requests)",
  },
  {
    facet: "prefix-items-removed",
    request: B,
    response: B,
    summary: "prefixItems positions removed: those items fall to `items` (oasdiff: INFO for responses)",
  },
  ...(["if", "then", "else"] as const).flatMap((keyword): Facet[] => [
    { facet: `${keyword}-added`, request: B, response: I, summary: `${keyword === "if" ? "an" : "a"} ${keyword} schema added` },
    { facet: `${keyword}-removed`, request: I, response: B, summary: `the ${keyword} schema removed` },
  ]),
  {
    facet: "if-changed",
    request: B,
    response: B,
    summary: "the if schema changed: values move between then and else (not in oasdiff, which judges its properties as the schema's)",
  },
  { facet: "not-added", request: B, response: I, summary: "a not schema added (not in oasdiff)" },
  { facet: "not-removed", request: I, response: B, summary: "the not schema removed (not in oasdiff)" },
  {
    facet: "not-changed",
    request: B,
    response: B,
    summary: "the not schema changed: narrowing it widens the value (not in oasdiff, which judges its properties as the schema's)",
  },
  { facet: "dependent-required-added", request: B, response: I, summary: "a dependentRequired entry added" },
  { facet: "dependent-required-removed", request: I, response: B, summary: "a dependentRequired entry removed" },
  { facet: "dependent-required-changed", request: B, response: B, summary: "the properties a dependentRequired entry requires changed" },
  { facet: "dependent-schema-added", request: B, response: I, summary: "a dependentSchemas entry added" },
  { facet: "dependent-schema-removed", request: I, response: B, summary: "a dependentSchemas entry removed" },
  { facet: "pattern-property-added", request: B, response: I, summary: "a patternProperties entry added" },
  { facet: "pattern-property-removed", request: I, response: B, summary: "a patternProperties entry removed" },
  { facet: "property-names-added", request: B, response: I, summary: "a propertyNames schema added" },
  { facet: "property-names-removed", request: I, response: B, summary: "the propertyNames schema removed" },
  { facet: "unevaluated-items-added", request: B, response: I, summary: "an unevaluatedItems schema (or false) added" },
  { facet: "unevaluated-items-removed", request: I, response: B, summary: "the unevaluatedItems schema removed" },
  { facet: "unevaluated-properties-added", request: B, response: I, summary: "an unevaluatedProperties schema (or false) added" },
  { facet: "unevaluated-properties-removed", request: I, response: B, summary: "the unevaluatedProperties schema removed" },
  { facet: "content-schema-added", request: B, response: I, summary: "a contentSchema added" },
  { facet: "content-schema-removed", request: I, response: B, summary: "the contentSchema removed" },
  { facet: "content-media-type-changed", request: B, response: B, summary: "the contentMediaType changed (or set, or removed)" },
  { facet: "content-encoding-changed", request: B, response: B, summary: "the contentEncoding changed (or set, or removed)" },
  { facet: "list-of-types-widened", request: I, response: B, summary: "a type added to a list of types (a oneOf/anyOf of one type each)" },
  { facet: "list-of-types-narrowed", request: B, response: I, summary: "a type removed from a list of types" },
  {
    facet: "wrapped-in-one-of",
    request: B,
    response: B,
    summary: "an object's properties moved into the branches of a oneOf (oasdiff: for bodies; a property's is one-of-added there)",
  },
  { facet: "all-of-added", request: B, response: I, summary: "a branch added to an allOf" },
  { facet: "all-of-removed", request: B, response: I, summary: "a branch removed from an allOf (oasdiff: WARN for requests)" },
  {
    facet: "all-of-added-annotation-only",
    request: I,
    response: I,
    summary: "an allOf branch of annotations only (title, description…) added",
  },
  { facet: "all-of-removed-annotation-only", request: I, response: I, summary: "an allOf branch of annotations only removed" },
  { facet: "x-extensible-enum-value-removed", request: B, response: I, summary: "a value removed from an x-extensible-enum" },
  {
    facet: "x-extensible-enum-value-added",
    request: I,
    response: I,
    summary: "a value added to an x-extensible-enum: readers tolerate unknown values (not in oasdiff)",
  },
  { facet: "discriminator-added", request: I, response: I, summary: "a discriminator added" },
  { facet: "discriminator-removed", request: I, response: I, summary: "the discriminator removed" },
  { facet: "discriminator-property-name-changed", request: I, response: I, summary: "the discriminator's propertyName changed" },
  { facet: "discriminator-mapping-added", request: I, response: I, summary: "a discriminator mapping added" },
  { facet: "discriminator-mapping-deleted", request: I, response: I, summary: "a discriminator mapping removed" },
  { facet: "discriminator-mapping-changed", request: I, response: I, summary: "a discriminator mapping changed" },
];

function schemaChecks(): Check[] {
  return SCHEMA_PLACES.flatMap((place) =>
    [...FACETS, ...JSON_SCHEMA_FACETS]
      .filter((facet) => !facet.only || facet.only.includes(place))
      .map((facet) => ({
        id: `${place}-${facet.facet}`,
        level: readerOf(place) === "request" ? facet.request : facet.response,
        summary: facet.summary,
        schema: { place, facet: facet.facet },
      })),
  );
}

/**
 * oasdiff's checks of deprecation notices, security requirements and schemes, properties of
 * object parameters and media-type schemas, under oasdiff's ids and levels but where the table
 * of checks (docs/lint-and-diff.md) gives a reason to differ.
 */
const OASDIFF_FAMILY_CHECKS: Check[] = [
  {
    id: "endpoint-deprecated-with-sunset",
    level: I,
    summary: "an operation marked deprecated, with an x-sunset date that gives the notice asked for",
  },
  { id: "request-parameter-deprecated", level: I, summary: "a parameter marked deprecated, with the notice asked for" },
  { id: "request-parameter-reactivated", level: I, summary: "a parameter no longer deprecated" },
  {
    id: "api-path-sunset-parse",
    level: B,
    summary: "a deprecated operation removed, or its x-sunset changed, while an x-sunset of it is not a date",
  },
  {
    id: "api-global-security-added",
    level: I,
    summary: "a requirement added to the document's security (each operation it applies to is judged too)",
  },
  {
    id: "api-global-security-removed",
    level: I,
    summary: "a requirement removed from the document's security (each operation it applies to is judged too)",
  },
  { id: "api-global-security-scope-added", level: I, summary: "a scope added to a requirement of the document's security" },
  { id: "api-global-security-scope-removed", level: I, summary: "a scope removed from a requirement of the document's security" },
  {
    id: "api-security-scope-added",
    level: B,
    summary: "an operation's security requirement asks for a scope it did not (oasdiff: INFO; tokens without it are now refused)",
  },
  { id: "api-security-scope-removed", level: I, summary: "an operation's security requirement no longer asks for a scope" },
  { id: "api-security-component-added", level: I, summary: "a security scheme added to components" },
  { id: "api-security-component-removed", level: I, summary: "a security scheme removed from components" },
  { id: "api-security-component-type-changed", level: I, summary: "the type of a security scheme changed" },
  {
    id: "api-security-component-oauth-url-changed",
    level: I,
    summary: "the authorization URL of a security scheme's implicit OAuth flow changed",
  },
  {
    id: "api-security-component-oauth-token-url-changed",
    level: I,
    summary: "the token URL of a security scheme's implicit OAuth flow changed",
  },
  { id: "api-security-component-oauth-scope-added", level: I, summary: "a scope added to a security scheme's implicit OAuth flow" },
  { id: "api-security-component-oauth-scope-removed", level: I, summary: "a scope removed from a security scheme's implicit OAuth flow" },
  {
    id: "api-security-component-oauth-scope-changed",
    level: I,
    summary: "the description of a scope of a security scheme's implicit OAuth flow changed",
  },
  {
    id: "request-parameter-property-type-changed",
    level: B,
    summary: "the type of a property of an object parameter changed, breaking when the object is sent as JSON (oasdiff: WARN)",
  },
  { id: "request-parameter-property-type-generalized", level: I, summary: "the type of a property of an object parameter widened" },
  {
    id: "request-parameter-property-list-of-types-widened",
    level: I,
    summary: "a type added to the list of types of a property of an object parameter",
  },
  {
    id: "request-parameter-property-list-of-types-narrowed",
    level: B,
    summary: "a type removed from the list of types of a property of an object parameter",
  },
  { id: "request-parameter-property-type-specialized", level: B, summary: "the type of a property of an object parameter narrowed" },
  { id: "request-parameter-property-became-nullable", level: I, summary: "null became allowed for a property of an object parameter" },
  {
    id: "request-parameter-property-became-not-nullable",
    level: B,
    summary: "null is no longer allowed for a property of an object parameter",
  },
  {
    id: "request-parameter-property-enum-value-added",
    level: I,
    summary: "a value added to the enum of a property of an object parameter",
  },
  {
    id: "request-parameter-property-enum-value-removed",
    level: B,
    summary: "a value removed from the enum of a property of an object parameter",
  },
  { id: "request-header-property-became-enum", level: B, summary: "an enum put on a property of an object header parameter" },
  { id: "request-header-property-became-required", level: B, summary: "a property of an object header parameter became required" },
  { id: "new-required-request-header-property", level: B, summary: "a required property added to an object header parameter" },
  {
    id: "request-body-media-type-schema-added",
    level: B,
    summary: "a schema put on a request media type that had none: content it accepted may be refused",
  },
  {
    id: "request-body-media-type-schema-removed",
    level: I,
    summary: "the schema of a request media type removed: any content is accepted",
  },
  { id: "response-body-media-type-schema-added", level: I, summary: "a schema put on a response media type that had none" },
  {
    id: "response-body-media-type-schema-removed",
    level: B,
    summary: "the schema of a response media type removed: clients no longer know what they get (oasdiff: WARN)",
  },
  { id: "response-mediatype-enum-value-removed", level: I, summary: "a value removed from the enum of a response body" },
];

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

/** Every check a comparison can report, with its level. */
export const CHECKS: readonly Check[] = [
  ...OPERATION_CHECKS,
  ...STABILITY_CHECKS,
  ...DEPRECATION_CHECKS,
  ...PARAMETER_CHECKS,
  ...BODY_CHECKS,
  ...PROPERTY_CHECKS,
  ...schemaChecks(),
  ...OASDIFF_FAMILY_CHECKS,
  ...CONVENTION_CHECKS,
];

const BY_ID = new Map(CHECKS.map((check) => [check.id, check]));

/**
 * The level of a check; an id that is not in the table is a bug of ours, never a silent "info".
 * @example
 * ```ts
 * import { levelOf } from "@signing-platform/diff";
 *
 * levelOf("api-path-removed-without-deprecation"); // "breaking"
 * ```
 */
export function levelOf(id: string): Level {
  const check = BY_ID.get(id);
  if (!check) throw new Error(`diff check "${id}" is not in the table of checks`);
  return check.level;
}

/**
 * Whether a finding of `level` fails the run when the threshold is `failOn`.
 * @example
 * ```ts
 * import { fails } from "@signing-platform/diff";
 *
 * fails("warning", "breaking"); // false
 * fails("warning", "warning"); // true
 * ```
 */
export function fails(level: Level, failOn: Exclude<Level, "info">): boolean {
  return level === "breaking" || (failOn === "warning" && level === "warning");
}
