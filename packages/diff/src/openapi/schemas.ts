// Two versions of one schema, judged from the side of whoever reads it: the server reads what
// clients write (a narrower request schema rejects what was accepted), clients and webhook
// receivers read what is written to them (a wider response schema sends what they cannot
// handle). The facet table in ../checks.ts gives each change its level for each reader.
import { isObject, type Json } from "@signing-platform/rules/openapi";
import { readerOf, type SchemaPlace } from "../checks.js";
import { follow } from "../document-walk.js";
import { type Flat, flattenOnce, keywordAt } from "./flat-schema.js";
import { compareJsonSchemaKeywords, listOfTypesChange, nullableWrapped, oneOfWrapping } from "./json-schema-keywords.js";
import type { Comparison } from "./finding.js";
import { deprecationProblem, judgeDeprecation, judgeRemoval, removalReason, type Period } from "./sunset.js";

export interface SchemaScope {
  comparison: Comparison;
  operation: string;
  place: SchemaPlace;
  /** Where the schema is, for messages: "200 application/json › data[].status". */
  where: string;
  /** Inside an anyOf/oneOf that also allows any string: enum values are examples, not a set. */
  open?: boolean;
  /** Schema pairs already compared for this operation (shared and recursive schemas). */
  done: Set<string>;
  /** The notice a deprecated property must give; undefined when the operation's stability level is invalid. */
  period: Period | undefined;
}

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

const BOUNDS = [
  ["maximum", "max", true],
  ["minimum", "min", false],
  ["maxLength", "max-length", true],
  ["minLength", "min-length", false],
  ["maxItems", "max-items", true],
  ["minItems", "min-items", false],
  // OpenAPI 3.1's numeric exclusive bounds, under oasdiff's ids of their own.
  ["exclusiveMaximum", "exclusive-max", true],
  ["exclusiveMinimum", "exclusive-min", false],
] as const;

/** A numeric bound; OpenAPI 3.0's boolean exclusiveMaximum/Minimum (a flag on the inclusive one) is not one. */
function bound(node: Json, keyword: string): number | undefined {
  return typeof node[keyword] === "number" ? node[keyword] : undefined;
}

/** `claimed`: the type change is explained by a list of types or a oneOf wrapping, reported as such. */
function compareKeywords(scope: SchemaScope, was: Flat, now: Flat, claimed: boolean): void {
  const report = (facet: string, message: string) =>
    scope.comparison.report({
      id: `${scope.place}-${facet}`,
      operation: scope.operation,
      message: `${scope.where}: ${message}`,
      base: was.pointer,
      head: now.pointer,
    });
  const [a, b] = [was.node, now.node];

  const moved = claimed ? undefined : typeChange(a, b);
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
    const open = scope.open ? "open-" : "";
    if (added.length > 0)
      report(`${open}enum-value-added`, `enum value${added.length > 1 ? "s" : ""} ${added.map(shown).join(", ")} added.`);
    if (removed.length > 0)
      report(`${open}enum-value-removed`, `enum value${removed.length > 1 ? "s" : ""} ${removed.map(shown).join(", ")} removed.`);
  }

  for (const [keyword, facet, upper] of BOUNDS) {
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
    report(`${facet}-${change}`, `${keyword} changed from ${shown(from)} to ${shown(to)}.`);
  }

  if (a.pattern !== b.pattern) {
    const change = a.pattern === undefined ? "pattern-added" : b.pattern === undefined ? "pattern-removed" : "pattern-changed";
    report(change, `pattern changed from ${shown(a.pattern)} to ${shown(b.pattern)}.`);
  }
  if (key(a.default) !== key(b.default)) {
    const change =
      a.default === undefined ? "default-value-added" : b.default === undefined ? "default-value-removed" : "default-value-changed";
    report(change, `default changed from ${shown(a.default)} to ${shown(b.default)}.`);
  }
}

/** A property's schema as written where it is declared when that says deprecated, else as its $ref leads. */
function declaredOrFollowed(document: Json, schema: unknown, pointer: string): { node: Json; pointer: string } | undefined {
  if (isObject(schema) && schema.deprecated === true) return { node: schema, pointer };
  return follow(document, schema, pointer);
}

/** A property deprecated now and not before: its x-sunset must give the notice the period asks for. */
function comparePropertyDeprecation(
  scope: SchemaScope,
  where: string,
  was: { schema: unknown; pointer: string },
  now: { schema: unknown; pointer: string },
): void {
  const { comparison, period } = scope;
  const before = declaredOrFollowed(comparison.base, was.schema, was.pointer);
  const after = declaredOrFollowed(comparison.head, now.schema, now.pointer);
  if (!period || !after || after.node.deprecated !== true || before?.node.deprecated === true) return;
  const verdict = judgeDeprecation(after.node, period, comparison.today);
  if (verdict.kind === "announced") return;
  const facet = {
    "sunset-missing": "deprecated-sunset-missing",
    "not-a-date": "deprecated-sunset-invalid",
    "too-soon": "sunset-date-too-small",
  }[verdict.kind];
  comparison.report({
    id: `${readerOf(scope.place)}-property-${facet}`,
    operation: scope.operation,
    message: `${where}: the property is now deprecated ${deprecationProblem(verdict, period)}.`,
    base: was.pointer,
    head: after.node["x-sunset"] !== undefined ? `${after.pointer}/x-sunset` : after.pointer,
  });
}

/** The reader's name in property check ids: request properties are named as oasdiff names them. */
function compareProperties(scope: SchemaScope, was: Flat, now: Flat): void {
  const reader = readerOf(scope.place);
  const { comparison, operation } = scope;
  // A request never carries what the server writes (readOnly), a response never what only clients write (writeOnly).
  const skipped = (schema: unknown, document: Json, pointer: string) => {
    const node = follow(document, schema, pointer)?.node;
    return node !== undefined && (reader === "request" ? node.readOnly === true : node.writeOnly === true);
  };
  const at = (name: string) => `${scope.where} › ${name}`;

  for (const [name, property] of was.properties) {
    if (skipped(property.schema, comparison.base, property.pointer)) continue;
    const next = now.properties.get(name);
    if (next === undefined) {
      const declared = isObject(property.schema) ? property.schema : {};
      const removal = judgeRemoval(
        declared.deprecated === true ? declared : follow(comparison.base, property.schema, property.pointer)?.node,
        comparison.today,
      );
      const required = was.required.has(name);
      const id =
        removal.kind === "before-sunset"
          ? `${reader}-property-removed-before-sunset`
          : removal.kind === "after-sunset"
            ? `${reader}-property-removed-with-deprecation`
            : reader === "request"
              ? "request-property-removed"
              : `${reader}-${required ? "required" : "optional"}-property-removed`;
      const why = removalReason(removal);
      comparison.report({
        id,
        operation,
        message: `${at(name)}: the ${required ? "required" : "optional"} property was removed${why}.`,
        base: property.pointer,
      });
      continue;
    }
    comparePropertyDeprecation(scope, at(name), property, next);
    const [wasRequired, isRequired] = [was.required.has(name), now.required.has(name)];
    if (wasRequired !== isRequired) {
      comparison.report({
        id: `${reader}-property-became-${isRequired ? "required" : "optional"}`,
        operation,
        message: `${at(name)}: the property became ${isRequired ? "required" : "optional"}.`,
        base: property.pointer,
        head: next.pointer,
      });
    }
    compareSchemas(
      { ...scope, place: `${reader}-property`, where: at(name), open: false },
      property.schema,
      property.pointer,
      next.schema,
      next.pointer,
    );
  }

  for (const [name, property] of now.properties) {
    if (was.properties.has(name) || skipped(property.schema, comparison.head, property.pointer)) continue;
    const required = now.required.has(name);
    const id =
      reader === "request"
        ? `new-${required ? "required" : "optional"}-request-property`
        : `${reader}-${required ? "required" : "optional"}-property-added`;
    comparison.report({
      id,
      operation,
      message: `${at(name)}: ${required ? "a required" : "an optional"} property was added.`,
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
    const facet = keyword === "anyOf" ? "any-of" : "one-of";
    const baseAt = (index: number) => `${keywordAt(was, keyword)}/${keyword}/${index}`;
    const headAt = (index: number) => `${keywordAt(now, keyword)}/${keyword}/${index}`;
    const open =
      before.some((branch, index) => isPlainString(scope.comparison.base, branch, baseAt(index))) &&
      after.some((branch, index) => isPlainString(scope.comparison.head, branch, headAt(index)));
    // Branches are matched by the schema they name, then by their shape (type, enum or not), in order.
    const signature = (document: Json, branch: unknown, pointer: string) => {
      if (isObject(branch) && typeof branch.$ref === "string") return `ref ${branch.$ref}`;
      const node = follow(document, branch, pointer)?.node ?? {};
      return `${[...typesOf(node)].sort().join("|")} ${node.enum !== undefined ? "enum" : node.const !== undefined ? "const" : "plain"}`;
    };
    const unmatched = new Map<number, string>(
      after.map((branch, index) => [index, signature(scope.comparison.head, branch, headAt(index))]),
    );
    before.forEach((branch, index) => {
      const wanted = signature(scope.comparison.base, branch, baseAt(index));
      const match = [...unmatched].find(([, candidate]) => candidate === wanted)?.[0];
      if (match === undefined) {
        if (claimed) return;
        scope.comparison.report({
          id: `${scope.place}-${facet}-removed`,
          operation: scope.operation,
          message: `${scope.where}: ${keyword} branch ${index + 1} (${wanted.replace(/^ref /, "")}) was removed.`,
          base: baseAt(index),
          head: now.pointer,
        });
        return;
      }
      unmatched.delete(match);
      compareSchemas({ ...scope, open }, branch, baseAt(index), after[match], headAt(match));
    });
    for (const [index, wanted] of claimed ? [] : unmatched) {
      scope.comparison.report({
        id: `${scope.place}-${facet}-added`,
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
    id: `${scope.place}-${after ? "became-nullable" : "became-not-nullable"}`,
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
      id: `${scope.place}-wrapped-in-one-of`,
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
