// A schema compiled by ajv, as this package uses it. Declared here rather than imported
// from ajv: ajv is bundled into the compiled module at build time, so users never install it.

/** One error of a compiled schema (ajv's ErrorObject, compiled with `verbose`). */
export interface AjvError {
  /** JSON Pointer to the value that failed, `""` for the root. */
  instancePath: string;
  /** Where in the schema the failing keyword is. */
  schemaPath: string;
  /** The JSON Schema keyword that failed, such as `required`. */
  keyword: string;
  /** The keyword's details, such as `missingProperty` for `required`. */
  params: Record<string, unknown>;
  /** The value of the failing keyword in the schema. */
  schema?: unknown;
}

export interface CompiledSchema {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
