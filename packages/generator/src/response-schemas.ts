// The schemas of each operation's JSON success bodies, as both SDKs check them under
// `validateResponses` (TypeScript: the runtime's validate/, with ajv; Python: _validate.py),
// trimmed here, once, to the keywords both check, so that the two reject the same bodies:
// type, properties, required, items, enum, const, anyOf and allOf, and `$ref` to the component
// schemas, of which only those the responses reach are kept. What is left out makes the check
// looser than the document, never stricter:
//   - a property the schema does not list is allowed (additionalProperties is not read): an API
//     adds fields without breaking its clients (docs/decisions.md#other-additions);
//   - oneOf is read as anyOf: with open shapes two branches may both match a body the API
//     means as one of them, which oneOf would refuse;
//   - formats, patterns and bounds are not checked: each would be a rule of its own in the
//     Python runtime, and a pattern reads differently in ECMAScript's and Python's regular
//     expressions, so the two would not reject the same bodies;
//   - a writeOnly property is neither listed nor required: a response never carries it.
// OpenAPI 3.0's `nullable: true` becomes a `"null"` type (or an anyOf with one), as 3.1 writes it.
import type { ResponseSchema, ResponseSchemas } from "@signing-platform/client";
import { encodeUriFragment, isJsonObject, resolveRef, type Json } from "@signing-platform/contract/openapi";
import { componentName } from "./document-refs.js";
import type { OpenApiDocument } from "./load-document.js";
import { isJsonMedia } from "./wire-model.js";

type Schema = Record<string, unknown>;

/** The operations whose bodies are checked: path, lower-case method and the operation object. */
export interface CheckedOperation {
  path: string;
  method: string;
  operation: Json;
}

const UNIONS = ["anyOf", "oneOf", "allOf"] as const;
const JSON_TYPES: ReadonlySet<unknown> = new Set(["null", "boolean", "object", "array", "number", "integer", "string"]);

class Trimmer {
  readonly reached = new Set<string>();
  /** The `$ref`s being inlined, outermost first: one met again is a cycle, checked as `{}`. */
  private readonly inlining: string[] = [];

  constructor(
    private readonly document: OpenApiDocument,
    /** OpenAPI 3.1 and 3.2: a `$ref`'s sibling keywords apply too; in 3.0 they are ignored. */
    private readonly siblingsApply: boolean,
  ) {}

  schema(node: unknown): Schema {
    if (!isJsonObject(node)) return {};
    const out: Schema = {};
    if (typeof node.$ref === "string") {
      const name = componentName(node.$ref);
      if (name !== undefined) {
        this.reached.add(name);
        out.$ref = encodeUriFragment(["components", "schemas", name]);
      } else if (!this.inlining.includes(node.$ref)) {
        this.inlining.push(node.$ref);
        Object.assign(out, this.schema(resolveRef(this.document, node, "schema")));
        this.inlining.pop();
      }
      if (!this.siblingsApply) return nullable(node, out);
    }
    // Only JSON's types: ajv refuses to compile another (Swagger's `file`), and leaving it out is looser.
    const types = [...new Set((Array.isArray(node.type) ? node.type : [node.type]).filter((type) => JSON_TYPES.has(type)))];
    if (types.length > 0) out.type = Array.isArray(node.type) ? types : types[0];
    // An empty enum allows nothing, which no API means; ajv refuses to compile one.
    if (Array.isArray(node.enum) && node.enum.length > 0) out.enum = node.enum;
    if ("const" in node) out.const = node.const;
    if (isJsonObject(node.properties)) {
      const writeOnly = new Set(
        Object.entries(node.properties)
          .filter(([, property]) => resolveRef(this.document, property, "schema")?.writeOnly === true)
          .map(([name]) => name),
      );
      out.properties = Object.fromEntries(
        Object.entries(node.properties)
          .filter(([name]) => !writeOnly.has(name))
          .map(([name, property]) => [name, this.schema(property)]),
      );
      if (Array.isArray(node.required)) {
        const required = node.required.filter((name): name is string => typeof name === "string" && !writeOnly.has(name));
        if (required.length > 0) out.required = required;
      }
    } else if (Array.isArray(node.required)) {
      const required = node.required.filter((name): name is string => typeof name === "string");
      if (required.length > 0) out.required = required;
    }
    if (isJsonObject(node.items)) out.items = this.schema(node.items);
    const [anyOf, oneOf, allOf] = UNIONS.map((union) =>
      Array.isArray(node[union]) && node[union].length > 0 ? (node[union] as unknown[]).map((branch) => this.schema(branch)) : undefined,
    );
    if (anyOf) out.anyOf = anyOf;
    // Beside an anyOf, a oneOf is a second condition: one of the allOf.
    if (oneOf && anyOf) out.allOf = [{ anyOf: oneOf }];
    else if (oneOf) out.anyOf = oneOf;
    if (allOf) out.allOf = [...((out.allOf as Schema[] | undefined) ?? []), ...allOf];
    return nullable(node, out);
  }
}

/** `nullable: true` of OpenAPI 3.0 as 3.1 writes it: `"null"` among the types, else an anyOf with it. */
function nullable(node: Json, out: Schema): Schema {
  if (node.nullable !== true) return out;
  if (out.$ref !== undefined || out.anyOf !== undefined || out.allOf !== undefined || out.type === undefined)
    return { anyOf: [{ type: "null" }, out] };
  const types = Array.isArray(out.type) ? out.type : [out.type];
  const withNull: Schema = { ...out, type: types.includes("null") ? types : [...types, "null"] };
  if (Array.isArray(out.enum) && !out.enum.includes(null)) withNull.enum = [...out.enum, null];
  return withNull;
}

/** The JSON schema of each 2xx response of `operation`, by status (`200`, `2XX`). */
function successSchemas(document: OpenApiDocument, operation: Json, where: string): Array<[string, unknown]> {
  const responses = isJsonObject(operation.responses) ? operation.responses : {};
  return Object.keys(responses)
    .filter((status) => /^2(\d\d|XX)$/i.test(status))
    .flatMap((status): Array<[string, unknown]> => {
      const content = resolveRef(document, responses[status], `${where} › responses › ${status}`)?.content;
      if (!isJsonObject(content)) return [];
      const media = Object.keys(content).find(isJsonMedia);
      const schema = media === undefined ? undefined : (content[media] as Json | undefined)?.schema;
      return schema === undefined ? [] : [[status.toUpperCase(), schema]];
    });
}

/** The schemas `validateResponses` checks each operation's success bodies against, and the components they reach. */
export function responseSchemasOf(document: OpenApiDocument, operations: readonly CheckedOperation[]): ResponseSchemas {
  const trimmer = new Trimmer(document, !document.openapi.startsWith("3.0"));
  const responses: Record<string, Record<string, Record<string, ResponseSchema>>> = {};
  for (const { path, method, operation } of operations) {
    for (const [status, schema] of successSchemas(document, operation, `${method.toUpperCase()} ${path}`))
      ((responses[path] ??= {})[method] ??= {})[status] = trimmer.schema(schema);
  }
  const declared = isJsonObject(document.components) && isJsonObject(document.components.schemas) ? document.components.schemas : {};
  const schemas: Record<string, ResponseSchema> = {};
  // Each component reached is trimmed once; trimming one may reach more.
  for (let added = true; added; ) {
    added = false;
    for (const name of [...trimmer.reached].sort())
      if (!Object.hasOwn(schemas, name)) {
        schemas[name] = trimmer.schema(declared[name]);
        added = true;
      }
  }
  return { components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))) }, responses };
}
