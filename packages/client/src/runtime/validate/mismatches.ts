// ajv's errors as the mismatches an InvalidResponseError names: a JSON path from the body's
// root (`$.items[0].id`) and the rule broken (`type`, `required`, `enum`, `const`, `anyOf`,
// `oneOf`), each with a message made from the schema alone, never from the value, which may be
// personal data. The Python runtime's _validate.py gives the same list for the same body.

/** One error of a compiled schema, compiled with `jsPropertySyntax` (ajv's ErrorObject, as used here). */
export interface AjvError {
  /** Where the value is, as JavaScript writes a property access: `.items[0].id`, `""` for the root. */
  instancePath: string;
  /** The keyword that failed. */
  keyword: string;
  /** The keyword's details: `missingProperty` of `required`, `type` of `type`. */
  params: Record<string, unknown>;
}

/** One way a body does not match its schema: where, which rule, and what the rule asks. */
export interface Mismatch {
  /** A JSON path from the body's root: `$`, `$.items[0].id`, `$["content-type"]`. */
  path: string;
  /** The JSON Schema keyword broken. */
  rule: string;
  /** What the rule asks for, from the schema only. */
  message: string;
}

// ajv's own test of a name it writes as `.name` (its codegen's IDENTIFIER); any other name is `["name"]`.
const IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;

/** `.name`, or `["name"]` for a name that is not an identifier, as ajv writes a property. */
export const memberPath = (name: string): string => (IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

function messageOf(error: AjvError): string {
  switch (error.keyword) {
    case "type": {
      const types = Array.isArray(error.params.type) ? error.params.type.map(String) : String(error.params.type).split(",");
      return `must be ${types.join(" or ")}`;
    }
    case "required":
      return "is required";
    case "enum":
      return "must be one of the allowed values";
    case "const":
      return "must be the allowed value";
    case "anyOf":
      return "must match one of its schemas";
    case "oneOf":
      return "must match exactly one of its schemas";
    default:
      return `must satisfy ${error.keyword}`;
  }
}

/**
 * The mismatches of ajv's errors, in ajv's order. A failed anyOf is what each of its branches
 * found, then the anyOf itself: which branch the API meant is not for the client to guess.
 */
export function mismatchesOf(errors: readonly AjvError[]): Mismatch[] {
  return errors.map((error) => ({
    path: `$${error.instancePath}${error.keyword === "required" ? memberPath(String(error.params.missingProperty)) : ""}`,
    rule: error.keyword,
    message: messageOf(error),
  }));
}
