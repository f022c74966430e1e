// Reading an OpenAPI 3 document the way the rules need it: operations with their paths in the
// document, headers by case-insensitive name, parameters merged from the path item, and
// object schemas with their allOf branches folded together. Operations and parameters are the
// contract's reader's (@signing-platform/contract/openapi), with their places as Spectral's
// paths. The rules run on Spectral's resolved document, so local $refs are already followed
// here, and a $ref left (to a URL) is passed over. A module of the ruleset's own, not an entry
// of the package: the functions in ./functions import it.
import {
  decodePointer,
  isJsonObject,
  type Json,
  type OpenApiOperation,
  operationsOf as documentOperations,
  parametersOf as operationParameters,
} from "@signing-platform/contract/openapi";
import type { IFunctionResult } from "@stoplight/spectral-core";

/** Where something sits in a document, as keys and indexes: `["paths", "/certificates", "get"]`. */
export type Path = (string | number)[];

/** One operation of a document, with its path, method, path item and place. */
export interface OperationEntry extends OpenApiOperation {
  /** Where the operation sits in the document, e.g. ["paths", "/certificates", "get"]. */
  at: Path;
}

/** What the rules do with a $ref Spectral left: pass over what it stands for. */
const SKIP_BROKEN_REFS = { brokenRefs: "skip" } as const;

/**
 * Every operation of a `paths` (or `webhooks`) map, in document order.
 * @example
 * ```ts
 * const document = { paths: { "/certificates": { get: { responses: {} } } } };
 * operationsOf(document.paths).map(describeOperation); // ["GET /certificates"]
 * ```
 */
export function operationsOf(map: unknown, root: "paths" | "webhooks" = "paths"): OperationEntry[] {
  return documentOperations({ [root]: map }, { root, ...SKIP_BROKEN_REFS }).map((operation) => ({
    ...operation,
    at: decodePointer(operation.pointer),
  }));
}

/**
 * "GET /certificates", the way messages name an operation.
 * @example
 * ```ts
 * describeOperation({ path: "/certificates", method: "get" }); // "GET /certificates"
 * ```
 */
export function describeOperation(entry: Pick<OperationEntry, "method" | "path">): string {
  return `${entry.method.toUpperCase()} ${entry.path}`;
}

/**
 * "the 404 response of GET /certificates/{id}", the way messages name a response.
 * @example
 * ```ts
 * const [entry] = operationsOf({ "/certificates/{id}": { get: { responses: { "404": {} } } } });
 * if (entry) describeResponse(entry, "404"); // "the 404 response of GET /certificates/{id}"
 * ```
 */
export function describeResponse(entry: Pick<OperationEntry, "method" | "path">, status: string): string {
  return `the ${status} response of ${describeOperation(entry)}`;
}

/**
 * `text` with its first character in upper case, for messages that start with a name.
 * @example
 * ```ts
 * capitalise("the 404 response of GET /x"); // "The 404 response of GET /x"
 * ```
 */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Names in words, the way messages list them: "a", "a and b", "a, b and c".
 * @example
 * ```ts
 * inWords(["`items`", "`cursor`", "`next`"]); // "`items`, `cursor` and `next`"
 * ```
 */
export function inWords(names: readonly string[]): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * A header of a response by name, compared case-insensitively as HTTP does.
 * @example
 * ```ts
 * findHeader({ ETag: { schema: { type: "string" } } }, "etag")?.key; // "ETag"
 * ```
 */
export function findHeader(headers: unknown, name: string): { key: string; header: Json } | undefined {
  if (!isJsonObject(headers)) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, header] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && isJsonObject(header)) return { key, header };
  }
  return undefined;
}

/** One parameter of an operation, with its place in the document. */
export interface ParameterEntry {
  /** The parameter object. */
  parameter: Json;
  /** Where the parameter sits in the document. */
  at: Path;
}

/**
 * The parameters of an operation: its path item's, each overridden by the operation's of the
 * same name and location, as OpenAPI says.
 * @example
 * ```ts
 * const [entry] = operationsOf({ "/certificates": { get: { parameters: [{ name: "limit", in: "query" }], responses: {} } } });
 * if (entry) findParameter(parametersOf(entry), "query", "limit")?.at; // ["paths", "/certificates", "get", "parameters", "0"]
 * ```
 */
export function parametersOf(entry: OperationEntry): ParameterEntry[] {
  // Spectral resolved the document: no $ref is left to follow in it.
  return operationParameters({}, entry, SKIP_BROKEN_REFS).map(({ parameter, entry: listed }) => ({ parameter, at: decodePointer(listed) }));
}

/**
 * A parameter by location and name; header names are compared case-insensitively.
 * @example
 * ```ts
 * const [entry] = operationsOf({ "/enrollments": { post: { parameters: [{ name: "Idempotency-Key", in: "header" }], responses: {} } } });
 * if (entry) findParameter(parametersOf(entry), "header", "idempotency-key"); // found: header names ignore case
 * ```
 */
export function findParameter(parameters: ParameterEntry[], location: string, name: string): ParameterEntry | undefined {
  const wanted = location === "header" ? name.toLowerCase() : name;
  return parameters.find(({ parameter }) => {
    const actual = location === "header" ? String(parameter.name).toLowerCase() : parameter.name;
    return parameter.in === location && actual === wanted;
  });
}

/**
 * The responses of an operation as [status key, response, path] triples.
 * @example
 * ```ts
 * const [entry] = operationsOf({ "/certificates": { get: { responses: { "200": {}, "429": {} } } } });
 * if (entry) responsesOf(entry).map((response) => response.status); // ["200", "429"]
 * ```
 */
export function responsesOf(entry: OperationEntry): { status: string; response: Json; at: Path }[] {
  if (!isJsonObject(entry.operation.responses)) return [];
  return Object.entries(entry.operation.responses)
    .filter((pair): pair is [string, Json] => isJsonObject(pair[1]))
    .map(([status, response]) => ({ status, response, at: [...entry.at, "responses", status] }));
}

/**
 * Whether a response key is a 2xx status.
 * @example
 * ```ts
 * isSuccessStatus("201"); // true
 * ```
 */
export const isSuccessStatus = (status: string): boolean => /^2/.test(status);
/**
 * Whether a response key is a 4xx or 5xx status.
 * @example
 * ```ts
 * isErrorStatus("4XX"); // true
 * ```
 */
export const isErrorStatus = (status: string): boolean => /^[45]/.test(status);

/**
 * Whether a response key ("404", "4XX", "default") covers the HTTP status `status`.
 * @example
 * ```ts
 * statusKeyCovers("4XX", 404); // true
 * statusKeyCovers("default", 503); // true
 * ```
 */
export function statusKeyCovers(key: string, status: number): boolean {
  if (key === "default") return true;
  if (/^[1-5]XX$/i.test(key)) return key[0] === String(status)[0];
  return key === String(status);
}

/**
 * Whether a media type is JSON: `application/json` or a `+json` type, parameters ignored.
 * @example
 * ```ts
 * isJsonMediaType("application/problem+json; charset=utf-8"); // true
 * ```
 */
export function isJsonMediaType(mediaType: string): boolean {
  const type = mediaType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

/**
 * The JSON media type of a `content` map and its schema.
 * @example
 * ```ts
 * jsonContentOf({ "application/json": { schema: { type: "object" } } })?.schema; // { type: "object" }
 * ```
 */
export function jsonContentOf(content: unknown): { mediaType: string; media: Json; schema: unknown } | undefined {
  if (!isJsonObject(content)) return undefined;
  for (const [mediaType, media] of Object.entries(content)) {
    if (isJsonMediaType(mediaType) && isJsonObject(media)) return { mediaType, media, schema: media.schema };
  }
  return undefined;
}

/**
 * Whether a response declares a body: a `content` map with at least one media type.
 * @example
 * ```ts
 * hasBody({ description: "Not modified" }); // false
 * ```
 */
export function hasBody(response: Json): boolean {
  return isJsonObject(response.content) && Object.keys(response.content).length > 0;
}

/** The properties and required names of an object schema, allOf branches folded in. */
export interface ObjectShape {
  /** Each property's schema and its place in the document, by name. */
  properties: Record<string, { schema: Json; at: Path }>;
  /** The names of the required properties. */
  required: Set<string>;
}

/**
 * The properties and required names of an object schema, allOf branches folded in, each
 * property with its path in the (resolved) document.
 * @example
 * ```ts
 * const shape = objectShapeOf({ allOf: [{ properties: { id: { type: "string" } }, required: ["id"] }] }, ["components", "schemas", "Certificate"]);
 * shape.required.has("id"); // true
 * ```
 */
export function objectShapeOf(schema: unknown, at: Path, seen = new Set<unknown>()): ObjectShape {
  const shape: ObjectShape = { properties: {}, required: new Set() };
  if (!isJsonObject(schema) || seen.has(schema)) return shape;
  seen.add(schema);
  if (isJsonObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isJsonObject(property)) shape.properties[name] ??= { schema: property, at: [...at, "properties", name] };
    }
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) shape.required.add(String(name));
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((branch: unknown, index: number) => {
      const inner = objectShapeOf(branch, [...at, "allOf", index], seen);
      for (const [name, property] of Object.entries(inner.properties)) shape.properties[name] ??= property;
      for (const name of inner.required) shape.required.add(name);
    });
  }
  return shape;
}

/**
 * The JSON types a schema admits, looking through allOf, anyOf and oneOf; empty when unconstrained.
 * @example
 * ```ts
 * typesOf({ type: ["string", "null"] }); // Set { "string", "null" }
 * ```
 */
export function typesOf(schema: unknown, seen = new Set<unknown>()): Set<string> {
  const types = new Set<string>();
  if (!isJsonObject(schema) || seen.has(schema)) return types;
  seen.add(schema);
  if (typeof schema.type === "string") types.add(schema.type);
  if (Array.isArray(schema.type)) for (const type of schema.type) types.add(String(type));
  for (const keyword of ["allOf", "anyOf", "oneOf"]) {
    if (Array.isArray(schema[keyword])) for (const branch of schema[keyword]) for (const type of typesOf(branch, seen)) types.add(type);
  }
  return types;
}

/** Keywords whose value is one sub-schema. `not` is left out: what it holds is forbidden, not declared. */
const ONE_SCHEMA = ["items", "additionalProperties", "unevaluatedProperties", "contains", "if", "then", "else"];
/** Keywords whose value is a list of sub-schemas. */
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords whose value maps names to sub-schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas"];

/**
 * Calls `visit` with `schema` and with every schema under it (properties, items,
 * additionalProperties, allOf/anyOf/oneOf and the other sub-schema keywords but `not`), each
 * with its path in the (resolved) document. Each schema is visited once: pass one `seen` to
 * several walks, and a schema they share is visited by the first only.
 * @example
 * ```ts
 * const names: string[] = [];
 * walkSchemas({ properties: { id: { type: "string" } }, items: { properties: { url: {} } } }, [], (schema) => {
 *   if (isJsonObject(schema.properties)) names.push(...Object.keys(schema.properties));
 * });
 * names; // ["id", "url"]
 * ```
 */
export function walkSchemas(schema: unknown, at: Path, visit: (schema: Json, at: Path) => void, seen = new Set<unknown>()): void {
  if (!isJsonObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  visit(schema, at);
  for (const keyword of ONE_SCHEMA) walkSchemas(schema[keyword], [...at, keyword], visit, seen);
  for (const keyword of SCHEMA_LISTS) {
    if (Array.isArray(schema[keyword]))
      schema[keyword].forEach((branch: unknown, index: number) => walkSchemas(branch, [...at, keyword, index], visit, seen));
  }
  for (const keyword of SCHEMA_MAPS) {
    if (!isJsonObject(schema[keyword])) continue;
    for (const [name, branch] of Object.entries(schema[keyword])) walkSchemas(branch, [...at, keyword, name], visit, seen);
  }
}

/**
 * A result of a rule function: one message at one place.
 * @example
 * ```ts
 * const problem = result("GET /certificates lacks the limit parameter.", ["paths", "/certificates", "get"]);
 * ```
 */
export function result(message: string, path: Path): IFunctionResult {
  return { message, path };
}
