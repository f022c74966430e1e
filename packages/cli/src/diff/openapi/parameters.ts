// The parameters of one operation in both versions: matched by where they go and their name
// (header names without regard to case, path parameters by their place in the path, so that
// renaming `{id}` to `{certificate_id}` changes nothing a client sends).
import type { Json } from "@signing-platform/rules/openapi";
import { parametersOf, type OperationAt, type ParameterAt } from "../document-walk.js";
import type { Comparison } from "./finding.js";
import { compareSchemas } from "./schemas.js";
import {
  deprecationProblem,
  judgeDeprecation,
  judgeRemoval,
  judgeSunsetChange,
  removalReason,
  sunsetChangeProblem,
  type Period,
} from "./sunset.js";

function keyed(document: Json, at: OperationAt, path: string): Map<string, ParameterAt> {
  const slots = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  return new Map(
    parametersOf(document, at).map((item) => {
      const { name, in: where } = item.parameter;
      const id =
        where === "path" ? `path #${slots.indexOf(String(name))}` : `${where} ${where === "header" ? String(name).toLowerCase() : name}`;
      return [id, item] as const;
    }),
  );
}

const describe = (parameter: Json) => `${parameter.in} parameter \`${parameter.name}\``;

/** A parameter deprecated now, or whose x-sunset changed while deprecated: the notice it gives (oasdiff's request-parameter-… checks). */
function compareDeprecation(comparison: Comparison, operation: string, old: ParameterAt, next: ParameterAt, period: Period): void {
  const [was, now] = [old.parameter, next.parameter];
  const sunsetAt = (item: ParameterAt) => (item.parameter["x-sunset"] !== undefined ? `${item.pointer}/x-sunset` : item.pointer);
  const what = `${operation}: the ${describe(now)}`;
  if (now.deprecated !== true) return;
  if (was.deprecated !== true) {
    const verdict = judgeDeprecation(now, period, comparison.today);
    if (verdict.kind === "announced") return;
    const id = {
      "sunset-missing": "request-parameter-deprecated-sunset-missing",
      "not-a-date": "request-parameter-sunset-parse",
      "too-soon": "request-parameter-sunset-date-too-small",
    }[verdict.kind];
    comparison.report({
      id,
      operation,
      message: `${what} is now deprecated ${deprecationProblem(verdict, period)}.`,
      base: old.pointer,
      head: sunsetAt(next),
    });
    return;
  }
  const change = judgeSunsetChange(was, now, period, comparison.today);
  if (change.kind === "kept") return;
  const id = {
    deleted: "request-parameter-sunset-deleted",
    "not-a-date": "request-parameter-sunset-parse",
    "too-soon": "request-parameter-sunset-date-changed-too-small",
  }[change.kind];
  comparison.report({
    id,
    operation,
    message: `${what} is deprecated, but ${sunsetChangeProblem(change, period)}.`,
    base: sunsetAt(old),
    head: sunsetAt(next),
  });
}

export function compareParameters(
  comparison: Comparison,
  operation: string,
  was: { at: OperationAt; path: string },
  now: { at: OperationAt; path: string },
  done: Set<string>,
  period: Period | undefined,
): void {
  const before = keyed(comparison.base, was.at, was.path);
  const after = keyed(comparison.head, now.at, now.path);
  for (const [id, old] of before) {
    const next = after.get(id);
    if (!next) {
      const removal = judgeRemoval(old.parameter, comparison.today);
      const suffix = removal.kind === "before-sunset" ? "-before-sunset" : removal.kind === "after-sunset" ? "-with-deprecation" : "";
      const why = removalReason(removal);
      comparison.report({
        id: `request-parameter-removed${suffix}`,
        operation,
        message: `${operation}: the ${describe(old.parameter)} was removed${why}.`,
        base: old.pointer,
      });
      continue;
    }
    if (period) compareDeprecation(comparison, operation, old, next, period);
    const [wasRequired, isRequired] = [old.parameter.required === true, next.parameter.required === true];
    if (wasRequired !== isRequired) {
      comparison.report({
        id: `request-parameter-became-${isRequired ? "required" : "optional"}`,
        operation,
        message: `${operation}: the ${describe(next.parameter)} became ${isRequired ? "required" : "optional"}.`,
        base: old.pointer,
        head: next.pointer,
      });
    }
    const scope = {
      comparison,
      operation,
      place: "request-parameter" as const,
      where: `${operation} › ${describe(next.parameter)}`,
      done,
      period,
    };
    compareSchemas(scope, old.parameter.schema, `${old.pointer}/schema`, next.parameter.schema, `${next.pointer}/schema`);
  }
  for (const [id, added] of after) {
    if (before.has(id)) continue;
    const required = added.parameter.required === true;
    comparison.report({
      id: required ? "new-required-request-parameter" : "new-optional-request-parameter",
      operation,
      message: `${operation}: ${required ? "a required" : "an optional"} ${describe(added.parameter)} was added.`,
      head: added.pointer,
    });
  }
}
