// The JSON the engine reads: the objects of an OpenAPI document as parsed from YAML or JSON,
// with no schema of their own, and the test that a value is one of them.

/** A JSON object of an OpenAPI document. */
export type Json = Record<string, any>;

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
