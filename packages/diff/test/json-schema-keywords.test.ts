// The checks of JSON Schema 2020-12 keywords, allOf branches, lists of types, x-extensible-enum
// and the discriminator (src/openapi/json-schema-keywords.ts): one base and one head per
// change, each put in a request body, a response body and a webhook payload, at the top and as
// a property, so every id of a facet is reported with its level, seen from its reader's side.
// The levels are written out here, from oasdiff's checker/rules.go (v1.28.0) and the table of
// checks in docs/lint-and-diff.md, so that a level changed in src/checks/schema/ fails a test.
import type { Json } from "@signing-platform/contract/openapi";
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/compare.js";
import { inMemoryDocument } from "./in-memory-document.js";

type Level = "breaking" | "warning" | "info";
const [B, I] = ["breaking", "info"] as const;

/** An API whose request body, 200 response and webhook payload are `schema`; `components` beside it. */
function api(schema: Json, components: Json = {}): Json {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        post: {
          requestBody: { required: true, content: { "application/json": { schema } } },
          responses: { "200": { description: "OK", content: { "application/json": { schema } } } },
        },
      },
    },
    webhooks: {
      "thing.created": {
        post: {
          requestBody: { content: { "application/json": { schema } } },
          responses: { "200": { description: "OK" } },
        },
      },
    },
    components: { schemas: components },
  };
}

function findings(base: Json, head: Json, components: { base?: Json; head?: Json } = {}) {
  return compareDocuments(
    inMemoryDocument(api(base, components.base), "base.json"),
    inMemoryDocument(api(head, components.head), "head.json"),
  );
}

const ids = (list: { id: string; level: Level }[]) => list.map((finding) => `${finding.id} ${finding.level}`).sort();

interface Case {
  base: Json;
  head: Json;
  /** The level when the server reads the schema (request), and when a client or receiver does (response, webhook). */
  request: Level;
  response: Level;
  components?: { base?: Json; head?: Json };
}

const array = { type: "array", items: { type: "string" } };
const object = { type: "object", properties: { a: { type: "string" } } };
const conditional = { if: { required: ["a"] }, then: { required: ["b"] }, else: { required: ["c"] } };

const cases: [string, Case][] = [
  ["const-added", { base: { type: "string" }, head: { type: "string", const: "x" }, request: B, response: I }],
  ["const-removed", { base: { type: "string", const: "x" }, head: { type: "string" }, request: I, response: B }],
  ["const-changed", { base: { type: "string", const: "x" }, head: { type: "string", const: "y" }, request: B, response: B }],
  [
    "exclusive-max-decreased",
    { base: { type: "number", exclusiveMaximum: 9 }, head: { type: "number", exclusiveMaximum: 5 }, request: B, response: I },
  ],
  [
    "exclusive-max-increased",
    { base: { type: "number", exclusiveMaximum: 5 }, head: { type: "number", exclusiveMaximum: 9 }, request: I, response: B },
  ],
  ["exclusive-max-set", { base: { type: "number" }, head: { type: "number", exclusiveMaximum: 5 }, request: B, response: I }],
  ["exclusive-max-unset", { base: { type: "number", exclusiveMaximum: 5 }, head: { type: "number" }, request: I, response: B }],
  [
    "exclusive-min-increased",
    { base: { type: "number", exclusiveMinimum: 0 }, head: { type: "number", exclusiveMinimum: 5 }, request: B, response: I },
  ],
  [
    "exclusive-min-decreased",
    { base: { type: "number", exclusiveMinimum: 5 }, head: { type: "number", exclusiveMinimum: 0 }, request: I, response: B },
  ],
  ["exclusive-min-set", { base: { type: "number" }, head: { type: "number", exclusiveMinimum: 0 }, request: B, response: I }],
  ["exclusive-min-unset", { base: { type: "number", exclusiveMinimum: 0 }, head: { type: "number" }, request: I, response: B }],
  ["contains-added", { base: array, head: { ...array, contains: { const: "x" } }, request: B, response: I }],
  ["contains-removed", { base: { ...array, contains: { const: "x" } }, head: array, request: I, response: B }],
  ["min-contains-increased", { base: { ...array, minContains: 1 }, head: { ...array, minContains: 2 }, request: B, response: I }],
  ["min-contains-decreased", { base: { ...array, minContains: 2 }, head: { ...array, minContains: 1 }, request: I, response: B }],
  ["max-contains-increased", { base: { ...array, maxContains: 1 }, head: { ...array, maxContains: 2 }, request: I, response: B }],
  ["max-contains-decreased", { base: { ...array, maxContains: 2 }, head: { ...array, maxContains: 1 }, request: B, response: I }],
  ["prefix-items-added", { base: array, head: { ...array, prefixItems: [{ type: "string" }] }, request: B, response: B }],
  ["prefix-items-removed", { base: { ...array, prefixItems: [{ type: "string" }] }, head: array, request: B, response: B }],
  ["if-added", { base: object, head: { ...object, if: conditional.if }, request: B, response: I }],
  ["if-removed", { base: { ...object, if: conditional.if }, head: object, request: I, response: B }],
  ["if-changed", { base: { ...object, if: conditional.if }, head: { ...object, if: { required: ["b"] } }, request: B, response: B }],
  ["then-added", { base: object, head: { ...object, then: conditional.then }, request: B, response: I }],
  ["then-removed", { base: { ...object, then: conditional.then }, head: object, request: I, response: B }],
  ["else-added", { base: object, head: { ...object, else: conditional.else }, request: B, response: I }],
  ["else-removed", { base: { ...object, else: conditional.else }, head: object, request: I, response: B }],
  ["not-added", { base: object, head: { ...object, not: { required: ["z"] } }, request: B, response: I }],
  ["not-removed", { base: { ...object, not: { required: ["z"] } }, head: object, request: I, response: B }],
  [
    "not-changed",
    { base: { ...object, not: { required: ["z"] } }, head: { ...object, not: { required: ["y"] } }, request: B, response: B },
  ],
  ["dependent-required-added", { base: object, head: { ...object, dependentRequired: { a: ["b"] } }, request: B, response: I }],
  ["dependent-required-removed", { base: { ...object, dependentRequired: { a: ["b"] } }, head: object, request: I, response: B }],
  [
    "dependent-required-changed",
    { base: { ...object, dependentRequired: { a: ["b"] } }, head: { ...object, dependentRequired: { a: ["c"] } }, request: B, response: B },
  ],
  ["dependent-schema-added", { base: object, head: { ...object, dependentSchemas: { a: { required: ["b"] } } }, request: B, response: I }],
  [
    "dependent-schema-removed",
    { base: { ...object, dependentSchemas: { a: { required: ["b"] } } }, head: object, request: I, response: B },
  ],
  [
    "pattern-property-added",
    { base: object, head: { ...object, patternProperties: { "^x-": { type: "string" } } }, request: B, response: I },
  ],
  [
    "pattern-property-removed",
    { base: { ...object, patternProperties: { "^x-": { type: "string" } } }, head: object, request: I, response: B },
  ],
  ["property-names-added", { base: object, head: { ...object, propertyNames: { maxLength: 8 } }, request: B, response: I }],
  ["property-names-removed", { base: { ...object, propertyNames: { maxLength: 8 } }, head: object, request: I, response: B }],
  ["unevaluated-items-added", { base: array, head: { ...array, unevaluatedItems: false }, request: B, response: I }],
  ["unevaluated-items-removed", { base: { ...array, unevaluatedItems: false }, head: array, request: I, response: B }],
  ["unevaluated-properties-added", { base: object, head: { ...object, unevaluatedProperties: false }, request: B, response: I }],
  ["unevaluated-properties-removed", { base: { ...object, unevaluatedProperties: false }, head: object, request: I, response: B }],
  [
    "content-schema-added",
    {
      base: { type: "string", contentMediaType: "application/json" },
      head: { type: "string", contentMediaType: "application/json", contentSchema: object },
      request: B,
      response: I,
    },
  ],
  [
    "content-schema-removed",
    {
      base: { type: "string", contentMediaType: "application/json", contentSchema: object },
      head: { type: "string", contentMediaType: "application/json" },
      request: I,
      response: B,
    },
  ],
  [
    "content-media-type-changed",
    {
      base: { type: "string", contentMediaType: "application/json" },
      head: { type: "string", contentMediaType: "text/plain" },
      request: B,
      response: B,
    },
  ],
  [
    "content-encoding-changed",
    { base: { type: "string", contentEncoding: "base64" }, head: { type: "string", contentEncoding: "base32" }, request: B, response: B },
  ],
  [
    "list-of-types-widened",
    { base: { type: "string" }, head: { oneOf: [{ type: "string" }, { type: "integer" }] }, request: I, response: B },
  ],
  [
    "list-of-types-narrowed",
    { base: { anyOf: [{ type: "string" }, { type: "integer" }] }, head: { type: "integer" }, request: B, response: I },
  ],
  [
    "wrapped-in-one-of",
    {
      base: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } },
      head: {
        oneOf: [
          { type: "object", properties: { a: { type: "string" } } },
          { type: "object", properties: { b: { type: "string" } } },
        ],
      },
      request: B,
      response: B,
    },
  ],
  [
    "all-of-added",
    {
      base: { allOf: [{ $ref: "#/components/schemas/A" }] },
      head: { allOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] },
      request: B,
      response: I,
      components: { base: { A: object }, head: { A: object, B: { minProperties: 1 } } },
    },
  ],
  [
    "all-of-removed",
    {
      base: { allOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] },
      head: { allOf: [{ $ref: "#/components/schemas/A" }] },
      request: B,
      response: I,
      components: { base: { A: object, B: { minProperties: 1 } }, head: { A: object, B: { minProperties: 1 } } },
    },
  ],
  ["all-of-added-annotation-only", { base: { allOf: [object] }, head: { allOf: [object, { title: "A thing" }] }, request: I, response: I }],
  [
    "all-of-removed-annotation-only",
    { base: { allOf: [object, { description: "A thing" }] }, head: { allOf: [object] }, request: I, response: I },
  ],
  [
    "x-extensible-enum-value-removed",
    {
      base: { type: "string", "x-extensible-enum": ["a", "b"] },
      head: { type: "string", "x-extensible-enum": ["a"] },
      request: B,
      response: I,
    },
  ],
  [
    "x-extensible-enum-value-added",
    {
      base: { type: "string", "x-extensible-enum": ["a"] },
      head: { type: "string", "x-extensible-enum": ["a", "b"] },
      request: I,
      response: I,
    },
  ],
  ["discriminator-added", { base: object, head: { ...object, discriminator: { propertyName: "a" } }, request: I, response: I }],
  ["discriminator-removed", { base: { ...object, discriminator: { propertyName: "a" } }, head: object, request: I, response: I }],
  [
    "discriminator-property-name-changed",
    {
      base: { ...object, discriminator: { propertyName: "a" } },
      head: { ...object, discriminator: { propertyName: "b" } },
      request: I,
      response: I,
    },
  ],
  [
    "discriminator-mapping-added",
    {
      base: { ...object, discriminator: { propertyName: "a", mapping: {} } },
      head: { ...object, discriminator: { propertyName: "a", mapping: { x: "#/components/schemas/X" } } },
      request: I,
      response: I,
    },
  ],
  [
    "discriminator-mapping-deleted",
    {
      base: { ...object, discriminator: { propertyName: "a", mapping: { x: "#/components/schemas/X" } } },
      head: { ...object, discriminator: { propertyName: "a", mapping: {} } },
      request: I,
      response: I,
    },
  ],
  [
    "discriminator-mapping-changed",
    {
      base: { ...object, discriminator: { propertyName: "a", mapping: { x: "#/components/schemas/X" } } },
      head: { ...object, discriminator: { propertyName: "a", mapping: { x: "#/components/schemas/Y" } } },
      request: I,
      response: I,
    },
  ],
];

/** The same schema as the property `p` of an object: the `…-property-…` ids. */
const asProperty = (schema: Json): Json => ({ type: "object", properties: { p: schema } });

describe("JSON Schema keywords: one change each, judged for every reader", () => {
  it.each(cases)("%s", (facet, { base, head, request, response, components }) => {
    expect(ids(findings(base, head, components))).toEqual(
      [`request-body-${facet} ${request}`, `response-body-${facet} ${response}`, `webhook-body-${facet} ${response}`].sort(),
    );
    expect(ids(findings(asProperty(base), asProperty(head), components))).toEqual(
      [`request-property-${facet} ${request}`, `response-property-${facet} ${response}`, `webhook-property-${facet} ${response}`].sort(),
    );
  });
});

describe("the schemas under JSON Schema keywords are compared as properties", () => {
  const nested: [string, { base: Json; head: Json; want: string[] }][] = [
    [
      "a type changed inside additionalProperties",
      {
        base: { type: "object", additionalProperties: { type: "string" } },
        head: { type: "object", additionalProperties: { type: "integer" } },
        want: [
          "request-property-type-changed breaking",
          "response-property-type-changed breaking",
          "webhook-property-type-changed breaking",
        ],
      },
    ],
    ...(["contains", "propertyNames", "unevaluatedItems", "then", "else", "contentSchema"] as const).map(
      (keyword): [string, { base: Json; head: Json; want: string[] }] => [
        `a minLength raised inside ${keyword}`,
        {
          base: { [keyword]: { type: "string", minLength: 1 } },
          head: { [keyword]: { type: "string", minLength: 3 } },
          want: [
            "request-property-min-length-increased breaking",
            "response-property-min-length-increased info",
            "webhook-property-min-length-increased info",
          ],
        },
      ],
    ),
    [
      "a required property added inside a prefixItems position",
      {
        base: { type: "array", prefixItems: [{ type: "object", properties: { a: { type: "string" } } }] },
        head: { type: "array", prefixItems: [{ type: "object", properties: { a: { type: "string" } }, required: ["a"] }] },
        want: [
          "request-property-became-required breaking",
          "response-property-became-required info",
          "webhook-property-became-required info",
        ],
      },
    ],
    [
      "a minimum raised inside a patternProperties entry and a dependentSchemas entry",
      {
        base: {
          patternProperties: { "^n": { type: "integer", minimum: 0 } },
          dependentSchemas: { a: { properties: { b: { type: "integer", minimum: 0 } } } },
        },
        head: {
          patternProperties: { "^n": { type: "integer", minimum: 5 } },
          dependentSchemas: { a: { properties: { b: { type: "integer", minimum: 5 } } } },
        },
        want: [
          "request-property-min-increased breaking",
          "request-property-min-increased breaking",
          "response-property-min-increased info",
          "response-property-min-increased info",
          "webhook-property-min-increased info",
          "webhook-property-min-increased info",
        ],
      },
    ],
    [
      // readOnly: clients do not send it, so its pattern is the response's alone (oasdiff also judges it for requests).
      "a pattern added to a readOnly property",
      {
        base: { type: "object", properties: { id: { type: "string", readOnly: true } } },
        head: { type: "object", properties: { id: { type: "string", readOnly: true, pattern: "^[a-z]+$" } } },
        // Clients do not send a readOnly property, but one echoed back is still checked by servers that validate it (as oasdiff judges it).
        want: ["request-property-pattern-added breaking", "response-property-pattern-added info", "webhook-property-pattern-added info"],
      },
    ],
    [
      // A list of types that changed is one change: not also a oneOf branch added and a type changed.
      "a type added to a list of types, an enum value removed beside it",
      {
        base: { type: "string", enum: ["a", "b"] },
        head: { oneOf: [{ type: "string", enum: ["a"] }, { type: "integer" }] },
        want: [
          "request-body-enum-removed info",
          "request-body-list-of-types-widened info",
          "response-body-enum-removed breaking",
          "response-body-list-of-types-widened breaking",
          "webhook-body-enum-removed breaking",
          "webhook-body-list-of-types-widened breaking",
        ],
      },
    ],
  ];
  it.each(nested)("%s", (_name, { base, head, want }) => {
    expect(ids(findings(base, head))).toEqual([...want].sort());
  });

  it.each([
    ["became-nullable", { $ref: "#/components/schemas/A" }, { oneOf: [{ type: "null" }, { $ref: "#/components/schemas/A" }] }, I, B],
    ["became-not-nullable", { oneOf: [{ $ref: "#/components/schemas/A" }, { type: "null" }] }, { $ref: "#/components/schemas/A" }, B, I],
  ] as const)("a schema wrapped in oneOf [null, itself], or unwrapped: %s, and nothing else", (facet, base, head, request, response) => {
    const components = { base: { A: object }, head: { A: object } };
    expect(ids(findings(asProperty(base), asProperty(head), components))).toEqual(
      [`request-property-${facet} ${request}`, `response-property-${facet} ${response}`, `webhook-property-${facet} ${response}`].sort(),
    );
  });

  it("allOf branches written alike, renamed or retitled are not added or removed", () => {
    const inline = { type: "object", title: "Named", properties: { a: { type: "string" } } };
    expect(findings({ allOf: [inline, { required: ["a"] }] }, { allOf: [{ required: ["a"] }, inline] })).toEqual([]);
    expect(findings({ allOf: [{ ...inline, description: "old" }] }, { allOf: [{ ...inline, description: "new" }] })).toEqual([]);
  });

  it("a schema compared with itself finds nothing, whatever keywords it holds", () => {
    const everything = {
      ...array,
      ...object,
      const: "x",
      contains: { const: "x" },
      minContains: 1,
      prefixItems: [{ type: "string" }],
      ...conditional,
      not: { required: ["z"] },
      dependentRequired: { a: ["b"] },
      dependentSchemas: { a: { required: ["b"] } },
      patternProperties: { "^x-": { type: "string" } },
      propertyNames: { maxLength: 8 },
      unevaluatedProperties: false,
      contentMediaType: "application/json",
      contentSchema: object,
      "x-extensible-enum": ["a"],
      discriminator: { propertyName: "a", mapping: { x: "#/components/schemas/X" } },
      allOf: [object, { title: "t" }],
    };
    expect(findings(everything, structuredClone(everything))).toEqual([]);
  });
});
