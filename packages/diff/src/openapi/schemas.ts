// Two versions of one schema, judged from the side of whoever reads it: the server reads what
// clients write (a narrower request schema rejects what was accepted), clients and webhook
// receivers read what is written to them (a wider response schema sends what they cannot
// handle). The facets of ../checks/schema/ give each change its level for each reader.
import { type CheckId, type FacetName, readerOf, schemaCheckId, type SchemaPlace } from "../checks/index.js";
import { isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import { follow } from "../document-walk.js";
import { type Flat, flattenOnce, keywordAt } from "./flat-schema.js";
import { compareJsonSchemaKeywords, listOfTypesChange, nullableWrapped, oneOfWrapping } from "./json-schema-keywords.js";
import { STABILITY_EXTENSION, isJudged, readStability, stabilityMove } from "./stability.js";
import { accessOf, reportAccessChange, unseenBy, unseenView } from "./property-access.js";
import { PROPERTY_DEPRECATION_IDS, PROPERTY_IDS, PROPERTY_STABILITY_IDS } from "./property-check-ids.js";
import type { SchemaScope } from "./schema-scope.js";
import { judgeDeprecation, judgeRemoval, removalReason, reportDeprecationProblem, sunsetPointer } from "./sunset.js";

const typesOf = (node: Json): Set<string> =>
  new Set((Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]).filter((type: unknown) => type !== "null"));
const isNullable = (node: Json): boolean =>
  node.nullable === true ||
  (Array.isArray(node.type) && node.type.includes("null")) ||
  (Array.isArray(node.enum) && node.enum.includes(null));
const key = (value: unknown) => JSON.stringify(value);
const shown = (value: unknown) => (value === undefined ? "none" : typeof value === "string" ? `\`${value}\`` : JSON.stringify(value));
const describeType = (node: Json) => `${[...typesOf(node)].join(" or ") || "any"}${node.format ? ` (${node.format})` : ""}`;

function isSubset<T>(small: Set<T>, large: Set<T>): boolean {
  return [...small].every((item) => large.has(item));
}

/** Formats that allow every value of another, and more (as oasdiff reads them). */
const WIDER_FORMAT: Record<string, string> = { int32: "int64", float: "double" };

/** How the type moved: widened, narrowed, changed, or not at all. */
function typeChange(was: Json, now: Json): "type-generalized" | "type-specialized" | "type-changed" | undefined {
  const [from, to] = [typesOf(was), typesOf(now)];
  if (from.size === 0 || to.size === 0) return undefined;
  const withIntegers = (types: Set<string>) => new Set([...types, ...(types.has("number") ? ["integer"] : [])]);
  const sameTypes = from.size === to.size && isSubset(from, to);
  if (sameTypes) {
    if (was.format === now.format) return undefined;
    if (now.format === undefined || WIDER_FORMAT[was.format] === now.format) return "type-generalized";
    if (was.format === undefined || WIDER_FORMAT[now.format] === was.format) return "type-specialized";
    return "type-changed";
  }
  if (isSubset(withIntegers(from), withIntegers(to)) && was.format === undefined) return "type-generalized";
  if (isSubset(withIntegers(to), withIntegers(from)) && now.format === undefined) return "type-specialized";
  return "type-changed";
}

/** Whether `node` accepts any text: no type, or string. */
const takesText = (node: Json) => typesOf(node).size === 0 || (typesOf(node).size === 1 && typesOf(node).has("string"));

/** The keywords that say what values a schema accepts, less its type and nullability. */
function constraintsOf(node: Json): string {
  const { type, nullable, description, title, example, examples, items, ...rest } = node;
  return key(Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * A type change read where values travel as text, as oasdiff reads it. A request that now takes
 * a string takes every value it took: `type-generalized` for a parameter, `type-compatible` for
 * a body or property of a media type that is not JSON. A response that sent a string may send
 * what reads as one. A scalar query or cookie parameter that became an array of items accepting
 * the same values is generalized too: `?a=x` is a one-item array when the form is exploded.
 */
function looselyJudged(
  scope: SchemaScope,
  was: Json,
  now: Json,
  moved: ReturnType<typeof typeChange>,
): ReturnType<typeof typeChange> | "type-compatible" {
  const reader = readerOf(scope.place);
  if (!scope.looselyTyped || moved === undefined || reader === "webhook" || was.format !== now.format) return moved;
  const parameter = scope.place === "request-parameter";
  if (reader === "request" && moved !== "type-generalized") {
    if (takesText(now)) return parameter || typesOf(now).size === 0 ? "type-generalized" : "type-compatible";
    const items = isObject(now.items) ? now.items : undefined;
    if (
      parameter &&
      scope.formExploded &&
      typesOf(now).has("array") &&
      !typesOf(was).has("array") &&
      items &&
      takesText(items) &&
      constraintsOf(items) === constraintsOf(was)
    )
      return "type-generalized";
  }
  if (reader === "response" && moved !== "type-specialized" && !parameter && takesText(was) && typesOf(was).size > 0)
    return "type-compatible";
  return moved;
}

/** A numeric bound: its keyword, whether it bounds from above, and the facet of each way it can change. */
interface Bound {
  keyword: string;
  upper: boolean;
  facets: Record<"decreased" | "increased" | "set" | "unset", FacetName>;
}

const BOUNDS: readonly Bound[] = [
  {
    keyword: "maximum",
    upper: true,
    facets: { decreased: "max-decreased", increased: "max-increased", set: "max-set", unset: "max-unset" },
  },
  {
    keyword: "minimum",
    upper: false,
    facets: { decreased: "min-decreased", increased: "min-increased", set: "min-set", unset: "min-unset" },
  },
  {
    keyword: "maxLength",
    upper: true,
    facets: { decreased: "max-length-decreased", increased: "max-length-increased", set: "max-length-set", unset: "max-length-unset" },
  },
  {
    keyword: "minLength",
    upper: false,
    facets: { decreased: "min-length-decreased", increased: "min-length-increased", set: "min-length-set", unset: "min-length-unset" },
  },
  {
    keyword: "maxItems",
    upper: true,
    facets: { decreased: "max-items-decreased", increased: "max-items-increased", set: "max-items-set", unset: "max-items-unset" },
  },
  {
    keyword: "minItems",
    upper: false,
    facets: { decreased: "min-items-decreased", increased: "min-items-increased", set: "min-items-set", unset: "min-items-unset" },
  },
  // OpenAPI 3.1's numeric exclusive bounds, under oasdiff's ids of their own.
  {
    keyword: "exclusiveMaximum",
    upper: true,
    facets: {
      decreased: "exclusive-max-decreased",
      increased: "exclusive-max-increased",
      set: "exclusive-max-set",
      unset: "exclusive-max-unset",
    },
  },
  {
    keyword: "exclusiveMinimum",
    upper: false,
    facets: {
      decreased: "exclusive-min-decreased",
      increased: "exclusive-min-increased",
      set: "exclusive-min-set",
      unset: "exclusive-min-unset",
    },
  },
];

/** The schema's pattern; an empty one matches every string, so it is none (as oasdiff reads it). */
const patternOf = (node: Json): string | undefined => (typeof node.pattern === "string" && node.pattern !== "" ? node.pattern : undefined);

/** Patterns that match any text (as oasdiff reads `.*`): a pattern changed to one of them constrains nothing. */
const ANY_TEXT = new Set([".*", "^.*$", "^.*", ".*$"]);

/** A numeric bound; OpenAPI 3.0's boolean exclusiveMaximum/Minimum (a flag on the inclusive one) is not one. */
function bound(node: Json, keyword: string): number | undefined {
  return typeof node[keyword] === "number" ? node[keyword] : undefined;
}

/** `claimed`: the type change is explained by a list of types or a oneOf wrapping, reported as such. */
function compareKeywords(scope: SchemaScope, was: Flat, now: Flat, claimed: boolean): void {
  const report = (facet: FacetName, message: string) =>
    scope.comparison.report({
      id: schemaCheckId(scope.place, facet),
      operation: scope.operation,
      message: `${scope.where}: ${message}`,
      base: was.pointer,
      head: now.pointer,
    });
  const [a, b] = [was.node, now.node];

  const moved = claimed ? undefined : looselyJudged(scope, a, b, typeChange(a, b));
  if (moved) report(moved, `type changed from ${describeType(a)} to ${describeType(b)}.`);
  if (isNullable(a) !== isNullable(b))
    report(
      isNullable(b) ? "became-nullable" : "became-not-nullable",
      isNullable(b) ? "null is now allowed." : "null is no longer allowed.",
    );

  const [fromEnum, toEnum] = [a.enum, b.enum].map((values) =>
    Array.isArray(values) ? values.filter((value: unknown) => value !== null) : undefined,
  );
  if (fromEnum === undefined && toEnum !== undefined)
    report("became-enum", `values are now restricted to ${toEnum.map(shown).join(", ")}.`);
  else if (fromEnum !== undefined && toEnum === undefined) report("enum-removed", "values are no longer restricted to an enum.");
  else if (fromEnum && toEnum) {
    const [before, after] = [new Set(fromEnum.map(key)), new Set(toEnum.map(key))];
    const added = toEnum.filter((value: unknown) => !before.has(key(value)));
    const removed = fromEnum.filter((value: unknown) => !after.has(key(value)));
    if (added.length > 0)
      report(
        scope.open ? "open-enum-value-added" : "enum-value-added",
        `enum value${added.length > 1 ? "s" : ""} ${added.map(shown).join(", ")} added.`,
      );
    if (removed.length > 0)
      report(
        scope.open ? "open-enum-value-removed" : "enum-value-removed",
        `enum value${removed.length > 1 ? "s" : ""} ${removed.map(shown).join(", ")} removed.`,
      );
  }

  for (const { keyword, upper, facets } of BOUNDS) {
    const [from, to] = [bound(a, keyword), bound(b, keyword)];
    if (from === to) continue;
    const change =
      from === undefined
        ? "set"
        : to === undefined
          ? "unset"
          : to < from === upper
            ? upper
              ? "decreased"
              : "increased"
            : upper
              ? "increased"
              : "decreased";
    report(facets[change], `${keyword} changed from ${shown(from)} to ${shown(to)}.`);
  }

  const [fromPattern, toPattern] = [patternOf(a), patternOf(b)];
  if (fromPattern !== toPattern) {
    const change =
      fromPattern === undefined
        ? "pattern-added"
        : toPattern === undefined
          ? "pattern-removed"
          : ANY_TEXT.has(toPattern) && (scope.place === "request-parameter" || scope.place === "request-property")
            ? "pattern-generalized"
            : "pattern-changed";
    report(change, `pattern changed from ${shown(fromPattern)} to ${shown(toPattern)}.`);
  }
  if (key(a.default) !== key(b.default)) {
    const change =
      a.default === undefined ? "default-value-added" : b.default === undefined ? "default-value-removed" : "default-value-changed";
    report(change, `default changed from ${shown(a.default)} to ${shown(b.default)}.`);
  }
}

/** A property's schema as written where it is declared when that carries `keyword`, else as its $ref leads. */
function declaredOrFollowed(
  document: Json,
  schema: unknown,
  pointer: string,
  keyword = "deprecated",
): { node: Json; pointer: string } | undefined {
  if (isObject(schema) && schema[keyword] !== undefined && (keyword !== "deprecated" || schema.deprecated === true))
    return { node: schema, pointer };
  return follow(document, schema, pointer);
}

/**
 * A property deprecated now and not before, or no longer: reported as oasdiff reports it
 * (`…-property-deprecated`, `-deprecated-with-sunset`, `-reactivated`), or as a problem when its
 * x-sunset does not give the notice the period asks for.
 */
function comparePropertyDeprecation(
  scope: SchemaScope,
  where: string,
  was: { schema: unknown; pointer: string },
  now: { schema: unknown; pointer: string },
): void {
  const { comparison, period } = scope;
  const reader = readerOf(scope.place);
  const before = declaredOrFollowed(comparison.base, was.schema, was.pointer);
  const after = declaredOrFollowed(comparison.head, now.schema, now.pointer);
  if (!period || !after || !before || (before.node.deprecated === true) === (after.node.deprecated === true)) return;
  const ids = PROPERTY_DEPRECATION_IDS[reader];
  const report = (id: CheckId, message: string, head = after.pointer) =>
    comparison.report({
      id,
      operation: scope.operation,
      message: `${where}: ${message}`,
      base: was.pointer,
      head,
    });
  if (after.node.deprecated !== true) {
    report(ids.reactivated, "the property is no longer deprecated.");
    return;
  }
  const verdict = judgeDeprecation(after.node, period, comparison.today);
  const sunsetAt = sunsetPointer(after.node, after.pointer);
  if (verdict.kind === "announced") {
    if (verdict.sunset) report(ids["deprecated-with-sunset"], `the property is now deprecated, with x-sunset ${verdict.sunset}.`, sunsetAt);
    else report(ids.deprecated, "the property is now deprecated.");
    return;
  }
  const subject = { operation: scope.operation, what: `${where}: the property`, base: was.pointer, head: sunsetAt };
  reportDeprecationProblem(comparison, ids, subject, verdict, period);
}

/**
 * A property's own x-stability-level changed (oasdiff's `…-property-stability-…`): taking it back
 * breaks what was promised, judged when the level it leaves is at or above --stability-level. A
 * level that is not one of the four is reported as the operation's would be.
 */
function comparePropertyStability(
  scope: SchemaScope,
  where: string,
  was: { schema: unknown; pointer: string },
  now: { schema: unknown; pointer: string },
): void {
  const { comparison } = scope;
  const reader = readerOf(scope.place);
  if (reader === "webhook") return;
  const before = declaredOrFollowed(comparison.base, was.schema, was.pointer, STABILITY_EXTENSION);
  const after = declaredOrFollowed(comparison.head, now.schema, now.pointer, STABILITY_EXTENSION);
  if (!before || !after || key(before.node[STABILITY_EXTENSION]) === key(after.node[STABILITY_EXTENSION])) return;
  const [from, to] = [readStability(before.node), readStability(after.node)];
  for (const [reading, side] of [
    [from, before],
    [to, after],
  ] as const) {
    if (!("invalid" in reading)) continue;
    comparison.report({
      id: "api-invalid-stability-level",
      operation: scope.operation,
      message: `${where}: ${reading.invalid}.`,
      ...(side === before ? { base: `${before.pointer}/${STABILITY_EXTENSION}` } : { head: `${after.pointer}/${STABILITY_EXTENSION}` }),
    });
    return;
  }
  if ("invalid" in from || "invalid" in to || !isJudged(from.level, comparison.stabilityLevel)) return;
  const move = stabilityMove(from.level, to.level);
  if (!move) return;
  comparison.report({
    id: PROPERTY_STABILITY_IDS[reader][move],
    operation: scope.operation,
    message: `${where}: the property's x-stability-level went from ${from.level} to ${to.level}.`,
    base: before.pointer,
    head: after.pointer,
  });
}

/** A removed property that was deprecated: removed before or after its x-sunset; else as any removal is named. */
function removedPropertyId(
  scope: SchemaScope,
  property: { schema: unknown; pointer: string },
  required: boolean,
): { id: CheckId; why: string } {
  const { comparison } = scope;
  const reader = readerOf(scope.place);
  const declared = isObject(property.schema) ? property.schema : {};
  const removal = judgeRemoval(
    declared.deprecated === true ? declared : follow(comparison.base, property.schema, property.pointer)?.node,
    comparison.today,
  );
  const ids = PROPERTY_IDS[reader];
  const id =
    removal.kind === "before-sunset"
      ? ids["removed-before-sunset"]
      : removal.kind === "deprecated"
        ? ids["removed-with-deprecation"]
        : ids[required ? "required-removed" : "optional-removed"];
  return { id, why: removalReason(removal) };
}

/** Whether the property's schema has a default: a required one is then named `…-with-default` (still breaking, as in oasdiff). */
const hasDefault = (document: Json, schema: unknown, pointer: string) => follow(document, schema, pointer)?.node.default !== undefined;

/** The reader's name in property check ids: request properties are named as oasdiff names them. */
function compareProperties(scope: SchemaScope, was: Flat, now: Flat): void {
  const reader = readerOf(scope.place);
  const { comparison, operation } = scope;
  const at = (name: string) => `${scope.where} › ${name}`;

  for (const [name, property] of was.properties) {
    const before = accessOf(comparison.base, property.schema, property.pointer);
    const required = was.required.has(name);
    const next = now.properties.get(name);
    if (next === undefined) {
      // A response's writeOnly property was never sent: its removal is oasdiff's info of its own.
      if (reader === "response" && before.writeOnly) {
        comparison.report({
          id: required ? "response-required-write-only-property-removed" : "response-optional-write-only-property-removed",
          operation,
          message: `${at(name)}: the ${required ? "required" : "optional"} writeOnly property was removed.`,
          base: property.pointer,
        });
        continue;
      }
      if (unseenBy(reader, before)) continue;
      const { id, why } = removedPropertyId(scope, property, required);
      comparison.report({
        id,
        operation,
        message: `${at(name)}: the ${required ? "required" : "optional"} property was removed${why}.`,
        base: property.pointer,
      });
      continue;
    }
    const after = accessOf(comparison.head, next.schema, next.pointer);
    reportAccessChange(
      comparison,
      { reader, operation, where: at(name), required, base: property.pointer, head: next.pointer },
      before,
      after,
    );
    const unseen = unseenBy(reader, after);
    comparePropertyDeprecation(scope, at(name), property, next);
    comparePropertyStability(scope, at(name), property, next);
    const isRequired = now.required.has(name);
    // Whether a request property is required does not matter to clients that never send it.
    if (required !== isRequired && !(reader === "request" && unseen)) {
      const withDefault = reader === "request" && isRequired && hasDefault(comparison.head, next.schema, next.pointer);
      const writeOnly = reader === "response" && (isRequired ? after : before).writeOnly;
      comparison.report({
        id: writeOnly
          ? isRequired
            ? "response-write-only-property-became-required"
            : "response-write-only-property-became-optional"
          : withDefault
            ? "request-property-became-required-with-default"
            : PROPERTY_IDS[reader][isRequired ? "became-required" : "became-optional"],
        operation,
        message: `${at(name)}: the property became ${isRequired ? "required" : "optional"}.`,
        base: property.pointer,
        head: next.pointer,
      });
    }
    compareSchemas(
      {
        ...scope,
        comparison: unseen ? unseenView(comparison, reader) : comparison,
        // An object parameter may travel as JSON, where types are strict (see parameters.ts).
        looselyTyped: scope.place !== "request-parameter" && scope.looselyTyped,
        formExploded: false,
        place: `${reader}-property`,
        where: at(name),
        open: false,
      },
      property.schema,
      property.pointer,
      next.schema,
      next.pointer,
    );
  }

  for (const [name, property] of now.properties) {
    if (was.properties.has(name)) continue;
    const access = accessOf(comparison.head, property.schema, property.pointer);
    const required = now.required.has(name);
    if (reader === "response" && access.writeOnly) {
      comparison.report({
        id: required ? "response-required-write-only-property-added" : "response-optional-write-only-property-added",
        operation,
        message: `${at(name)}: ${required ? "a required" : "an optional"} writeOnly property was added.`,
        head: property.pointer,
      });
      continue;
    }
    if (unseenBy(reader, access)) continue;
    const withDefault = required && hasDefault(comparison.head, property.schema, property.pointer);
    const id =
      reader === "request" && withDefault
        ? "new-required-request-property-with-default"
        : PROPERTY_IDS[reader][required ? "required-added" : "optional-added"];
    comparison.report({
      id,
      operation,
      message: `${at(name)}: ${required ? "a required" : "an optional"} property was added${withDefault ? ", with a default" : ""}.`,
      head: property.pointer,
    });
  }
}

/** Whether a branch allows any string: the plain branch of an open union. */
function isPlainString(document: Json, branch: unknown, pointer: string): boolean {
  const node = follow(document, branch, pointer)?.node;
  if (!node) return false;
  const constrained = ["enum", "const", "pattern", "format", "maxLength", "minLength", "anyOf", "oneOf", "allOf"].some(
    (keyword) => node[keyword] !== undefined,
  );
  return !constrained && (node.type === undefined || node.type === "string");
}

/** `claimed`: branches added or removed make a list of types or a oneOf wrapping, reported as such. */
function compareUnions(scope: SchemaScope, was: Flat, now: Flat, claimed: boolean): void {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const before: unknown[] = Array.isArray(was.node[keyword]) ? was.node[keyword] : [];
    const after: unknown[] = Array.isArray(now.node[keyword]) ? now.node[keyword] : [];
    if (before.length === 0 && after.length === 0) continue;
    const facets =
      keyword === "anyOf"
        ? ({ added: "any-of-added", removed: "any-of-removed" } as const)
        : ({ added: "one-of-added", removed: "one-of-removed" } as const);
    const baseAt = (index: number) => `${keywordAt(was, keyword)}/${keyword}/${index}`;
    const headAt = (index: number) => `${keywordAt(now, keyword)}/${keyword}/${index}`;
    const open =
      before.some((branch, index) => isPlainString(scope.comparison.base, branch, baseAt(index))) &&
      after.some((branch, index) => isPlainString(scope.comparison.head, branch, headAt(index)));
    // Branches are matched by the schema they name, then by their shape (type, enum or not), in
    // order: an inline branch moved into components under a $ref is the same branch.
    const shape = (document: Json, branch: unknown, pointer: string) => {
      const node = follow(document, branch, pointer)?.node ?? {};
      return `${[...typesOf(node)].sort().join("|")} ${node.enum !== undefined ? "enum" : node.const !== undefined ? "const" : "plain"}`;
    };
    const signature = (document: Json, branch: unknown, pointer: string) =>
      isObject(branch) && typeof branch.$ref === "string" ? `ref ${branch.$ref}` : shape(document, branch, pointer);
    const unmatched = new Map<number, string>(
      after.map((branch, index) => [index, signature(scope.comparison.head, branch, headAt(index))]),
    );
    const matches = new Map<number, number>();
    before.forEach((branch, index) => {
      const wanted = signature(scope.comparison.base, branch, baseAt(index));
      const match = [...unmatched].find(([, candidate]) => candidate === wanted)?.[0];
      if (match === undefined) return;
      matches.set(index, match);
      unmatched.delete(match);
    });
    before.forEach((branch, index) => {
      if (matches.has(index)) return;
      const wanted = shape(scope.comparison.base, branch, baseAt(index));
      const match = [...unmatched.keys()].find((candidate) => shape(scope.comparison.head, after[candidate], headAt(candidate)) === wanted);
      if (match === undefined) return;
      matches.set(index, match);
      unmatched.delete(match);
    });
    before.forEach((branch, index) => {
      const match = matches.get(index);
      if (match === undefined) {
        if (claimed) return;
        const wanted = signature(scope.comparison.base, branch, baseAt(index));
        scope.comparison.report({
          id: schemaCheckId(scope.place, facets.removed),
          operation: scope.operation,
          message: `${scope.where}: ${keyword} branch ${index + 1} (${wanted.replace(/^ref /, "")}) was removed.`,
          base: baseAt(index),
          head: now.pointer,
        });
        return;
      }
      compareSchemas({ ...scope, open }, branch, baseAt(index), after[match], headAt(match));
    });
    for (const [index, wanted] of claimed ? [] : unmatched) {
      scope.comparison.report({
        id: schemaCheckId(scope.place, facets.added),
        operation: scope.operation,
        message: `${scope.where}: ${keyword} branch ${index + 1} (${wanted.replace(/^ref /, "")}) was added.`,
        base: was.pointer,
        head: headAt(index),
      });
    }
  }
}

/**
 * A schema that became `oneOf: [{type: "null"}, itself]`, or back: null allowed or no longer,
 * and the schema compared with the wrapped branch, so the wrapper is not also read as a type
 * removed and a oneOf added. Whether it was one.
 */
function compareNullableWrapping(
  scope: SchemaScope,
  was: Flat,
  now: Flat,
  ...[base, basePointer, head, headPointer]: [unknown, string, unknown, string]
): boolean {
  const [before, after] = [nullableWrapped(scope.comparison.base, was), nullableWrapped(scope.comparison.head, now)];
  if ((before === undefined) === (after === undefined)) return false;
  const plain = before ? now.node : was.node;
  if (isNullable(plain) || ["oneOf", "anyOf", "allOf", "not"].some((keyword) => plain[keyword] !== undefined)) return false;
  scope.comparison.report({
    id: schemaCheckId(scope.place, after ? "became-nullable" : "became-not-nullable"),
    operation: scope.operation,
    message: `${scope.where}: ${after ? "null is now allowed." : "null is no longer allowed."}`,
    base: was.pointer,
    head: now.pointer,
  });
  compareSchemas(scope, before?.schema ?? base, before?.pointer ?? basePointer, after?.schema ?? head, after?.pointer ?? headPointer);
  return true;
}

/** Compares the schema `base` (written at `basePointer`) with `head`, reporting every change for `scope`'s reader. */
export function compareSchemas(scope: SchemaScope, base: unknown, basePointer: string, head: unknown, headPointer: string): void {
  if (scope.comparison.unchanged(base, head)) return;
  const was = flattenOnce(scope.comparison.base, base, basePointer);
  const now = flattenOnce(scope.comparison.head, head, headPointer);
  if (!was || !now) return;
  const pair = `${scope.place} ${scope.open ? "open" : ""} ${was.pointer} ${now.pointer}`;
  if (scope.done.has(pair)) return;
  scope.done.add(pair);
  if (compareNullableWrapping(scope, was, now, base, basePointer, head, headPointer)) return;
  const moved = oneOfWrapping(scope, was, now);
  if (moved)
    scope.comparison.report({
      id: schemaCheckId(scope.place, "wrapped-in-one-of"),
      operation: scope.operation,
      message: `${scope.where}: the properties ${moved.join(", ")} moved into the branches of a oneOf.`,
      base: was.pointer,
      head: now.pointer,
    });
  const listOfTypes = listOfTypesChange(scope, was, now);
  // What a list of types or a oneOf wrapping explains is not reported again (oasdiff's transition claims).
  const claimed = listOfTypes !== undefined || moved !== undefined;
  compareKeywords(scope, was, now, claimed);
  compareJsonSchemaKeywords(scope, was, now, compareSchemas, listOfTypes);
  if (!moved) compareProperties(scope, was, now);
  if (was.node.items !== undefined && now.node.items !== undefined) {
    const place = scope.place.endsWith("-body") ? (`${readerOf(scope.place)}-property` as SchemaPlace) : scope.place;
    compareSchemas(
      { ...scope, place, where: `${scope.where}[]`, open: false },
      was.node.items,
      `${keywordAt(was, "items")}/items`,
      now.node.items,
      `${keywordAt(now, "items")}/items`,
    );
  }
  compareUnions(scope, was, now, claimed);
}
