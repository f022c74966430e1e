// Path and query parameters, checked and coerced by the schema the spec gives each
// (`limit`: integer 1–100, default 25, docs/decisions.md#cursor-pagination). A failure is a detail naming the
// parameter, with the same codes the body validators use (`type`, `minimum`, …).
import type { ErrorDetail } from "@signing-platform/types";
import type { ParameterDescriptor, ParameterSchema } from "../router/operation-descriptor.js";

export interface ParsedParameters {
  values: Record<string, unknown>;
  details: ErrorDetail[];
}

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseParameters(
  parameters: readonly ParameterDescriptor[],
  location: "path" | "query",
  raw: Readonly<Record<string, unknown>>,
): ParsedParameters {
  const values: Record<string, unknown> = {};
  const details: ErrorDetail[] = [];
  for (const parameter of parameters) {
    if (parameter.in !== location) continue;
    const given = raw[parameter.name];
    // Only an absent parameter takes its default: `limit=` or `cursor=` is a value, and a bad one.
    if (given === undefined) {
      if (parameter.required) details.push({ field: parameter.name, code: "required", message: "is required" });
      else if (parameter.schema.default !== undefined) values[parameter.name] = parameter.schema.default;
      continue;
    }
    if (typeof given !== "string") {
      details.push({ field: parameter.name, code: "type", message: "must be given once" });
      continue;
    }
    const result = coerce(given, parameter.schema);
    if ("detail" in result) details.push({ field: parameter.name, ...result.detail });
    else values[parameter.name] = result.value;
  }
  return { values, details };
}

type Coerced = { value: unknown } | { detail: Omit<ErrorDetail, "field"> };

function coerce(text: string, schema: ParameterSchema): Coerced {
  switch (schema.type) {
    case "integer":
      return INTEGER.test(text) ? checkNumber(Number(text), schema) : { detail: { code: "type", message: "must be an integer" } };
    case "number":
      return NUMBER.test(text) ? checkNumber(Number(text), schema) : { detail: { code: "type", message: "must be a number" } };
    case "boolean":
      return text === "true" || text === "false"
        ? { value: text === "true" }
        : { detail: { code: "type", message: "must be true or false" } };
    default:
      return checkString(text, schema);
  }
}

function checkNumber(value: number, schema: ParameterSchema): Coerced {
  if (schema.minimum !== undefined && value < schema.minimum) {
    return { detail: { code: "minimum", message: `must be >= ${schema.minimum}` } };
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    return { detail: { code: "maximum", message: `must be <= ${schema.maximum}` } };
  }
  return { value };
}

function checkString(value: string, schema: ParameterSchema): Coerced {
  if (schema.minLength !== undefined && value.length < schema.minLength) {
    return { detail: { code: "min_length", message: `must have at least ${schema.minLength} characters` } };
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    return { detail: { code: "max_length", message: `must have at most ${schema.maxLength} characters` } };
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
    return { detail: { code: "pattern", message: `must match the pattern ${schema.pattern}` } };
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    return { detail: { code: "enum", message: `must be one of ${schema.enum.map((item) => JSON.stringify(item)).join(", ")}` } };
  }
  return { value };
}
