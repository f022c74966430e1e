// Example values for the SDK's README: the document's own example where it gives one, else a
// value made from the schema (its required properties, the first enum value, a placeholder
// of the type), so every example in the README type-checks against the SDK it documents.
import { singleValue } from "./discriminator-mappings.js";
import { resolveRef } from "@signing-platform/contract/openapi";

type Node = Record<string, unknown>;

// Deep enough for OpenAI's nesting (a body, a oneOf, a source, a oneOf, a list, its item, its object).
const MAX_DEPTH = 10;

function merged(document: Node, schema: Node, where: string): Node {
  const parts = Array.isArray(schema.allOf)
    ? schema.allOf.map((part) => merged(document, resolveRef(document, part, where) ?? {}, where))
    : [];
  if (parts.length === 0) return schema;
  const { allOf: _allOf, ...rest } = schema;
  return parts.reduce<Node>(
    (into, part) => ({
      ...into,
      ...part,
      properties: { ...(into.properties as Node | undefined), ...(part.properties as Node | undefined) },
      required: [...((into.required as unknown[]) ?? []), ...((part.required as unknown[]) ?? [])],
    }),
    rest,
  );
}

// A value of each string format a server is likely to check (Prism, for one, checks them all).
const FORMAT_EXAMPLES: Record<string, string> = {
  "date-time": "2026-01-01T00:00:00Z",
  date: "2026-01-01",
  time: "12:00:00Z",
  duration: "P1D",
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  email: "user@example.com",
  "idn-email": "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  "uri-reference": "https://example.com",
  iri: "https://example.com",
  "iri-reference": "https://example.com",
  "uri-template": "https://example.com/{id}",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "ZXhhbXBsZQ==",
  "json-pointer": "/example",
  regex: "^example$",
};

// Strings tried, in order, against a pattern: a digit string (Discord's snowflakes), words, codes.
const PATTERN_CANDIDATES = ["string", "1", "123456789", "example", "EXAMPLE", "Example1", "a1", "A1", "1.0", "ab", "AB", "1a"];

const matches = (pattern: unknown, value: string): boolean => {
  if (typeof pattern !== "string") return true;
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return true;
  }
};

/** The closing bracket of the group or class opened at `from`, escapes and nested groups skipped. */
function closing(pattern: string, from: number): number {
  const open = pattern[from];
  let depth = 0;
  for (let i = from; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") i++;
    else if (open === "[" && char === "]" && i > from + 1) return i;
    else if (open === "(" && char === "[") i = closing(pattern, i);
    else if (open === "(" && char === "(") depth++;
    else if (open === "(" && char === ")" && --depth === 0) return i;
  }
  return pattern.length;
}

/** The top-level alternatives of a pattern: `a|b(c|d)` gives `a` and `b(c|d)`. */
function alternatives(pattern: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") i++;
    else if (char === "[" || char === "(") i = closing(pattern, i);
    else if (char === "|") {
      parts.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, pattern.slice(from)];
}

const ESCAPES: Record<string, string> = { d: "0", w: "a", s: " ", D: "a", W: "-", S: "a", n: "\n", t: "\t" };

/** One character of a class `[…]`: its first member, or for `[^…]` one it leaves out. */
function classMember(body: string): string {
  if (body.startsWith("^")) return ["a", "A", "0", "_", "-", "."].find((char) => !new RegExp(`[${body}]`, "u").test(char)) ?? "a";
  if (body.startsWith("\\")) return ESCAPES[body[1] ?? ""] ?? body[1] ?? "a";
  return body[0] ?? "a";
}

/**
 * A string a simple pattern matches (literals, classes, groups, alternatives and quantifiers,
 * each repeated its least number of times, at least once for + and {n,}): Twilio's
 * `^AC[0-9a-fA-F]{32}$` gives `AC000…0`. The caller checks the result against the pattern.
 */
function patternSample(pattern: string, depth = 0): string {
  if (depth > 8) return "";
  const [first = ""] = alternatives(pattern);
  let out = "";
  for (let i = 0; i < first.length; i++) {
    const char = first[i]!;
    let atom: string;
    if (char === "^" || char === "$") continue;
    if (char === "\\") {
      const next = first[++i] ?? "";
      if (next === "b" || next === "B") continue;
      atom = ESCAPES[next] ?? next;
    } else if (char === "[") {
      const end = closing(first, i);
      atom = classMember(first.slice(i + 1, end));
      i = end;
    } else if (char === "(") {
      const end = closing(first, i);
      atom = patternSample(first.slice(i + 1, end).replace(/^\?(?::|=|!|<[^>]*>)/, ""), depth + 1);
      i = end;
    } else atom = char === "." ? "a" : char;
    const quantifier = first.slice(i + 1).match(/^(?:\{(\d+)(?:,(\d*))?\}|[*+?])\??/);
    let count = 1;
    if (quantifier) {
      i += quantifier[0].length;
      const symbol = quantifier[0][0];
      count = symbol === "*" || symbol === "?" ? 0 : symbol === "+" ? 1 : Math.max(Number(quantifier[1]), quantifier[2] === "" ? 1 : 0);
    }
    out += atom.repeat(count);
  }
  return out;
}

/** A string `schema` accepts: one of its format, else "string" (or a candidate its pattern accepts), fitted to its length bounds. */
function stringExample(schema: Node): string {
  const formatted = typeof schema.format === "string" ? FORMAT_EXAMPLES[schema.format] : undefined;
  if (formatted !== undefined && matches(schema.pattern, formatted)) return formatted;
  const fit = (value: string) => {
    let fitted = value;
    if (typeof schema.minLength === "number" && fitted.length < schema.minLength)
      fitted = fitted.padEnd(schema.minLength, fitted.at(-1) ?? "s");
    if (typeof schema.maxLength === "number" && fitted.length > schema.maxLength) fitted = fitted.slice(0, Math.max(schema.maxLength, 0));
    return fitted;
  };
  const candidate = PATTERN_CANDIDATES.map(fit).find((value) => matches(schema.pattern, value));
  if (candidate !== undefined) return candidate;
  if (typeof schema.pattern === "string") {
    const sampled = patternSample(schema.pattern);
    const fits =
      (typeof schema.minLength !== "number" || sampled.length >= schema.minLength) &&
      (typeof schema.maxLength !== "number" || sampled.length <= schema.maxLength);
    if (fits && matches(schema.pattern, sampled)) return sampled;
  }
  return fit("string");
}

/** A number `schema` accepts: its minimum, else 1 where its bounds allow it. */
function numberExample(schema: Node): number {
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside the bound, 3.1 as the bound itself.
  if (typeof schema.minimum === "number") return schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
  if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === "number" && schema.maximum < 1) return schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0);
  if (typeof schema.exclusiveMaximum === "number" && schema.exclusiveMaximum <= 1) return schema.exclusiveMaximum - 1;
  return 1;
}

/**
 * A documented example as `schema` types it: an example written as a form writes it (Twilio's
 * `"Record": "true"`, `"Timeout": "15"`, one value for a list) has its booleans, numbers and
 * lists turned into those, so that the call type-checks and is sent as the document says.
 */
export function conformTo(document: Node, schemaRef: unknown, value: unknown, where: string, depth = 0): unknown {
  const found = resolveRef(document, schemaRef, where);
  if (!found || depth > MAX_DEPTH || value === undefined || value === null) return value;
  const schema = merged(document, found, where);
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (alternatives !== undefined) {
    // An object is conformed to the alternative that names the most of its properties (and
    // requires none it lacks): DigitalOcean's log sink `config`, one of three kinds of sink.
    if (!Array.isArray(alternatives) || typeof value !== "object" || Array.isArray(value)) return value;
    const keys = Object.keys(value as Node);
    let best: { alternative: unknown; score: number } | undefined;
    for (const alternative of alternatives) {
      const part = resolveRef(document, alternative, where);
      if (!part) continue;
      const shape = merged(document, part, where);
      const named = Object.keys((shape.properties as Node | undefined) ?? {});
      const required = Array.isArray(shape.required) ? (shape.required as string[]) : [];
      if (required.some((name) => !keys.includes(name))) continue;
      // An alternative whose enum refuses one of the values is not the one meant (GitHub's
      // rules: every kind has `type` and `parameters`, told apart by the value of `type`).
      const properties = (shape.properties ?? {}) as Node;
      const refused = keys.some((key) => {
        const property = resolveRef(document, properties[key], where);
        return Array.isArray(property?.enum) && !property.enum.includes((value as Node)[key]);
      });
      if (refused) continue;
      const score = keys.filter((key) => named.includes(key)).length;
      if (best === undefined || score > best.score) best = { alternative, score };
    }
    return best === undefined ? value : conformTo(document, best.alternative, value, where, depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  if (types.includes(typeof value === "object" ? (Array.isArray(value) ? "array" : "object") : typeof value)) {
    if (Array.isArray(value)) return value.map((item) => conformTo(document, schema.items, item, where, depth + 1));
    if (typeof value !== "object") return value;
  }
  const type = types.find((candidate) => candidate !== "null");
  switch (type) {
    case "array":
      return Array.isArray(value)
        ? value.map((item) => conformTo(document, schema.items, item, where, depth + 1))
        : [conformTo(document, schema.items, value, where, depth + 1)];
    case "boolean":
      return value === "true" ? true : value === "false" ? false : value;
    case "integer":
    case "number":
      return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
    case "string":
      return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
    default: {
      // An object written as JSON text (OpenAI's `item_schema`) is given as the object.
      if (typeof value === "string" && (type === "object" || schema.properties !== undefined)) {
        try {
          const parsed: unknown = JSON.parse(value);
          if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
        } catch {
          return value;
        }
      }
      if (typeof value !== "object" || Array.isArray(value)) return value;
      const properties = (schema.properties as Node | undefined) ?? {};
      const additional = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
      // A property the schema does not name, where it names some and allows no others by a
      // schema or `true`, is left out: the SDK's types have no place for it.
      const closed = schema.properties !== undefined && additional === undefined && schema.additionalProperties !== true;
      const given = Object.entries(value as Node).flatMap(([name, item]): Array<[string, unknown]> => {
        const itemSchema = properties[name] ?? additional;
        if (itemSchema === undefined) return closed ? [] : [[name, item]];
        return [[name, conformTo(document, itemSchema, item, where, depth + 1)]];
      });
      // A property the example leaves out that has a default gets it, as exampleOf gives it:
      // the SDK's types require it in a component schema (DigitalOcean's Kafka topic config).
      const defaulted = Object.entries(properties).flatMap(([name, property]): Array<[string, unknown]> => {
        const resolved = resolveRef(document, property, where);
        const fallback = resolved?.default;
        return name in (value as Node) || resolved?.readOnly === true || fallback === undefined || fallback === null
          ? []
          : [[name, fallback]];
      });
      // A required property the example leaves out (GitHub's issue field options lack their
      // `priority`) gets a value made from its schema: the call must type-check as the document types it.
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const missing = required.flatMap((name): Array<[string, unknown]> => {
        const property = name in (value as Node) ? undefined : resolveRef(document, properties[name], where);
        if (!property || property.readOnly === true) return [];
        const made = exampleOf(document, properties[name], where, depth + 1);
        return made === undefined ? [] : [[name, made]];
      });
      return Object.fromEntries([...given, ...defaulted, ...missing]);
    }
  }
}

const lastSegment = (ref: unknown) => (typeof ref === "string" ? ref.split(/[/#]/).pop() : undefined);

/**
 * An example of one alternative of a oneOf or anyOf with the value its discriminator's mapping
 * gives that alternative (DigitalOcean's `{ "type": "unassign" }`), where the document maps
 * them: the first value of the property's enum may name another alternative.
 */
function withDiscriminator(document: Node, schema: Node, alternative: unknown, example: unknown, where: string): unknown {
  if (example === null || typeof example !== "object" || Array.isArray(example)) return example;
  const own = resolveRef(document, alternative, where);
  const discriminator = (schema.discriminator ?? (own ? merged(document, own, where).discriminator : undefined)) as
    | { propertyName?: unknown; mapping?: Record<string, unknown> }
    | undefined;
  const name = lastSegment((alternative as Node | undefined)?.$ref);
  if (typeof discriminator?.propertyName !== "string" || name === undefined) return example;
  // Else the value the alternative names for itself (OpenAI's `"type": "message"`, which the
  // document leaves optional and the SDK's types require, as every discriminating property).
  const key =
    Object.entries(discriminator.mapping ?? {}).find(([, target]) => lastSegment(target) === name)?.[0] ??
    singleValue(document, alternative, discriminator.propertyName);
  return key === undefined ? example : { ...(example as Node), [discriminator.propertyName]: key };
}

/**
 * A value of `schema`, or undefined when none can be made (a schema that allows nothing).
 * `defaults`: whether an object gives its properties that have a default (besides the
 * required ones); nested objects always do.
 */
export function exampleOf(document: Node, value: unknown, where: string, depth = 0, defaults = true): unknown {
  const found = resolveRef(document, value, where);
  if (!found || depth > MAX_DEPTH) return undefined;
  const schema = merged(document, found, where);
  if (schema.example !== undefined) return conformTo(document, schema, schema.example, where);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return conformTo(document, schema, schema.examples[0], where);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const example = exampleOf(document, alternatives[0], where, depth + 1, defaults);
    return withDiscriminator(document, schema, alternatives[0], example, where);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== "null") : schema.type;
  switch (type) {
    case "string":
      return stringExample(schema);
    case "integer":
    case "number":
      return numberExample(schema);
    case "boolean":
      return true;
    case "array": {
      const item = exampleOf(document, schema.items, where, depth + 1);
      const count = typeof schema.minItems === "number" ? schema.minItems : item === undefined ? 0 : 1;
      return Array.from({ length: count }, () => item);
    }
    default: {
      const properties = (schema.properties as Node | undefined) ?? {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const object: Node = {};
      for (const [name, value] of Object.entries(properties)) {
        const property = resolveRef(document, value, where);
        if (property?.readOnly === true) continue;
        // A property with a default is given too, but at the top of a JSON body, where the
        // README shows the shortest call. A null default is no value of the property's type.
        const defaulted = defaults && property?.default !== undefined && property.default !== null;
        if (required.includes(name) || defaulted) object[name] = exampleOf(document, property, where, depth + 1);
      }
      return object;
    }
  }
}

/**
 * A value `schema` accepts, made as the examples of an SDK's README are: the schema's own
 * example, else its `const`, first `enum` value or `default`, else a value of its type (an
 * object's required properties and those with a default, a string its `pattern` and `format`
 * accept, the least number its bounds allow). The same schema always gives the same value;
 * `$ref`s are followed inside `document`. Undefined when no value can be made.
 * @example
 * ```ts
 * import { schemaExample } from "@signing-platform/generator/schema-example";
 *
 * const document = { components: { schemas: { CertificateId: { type: "string", pattern: "^cert_[A-Za-z0-9]+$" } } } };
 * schemaExample(document, { $ref: "#/components/schemas/CertificateId" }); // "cert_A"
 * ```
 */
export function schemaExample(document: Record<string, unknown>, schema: unknown): unknown {
  return exampleOf(document, schema, "schema");
}

/** The first server's URL with its variables at their defaults. */
export function serverUrlOf(document: Node): string | undefined {
  const server = (document.servers as Array<{ url?: unknown; variables?: Record<string, { default?: unknown }> }> | undefined)?.[0];
  if (typeof server?.url !== "string") return undefined;
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const fallback = server.variables?.[name]?.default;
    return typeof fallback === "string" ? fallback : whole;
  });
}
