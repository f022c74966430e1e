// Every `$ref` a document writes, with where it writes it, for the readers that check them all
// before reading through any (the loader, a server given a document). A `$ref` inside example
// or default data is data, not a reference: an example may be any JSON, an OpenAPI document
// included, so those are passed over.
import { appendPointer } from "./json-pointer.js";

/** Keywords whose value is data, not OpenAPI. */
const LITERAL_KEYWORDS = new Set(["example", "default", "const", "enum"]);
/** Keys whose value maps names to objects: there, `example` or `default` is a name. */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "schemas",
  "responses",
  "parameters",
  "examples",
  "requestBodies",
  "headers",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "paths",
  "webhooks",
  "content",
  "encoding",
  "variables",
  "mapping",
]);

/** One `$ref` of a document. */
export interface RefAt {
  /** The `$ref` as written: `#/components/schemas/Certificate`, `schemas/certificate.yaml`. */
  readonly ref: string;
  /** The pointer of the `$ref` field itself, in the form of the pointer the walk started from: `#/paths/~1certificates/get/parameters/0/$ref`. */
  readonly at: string;
}

function* refsUnder(value: unknown, pointer: string, key: string, parentKey: string): Generator<RefAt> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* refsUnder(item, appendPointer(pointer, index), String(index), key);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [childKey, child] of Object.entries(value)) {
    const at = appendPointer(pointer, childKey);
    if (childKey === "$ref" && typeof child === "string") yield { ref: child, at };
    else if (NAME_MAPS.has(key)) yield* refsUnder(child, at, childKey, key);
    else if (LITERAL_KEYWORDS.has(childKey) || (childKey === "examples" && Array.isArray(child))) continue;
    else if (childKey === "value" && parentKey === "examples") continue;
    else yield* refsUnder(child, at, childKey, key);
  }
}

/**
 * Every `$ref` under `value`, in document order, with the pointer of the `$ref` field (from
 * `pointer`, `#` by default); not those inside example or default data (`example`, `default`,
 * `const`, `enum`, a schema's `examples` list, an Example Object's `value`).
 * @example
 * ```ts
 * import { refsIn } from "@signing-platform/contract/openapi";
 *
 * const document = { components: { schemas: { Page: { properties: { items: { $ref: "#/components/schemas/Item" } }, example: { $ref: "data" } } } } };
 * [...refsIn(document)]; // [{ ref: "#/components/schemas/Item", at: "#/components/schemas/Page/properties/items/$ref" }]
 * ```
 */
export function refsIn(value: unknown, pointer = "#"): Generator<RefAt> {
  return refsUnder(value, pointer, "", "");
}
