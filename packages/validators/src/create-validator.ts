// Validators over compiled schemas. The success path is the compiled function and one
// object; issues are built only when a value fails.
import type { CompiledSchema } from "./compiled-schema.js";
import type { IssueCode } from "./issue-codes.js";
import { issuesFromAjvErrors } from "./issues.js";
import { jsonPath } from "./json-path.js";
import { messageFor } from "./messages.js";
import type { ValidationFailure, ValidationIssue, ValidationResult, Validator } from "./result.js";

export function createValidator<T>(compiled: CompiledSchema, schemaId: string): Validator<T> {
  const validate = (value: unknown): ValidationResult<T> => (compiled(value) ? { ok: true, value: value as T } : failure(compiled, value));
  const is = (value: unknown): value is T => compiled(value);
  return Object.assign(validate, { is, schemaId });
}

/**
 * A validator of a union discriminated by a property (OpenAPI `discriminator`): it runs
 * only the branch the property names, instead of every branch as anyOf does. The build
 * checks that each branch requires the property with its value, so the outcome is the
 * schema's. A value naming no branch fails on the property.
 */
export function createDiscriminatedValidator<T>(
  property: string,
  branches: Readonly<Record<string, CompiledSchema>>,
  schemaId: string,
): Validator<T> {
  const validate = (value: unknown): ValidationResult<T> => {
    const compiled = branchFor(branches, property, value);
    if (!compiled) return { ok: false, errors: unknownBranchIssues(property, Object.keys(branches), value) };
    return compiled(value) ? { ok: true, value: value as T } : failure(compiled, value);
  };
  const is = (value: unknown): value is T => branchFor(branches, property, value)?.(value) ?? false;
  return Object.assign(validate, { is, schemaId });
}

/** The compiled branch named by `value[property]`, if the value is an object that names one. */
export function branchFor(
  branches: Readonly<Record<string, CompiledSchema>>,
  property: string,
  value: unknown,
): CompiledSchema | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const tag = (value as Record<string, unknown>)[property];
  return typeof tag === "string" && Object.hasOwn(branches, tag) ? branches[tag] : undefined;
}

export function failure(compiled: CompiledSchema, value: unknown): ValidationFailure {
  return { ok: false, errors: issuesFromAjvErrors(compiled.errors ?? [], value) };
}

function unknownBranchIssues(property: string, known: readonly string[], value: unknown): ValidationIssue[] {
  const unknownIssue = (field: string, code: IssueCode, params: Record<string, unknown>) => ({
    field,
    code,
    message: messageFor(code, params),
  });
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return [unknownIssue("$", "type", { type: "object" })];
  }
  const field = jsonPath("", value, property);
  const tag = (value as Record<string, unknown>)[property];
  if (tag === undefined) return [unknownIssue(field, "required", {})];
  if (typeof tag !== "string") return [unknownIssue(field, "type", { type: "string" })];
  return [unknownIssue(field, "enum", { allowedValues: known })];
}
