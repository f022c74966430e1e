// Random OpenAPI documents for the engine's properties: schemas with $refs, cycles,
// compositions and every keyword the checks read, at every place an operation holds one.
import fc from "fast-check";
import type { Json } from "@signing-platform/contract/openapi";

const names = fc.constantFrom("id", "status", "items", "name", "a/b", "~x", "next");
export const schemaNames = fc.constantFrom("A", "B", "C");

export const schema: fc.Arbitrary<Json> = fc.letrec<{ schema: Json }>((tie) => ({
  schema: fc.oneof(
    // Small on purpose: a schema sits at every parameter, header and media type of every operation.
    { depthSize: "xsmall", maxDepth: 3, withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom("string", "integer", "number", "boolean", ["string", "null"]),
        format: fc.constantFrom("date-time", "uri", "int64"),
        enum: fc.uniqueArray(fc.constantFrom("a", "b", "c", 1, null), { minLength: 1 }),
        maximum: fc.integer({ min: 0, max: 5 }),
        minLength: fc.integer({ min: 0, max: 5 }),
        pattern: fc.constantFrom("^a", "^b$"),
        default: fc.constantFrom("a", 1),
        nullable: fc.boolean(),
        deprecated: fc.boolean(),
        "x-sunset": fc.constantFrom("2001-01-01", "2999-01-01", "not a date"),
      },
      { requiredKeys: [] },
    ),
    fc.record({ $ref: schemaNames.map((name) => `#/components/schemas/${name}`) }),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(names, tie("schema"), { maxKeys: 3 }),
        required: fc.uniqueArray(names, { maxLength: 3 }),
      },
      { requiredKeys: ["properties"] },
    ),
    fc.record({ type: fc.constant("array"), items: tie("schema"), maxItems: fc.integer({ min: 0, max: 3 }) }, { requiredKeys: ["items"] }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
    // OpenAPI 3.1's keywords from JSON Schema 2020-12, and the schemas under them.
    fc.record(
      {
        type: fc.constantFrom("object", "array", ["string", "integer"]),
        const: fc.constantFrom("a", 1),
        oneOf: fc.constant([{ type: "string" }, { type: "integer" }]),
        contains: tie("schema"),
        maxContains: fc.integer({ min: 0, max: 3 }),
        prefixItems: fc.array(tie("schema"), { maxLength: 2 }),
        if: tie("schema"),
        then: tie("schema"),
        not: tie("schema"),
        dependentRequired: fc.dictionary(names, fc.uniqueArray(names, { maxLength: 2 }), { maxKeys: 2 }),
        dependentSchemas: fc.dictionary(names, tie("schema"), { maxKeys: 1 }),
        patternProperties: fc.dictionary(fc.constantFrom("^a", "^b"), tie("schema"), { maxKeys: 2 }),
        unevaluatedProperties: fc.oneof(fc.constant(false), tie("schema")),
        additionalProperties: tie("schema"),
        contentMediaType: fc.constantFrom("application/json", "text/plain"),
        contentSchema: tie("schema"),
        "x-extensible-enum": fc.uniqueArray(fc.constantFrom("a", "b", "c"), { maxLength: 3 }),
        discriminator: fc.record(
          {
            propertyName: names,
            mapping: fc.dictionary(
              names,
              schemaNames.map((name) => `#/components/schemas/${name}`),
              { maxKeys: 2 },
            ),
          },
          { requiredKeys: ["propertyName"] },
        ),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;

const parameter = fc.record({
  name: names,
  in: fc.constantFrom("query", "header", "cookie"),
  required: fc.boolean(),
  deprecated: fc.boolean(),
  "x-sunset": fc.constant("2999-01-01"),
  schema,
});
const response = fc.record(
  {
    description: fc.constant("r"),
    headers: fc.dictionary(fc.constantFrom("ETag", "Request-Id", "etag"), fc.record({ required: fc.boolean(), schema }), { maxKeys: 2 }),
    content: fc.dictionary(fc.constantFrom("application/json", "text/plain"), fc.record({ schema }), { minKeys: 1, maxKeys: 1 }),
  },
  { requiredKeys: ["description"] },
);
const operation = fc.record(
  {
    parameters: fc.array(parameter, { maxLength: 2 }),
    requestBody: fc.record({
      required: fc.boolean(),
      content: fc.dictionary(fc.constantFrom("application/json", "application/xml"), fc.record({ schema }), { minKeys: 1 }),
    }),
    responses: fc.dictionary(fc.constantFrom("200", "201", "404", "default"), response, { minKeys: 1, maxKeys: 2 }),
    security: fc.array(fc.dictionary(fc.constantFrom("token", "mtls"), fc.array(fc.constantFrom("read", "write"), { maxLength: 2 })), {
      maxLength: 2,
    }),
    deprecated: fc.boolean(),
    "x-sunset": fc.constantFrom("2001-01-01", "2999-01-01"),
  },
  { requiredKeys: ["responses"] },
);
export const document: fc.Arbitrary<Json> = fc.record({
  openapi: fc.constant("3.1.0"),
  info: fc.constant({ title: "t", version: "1" }),
  security: fc.array(fc.dictionary(fc.constantFrom("token", "mtls"), fc.constant([])), { maxLength: 2 }),
  paths: fc.dictionary(
    fc.constantFrom("/a", "/a/{id}", "/a/{key}", "/b"),
    fc.dictionary(fc.constantFrom("get", "post", "delete"), operation, { minKeys: 1, maxKeys: 2 }),
    { minKeys: 1, maxKeys: 2 },
  ),
  webhooks: fc.dictionary(fc.constantFrom("a.created", "b.deleted"), fc.record({ post: operation }), { maxKeys: 1 }),
  // Every name a $ref may point at exists, and may point at itself: cycles.
  components: fc.record({ schemas: fc.record({ A: schema, B: schema, C: schema }) }),
});
