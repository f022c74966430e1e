// Walking one version of a document for the convention checks of `diff`: following local $refs
// while keeping the pointer of where each thing is written, so that a change is reported at
// its real place (and matched with Redocly's report of the same place).
import { HTTP_METHODS, isObject, isSuccessStatus, jsonContentOf, type Json } from "@signing-platform/rules/openapi";
import { decodePointer, encodePointer, resolvePointer } from "../input/json-pointer.js";

export interface Located<T = Json> {
  node: T;
  /** Where `node` is written, after every $ref is followed. */
  pointer: string;
}

/** Follows local $refs from `node` (written at `pointer`) to the object they name. */
export function follow(document: Json, node: unknown, pointer: string): Located | undefined {
  let current = node;
  let at = pointer;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === "string") {
    if (!current.$ref.startsWith("#") || seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    at = encodePointer(decodePointer(current.$ref));
    current = resolvePointer(document, current.$ref);
  }
  return isObject(current) ? { node: current, pointer: at } : undefined;
}

export interface OperationAt {
  /** "GET /certificates" */
  name: string;
  operation: Located;
  pathItem: Located;
}

/** The operations of `paths` (or `webhooks`), keyed by "GET /path" (or "POST event.type"). */
export function operationsByName(document: Json, root: "paths" | "webhooks" = "paths"): Map<string, OperationAt> {
  const found = new Map<string, OperationAt>();
  const map = document[root];
  if (!isObject(map)) return found;
  for (const [path, item] of Object.entries(map)) {
    const pathItem = follow(document, item, encodePointer([root, path]));
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = follow(document, pathItem.node[method], `${pathItem.pointer}/${method}`);
      const name = `${method.toUpperCase()} ${path}`;
      if (operation) found.set(name, { name, operation, pathItem });
    }
  }
  return found;
}

export interface ParameterAt {
  parameter: Json;
  /** Where the parameter is listed in the operation or path item (a $ref or the object). */
  entry: string;
  /** Where the parameter object is written. */
  pointer: string;
}

/** An operation's parameters, its own first, then its path item's that it does not override. */
export function parametersOf(document: Json, at: OperationAt): ParameterAt[] {
  const list = (owner: Located): ParameterAt[] =>
    (Array.isArray(owner.node.parameters) ? owner.node.parameters : []).flatMap((item: unknown, index: number) => {
      const entry = `${owner.pointer}/parameters/${index}`;
      const located = follow(document, item, entry);
      return located ? [{ parameter: located.node, entry, pointer: located.pointer }] : [];
    });
  const own = list(at.operation);
  const key = (item: ParameterAt) => `${item.parameter.in}:${String(item.parameter.name).toLowerCase()}`;
  const ownKeys = new Set(own.map(key));
  return [...own, ...list(at.pathItem).filter((item) => !ownKeys.has(key(item)))];
}

/** The JSON schema of each 2xx response of an operation, by status. */
export function successSchemas(document: Json, at: OperationAt): Map<string, Located<unknown>> {
  const schemas = new Map<string, Located<unknown>>();
  const responses = follow(document, at.operation.node.responses, `${at.operation.pointer}/responses`);
  if (!responses) return schemas;
  for (const [status, value] of Object.entries(responses.node)) {
    if (!isSuccessStatus(status)) continue;
    const response = follow(document, value, `${responses.pointer}/${status}`);
    const json = response && jsonContentOf(response.node.content);
    if (json) schemas.set(status, { node: json.schema, pointer: `${response.pointer}/content/${encodePointer([json.mediaType]).slice(2)}/schema` });
  }
  return schemas;
}

/** The JSON schema of a webhook's payload. */
export function payloadSchema(document: Json, at: OperationAt): Located<unknown> | undefined {
  const body = follow(document, at.operation.node.requestBody, `${at.operation.pointer}/requestBody`);
  const json = body && jsonContentOf(body.node.content);
  return json ? { node: json.schema, pointer: `${body.pointer}/content/${encodePointer([json.mediaType]).slice(2)}/schema` } : undefined;
}

const COMPOSITIONS = ["allOf", "anyOf", "oneOf"] as const;

/**
 * Every field a schema can carry, as a dotted path ("data.object.documents", "items[].id"),
 * with the pointer where the field is declared. Compositions contribute all their branches;
 * `not` contributes nothing.
 */
export function fieldsOf(document: Json, schema: unknown, pointer: string, prefix = "", fields = new Map<string, string>(), stack = new Set<string>()) {
  const located = follow(document, schema, pointer);
  if (!located || stack.has(located.pointer)) return fields;
  stack.add(located.pointer);
  const { node } = located;
  if (isObject(node.properties)) {
    for (const [name, property] of Object.entries(node.properties)) {
      const field = prefix ? `${prefix}.${name}` : name;
      const declared = `${located.pointer}/properties/${encodePointer([name]).slice(2)}`;
      if (!fields.has(field)) fields.set(field, declared);
      fieldsOf(document, property, declared, field, fields, stack);
    }
  }
  if (node.items !== undefined) fieldsOf(document, node.items, `${located.pointer}/items`, `${prefix}[]`, fields, stack);
  for (const keyword of COMPOSITIONS) {
    if (Array.isArray(node[keyword])) node[keyword].forEach((branch: unknown, index: number) => fieldsOf(document, branch, `${located.pointer}/${keyword}/${index}`, prefix, fields, stack));
  }
  stack.delete(located.pointer);
  return fields;
}
