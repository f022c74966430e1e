// The parameters of one operation in both versions: matched by where they go and their name
// (header names without regard to case, path parameters by their place in the path, so that
// renaming `{id}` to `{certificate_id}` changes nothing a client sends).
import type { CheckId } from "../checks/index.js";
import { isJsonObject as isObject, type Json, resolvePointer } from "@signing-platform/contract/openapi";
import { follow, parametersOf, type OperationAt, type ParameterAt } from "../document-walk.js";
import type { RawFinding } from "../change.js";
import type { Comparison } from "./finding.js";
import type { Period } from "./deprecation-period.js";
import { compareSchemas } from "./schemas.js";
import {
  judgeDeprecation,
  judgeRemoval,
  removalReason,
  reportDeprecationProblem,
  reportSunsetChange,
  reportUnreadableSunsetRemoval,
  sunsetPointer,
  type Removal,
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

/**
 * A parameter deprecated now, no longer, or whose x-sunset changed while deprecated: the notice
 * it gives (oasdiff's request-parameter-… checks). With no period (an invalid stability level) a
 * new deprecation is not judged, as in oasdiff.
 */
function compareDeprecation(
  comparison: Comparison,
  operation: string,
  old: ParameterAt,
  next: ParameterAt,
  period: Period | undefined,
): void {
  const [was, now] = [old.parameter, next.parameter];
  const sunsetAt = (item: ParameterAt) => sunsetPointer(item.parameter, item.pointer);
  const what = `${operation}: the ${describe(now)}`;
  if (now.deprecated !== true) {
    if (was.deprecated === true)
      comparison.report({
        id: "request-parameter-reactivated",
        operation,
        message: `${what} is no longer deprecated.`,
        base: old.pointer,
        head: next.pointer,
      });
    return;
  }
  if (!period) return;
  if (was.deprecated !== true) {
    const verdict = judgeDeprecation(now, period, comparison.today);
    if (verdict.kind === "announced") {
      comparison.report({
        id: "request-parameter-deprecated",
        operation,
        message: `${what} is now deprecated${verdict.sunset ? ` (x-sunset ${verdict.sunset})` : ""}.`,
        base: old.pointer,
        head: sunsetAt(next),
      });
      return;
    }
    const ids = {
      "sunset-missing": "request-parameter-deprecated-sunset-missing",
      "not-a-date": "request-parameter-sunset-parse",
      "too-soon": "request-parameter-sunset-date-too-small",
    } as const;
    reportDeprecationProblem(comparison, ids, { operation, what, base: old.pointer, head: sunsetAt(next) }, verdict, period);
    return;
  }
  const ids = {
    deleted: "request-parameter-sunset-deleted",
    "not-a-date": "request-parameter-sunset-parse",
    "was-not-a-date": "request-parameter-sunset-parse",
    "too-soon": "request-parameter-sunset-date-changed-too-small",
  } as const;
  reportSunsetChange(comparison, ids, { operation, what, base: sunsetAt(old), head: sunsetAt(next) }, was, now, period);
}

/** A query or cookie parameter serialised as form fields, exploded (their default): one value is also a one-item array. */
function isFormExploded(parameter: Json): boolean {
  if (parameter.in !== "query" && parameter.in !== "cookie") return false;
  const style = parameter.style ?? "form";
  return style === "form" && (parameter.explode ?? true) === true;
}

/** Property checks oasdiff names after the object parameter they are found in (its request-parameter-property-… and request-header-property-… ids). */
const PARAMETER_PROPERTY_IDS: Partial<Record<CheckId, CheckId>> = {
  "request-property-type-generalized": "request-parameter-property-type-generalized",
  "request-property-became-nullable": "request-parameter-property-became-nullable",
  "request-property-became-not-nullable": "request-parameter-property-became-not-nullable",
  "request-property-enum-value-added": "request-parameter-property-enum-value-added",
  "request-property-enum-value-removed": "request-parameter-property-enum-value-removed",
  "request-property-list-of-types-widened": "request-parameter-property-list-of-types-widened",
  "request-property-list-of-types-narrowed": "request-parameter-property-list-of-types-narrowed",
};
const HEADER_PROPERTY_IDS: Partial<Record<CheckId, CheckId>> = {
  "request-property-became-enum": "request-header-property-became-enum",
  "request-property-became-required": "request-header-property-became-required",
  "new-required-request-property": "new-required-request-header-property",
};

/**
 * The type of a property of an object parameter, as oasdiff judges it: the object may be sent as
 * JSON (`filters={"id":1}`), where types are strict, or as form fields (`filters[id]=1`), where
 * every value is text and a string property takes any. Breaking read either way is
 * `…-type-specialized`; breaking only as JSON is `…-type-changed`, a warning.
 */
function propertyTypeId(comparison: Comparison, finding: RawFinding): CheckId {
  const node =
    finding.head === undefined ? undefined : follow(comparison.head, resolvePointer(comparison.head, finding.head), finding.head)?.node;
  const type = isObject(node) ? node.type : undefined;
  const takesText = type === "string" || (Array.isArray(type) && type.includes("string"));
  return takesText ? "request-parameter-property-type-changed" : "request-parameter-property-type-specialized";
}

/** The id of a finding in the schema of a parameter `in` the given place: a property's checks are named after the parameter. */
const parameterPropertyId =
  (comparison: Comparison, where: string) =>
  (finding: RawFinding): CheckId => {
    const { id } = finding;
    if (id === "request-property-type-changed" || id === "request-property-type-specialized") return propertyTypeId(comparison, finding);
    return (where === "header" ? HEADER_PROPERTY_IDS[id] : undefined) ?? PARAMETER_PROPERTY_IDS[id] ?? id;
  };

/** The check of a removed parameter, by how its removal is judged. */
const REMOVAL_IDS = {
  "not-deprecated": "request-parameter-removed",
  "before-sunset": "request-parameter-removed-before-sunset",
  deprecated: "request-parameter-removed-with-deprecation",
} as const satisfies Record<Removal["kind"], CheckId>;

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
      const removed = `${operation}: the ${describe(old.parameter)} was removed`;
      const subject = { operation, removed, pointer: old.pointer };
      if (reportUnreadableSunsetRemoval(comparison, "request-parameter-sunset-parse", subject, old.parameter)) continue;
      const removal = judgeRemoval(old.parameter, comparison.today);
      comparison.report({
        id: REMOVAL_IDS[removal.kind],
        operation,
        message: `${removed}${removalReason(removal)}.`,
        base: old.pointer,
      });
      continue;
    }
    compareDeprecation(comparison, operation, old, next, period);
    const [wasRequired, isRequired] = [old.parameter.required === true, next.parameter.required === true];
    if (wasRequired !== isRequired) {
      comparison.report({
        id: isRequired ? "request-parameter-became-required" : "request-parameter-became-optional",
        operation,
        message: `${operation}: the ${describe(next.parameter)} became ${isRequired ? "required" : "optional"}.`,
        base: old.pointer,
        head: next.pointer,
      });
    }
    const scope = {
      comparison: comparison.renamed(parameterPropertyId(comparison, String(next.parameter.in))),
      operation,
      place: "request-parameter" as const,
      where: `${operation} › ${describe(next.parameter)}`,
      done,
      period,
      looselyTyped: true,
      formExploded: isFormExploded(next.parameter),
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
