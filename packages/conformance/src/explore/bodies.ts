// Request bodies drawn from an operation's schema: bodies it accepts (every property, or only
// the required ones with values at the schema's bounds: the longest string, the largest number,
// the most items), and bodies it refuses, each one step from an accepted body with the field
// that breaks it: a value of the wrong type, a required property left out, a string, number
// or list past its bound, a value no closed enum has. Every body is put to the document's
// schema first (ajv): a body the schema accepts is never sent as one it refuses, or the reverse.
import type { Json } from "@signing-platform/contract/openapi";
import fc from "fast-check";
import type { Contract, Operation } from "../contract.js";
import { arbitraryFor, wrongTypeValues } from "../values/schema-arbitrary.js";

type Resolve = (schema: Json) => Json;

export interface InvalidBody {
  body: unknown;
  /** The JSONPath of the value that breaks the schema. */
  field: string;
  /** How it breaks it: `the wrong type`, `past maxLength 64` … */
  why: string;
}

/** Bodies of at most this many characters at a bound are drawn; a longer bound is left to the limits checks. */
const LONGEST = 2048;

/** Bodies the schema accepts, or null when none of a sample is accepted (a schema the generator cannot honour). */
export function validBodies(operation: Operation, contract: Contract): fc.Arbitrary<unknown> | null {
  if (!operation.body) return null;
  const { schema } = operation.body;
  const full = arbitraryFor(schema, contract.resolve);
  const atBounds = boundedArbitrary(schema, contract.resolve);
  const accepted = (body: unknown) => contract.acceptsRequestBody(operation, body);
  const arbitrary = fc.oneof({ weight: 3, arbitrary: full }, { weight: 1, arbitrary: atBounds });
  if (!fc.sample(arbitrary, { seed: 1, numRuns: 20 }).some(accepted)) return null;
  return arbitrary.filter(accepted);
}

/** Bodies the schema refuses, one field wrong each; null when the schema refuses nothing one step from a valid body. */
export function invalidBodies(operation: Operation, contract: Contract): fc.Arbitrary<InvalidBody> | null {
  const valid = validBodies(operation, contract);
  if (!valid || !operation.body) return null;
  const schema = operation.body.schema;
  const refused = (body: unknown) => !contract.acceptsRequestBody(operation, body);
  const variants = (body: unknown) => mutations(schema, body, contract.resolve, "$").filter((variant) => refused(variant.body));
  if (!fc.sample(valid, { seed: 1, numRuns: 10 }).some((body) => variants(body).length > 0)) return null;
  return valid
    .map(variants)
    .filter((found) => found.length > 0)
    .chain((found) => fc.constantFrom(...found));
}

const fieldOf = (path: string, name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${path}.${name}` : `${path}['${name}']`);

/** Every body one step from `value` at `path` and below it, each with the field it breaks. */
function mutations(schema: Json, value: unknown, resolve: Resolve, path: string): InvalidBody[] {
  const node = resolve(schema);
  const found: InvalidBody[] = [];
  for (const wrong of wrongTypeValues(node, resolve).slice(0, path === "$" ? 2 : 1))
    found.push({ body: wrong, field: path, why: "the wrong type" });
  if (typeof value === "string") {
    if (typeof node.maxLength === "number" && node.maxLength < LONGEST)
      found.push({ body: "x".repeat(node.maxLength + 1), field: path, why: `longer than maxLength ${node.maxLength}` });
    if (typeof node.minLength === "number" && node.minLength > 0)
      found.push({ body: "x".repeat(node.minLength - 1), field: path, why: `shorter than minLength ${node.minLength}` });
    if (Array.isArray(node.enum)) found.push({ body: "conformance_unknown_value", field: path, why: "a value the enum does not have" });
  }
  if (typeof value === "number") {
    if (typeof node.maximum === "number") found.push({ body: node.maximum + 1, field: path, why: `above maximum ${node.maximum}` });
    if (typeof node.minimum === "number") found.push({ body: node.minimum - 1, field: path, why: `below minimum ${node.minimum}` });
    if (node.type === "integer") found.push({ body: value + 0.5, field: path, why: "a number that is not an integer" });
  }
  if (Array.isArray(value) && typeof node.maxItems === "number" && node.maxItems < 256 && value.length > 0) {
    found.push({
      body: Array.from({ length: node.maxItems + 1 }, (_, index) => value[index % value.length]),
      field: path,
      why: `more than maxItems ${node.maxItems}`,
    });
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as Json;
    for (const name of (node.required ?? []) as string[]) {
      if (!(name in object)) continue;
      const { [name]: _left, ...rest } = object;
      found.push({ body: rest, field: fieldOf(path, name), why: `without the required ${name}` });
    }
    for (const [name, property] of Object.entries<Json>(node.properties ?? {})) {
      if (!(name in object)) continue;
      for (const nested of mutations(property, object[name], resolve, fieldOf(path, name))) {
        found.push({ ...nested, body: { ...object, [name]: nested.body } });
      }
    }
  }
  return found;
}

/** Values at the schema's bounds, with only the required properties sure to be there. */
function boundedArbitrary(schema: Json, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const node = resolve(schema);
  if (depth > 8 || "const" in node || Array.isArray(node.enum) || node.allOf || node.oneOf || node.anyOf)
    return arbitraryFor(node, resolve, depth);
  const type = Array.isArray(node.type) ? node.type.find((candidate: string) => candidate !== "null") : node.type;
  switch (type ?? (node.properties ? "object" : undefined)) {
    case "object": {
      const properties = Object.entries<Json>(node.properties ?? {});
      if (properties.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, boundedArbitrary(property, resolve, depth + 1)])), {
        requiredKeys: ((node.required ?? []) as string[]).filter((name) => node.properties?.[name]),
      });
    }
    case "array": {
      const longest = typeof node.maxItems === "number" && node.maxItems <= 64 ? node.maxItems : undefined;
      if (longest === undefined) return arbitraryFor(node, resolve, depth);
      return fc.array(boundedArbitrary(node.items ?? {}, resolve, depth + 1), { minLength: longest, maxLength: longest });
    }
    case "string": {
      if (node.format || node.pattern || typeof node.maxLength !== "number" || node.maxLength > LONGEST)
        return arbitraryFor(node, resolve, depth);
      const length = node.maxLength;
      return fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), minLength: length, maxLength: length });
    }
    case "integer":
    case "number": {
      const bounds = [node.minimum, node.maximum].filter((bound): bound is number => typeof bound === "number");
      return bounds.length > 0 ? fc.constantFrom(...bounds) : arbitraryFor(node, resolve, depth);
    }
    default:
      return arbitraryFor(node, resolve, depth);
  }
}
