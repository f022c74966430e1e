// The `message` of an issue. Built from the schema only (the keyword's parameters), never
// from the value: the value may be a secret or personal data, and the API's messages
// "contain no secrets or personal data" (Errors › Error body). The path is in `field`.
import type { IssueCode } from "./issue-codes.js";

const quote = (value: unknown) => JSON.stringify(value);
const COUNTED = { length: "characters", items: "items", properties: "properties" } as const;

function withArticle(type: string): string {
  if (type === "null") return "null";
  return `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

/** "a string", "a string or null", "an object, an array or null". */
export function describeTypes(types: readonly string[]): string {
  const words = types.map(withArticle);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "of another type");
}

export function messageFor(code: IssueCode, params: Record<string, unknown>): string {
  switch (code) {
    case "required":
      return "is required";
    case "type": {
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(",");
      return `must be ${describeTypes(types.map(String))}`;
    }
    case "format":
      return `must be a valid ${String(params.format)}`;
    case "pattern":
      return `must match the pattern ${String(params.pattern)}`;
    case "const":
      return `must be ${quote(params.allowedValue)}`;
    case "enum": {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return `must be one of ${allowed.map(quote).join(", ")}`;
    }
    case "maximum":
    case "minimum":
      return `must be ${String(params.comparison)} ${String(params.limit)}`;
    case "max_length":
    case "min_length":
    case "max_items":
    case "min_items":
    case "max_properties":
    case "min_properties": {
      const [bound, unit] = code.split("_") as ["max" | "min", "length" | "items" | "properties"];
      return `must have ${bound === "max" ? "at most" : "at least"} ${String(params.limit)} ${COUNTED[unit]}`;
    }
    case "unique_items":
      return "must not contain duplicate items";
    case "multiple_of":
      return `must be a multiple of ${String(params.multipleOf)}`;
    case "additional_property":
      return "is not allowed: this object has no such field";
    case "additional_item":
      return "is not allowed: this array has no more items";
    case "forbidden_property":
      return "must not be present";
    case "property_name":
      return "has a name that is not allowed";
    case "contains":
      return "does not contain the required items";
    case "any_of":
      return "does not match any of the allowed shapes";
    case "one_of":
      return "must match exactly one of the allowed shapes";
    case "not":
    case "not_allowed":
    case "invalid":
      return "is not allowed";
  }
}
