// The objects of an OpenAPI document as YAML or JSON parses them. The document has no schema
// the readers could lean on (any field may hold anything), so an object is a record of any
// value, and every reader tests what it reads.

/** A JSON object of an OpenAPI document: an operation, a schema, a path item, the document itself. */
export type Json = Record<string, any>;

/**
 * Whether `value` is a JSON object: not null, not an array.
 * @example
 * ```ts
 * import { isJsonObject } from "@signing-platform/contract/openapi";
 *
 * isJsonObject({ openapi: "3.1.0" }); // true
 * isJsonObject([]); // false
 * ```
 */
export function isJsonObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
