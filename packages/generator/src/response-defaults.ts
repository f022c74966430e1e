// A property with a default is the caller's to leave out in a request, and always there in a
// response: the API fills it in. openapi-typescript (with defaultNonNullable off) types every
// such property as optional; here, in the copy it is given, the properties with a default of
// every schema no request body reaches are made required, so a response's types keep them
// (OpenAI's `Assistant.tools`) while a body's, at any depth, leave them out
// (`sdk.assistants.create({ model })`). A schema that requests and responses share stays optional.
import { HTTP_METHODS } from "@signing-platform/contract";
import { resolvePointer } from "@signing-platform/contract/openapi";
import { componentName } from "./document-refs.js";

type Node = Record<string, unknown>;

/** The component schemas a request body reaches, through references at any depth. */
function requestSchemas(document: Node): Set<string> {
  const schemas = ((document.components as Node | undefined)?.schemas ?? {}) as Node;
  const reached = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const ref = (node as Node).$ref;
    if (typeof ref === "string") {
      const named = componentName(ref);
      if (named !== undefined && !reached.has(named)) {
        reached.add(named);
        visit(schemas[named]);
      }
      if (ref.startsWith("#/components/requestBodies/")) visit(resolvePointer(document, ref));
    }
    Object.values(node as Node).forEach(visit);
  };
  for (const item of Object.values((document.paths ?? {}) as Node)) {
    for (const method of HTTP_METHODS) visit(((item as Node | undefined)?.[method] as Node | undefined)?.requestBody);
  }
  return reached;
}

/** Marks required the properties with a non-null default of `schema` and its inline schemas, not following references. */
function requireDefaults(node: unknown, seen = new Set<object>()): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((item) => requireDefaults(item, seen));
  const schema = node as Node;
  if (typeof schema.$ref === "string") return;
  const properties = schema.properties as Record<string, Node> | undefined;
  if (properties && typeof properties === "object") {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, property] of Object.entries(properties)) {
      if (property && typeof property === "object" && property.default !== undefined && property.default !== null) required.add(name);
    }
    if (required.size > 0) schema.required = [...required];
  }
  for (const [key, value] of Object.entries(schema)) if (!DATA.has(key)) requireDefaults(value, seen);
}

/** Keywords whose values are data, not schemas: an example may well have a `properties` key. */
const DATA = new Set(["example", "examples", "default", "enum", "const"]);

/** Edits `document` in place: see the top of this file. */
export function requireDefaultsOutsideRequests(document: Node): void {
  const inRequests = requestSchemas(document);
  const schemas = ((document.components as Node | undefined)?.schemas ?? {}) as Node;
  for (const [name, schema] of Object.entries(schemas)) if (!inRequests.has(name)) requireDefaults(schema);
  const responses = ((document.components as Node | undefined)?.responses ?? {}) as Node;
  requireDefaults(Object.values(responses));
  for (const item of Object.values((document.paths ?? {}) as Node)) {
    for (const method of HTTP_METHODS) requireDefaults(((item as Node | undefined)?.[method] as Node | undefined)?.responses);
  }
}
