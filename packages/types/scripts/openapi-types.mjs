// @ts-check
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
import { HTTP_METHODS } from "@signing-platform/contract";

const FORBIDDEN = "x-signing-platform-forbidden";

/** @typedef {import("openapi-typescript").SchemaObject} SchemaObject */

/** @param {import("openapi-typescript").OpenAPI3} document generated/openapi.yaml */
export async function openapiTypesModule(document) {
  const prepared = prepareSchemas(structuredClone(document));
  const ast = await openapiTS(prepared, { transform: transformSchema, silent: true });
  return documented(astToString(ast), document);
}

const COMPONENTS = /** @type {Record<string, string>} */ ({
  schemas: "The document's schemas, by name: the resources, the error body and the event envelope.",
  responses: "The document's shared responses, by name.",
  parameters: "The document's shared parameters, by name: the headers and query parameters operations spread.",
  requestBodies: "The document's shared request bodies, by name.",
  headers: "The document's shared response headers, by name.",
  pathItems: "The document's shared path items, by name.",
});

/**
 * openapi-typescript's module with a summary on each export and each of its members, from the
 * document: every public declaration of the package is documented (`npm run api:check`).
 * @param {string} source
 * @param {import("openapi-typescript").OpenAPI3} document
 */
function documented(source, document) {
  /** @param {unknown} text */
  const oneLine = (text) =>
    String(text ?? "")
      .replace(/\s+/g, " ")
      .replace(/\*\//g, "*\\/")
      .trim();
  /** @type {Map<string, string>} */
  const operations = new Map();
  /** @type {Map<string, string>} */
  const paths = new Map();
  for (const [kind, items] of /** @type {Array<[string, Record<string, any>]>} */ ([
    ["path", document.paths ?? {}],
    ["webhook", document.webhooks ?? {}],
  ])) {
    for (const [key, item] of Object.entries(items)) {
      const offered = HTTP_METHODS.filter((method) => item?.[method]);
      for (const method of offered) {
        const operation = item[method];
        const id = kind === "webhook" ? `Webhooks_${operation.operationId}` : operation.operationId;
        const summary = oneLine(operation.summary ?? operation.description);
        if (typeof operation.operationId === "string") operations.set(operation.operationId, summary);
        if (typeof id === "string") operations.set(id, summary);
      }
      const listed = offered.map((method) => `${method.toUpperCase()} (${oneLine(item[method].summary) || item[method].operationId})`);
      paths.set(
        key,
        kind === "webhook" ? `The \`${key}\` event as the API delivers it to a webhook endpoint.` : `\`${key}\`: ${listed.join(", ")}.`,
      );
    }
  }
  /** @type {Record<string, string>} */
  const summaries = {
    paths: "Every path of the API by its template, with the operations it offers (openapi-typescript's `paths`).",
    webhooks: "Every event the API delivers to webhook endpoints, by type (openapi-typescript's `webhooks`).",
    components: "The document's reusable parts: schemas, parameters and the others (openapi-typescript's `components`).",
    operations: "Every operation by its operationId: parameters, request body and responses (openapi-typescript's `operations`).",
  };
  /** @type {string | undefined} */
  let within;
  return source
    .split("\n")
    .flatMap((line) => {
      const top = /^export interface (\w+) \{$/.exec(line)?.[1];
      if (top !== undefined) {
        within = top;
        return summaries[top] ? [`/** ${summaries[top]} */`, line] : [line];
      }
      if (line === "}") within = undefined;
      const member = /^ {4}(?:"([^"]+)"|(\w+)): /.exec(line);
      if (!member || within === undefined) return [line];
      const key = member[1] ?? member[2] ?? "";
      const summary =
        within === "paths" || within === "webhooks"
          ? paths.get(key)
          : within === "operations"
            ? operations.get(key) || `The operation \`${key}\`.`
            : within === "components"
              ? COMPONENTS[key]
              : undefined;
      return summary ? [`    /** ${summary} */`, line] : [line];
    })
    .join("\n");
}

/**
 * Walks any JSON value, schemas or not, and edits the schemas in place.
 * @template T
 * @param {T} node
 * @returns {T}
 */
function prepareSchemas(node) {
  if (Array.isArray(node)) node.forEach(prepareSchemas);
  else if (node && typeof node === "object") {
    /** @type {{ unevaluatedProperties?: unknown, additionalProperties?: unknown, properties?: Record<string, unknown>, not?: { required?: unknown } }} */
    const schema = node;
    if (isEmptySchema(schema.unevaluatedProperties)) schema.additionalProperties = true;
    for (const name of forbiddenProperties(schema)) {
      schema.properties ??= {};
      schema.properties[name] ??= { [FORBIDDEN]: true };
    }
    Object.values(node).forEach(prepareSchemas);
  }
  return node;
}

/** @param {unknown} value */
function isEmptySchema(value) {
  return value === true || (value !== null && typeof value === "object" && Object.keys(value).length === 0);
}

/**
 * @param {{ not?: { required?: unknown } }} schema
 * @returns {string[]}
 */
function forbiddenProperties(schema) {
  const required = schema.not?.required;
  return Array.isArray(required) && required.length === 1 ? required : [];
}

/** @param {SchemaObject} schema */
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
 * @param {SchemaObject} schema
 * @returns {string[] | undefined}
 */
function openStringUnionValues(schema) {
  if (!Array.isArray(schema.anyOf)) return undefined;
  // Schemas with `const` (JSON Schema output) or `enum`; a $ref branch has neither.
  const branches = /** @type {Array<{ type?: unknown, const?: unknown, enum?: unknown[] }>} */ (schema.anyOf);
  const strings = branches.filter((branch) => branch.type === "string");
  const open = strings.filter((branch) => branch.const === undefined && branch.enum === undefined);
  const known = strings.flatMap((branch) => (branch.const !== undefined ? [branch.const] : (branch.enum ?? [])));
  const allStringConstants = known.every((value) => typeof value === "string");
  if (strings.length !== schema.anyOf.length || open.length !== 1 || known.length === 0 || !allStringConstants) return undefined;
  return known;
}
