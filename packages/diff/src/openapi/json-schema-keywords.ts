// The keywords OpenAPI 3.1 takes from JSON Schema 2020-12 (const, contains, prefixItems,
// if/then/else, dependentRequired/-Schemas, unevaluated…, patternProperties, propertyNames,
// content…), allOf branches, lists of types, x-extensible-enum and the discriminator: what
// changed in one schema, and the schemas under these keywords, compared as properties are.
// Ids and levels are oasdiff's (checker/check_*_updated.go, v1.28.0) except where the table of
// checks in docs/lint-and-diff.md gives a reason to differ.
import { type FacetName, readerOf, schemaCheckId, type SchemaPlace } from "../checks/index.js";
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import { follow } from "../document-walk.js";
import { type Flat, keywordAt } from "./flat-schema.js";
import type { CompareSchemas, SchemaScope } from "./schema-scope.js";

const key = (value: unknown) => JSON.stringify(value);
const shown = (value: unknown) => (typeof value === "string" ? `\`${value}\`` : JSON.stringify(value));
const child = (pointer: string, name: string) => `${pointer}/${encodePointer([name]).slice(2)}`;
const objectEntries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);

/** A schema keyword's value that constrains: `true` (and absence) allows everything. */
const present = (value: unknown) => value !== undefined && value !== true;

/** A keyword added to a schema, or removed from it. */
type Presence = Record<"added" | "removed", FacetName>;

/** The schemas under these keywords constrain the instance the way the schema itself does. */
const SUBSCHEMA_KEYWORDS: readonly (readonly [string, Presence])[] = [
  ["contains", { added: "contains-added", removed: "contains-removed" }],
  ["then", { added: "then-added", removed: "then-removed" }],
  ["else", { added: "else-added", removed: "else-removed" }],
  ["propertyNames", { added: "property-names-added", removed: "property-names-removed" }],
  ["unevaluatedItems", { added: "unevaluated-items-added", removed: "unevaluated-items-removed" }],
  ["unevaluatedProperties", { added: "unevaluated-properties-added", removed: "unevaluated-properties-removed" }],
  ["contentSchema", { added: "content-schema-added", removed: "content-schema-removed" }],
];

/** `if` and `not`: added, removed, or changed inside, which is one change of unknown direction. */
const CONDITION_KEYWORDS: readonly (readonly [string, Presence & { changed: FacetName }])[] = [
  ["if", { added: "if-added", removed: "if-removed", changed: "if-changed" }],
  ["not", { added: "not-added", removed: "not-removed", changed: "not-changed" }],
];

/**
 * A schema with every local $ref replaced by what it names, keys sorted: two schemas that
 * validate alike when written alike, whatever their components are called.
 */
function canonical(document: Json, schema: unknown, seen = new Set<string>()): string {
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (!isObject(value)) return value;
    if (typeof value.$ref === "string") {
      if (seen.has(value.$ref)) return { $ref: value.$ref };
      const target = follow(document, value, "");
      if (!target) return { $ref: value.$ref };
      seen.add(value.$ref);
      const result = inline(target.node);
      seen.delete(value.$ref);
      return result;
    }
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, inline(value[name])]),
    );
  };
  return key(inline(schema));
}

/** Keywords that say something about a value without constraining it (oasdiff: "annotation-only"). */
const ANNOTATIONS = new Set(["title", "description", "examples", "example", "default", "externalDocs", "$comment", "deprecated"]);

function isAnnotationOnly(document: Json, branch: unknown, pointer: string): boolean {
  const node = follow(document, branch, pointer)?.node;
  return node !== undefined && Object.keys(node).every((name) => ANNOTATIONS.has(name) || name.startsWith("x-"));
}

/**
 * The types a schema allows when it is one type, or a oneOf/anyOf of branches of one simple
 * type each (oasdiff's "list of types"); undefined for any other shape.
 */
function typePattern(document: Json, node: Json, pointer: string): { types: Set<string>; list: boolean } | undefined {
  if (node.not !== undefined || Array.isArray(node.allOf) || isObject(node.properties)) return undefined;
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (typeof type === "string") return { types: new Set([type]), list: false };
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches: unknown[] = Array.isArray(node[keyword]) ? node[keyword] : [];
    if (branches.length === 0) continue;
    const types = branches.map((branch, index) => {
      const simple = follow(document, branch, `${pointer}/${keyword}/${index}`)?.node;
      if (!simple || isObject(simple.properties) || ["oneOf", "anyOf", "allOf"].some((name) => Array.isArray(simple[name])))
        return undefined;
      const own = Array.isArray(simple.type) ? simple.type : [simple.type];
      return own.length === 1 && typeof own[0] === "string" ? own[0] : undefined;
    });
    if (types.every((type) => type !== undefined)) return { types: new Set(types as string[]), list: true };
  }
  return undefined;
}

/**
 * A single type that became a oneOf/anyOf of types, or back, or such a list that changed: one
 * change, reported as the list widened or narrowed. Whether it happened at this schema: the
 * type and branch changes it explains are then not reported again (oasdiff's transition claims).
 */
export function listOfTypesChange(scope: SchemaScope, was: Flat, now: Flat): { added: string[]; removed: string[] } | undefined {
  const before = typePattern(scope.comparison.base, was.node, was.pointer);
  const after = typePattern(scope.comparison.head, now.node, now.pointer);
  if (!before || !after || (!before.list && !after.list)) return undefined;
  const added = [...after.types].filter((type) => !before.types.has(type));
  const removed = [...before.types].filter((type) => !after.types.has(type));
  return added.length + removed.length > 0 ? { added, removed } : undefined;
}

export function compareJsonSchemaKeywords(
  scope: SchemaScope,
  was: Flat,
  now: Flat,
  compare: CompareSchemas,
  listOfTypes: { added: string[]; removed: string[] } | undefined,
): void {
  const { comparison } = scope;
  const [a, b] = [was.node, now.node];
  const report = (facet: FacetName, message: string, base: string | undefined = was.pointer, head: string | undefined = now.pointer) =>
    comparison.report({
      id: schemaCheckId(scope.place, facet),
      operation: scope.operation,
      message: `${scope.where}: ${message}`,
      base,
      head,
    });
  const at = (flat: Flat, keyword: string) => `${keywordAt(flat, keyword)}/${keyword}`;
  // The schemas under a keyword are compared as properties are: `…-property-…` checks, as oasdiff names them.
  const property = `${readerOf(scope.place)}-property` as SchemaPlace;
  const descend = (suffix: string, base: unknown, basePointer: string, head: unknown, headPointer: string) =>
    compare({ ...scope, place: property, where: `${scope.where}${suffix}`, open: false }, base, basePointer, head, headPointer);

  if (listOfTypes) {
    const widened = readerOf(scope.place) === "request" ? listOfTypes.removed.length === 0 : listOfTypes.added.length > 0;
    const types = (list: string[]) => list.join(", ") || "none";
    report(
      widened ? "list-of-types-widened" : "list-of-types-narrowed",
      `the list of types changed (added: ${types(listOfTypes.added)}; removed: ${types(listOfTypes.removed)}).`,
      keywordAt(was, "type"),
      keywordAt(now, "type"),
    );
  }

  if (key(a.const) !== key(b.const)) {
    const change = a.const === undefined ? "const-added" : b.const === undefined ? "const-removed" : "const-changed";
    report(
      change,
      `const changed from ${a.const === undefined ? "none" : shown(a.const)} to ${b.const === undefined ? "none" : shown(b.const)}.`,
    );
  }

  for (const [keyword, facets] of SUBSCHEMA_KEYWORDS) {
    const [from, to] = [a[keyword], b[keyword]];
    if (present(from) && !present(to)) report(facets.removed, `${keyword} was removed.`, at(was, keyword), now.pointer);
    else if (!present(from) && present(to)) report(facets.added, `${keyword} was added.`, was.pointer, at(now, keyword));
    else if (isObject(from) && isObject(to)) descend(` › ${keyword}`, from, at(was, keyword), to, at(now, keyword));
  }

  // `if` and `not` are read the other way round, or both ways: narrowing what `not` matches
  // widens the schema, and a changed condition moves values between `then` and `else`. A
  // change inside them is one change of unknown direction, not a property change to judge.
  for (const [keyword, facets] of CONDITION_KEYWORDS) {
    const [from, to] = [a[keyword], b[keyword]];
    if (from !== undefined && to === undefined) report(facets.removed, `${keyword} was removed.`, at(was, keyword), now.pointer);
    else if (from === undefined && to !== undefined) report(facets.added, `${keyword} was added.`, was.pointer, at(now, keyword));
    else if (from !== undefined && canonical(comparison.base, from) !== canonical(comparison.head, to))
      report(facets.changed, `the ${keyword} schema changed.`, at(was, keyword), at(now, keyword));
  }

  for (const [keyword, facets] of [
    ["minContains", { increased: "min-contains-increased", decreased: "min-contains-decreased" }],
    ["maxContains", { increased: "max-contains-increased", decreased: "max-contains-decreased" }],
  ] as const) {
    const [from, to] = [a[keyword], b[keyword]];
    // oasdiff compares these only when both sides set them.
    if (typeof from === "number" && typeof to === "number" && from !== to)
      report(
        to > from ? facets.increased : facets.decreased,
        `${keyword} changed from ${from} to ${to}.`,
        at(was, keyword),
        at(now, keyword),
      );
  }

  comparePrefixItems(was, now, report, descend);
  compareDependentRequired(was, now, report);
  for (const [keyword, facets, noun] of [
    ["dependentSchemas", { added: "dependent-schema-added", removed: "dependent-schema-removed" }, "dependent schema of"],
    ["patternProperties", { added: "pattern-property-added", removed: "pattern-property-removed" }, "pattern property"],
  ] as const) {
    const [before, after] = [new Map(objectEntries(a[keyword])), new Map(objectEntries(b[keyword]))];
    for (const [name, schema] of before) {
      const next = after.get(name);
      if (next === undefined) report(facets.removed, `${noun} ${shown(name)} was removed.`, child(at(was, keyword), name), now.pointer);
      else descend(` › ${keyword}[${name}]`, schema, child(at(was, keyword), name), next, child(at(now, keyword), name));
    }
    for (const name of after.keys())
      if (!before.has(name)) report(facets.added, `${noun} ${shown(name)} was added.`, was.pointer, child(at(now, keyword), name));
  }

  for (const [keyword, facet] of [
    ["contentMediaType", "content-media-type-changed"],
    ["contentEncoding", "content-encoding-changed"],
  ] as const) {
    if (key(a[keyword]) !== key(b[keyword]))
      report(
        facet,
        `${keyword} changed from ${a[keyword] === undefined ? "none" : shown(a[keyword])} to ${b[keyword] === undefined ? "none" : shown(b[keyword])}.`,
      );
  }

  if (isObject(a.additionalProperties) && isObject(b.additionalProperties))
    descend(
      " › additionalProperties",
      a.additionalProperties,
      at(was, "additionalProperties"),
      b.additionalProperties,
      at(now, "additionalProperties"),
    );

  const [fromExtensible, toExtensible] = [a["x-extensible-enum"], b["x-extensible-enum"]];
  if (Array.isArray(fromExtensible) && Array.isArray(toExtensible)) {
    const [before, after] = [new Set(fromExtensible.map(key)), new Set(toExtensible.map(key))];
    const removed = fromExtensible.filter((value) => !after.has(key(value)));
    const added = toExtensible.filter((value) => !before.has(key(value)));
    if (removed.length > 0)
      report(
        "x-extensible-enum-value-removed",
        `x-extensible-enum value${removed.length > 1 ? "s" : ""} ${removed.map(shown).join(", ")} removed.`,
      );
    if (added.length > 0)
      report(
        "x-extensible-enum-value-added",
        `x-extensible-enum value${added.length > 1 ? "s" : ""} ${added.map(shown).join(", ")} added.`,
      );
  }

  compareDiscriminator(was, now, report);
  compareAllOf(scope, was, now, report);
}

type Report = (facet: FacetName, message: string, base?: string, head?: string) => void;

/** Positions of a tuple: compared position by position, those past the shorter list added or removed. */
function comparePrefixItems(
  was: Flat,
  now: Flat,
  report: Report,
  descend: (suffix: string, base: unknown, basePointer: string, head: unknown, headPointer: string) => void,
): void {
  const before: unknown[] = Array.isArray(was.node.prefixItems) ? was.node.prefixItems : [];
  const after: unknown[] = Array.isArray(now.node.prefixItems) ? now.node.prefixItems : [];
  const [baseAt, headAt] = [`${keywordAt(was, "prefixItems")}/prefixItems`, `${keywordAt(now, "prefixItems")}/prefixItems`];
  for (let index = 0; index < Math.min(before.length, after.length); index++)
    descend(` › prefixItems[${index}]`, before[index], `${baseAt}/${index}`, after[index], `${headAt}/${index}`);
  const positions = (from: number, to: number) => (to - from === 1 ? `position ${from + 1}` : `positions ${from + 1}–${to}`);
  if (after.length > before.length)
    report("prefix-items-added", `prefixItems ${positions(before.length, after.length)} added.`, was.pointer, `${headAt}/${before.length}`);
  if (before.length > after.length)
    report(
      "prefix-items-removed",
      `prefixItems ${positions(after.length, before.length)} removed.`,
      `${baseAt}/${after.length}`,
      now.pointer,
    );
}

function compareDependentRequired(was: Flat, now: Flat, report: Report): void {
  const names = (value: unknown) => new Set(Array.isArray(value) ? value.map(String) : []);
  const [before, after] = [new Map(objectEntries(was.node.dependentRequired)), new Map(objectEntries(now.node.dependentRequired))];
  const [baseAt, headAt] = [
    `${keywordAt(was, "dependentRequired")}/dependentRequired`,
    `${keywordAt(now, "dependentRequired")}/dependentRequired`,
  ];
  for (const [name, value] of before) {
    const list = [...names(value)].join(", ");
    if (!after.has(name)) {
      report("dependent-required-removed", `with ${shown(name)}, ${list} no longer required.`, child(baseAt, name), now.pointer);
      continue;
    }
    const [from, to] = [names(value), names(after.get(name))];
    const added = [...to].filter((item) => !from.has(item));
    const removed = [...from].filter((item) => !to.has(item));
    if (added.length + removed.length === 0) continue;
    const parts = [added.length > 0 ? `${added.join(", ")} added` : "", removed.length > 0 ? `${removed.join(", ")} removed` : ""];
    report(
      "dependent-required-changed",
      `the properties required with ${shown(name)} changed: ${parts.filter(Boolean).join(", ")}.`,
      child(baseAt, name),
      child(headAt, name),
    );
  }
  for (const [name, value] of after)
    if (!before.has(name))
      report(
        "dependent-required-added",
        `with ${shown(name)}, ${[...names(value)].join(", ")} now required.`,
        was.pointer,
        child(headAt, name),
      );
}

function compareDiscriminator(was: Flat, now: Flat, report: Report): void {
  const [from, to] = [was.node.discriminator, now.node.discriminator];
  const [baseAt, headAt] = [`${keywordAt(was, "discriminator")}/discriminator`, `${keywordAt(now, "discriminator")}/discriminator`];
  if (!isObject(from) && !isObject(to)) return;
  if (!isObject(to)) return report("discriminator-removed", "the discriminator was removed.", baseAt, now.pointer);
  if (!isObject(from)) return report("discriminator-added", "a discriminator was added.", was.pointer, headAt);
  if (from.propertyName !== to.propertyName)
    report(
      "discriminator-property-name-changed",
      `the discriminator's property changed from ${shown(from.propertyName)} to ${shown(to.propertyName)}.`,
      `${baseAt}/propertyName`,
      `${headAt}/propertyName`,
    );
  const [before, after] = [new Map(objectEntries(from.mapping)), new Map(objectEntries(to.mapping))];
  const added = [...after.keys()].filter((name) => !before.has(name));
  const removed = [...before.keys()].filter((name) => !after.has(name));
  const changed = [...before.keys()].filter((name) => after.has(name) && key(before.get(name)) !== key(after.get(name)));
  if (added.length > 0)
    report("discriminator-mapping-added", `discriminator mapping ${added.map(shown).join(", ")} added.`, baseAt, headAt);
  if (removed.length > 0)
    report("discriminator-mapping-deleted", `discriminator mapping ${removed.map(shown).join(", ")} removed.`, baseAt, headAt);
  if (changed.length > 0)
    report("discriminator-mapping-changed", `discriminator mapping ${changed.map(shown).join(", ")} changed.`, baseAt, headAt);
}

/**
 * Branches of the schema's own allOf, matched as oasdiff matches them: by the component they
 * name, then written alike, then by title, then the one unnamed branch left on each side. What
 * a matched branch holds is compared with the schema, whose keywords it is folded into.
 */
function compareAllOf(scope: SchemaScope, was: Flat, now: Flat, report: Report): void {
  const { base, head } = scope.comparison;
  const before: unknown[] = Array.isArray(was.node.allOf) ? was.node.allOf : [];
  const after: unknown[] = Array.isArray(now.node.allOf) ? now.node.allOf : [];
  if (before.length === 0 && after.length === 0) return;
  const [baseAt, headAt] = [`${keywordAt(was, "allOf")}/allOf`, `${keywordAt(now, "allOf")}/allOf`];
  const removed = new Set(before.keys());
  const added = new Set(after.keys());
  const ref = (branch: unknown) => (isObject(branch) && typeof branch.$ref === "string" ? branch.$ref : undefined);
  const title = (document: Json, branch: unknown, pointer: string) => {
    const value = follow(document, branch, pointer)?.node.title;
    return typeof value === "string" ? value : undefined;
  };
  const pair = (same: (i: number, j: number) => boolean) => {
    for (const i of removed)
      for (const j of added)
        if (same(i, j)) {
          removed.delete(i);
          added.delete(j);
          break;
        }
  };
  pair((i, j) => ref(before[i]) !== undefined && ref(before[i]) === ref(after[j]));
  pair((i, j) => ref(before[i]) === undefined && ref(after[j]) === undefined && canonical(base, before[i]) === canonical(head, after[j]));
  pair((i, j) => {
    const name = title(base, before[i], `${baseAt}/${i}`);
    return (
      ref(before[i]) === undefined && ref(after[j]) === undefined && name !== undefined && name === title(head, after[j], `${headAt}/${j}`)
    );
  });
  const unnamed = (document: Json, list: unknown[], indexes: Set<number>, pointer: string) =>
    [...indexes].filter((index) => ref(list[index]) === undefined && title(document, list[index], `${pointer}/${index}`) === undefined);
  const [lonelyBefore, lonelyAfter] = [unnamed(base, before, removed, baseAt), unnamed(head, after, added, headAt)];
  const [onlyBefore, onlyAfter] = [lonelyBefore[0], lonelyAfter[0]];
  if (lonelyBefore.length === 1 && lonelyAfter.length === 1 && onlyBefore !== undefined && onlyAfter !== undefined) {
    removed.delete(onlyBefore);
    added.delete(onlyAfter);
  }

  const name = (list: unknown[], index: number) => ref(list[index])?.replace(/^.*\//, "") ?? `branch ${index + 1}`;
  const side = (document: Json, list: unknown[], indexes: Set<number>, pointer: string) => {
    const all = [...indexes];
    const annotations = all.filter((index) => isAnnotationOnly(document, list[index], `${pointer}/${index}`));
    return [all.filter((index) => !annotations.includes(index)), annotations] as const;
  };
  const [removedBranches, removedAnnotations] = side(base, before, removed, baseAt);
  const [addedBranches, addedAnnotations] = side(head, after, added, headAt);
  const names = (list: unknown[], indexes: number[]) => indexes.map((index) => name(list, index)).join(", ");
  if (addedBranches.length > 0)
    report("all-of-added", `allOf ${names(after, addedBranches)} added.`, was.pointer, `${headAt}/${addedBranches[0]}`);
  if (addedAnnotations.length > 0)
    report(
      "all-of-added-annotation-only",
      `allOf ${names(after, addedAnnotations)} added, with annotations only.`,
      was.pointer,
      `${headAt}/${addedAnnotations[0]}`,
    );
  if (removedBranches.length > 0)
    report("all-of-removed", `allOf ${names(before, removedBranches)} removed.`, `${baseAt}/${removedBranches[0]}`, now.pointer);
  if (removedAnnotations.length > 0)
    report(
      "all-of-removed-annotation-only",
      `allOf ${names(before, removedAnnotations)} removed, with annotations only.`,
      `${baseAt}/${removedAnnotations[0]}`,
      now.pointer,
    );
}

/**
 * The other branch of `oneOf: [{type: "null"}, X]`, OpenAPI 3.1's way to make a $ref'd schema
 * nullable; undefined when the schema is not that wrapper (oasdiff: nullable wrapping).
 */
export function nullableWrapped(document: Json, flat: Flat): { schema: unknown; pointer: string } | undefined {
  const { node } = flat;
  if (!Array.isArray(node.oneOf) || node.oneOf.length !== 2) return undefined;
  if (Object.keys(node).some((name) => name !== "oneOf" && !ANNOTATIONS.has(name) && !name.startsWith("x-"))) return undefined;
  const at = `${keywordAt(flat, "oneOf")}/oneOf`;
  const isNull = (branch: unknown, index: number) => {
    const found = follow(document, branch, `${at}/${index}`)?.node;
    const types = Array.isArray(found?.type) ? found.type : [found?.type];
    return (
      found !== undefined &&
      types.length === 1 &&
      types[0] === "null" &&
      Object.keys(found).every((name) => name === "type" || ANNOTATIONS.has(name))
    );
  };
  const nulls = node.oneOf.map(isNull);
  const payload = nulls.indexOf(false);
  if (nulls.filter(Boolean).length !== 1 || payload < 0) return undefined;
  return { schema: node.oneOf[payload], pointer: `${at}/${payload}` };
}

/**
 * An object whose properties moved into the branches of a oneOf (`{properties}` to
 * `{oneOf: [{properties}, …]}`): one change, not each property removed and a oneOf added. A value
 * valid before may match two branches now, or none (oasdiff: …-body-wrapped-in-one-of).
 */
export function oneOfWrapping(scope: SchemaScope, was: Flat, now: Flat): string[] | undefined {
  const after: unknown[] = Array.isArray(now.node.oneOf) ? now.node.oneOf : [];
  if (was.node.oneOf !== undefined || was.properties.size === 0) return undefined;
  if (after.length === 0 || now.properties.size > 0 || now.node.type !== undefined) return undefined;
  const at = `${keywordAt(now, "oneOf")}/oneOf`;
  const branches = after.map((branch, index) => follow(scope.comparison.head, branch, `${at}/${index}`)?.node);
  const moved = [...was.properties.keys()].filter((name) =>
    branches.some((branch) => isObject(branch?.properties) && name in branch.properties),
  );
  return moved.length > 0 ? moved : undefined;
}
