// Documents made by fast-check, however their authors named things: paths, titles,
// summaries, operationIds, tags and parameter names of any characters, reserved words and
// comment ends included; `anyDocumentWithSchemas` adds component schemas of any names, with
// properties of any names, required or not, enums with quotes, and references between them.
import fc from "fast-check";

const RESERVED = [
  "class",
  "default",
  "delete",
  "new",
  "function",
  "body",
  "query",
  "options",
  "constructor",
  "__proto__",
  "then",
  "import",
];
const name = fc.oneof(
  fc.constantFrom(...RESERVED),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.stringMatching(/^[a-z][a-zA-Z0-9_-]{0,10}$/),
);
const segment = fc.oneof(
  name.map((text) => encodeURIComponent(text)),
  name.map((text) => `{${text.replace(/[{}/]/g, "") || "id"}}`),
);
const operation = fc.record(
  {
    operationId: name,
    tags: fc.array(name, { maxLength: 1 }),
    summary: fc.string({ maxLength: 20 }),
    requestBody: fc.constant({ required: true, content: { "application/json": { schema: { type: "object" } } } }),
    parameters: fc.array(
      fc.record({ name, in: fc.constantFrom("query", "header"), required: fc.boolean(), schema: fc.constant({ type: "string" }) }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ["parameters"] },
);
export const anyDocument = fc
  .dictionary(
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join("/")}`),
    fc.dictionary(fc.constantFrom("get", "post", "put", "delete", "patch"), operation, { minKeys: 1, maxKeys: 3 }),
    { minKeys: 1, maxKeys: 4 },
  )
  .chain((paths) => fc.string({ maxLength: 16 }).map((title) => ({ paths, title })))
  .map(({ paths, title }) => {
    // A path parameter of the template is declared, as OpenAPI requires.
    for (const [path, item] of Object.entries(paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      for (const method of Object.values(item))
        method.parameters = [
          ...names.map((parameter) => ({ name: parameter, in: "path", required: true, schema: { type: "string" } })),
          ...method.parameters,
        ] as never;
    }
    return { openapi: "3.1.0", info: { title, version: "1" }, paths };
  });

/** A `$ref` to a component schema: the name escaped as a JSON pointer token, then as a URI fragment. */
const refTo = (schemaName: string) => `#/components/schemas/${encodeURIComponent(schemaName.replace(/~/g, "~0").replace(/\//g, "~1"))}`;

const propertySchema = (names: string[]) =>
  fc.oneof(
    fc.constantFrom({ type: "string" }, { type: "integer" }, { type: ["number", "null"] }, { type: "boolean" }, {}),
    fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 3 }).map((values) => ({ enum: values })),
    fc.constantFrom(...names).map((schemaName) => ({ $ref: refTo(schemaName) })),
    fc.constantFrom(...names).map((schemaName) => ({ type: "array", items: { $ref: refTo(schemaName) } })),
  );

export const anyDocumentWithSchemas = fc
  .tuple(anyDocument, fc.uniqueArray(fc.oneof(name, fc.constantFrom("Any", "TypedDict", "models", "list")), { minLength: 1, maxLength: 4 }))
  .chain(([base, names]) =>
    fc
      .tuple(
        ...names.map(() =>
          fc.oneof(
            fc
              .dictionary(name, propertySchema(names), { minKeys: 1, maxKeys: 4 })
              .chain((properties) =>
                fc
                  .subarray(Object.keys(properties))
                  .map((required) => ({ type: "object", properties, ...(required.length > 0 ? { required } : {}) })),
              ),
            propertySchema(names),
          ),
        ),
      )
      .map((schemas) => ({
        ...base,
        components: { schemas: Object.fromEntries(names.map((schemaName, index) => [schemaName, schemas[index]])) },
      })),
  );
