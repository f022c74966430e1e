// A value a schema of the document accepts, for what the sandbox answers or emits without
// hand-written behaviour: the value the generated SDK's README shows for the schema
// (@signing-platform/generator's schemaExample: the schema's example, else its const, enum
// or default, else the least value of its type its pattern, format and bounds accept), read
// from the document as a response reads it. The caller validates it; the same schema always
// gives the same value.
import { schemaExample } from "@signing-platform/generator/schema-example";
import type { JsonObject } from "./api-document.js";

const views = new WeakMap<JsonObject, JsonObject>();

/**
 * The document as a server writes its answers: a read-only property is written like any other,
 * a write-only one never; and where an open set is a union of any string and its known values
 * (`anyOf: [string, enum]`), a known value comes first, as a client reads it best. Reordering
 * an `anyOf` accepts the same values.
 */
function responseView(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(responseView);
  if (node === null || typeof node !== "object") return node;
  const rest = { ...(node as JsonObject) };
  if (typeof rest.readOnly === "boolean") delete rest.readOnly;
  const properties = rest.properties as JsonObject | undefined;
  const writeOnly = properties
    ? Object.keys(properties).filter((name) => (properties[name] as JsonObject | undefined)?.writeOnly === true)
    : [];
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === "properties" && properties) {
      out.properties = Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => !writeOnly.includes(name))
          .map(([name, property]) => [name, responseView(property)]),
      );
    } else if (key === "required" && Array.isArray(value)) {
      out.required = value.filter((name) => !writeOnly.includes(String(name)));
    } else if (key === "anyOf" && Array.isArray(value)) {
      const named = (branch: unknown) => Array.isArray((branch as JsonObject).enum) || "const" in (branch as JsonObject);
      out.anyOf = [...value.filter(named), ...value.filter((branch) => !named(branch))].map(responseView);
    } else {
      out[key] = responseView(value);
    }
  }
  return out;
}

/** A value `schema` (a node of `document`, or a `$ref` into it) accepts as a response or event reads it; undefined when none can be made. */
export function schemaValue(document: JsonObject, schema: unknown): unknown {
  let view = views.get(document);
  if (!view) {
    view = responseView(document) as JsonObject;
    views.set(document, view);
  }
  return schemaExample(view, responseView(schema));
}
