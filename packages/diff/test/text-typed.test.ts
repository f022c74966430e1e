// Where values travel as text, table-driven, in process: a body whose media type is not JSON and
// a parameter read any value as a string, so a type changed to string still takes what was sent
// (`…-type-compatible`, `request-parameter-type-generalized`), while JSON (any `+json` media type
// too) keeps types strict; a scalar query parameter that became an array of the same values is
// generalized only when sent as exploded form fields. An empty pattern is no pattern, and one
// changed to `.*` constrains nothing. An anyOf branch is matched by its shape, so one moved into
// components under a $ref is the same branch, and one of another shape is removed and added.
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/index.js";
import { inMemoryDocument } from "./in-memory-document.js";

type Node = Record<string, unknown>;

/**
 * POST /items: a request body (`request`, in `requestType`), a 200 response (`response`, in
 * `responseType`) and one parameter (`parameter`: query `q` unless it says otherwise), each
 * left out when not given; `schemas` are those of components.
 */
const documentWith = ({
  request,
  requestType = "application/json",
  response,
  responseType = "application/json",
  parameter,
  schemas,
}: {
  request?: Node;
  requestType?: string;
  response?: Node;
  responseType?: string;
  parameter?: Node;
  schemas?: Node;
}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/items": {
      post: {
        ...(parameter ? { parameters: [{ name: "q", in: "query", ...parameter }] } : {}),
        ...(request ? { requestBody: { content: { [requestType]: { schema: request } } } } : {}),
        responses: {
          "200": { description: "ok", ...(response ? { content: { [responseType]: { schema: response } } } : {}) },
        },
      },
    },
  },
  ...(schemas ? { components: { schemas } } : {}),
});

/** A request body of `type` with the schema `schema`. */
const requestBody = (schema: Node, type?: string) => documentWith({ request: schema, ...(type ? { requestType: type } : {}) });
/** A 200 response of `type` with the schema `schema`. */
const responseBody = (schema: Node, type?: string) => documentWith({ response: schema, ...(type ? { responseType: type } : {}) });
/** The query parameter `q` (`fields` merged in) with the schema `schema`. */
const queryParameter = (schema: Node, fields: Node = {}) => documentWith({ parameter: { schema, ...fields } });
/** A request body object whose property `p` has the schema `schema`. */
const requestProperty = (schema: Node) => requestBody({ type: "object", properties: { p: schema } });
/** A response body object whose property `p` has the schema `schema`. */
const responseProperty = (schema: Node) => responseBody({ type: "object", properties: { p: schema } });

const stringOrInteger = { type: ["string", "integer"] };
const arrayOfStrings = (items: Node = {}) => ({ type: "array", items: { type: "string", ...items } });

type Case = [string, { given: { base: object; head: object }; want: [string, string][] }];

const bodies: Case[] = [
  [
    "an application/xml request body: object → string",
    {
      given: { base: requestBody({ type: "object" }, "application/xml"), head: requestBody({ type: "string" }, "application/xml") },
      want: [["request-body-type-compatible", "info"]],
    },
  ],
  [
    "an application/json request body: object → string",
    {
      given: { base: requestBody({ type: "object" }), head: requestBody({ type: "string" }) },
      want: [["request-body-type-changed", "breaking"]],
    },
  ],
  [
    "an application/problem+json request body: object → string (JSON)",
    {
      given: {
        base: requestBody({ type: "object" }, "application/problem+json"),
        head: requestBody({ type: "string" }, "application/problem+json"),
      },
      want: [["request-body-type-changed", "breaking"]],
    },
  ],
  [
    "an application/json request body with parameters: object → string (JSON)",
    {
      given: {
        base: requestBody({ type: "object" }, "application/json; charset=utf-8"),
        head: requestBody({ type: "string" }, "application/json; charset=utf-8"),
      },
      want: [["request-body-type-changed", "breaking"]],
    },
  ],
  [
    "an application/xml request body: string → integer (no longer taking any text)",
    {
      given: { base: requestBody({ type: "string" }, "application/xml"), head: requestBody({ type: "integer" }, "application/xml") },
      want: [["request-body-type-changed", "breaking"]],
    },
  ],
  [
    "a text/plain response body: string → integer",
    {
      given: { base: responseBody({ type: "string" }, "text/plain"), head: responseBody({ type: "integer" }, "text/plain") },
      want: [["response-body-type-compatible", "info"]],
    },
  ],
  [
    "an application/json response body: string → integer",
    {
      given: { base: responseBody({ type: "string" }), head: responseBody({ type: "integer" }) },
      want: [["response-body-type-changed", "breaking"]],
    },
  ],
  [
    "an application/problem+json response body: string → integer (JSON)",
    {
      given: {
        base: responseBody({ type: "string" }, "application/problem+json"),
        head: responseBody({ type: "integer" }, "application/problem+json"),
      },
      want: [["response-body-type-changed", "breaking"]],
    },
  ],
  [
    "a text/plain response body: integer → string (what was sent before was not a string)",
    {
      given: { base: responseBody({ type: "integer" }, "text/plain"), head: responseBody({ type: "string" }, "text/plain") },
      want: [["response-body-type-changed", "breaking"]],
    },
  ],
];

const parameters: Case[] = [
  [
    "a query parameter: integer → string",
    {
      given: { base: queryParameter({ type: "integer" }), head: queryParameter({ type: "string" }) },
      want: [["request-parameter-type-generalized", "info"]],
    },
  ],
  [
    "a query parameter: string → integer",
    {
      given: { base: queryParameter({ type: "string" }), head: queryParameter({ type: "integer" }) },
      want: [["request-parameter-type-changed", "breaking"]],
    },
  ],
  [
    "a query parameter: [string, integer] → an array of strings",
    {
      given: { base: queryParameter(stringOrInteger), head: queryParameter(arrayOfStrings()) },
      want: [["request-parameter-type-generalized", "info"]],
    },
  ],
  [
    "a query parameter written as exploded form: [string, integer] → an array of strings",
    {
      given: {
        base: queryParameter(stringOrInteger, { style: "form", explode: true }),
        head: queryParameter(arrayOfStrings(), { style: "form", explode: true }),
      },
      want: [["request-parameter-type-generalized", "info"]],
    },
  ],
  [
    "a query parameter not exploded: [string, integer] → an array of strings",
    {
      given: {
        base: queryParameter(stringOrInteger, { explode: false }),
        head: queryParameter(arrayOfStrings(), { explode: false }),
      },
      want: [["request-parameter-type-changed", "breaking"]],
    },
  ],
  [
    "a header parameter: [string, integer] → an array of strings",
    {
      given: {
        base: queryParameter(stringOrInteger, { in: "header" }),
        head: queryParameter(arrayOfStrings(), { in: "header" }),
      },
      want: [["request-parameter-type-changed", "breaking"]],
    },
  ],
  [
    "a cookie parameter: [string, integer] → an array of strings (form, exploded by default)",
    {
      given: {
        base: queryParameter(stringOrInteger, { in: "cookie" }),
        head: queryParameter(arrayOfStrings(), { in: "cookie" }),
      },
      want: [["request-parameter-type-generalized", "info"]],
    },
  ],
  [
    "a query parameter in spaceDelimited style: [string, integer] → an array of strings",
    {
      given: {
        base: queryParameter(stringOrInteger, { style: "spaceDelimited" }),
        head: queryParameter(arrayOfStrings(), { style: "spaceDelimited" }),
      },
      want: [["request-parameter-type-changed", "breaking"]],
    },
  ],
  [
    "a query parameter: [string, integer] → an array of strings with a pattern the base lacked",
    {
      given: { base: queryParameter(stringOrInteger), head: queryParameter(arrayOfStrings({ pattern: "^a$" })) },
      want: [["request-parameter-type-changed", "breaking"]],
    },
  ],
  [
    "a query parameter: a string with a pattern → an array of strings with the same pattern",
    {
      given: { base: queryParameter({ type: "string", pattern: "^a$" }), head: queryParameter(arrayOfStrings({ pattern: "^a$" })) },
      // The base's pattern is on the parameter, the head's on its items: the parameter itself lost it.
      want: [
        ["request-parameter-type-generalized", "info"],
        ["request-parameter-pattern-removed", "info"],
      ],
    },
  ],
];

const patterns: Case[] = [
  [
    "a request property's pattern: empty → ^a$",
    {
      given: { base: requestProperty({ type: "string", pattern: "" }), head: requestProperty({ type: "string", pattern: "^a$" }) },
      want: [["request-property-pattern-added", "breaking"]],
    },
  ],
  [
    "a request property's pattern: ^a$ → empty",
    {
      given: { base: requestProperty({ type: "string", pattern: "^a$" }), head: requestProperty({ type: "string", pattern: "" }) },
      want: [["request-property-pattern-removed", "info"]],
    },
  ],
  [
    "a request property's pattern: none → empty",
    {
      given: { base: requestProperty({ type: "string" }), head: requestProperty({ type: "string", pattern: "" }) },
      want: [],
    },
  ],
  [
    "a query parameter's pattern: empty → ^a$",
    {
      given: { base: queryParameter({ type: "string", pattern: "" }), head: queryParameter({ type: "string", pattern: "^a$" }) },
      want: [["request-parameter-pattern-added", "breaking"]],
    },
  ],
  [
    "a request property's pattern: ^a$ → .*",
    {
      given: { base: requestProperty({ type: "string", pattern: "^a$" }), head: requestProperty({ type: "string", pattern: ".*" }) },
      want: [["request-property-pattern-generalized", "info"]],
    },
  ],
  [
    "a request property's pattern: ^a$ → ^.*$",
    {
      given: { base: requestProperty({ type: "string", pattern: "^a$" }), head: requestProperty({ type: "string", pattern: "^.*$" }) },
      want: [["request-property-pattern-generalized", "info"]],
    },
  ],
  [
    "a query parameter's pattern: ^a$ → .*",
    {
      given: { base: queryParameter({ type: "string", pattern: "^a$" }), head: queryParameter({ type: "string", pattern: ".*" }) },
      want: [["request-parameter-pattern-generalized", "info"]],
    },
  ],
  [
    "a request property's pattern: ^a$ → ^b$",
    {
      given: { base: requestProperty({ type: "string", pattern: "^a$" }), head: requestProperty({ type: "string", pattern: "^b$" }) },
      want: [["request-property-pattern-changed", "breaking"]],
    },
  ],
  [
    "a response property's pattern: ^a$ → .* (generalized only where the server reads it)",
    {
      given: { base: responseProperty({ type: "string", pattern: "^a$" }), head: responseProperty({ type: "string", pattern: ".*" }) },
      want: [["response-property-pattern-changed", "info"]],
    },
  ],
];

const letters = { type: "string", enum: ["a", "b"] };
// An object branch beside it, so that the anyOf is not a list of simple types (read as list-of-types-…).
const other = { type: "object", properties: { x: { type: "string" } } };
const unions: Case[] = [
  [
    "an anyOf branch written inline moved to components under a $ref, the same content",
    {
      given: {
        base: requestBody({ anyOf: [letters, other] }),
        head: documentWith({
          request: { anyOf: [{ $ref: "#/components/schemas/Letter" }, other] },
          schemas: { Letter: letters },
        }),
      },
      want: [],
    },
  ],
  [
    "an anyOf branch under a $ref written inline again, the same content",
    {
      given: {
        base: documentWith({
          request: { anyOf: [{ $ref: "#/components/schemas/Letter" }, other] },
          schemas: { Letter: letters },
        }),
        head: documentWith({ request: { anyOf: [letters, other] }, schemas: { Letter: letters } }),
      },
      want: [],
    },
  ],
  [
    "an anyOf branch moved to components whose shape changed: a string enum → an integer",
    {
      given: {
        base: requestBody({ anyOf: [letters, other] }),
        head: documentWith({
          request: { anyOf: [{ $ref: "#/components/schemas/Letter" }, other] },
          schemas: { Letter: { type: "integer" } },
        }),
      },
      want: [
        ["request-body-any-of-removed", "breaking"],
        ["request-body-any-of-added", "info"],
      ],
    },
  ],
  [
    "an anyOf branch moved to components with a value removed from its enum: matched, then compared",
    {
      given: {
        base: requestBody({ anyOf: [letters, other] }),
        head: documentWith({
          request: { anyOf: [{ $ref: "#/components/schemas/Letter" }, other] },
          schemas: { Letter: { type: "string", enum: ["a"] } },
        }),
      },
      want: [["request-body-enum-value-removed", "breaking"]],
    },
  ],
  [
    "an inline anyOf branch whose shape changed: a string enum → an integer",
    {
      given: {
        base: requestBody({ anyOf: [letters, other] }),
        head: requestBody({ anyOf: [{ type: "integer" }, other] }),
      },
      want: [
        ["request-body-any-of-removed", "breaking"],
        ["request-body-any-of-added", "info"],
      ],
    },
  ],
  [
    "an anyOf of simple types whose string enum became an integer: the list of types changed, not its branches",
    {
      given: {
        base: requestBody({ anyOf: [letters, { type: "boolean" }] }),
        head: requestBody({ anyOf: [{ type: "integer" }, { type: "boolean" }] }),
      },
      want: [["request-body-list-of-types-narrowed", "breaking"]],
    },
  ],
];

const cases: Case[] = [...bodies, ...parameters, ...patterns, ...unions];

describe("values that travel as text, patterns and union branches", () => {
  it.each(cases)("%s", (_, { given, want }) => {
    const findings = compareDocuments(inMemoryDocument(given.base, "base.yaml"), inMemoryDocument(given.head, "head.yaml"));
    expect(findings.map((finding) => [finding.id, finding.level])).toEqual(want);
  });
});
