// Example values for the SDK's README: the document's own example where it gives one, else a
// value made from the schema (its required properties, the first enum value, a placeholder
// of the type), so every example in the README type-checks against the SDK it documents.
import { resolveRef } from "./document-refs.js";

type Node = Record<string, unknown>;

const MAX_DEPTH = 6;

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

/** A value of `schema`, or undefined when none can be made (a schema that allows nothing). */
export function exampleOf(document: Node, value: unknown, where: string, depth = 0): unknown {
  const found = resolveRef(document, value, where);
  if (!found || depth > MAX_DEPTH) return undefined;
  const schema = merged(document, found, where);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return exampleOf(document, alternatives[0], where, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== "null") : schema.type;
  switch (type) {
    case "string":
      return schema.format === "date-time" ? "2026-01-01T00:00:00Z" : schema.format === "date" ? "2026-01-01" : "string";
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
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
      for (const name of required) {
        if (!(name in properties)) continue;
        const property = resolveRef(document, properties[name], where);
        if (property?.readOnly === true) continue;
        object[name] = exampleOf(document, property, where, depth + 1);
      }
      return object;
    }
  }
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
