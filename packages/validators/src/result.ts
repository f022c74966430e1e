// What a validator returns. The failure mirrors the API's own error details
// (Errors › Error body: `details[]` of `{ field, code, message }`), so a server can put
// `errors` into a 400 response as they are.
import type { IssueCode } from "./issue-codes.js";

/** One problem with a value. */
export interface ValidationIssue {
  /** JSONPath to the offending value: `$` is the value, then `.name`, `['other name']`, `[0]`. */
  field: string;
  /** Machine-stable code: `required`, `type`, `format`, `pattern`, `enum`, `const`, `additional_property`, … */
  code: IssueCode;
  /** Human-readable text. Never contains the offending value. */
  message: string;
}

/** What a validator returns for a valid value: the value, narrowed to its type. */
export interface ValidationSuccess<T> {
  /** True: the value is valid. */
  ok: true;
  /** The validated value itself (not a copy), narrowed to its type. */
  value: T;
}

/** What a validator returns for an invalid value: every issue found. */
export interface ValidationFailure {
  /** False: the value is not valid. */
  ok: false;
  /** At least one issue; each names a different field or problem. */
  errors: ValidationIssue[];
}

/** What a validator returns: the valid value, or every issue found. */
export type ValidationResult<T> = ValidationSuccess<T> | ValidationFailure;

/** A validator of one schema: callable for a result, with a type guard and the schema's `$id`. */
export interface Validator<T> {
  /** Validates a value (parsed JSON): the value narrowed to `T`, or every issue found. */
  (value: unknown): ValidationResult<T>;
  /** Type guard: true when the value is valid. Does not build issues, so it is the fastest check. */
  is(value: unknown): value is T;
  /** `$id` of the JSON Schema (generated/json-schema/) the validator checks. */
  readonly schemaId: string;
}
