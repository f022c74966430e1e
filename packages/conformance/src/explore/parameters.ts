// Query parameters drawn from the document: for each parameter with bounds, values within
// them (fast-check draws the bounds themselves often) and past them (one below, one above, one
// not of its type), for a closed enum its members and a value it does not have, for a string
// with maxLength the longest and one longer. A list's `limit`
// takes its bounds from the pagination extension (Endpoints › General rules: 1 to 100). Each
// value says whether the document accepts it, so the answer it should get is known.
import type { Json } from "@signing-platform/contract/openapi";
import fc from "fast-check";
import type { Operation, Parameter } from "../contract.js";

export interface ParameterValue {
  name: string;
  /** As sent in the query. */
  value: string;
  valid: boolean;
  /** Why a value is refused: `above the maximum 100`. */
  why?: string;
}

/**
 * The query parameters drawn for `operation`: each within its bounds or left out, and in
 * one query of three, one of them past its bounds; null when a required parameter has no
 * value to draw (the operation is then not queried).
 */
export function queryArbitrary(operation: Operation, resolve: (schema: Json) => Json): fc.Arbitrary<ParameterValue[]> | null {
  const cursor = operation.extensions.pagination?.cursor_parameter;
  const drawn = operation.parameters
    .filter((parameter) => parameter.in === "query" && parameter.name !== cursor)
    .map((parameter) => ({ parameter, values: valuesOf(operation, parameter, resolve) }));
  if (drawn.some(({ parameter, values }) => parameter.required && values === null)) return null;
  const probed = drawn.filter(
    (entry): entry is { parameter: Parameter; values: NonNullable<typeof entry.values> } => entry.values !== null,
  );
  if (probed.length === 0) return fc.constant([]);
  const within = fc.tuple(
    ...probed.map(({ parameter, values }) => (parameter.required ? values.valid : fc.option(values.valid, { nil: undefined, freq: 3 }))),
  );
  const refused = probed.flatMap(({ values }) => values.refused);
  const past = refused.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, fc.constantFrom(...refused)) : fc.constant(null);
  return fc.tuple(within, past).map(([values, wrong]) => {
    const kept = values.filter((value): value is ParameterValue => value !== undefined && value.name !== wrong?.name);
    return wrong ? [...kept, wrong] : kept;
  });
}

/** Values at and past the bounds of one parameter; null for a parameter without bounds to probe. */
function valuesOf(
  operation: Operation,
  parameter: Parameter,
  resolve: (schema: Json) => Json,
): { valid: fc.Arbitrary<ParameterValue>; refused: ParameterValue[] } | null {
  const schema = resolve(parameter.schema);
  const pagination = operation.extensions.pagination;
  const name = parameter.name;
  const at = (value: unknown): ParameterValue => ({ name, value: String(value), valid: true });
  const past = (value: unknown, why: string): ParameterValue => ({ name, value: String(value), valid: false, why });
  const type = Array.isArray(schema.type) ? schema.type.find((candidate: string) => candidate !== "null") : schema.type;
  if (type === "integer" || type === "number") {
    const min = pagination?.limit_parameter === name ? pagination.limit_minimum : schema.minimum;
    const max = pagination?.limit_parameter === name ? pagination.limit_maximum : schema.maximum;
    if (typeof min !== "number" && typeof max !== "number") return null;
    const low = typeof min === "number" ? min : Math.max(0, (max as number) - 100);
    const high = typeof max === "number" ? max : low + 100;
    // fast-check draws the bounds and their neighbours often, and shrinks toward the least.
    const valid = fc.integer({ min: low, max: high }).map(at);
    const refused = [
      ...(typeof min === "number" ? [past(min - 1, `below the minimum ${min}`)] : []),
      ...(typeof max === "number" ? [past(max + 1, `above the maximum ${max}`)] : []),
      past("ten", `not ${type === "integer" ? "an integer" : "a number"}`),
      ...(type === "integer" ? [past(`${low}.5`, "not an integer")] : []),
    ];
    return { valid, refused };
  }
  if (type === "string" && Array.isArray(schema.enum) && schema.enum.length > 0) {
    return {
      valid: fc.constantFrom(...schema.enum).map(at),
      refused: [past("conformance_unknown_value", "a value the enum does not have")],
    };
  }
  if (type === "string" && typeof schema.maxLength === "number" && schema.maxLength <= 2048 && !schema.pattern && !schema.format) {
    return {
      valid: fc.constant(at("x".repeat(schema.maxLength))),
      refused: [past("x".repeat(schema.maxLength + 1), `longer than maxLength ${schema.maxLength}`)],
    };
  }
  return null;
}

/** The query string of the values, `?limit=3&cursor=…`, or "" for none. */
export function queryString(values: ReadonlyArray<{ name: string; value: string }>): string {
  const search = new URLSearchParams(values.map(({ name, value }) => [name, value]));
  return search.size > 0 ? `?${search}` : "";
}
