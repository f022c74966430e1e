// The `code` of a validation issue: a machine-stable snake_case name for what failed, like
// the API's own detail codes (Errors › Error body: "machine-stable detail code, for example
// required"). Mapped from ajv's keywords here, so that an ajv upgrade that renames a
// keyword changes this table and not the users' code.
/** The issue code of each ajv keyword: the machine-stable `code` of a validation issue, such as `required` or `additional_property`. */
export const ISSUE_CODE_BY_KEYWORD = {
  required: "required",
  dependentRequired: "required",
  type: "type",
  format: "format",
  pattern: "pattern",
  enum: "enum",
  const: "const",
  maximum: "maximum",
  exclusiveMaximum: "maximum",
  minimum: "minimum",
  exclusiveMinimum: "minimum",
  maxLength: "max_length",
  minLength: "min_length",
  maxItems: "max_items",
  minItems: "min_items",
  uniqueItems: "unique_items",
  maxProperties: "max_properties",
  minProperties: "min_properties",
  multipleOf: "multiple_of",
  additionalProperties: "additional_property",
  unevaluatedProperties: "additional_property",
  additionalItems: "additional_item",
  unevaluatedItems: "additional_item",
  propertyNames: "property_name",
  contains: "contains",
  minContains: "contains",
  maxContains: "contains",
  anyOf: "any_of",
  oneOf: "one_of",
  not: "not",
  "false schema": "not_allowed",
} as const;

/**
 * Every code an issue can have. Beyond the keyword table: `forbidden_property`, a property
 * the schema says must be absent (`client_secret` in an event's `data.object`), and
 * `invalid`, for a keyword this table does not know.
 */
export type IssueCode = (typeof ISSUE_CODE_BY_KEYWORD)[keyof typeof ISSUE_CODE_BY_KEYWORD] | "forbidden_property" | "invalid";

export function issueCodeOf(keyword: string): IssueCode {
  return Object.hasOwn(ISSUE_CODE_BY_KEYWORD, keyword) ? ISSUE_CODE_BY_KEYWORD[keyword as keyof typeof ISSUE_CODE_BY_KEYWORD] : "invalid";
}
