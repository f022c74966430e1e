// generated/openapi.yaml → TypeScript types, with openapi-typescript. Two things the
// document says are lost by openapi-typescript on its own, so they are translated first:
//   - open shapes. The schemas say "open" with `unevaluatedProperties: {}` (the interface
//     document's "other fields: not shown"), which openapi-typescript ignores: it would
//     type an open `data` as `Record<string, never>`. They get `additionalProperties: true`,
//     i.e. an index signature `[key: string]: unknown`.
//   - forbidden properties. `not: { required: ["client_secret"] }` on the signing request
//     inside an event (Resources › Event: "without client_secret") is ignored too; the
//     property is typed `client_secret?: never`.
// Open string unions (`anyOf: [string, "a", "b"]`: error codes, event types, statuses)
// become `"a" | "b" | (string & {})`, so the known values autocomplete and any other string
// still type-checks (Errors › Error codes: clients tolerate unknown codes).
import openapiTS, { astToString, NEVER, STRING } from "openapi-typescript";
import ts from "typescript";

const FORBIDDEN = "x-signing-platform-forbidden";

export async function openapiTypesModule(document) {
  const prepared = prepareSchemas(structuredClone(document));
  const ast = await openapiTS(prepared, { transform: transformSchema, silent: true });
  return astToString(ast);
}

function prepareSchemas(node) {
  if (Array.isArray(node)) node.forEach(prepareSchemas);
  else if (node && typeof node === "object") {
    if (isEmptySchema(node.unevaluatedProperties)) node.additionalProperties = true;
    for (const name of forbiddenProperties(node)) {
      node.properties ??= {};
      node.properties[name] ??= { [FORBIDDEN]: true };
    }
    Object.values(node).forEach(prepareSchemas);
  }
  return node;
}

function isEmptySchema(value) {
  return value === true || (value !== null && typeof value === "object" && Object.keys(value).length === 0);
}

function forbiddenProperties(schema) {
  const required = schema.not?.required;
  return Array.isArray(required) && required.length === 1 ? required : [];
}

function transformSchema(schema) {
  if (schema[FORBIDDEN]) return NEVER;
  const known = openStringUnionValues(schema);
  if (known) {
    const anyString = ts.factory.createIntersectionTypeNode([STRING, ts.factory.createTypeLiteralNode([])]);
    const literals = known.map((value) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(value)));
    return ts.factory.createUnionTypeNode([...literals, anyString]);
  }
  return undefined;
}

/**
 * The known values of an open string union, or undefined: `anyOf` of a plain string and
 * string constants, written as `const` (JSON Schema output) or `enum` (OpenAPI output).
 */
function openStringUnionValues(schema) {
  if (!Array.isArray(schema.anyOf)) return undefined;
  const strings = schema.anyOf.filter((branch) => branch.type === "string");
  const open = strings.filter((branch) => branch.const === undefined && branch.enum === undefined);
  const known = strings.flatMap((branch) => (branch.const !== undefined ? [branch.const] : (branch.enum ?? [])));
  const allStringConstants = known.every((value) => typeof value === "string");
  if (strings.length !== schema.anyOf.length || open.length !== 1 || known.length === 0 || !allStringConstants) return undefined;
  return known;
}
