// fast-check arbitraries of values that a JSON Schema of generated/json-schema/ accepts,
// written for the keywords those schemas use: $ref (file name), type, properties, required,
// open or closed shapes (unevaluatedProperties), `not: {required: [name]}`, const, enum,
// anyOf, pattern, and the formats date-time and uri. A keyword it does not know fails the
// test run, so a new kind of schema cannot go untested silently.
import fc from "fast-check";

type Schema = Record<string, any>;

const KNOWN_KEYWORDS = new Set([
  "$schema",
  "$id",
  "$comment",
  "$ref",
  "description",
  // An annotation: the schema's own examples, which the tests check separately.
  "examples",
  "type",
  "properties",
  "required",
  "unevaluatedProperties",
  "not",
  "const",
  "enum",
  "anyOf",
  "pattern",
  "format",
  "items",
]);

export function schemaArbitrary(schemaId: string, schemas: ReadonlyMap<string, Schema>): fc.Arbitrary<unknown> {
  const root = schemas.get(schemaId);
  if (!root) throw new Error(`No schema ${schemaId}`);
  return arbitraryOf(root, schemas);
}

function arbitraryOf(schema: Schema, schemas: ReadonlyMap<string, Schema>): fc.Arbitrary<unknown> {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(keyword)) throw new Error(`schemaArbitrary does not know the keyword ${keyword}`);
  }
  if (schema.$ref) return fc.constant(null).chain(() => schemaArbitrary(schema.$ref, schemas));
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch: Schema) => arbitraryOf(branch, schemas)));
  switch (schema.type) {
    case "string":
      return stringArbitrary(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryOf(schema.items ?? {}, schemas), { maxLength: 3 });
    case "object":
      return objectArbitrary(schema, schemas);
    default:
      throw new Error(`schemaArbitrary does not know the type ${JSON.stringify(schema.type)}`);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === "date-time") {
    // toISOString() is RFC 3339 in UTC, ending in Z, as UtcTimestamp's pattern wants.
    return fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T23:59:59Z"), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === "uri") return fc.webUrl({ withQueryParameters: true, withFragments: true });
  if (schema.format) throw new Error(`schemaArbitrary does not know the format ${schema.format}`);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string();
}

function objectArbitrary(schema: Schema, schemas: ReadonlyMap<string, Schema>): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, schemas)])),
    { requiredKeys: required },
  );
  if (!isOpen(schema)) return known;
  const forbidden = new Set<string>(schema.not?.required ?? []);
  const extraKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in properties) && !forbidden.has(key));
  const extras = fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  return fc.tuple(known, extras).map(([values, extra]) => ({ ...extra, ...values }));
}

/** An open shape: `unevaluatedProperties: {}` (other fields: not shown). */
export function isOpen(schema: Schema): boolean {
  const rest = schema.unevaluatedProperties;
  return rest === undefined || rest === true || (typeof rest === "object" && Object.keys(rest).length === 0);
}
