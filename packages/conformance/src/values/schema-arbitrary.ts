// JSON Schema → fast-check arbitrary of values the schema accepts, for the requests a run
// builds. Every declared property is present (optional ones too): an implementation's
// business rules often need more than the schema requires, and a fuller body is likelier to be
// accepted. What it cannot honour (an unsupported keyword) it leaves to the server: a request
// it gets wrong is answered 400, which the checks that use these values tell apart.
import type { Json } from "@signing-platform/contract/openapi";
import fc from "fast-check";

type Resolve = (schema: Json) => Json;

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  "date-time": () => fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString()),
  date: () =>
    fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
};

/** Printable words: values a server logs and echoes without trouble. */
const word = (min: number, max: number) =>
  fc
    .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "), minLength: min, maxLength: max })
    .map((value) => (value.trim().length >= min ? value : value.replace(/ /g, "x")));

export function arbitraryFor(schema: Json, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const node = resolve(schema);
  if (depth > 8) return fc.constant(null);
  if ("const" in node) return fc.constant(node.const);
  if (Array.isArray(node.enum) && node.enum.length > 0) return fc.constantFrom(...node.enum);
  if (Array.isArray(node.allOf) && node.allOf.length > 0) return arbitraryFor(mergeAllOf(node, resolve), resolve, depth + 1);
  const union = node.oneOf ?? node.anyOf;
  if (Array.isArray(union) && union.length > 0) {
    // A branch of named values first (an open set's known members), then the first that is
    // not null: the value a client most often sends.
    const named = union.find((candidate: Json) => Array.isArray(resolve(candidate).enum) || "const" in resolve(candidate));
    const branch = named ?? union.find((candidate: Json) => resolve(candidate).type !== "null") ?? union[0];
    return arbitraryFor(branch, resolve, depth + 1);
  }
  const type = Array.isArray(node.type) ? node.type.find((candidate: string) => candidate !== "null") : node.type;
  switch (type ?? (node.properties ? "object" : undefined)) {
    case "object": {
      const properties = Object.entries<Json>(node.properties ?? {});
      if (properties.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, arbitraryFor(property, resolve, depth + 1)])));
    }
    case "array": {
      const minLength = node.minItems ?? 1;
      return fc.array(arbitraryFor(node.items ?? {}, resolve, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(node.maxItems ?? 3, 3)),
      });
    }
    case "string": {
      if (node.format && FORMATS[node.format]) return FORMATS[node.format]!();
      if (typeof node.pattern === "string") return fc.stringMatching(new RegExp(node.pattern));
      const min = node.minLength ?? 1;
      return word(min, Math.max(min, Math.min(node.maxLength ?? 24, 24)));
    }
    case "integer":
      return fc.integer({ min: node.minimum ?? 0, max: node.maximum ?? 1000 });
    case "number":
      return fc.double({ min: node.minimum ?? 0, max: node.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.constant("value");
  }
}

/** `allOf` of objects as one object schema: the union of properties and required names. */
function mergeAllOf(node: Json, resolve: Resolve): Json {
  const parts = [node, ...node.allOf.map((part: Json) => mergeAllOf({ ...resolve(part), allOf: resolve(part).allOf ?? [] }, resolve))];
  const merged: Json = {};
  for (const part of parts) {
    const { allOf: _allOf, ...rest } = part;
    Object.assign(merged, rest, {
      properties: { ...merged.properties, ...rest.properties },
      required: [...(merged.required ?? []), ...(rest.required ?? [])],
    });
  }
  if (Object.keys(merged.properties).length === 0) delete merged.properties;
  return merged;
}

/** The JSON types a schema does not allow at its top: a value of each is invalid there. */
export function wrongTypeValues(schema: Json, resolve: Resolve): unknown[] {
  const node = resolve(schema);
  const allowed = new Set<string>(Array.isArray(node.type) ? node.type : node.type ? [node.type] : []);
  if (allowed.size === 0) return [];
  const samples: Array<[string, unknown]> = [
    ["string", "not-a-number"],
    ["integer", 12345],
    ["boolean", true],
    ["array", []],
    ["object", { unexpected: true }],
  ];
  return samples.filter(([type]) => !allowed.has(type) && !(type === "integer" && allowed.has("number"))).map(([, value]) => value);
}
