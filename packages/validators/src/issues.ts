// ajv errors → issues `{ field, code, message }`. Most errors map one to one (issue-codes,
// json-path, messages); three are rewritten so that each issue names the real problem once:
//   - a failed anyOf/oneOf: ajv reports every branch's errors, then the union. The issue is
//     the one the value is closest to: the errors of the first branch whose type the value
//     has (`next: "nope"` → format of the URL), or, when it has none of their types, one
//     `type` issue naming them all (`cursor: 5` → "must be a string or null").
//   - `not: {}` under unevaluatedProperties/additionalProperties, the closed shapes of the
//     document: `additional_property` at the extra property.
//   - `not: {required: [name]}`: `forbidden_property` at that property — `client_secret`
//     in an event's `data.object` (Resources › Event: "without client_secret").
import type { AjvError } from "./compiled-schema.js";
import { issueCodeOf, type IssueCode } from "./issue-codes.js";
import { jsonPath } from "./json-path.js";
import { describeTypes, messageFor } from "./messages.js";
import type { ValidationIssue } from "./result.js";

const UNION_KEYWORDS: ReadonlySet<string> = new Set(["anyOf", "oneOf"]);
const CLOSED_SHAPE = /\/(unevaluatedProperties|additionalProperties)\/not$/;

/**
 * The issues of this package (JSONPath field, stable code, a message without the value) for ajv errors of a schema compiled elsewhere, such as a Fastify route's; `root` is the value that was validated.
 * @example
 * ```ts
 * import { Ajv } from "ajv";
 * import { issuesFromAjvErrors, type AjvError } from "@signing-platform/validators";
 *
 * const ajv = new Ajv({ allErrors: true, verbose: true });
 * const validate = ajv.compile({ type: "object", required: ["id"] });
 * const value = {};
 * if (!validate(value)) console.log(issuesFromAjvErrors(validate.errors as AjvError[], value));
 * ```
 */
export function issuesFromAjvErrors(errors: readonly AjvError[], root: unknown): ValidationIssue[] {
  const seen = new Set<string>();
  return convert(errors, root).filter((issue) => {
    const key = `${issue.field}\u0000${issue.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function convert(errors: readonly AjvError[], root: unknown): ValidationIssue[] {
  const unions = errors.filter((error) => UNION_KEYWORDS.has(error.keyword));
  return errors.flatMap((error) => {
    if (unions.some((union) => isBranchError(error, union))) return [];
    return UNION_KEYWORDS.has(error.keyword) ? unionIssues(error, errors, root) : [issueOf(error, root)];
  });
}

/** Whether `error` was raised inside one of the branches of `union`, at or below its value. */
function isBranchError(error: AjvError, union: AjvError): boolean {
  return (
    error !== union &&
    error.schemaPath.startsWith(`${union.schemaPath}/`) &&
    (error.instancePath === union.instancePath || error.instancePath.startsWith(`${union.instancePath}/`))
  );
}

function unionIssues(union: AjvError, errors: readonly AjvError[], root: unknown): ValidationIssue[] {
  const branches = new Map<string, AjvError[]>();
  for (const error of errors) {
    if (!isBranchError(error, union)) continue;
    const index = error.schemaPath.slice(union.schemaPath.length + 1).split("/")[0] ?? "";
    branches.set(index, [...(branches.get(index) ?? []), error]);
  }
  const branchCount = Array.isArray(union.schema) ? union.schema.length : -1;
  // A branch without errors of its own (a oneOf matching twice, or a branch behind a $ref,
  // whose errors carry the referenced schema's path) leaves nothing to choose from.
  if (branches.size === 0 || branches.size !== branchCount) return [issue(union, jsonPath(union.instancePath, root))];
  const isWrongType = (error: AjvError) => error.keyword === "type" && error.instancePath === union.instancePath;
  const groups = [...branches.values()];
  const closest = groups.find((group) => !group.some(isWrongType));
  if (closest) return convert(closest, root);
  const types = [...new Set(groups.flatMap((group) => group.filter(isWrongType).flatMap((error) => typesOf(error))))];
  return [{ field: jsonPath(union.instancePath, root), code: "type", message: `must be ${describeTypes(types)}` }];
}

function typesOf(error: AjvError): string[] {
  const { type } = error.params;
  return Array.isArray(type) ? type.map(String) : String(type).split(",");
}

function issueOf(error: AjvError, root: unknown): ValidationIssue {
  const { keyword, params, instancePath } = error;
  switch (keyword) {
    case "required":
    case "dependentRequired":
      return issue(error, jsonPath(instancePath, root, String(params.missingProperty)));
    case "additionalProperties":
      return issue(error, jsonPath(instancePath, root, String(params.additionalProperty)));
    case "unevaluatedProperties":
      return issue(error, jsonPath(instancePath, root, String(params.unevaluatedProperty)));
    case "propertyNames":
      return issue(error, jsonPath(instancePath, root, String(params.propertyName)));
    case "not": {
      if (CLOSED_SHAPE.test(error.schemaPath)) return issue(error, jsonPath(instancePath, root), "additional_property");
      const forbidden = forbiddenPropertyOf(error.schema);
      if (forbidden !== undefined) return issue(error, jsonPath(instancePath, root, forbidden), "forbidden_property");
      return issue(error, jsonPath(instancePath, root));
    }
    default:
      return issue(error, jsonPath(instancePath, root));
  }
}

/** `name` when a `not` schema is `{required: [name], …}`: the property must be absent. */
function forbiddenPropertyOf(notSchema: unknown): string | undefined {
  const required = (notSchema as { required?: unknown } | null)?.required;
  return Array.isArray(required) && required.length === 1 ? String(required[0]) : undefined;
}

function issue(error: AjvError, field: string, code: IssueCode = issueCodeOf(error.keyword)): ValidationIssue {
  return { field, code, message: messageFor(code, error.params) };
}
