// A document split over files reaches the generator bundled (the contract's loader places each
// referenced file under one key of the document and makes every `$ref` a pointer to it). A
// schema there is no component: openapi-typescript would refer to it by a type that does not
// exist (`x-signing-platform-files["models/droplet.yml"]`) and the Python SDK would have no
// name for it. Each schema a reference reaches outside `#/components/schemas` becomes a
// component, named after what it is in its file, and the reference (a discriminator's mapping
// too) points there; a component that is only a reference to it lends it its name.
import { decodePointer, encodeUriFragment, resolvePointer } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "./load-document.js";

type Node = Record<string, unknown>;

const COMPONENT = "#/components/schemas/";
/** Keywords whose value is a schema; whose value is a list of schemas; whose value maps names to schemas. */
const ONE = new Set([
  "schema",
  "items",
  "additionalProperties",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
]);
const LIST = new Set(["allOf", "oneOf", "anyOf", "prefixItems"]);
const MAP = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/** `#/x-files/resources~1droplets~1models~1droplet.yml/droplet_action` → `droplet_action`; a whole file by its name. */
function nameOf(ref: string): string {
  const tokens = decodePointer(ref);
  const last =
    tokens.length > 2
      ? tokens.at(-1)!
      : tokens
          .at(-1)!
          .split("/")
          .at(-1)!
          .replace(/\.(ya?ml|json)$/i, "");
  return last || "schema";
}

/** The document with every schema reached outside `#/components/schemas` made a component (a copy; the given one is kept). */
export function withBundledSchemasAsComponents(given: OpenApiDocument): OpenApiDocument {
  const outside = (ref: unknown): ref is string => typeof ref === "string" && ref.startsWith("#/") && !ref.startsWith(COMPONENT);
  if (!JSON.stringify(given).includes('"$ref":"#/x-')) return given;
  const document = structuredClone(given) as OpenApiDocument & Node;
  const components = (document.components ??= {}) as Node as { schemas?: Node };
  const schemas = (components.schemas ??= {}) as Node;
  // A component written as a reference alone names what it refers to.
  const named = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const ref = (schema as Node | null)?.$ref;
    if (outside(ref) && Object.keys(schema as Node).length === 1 && !named.has(ref)) named.set(ref, name);
  }
  const taken = new Set(Object.keys(schemas));
  const componentOf = (ref: string): string => {
    let name = named.get(ref);
    if (name === undefined) {
      const base = nameOf(ref);
      name = base;
      for (let count = 2; taken.has(name); count++) name = `${base}_${count}`;
      taken.add(name);
      named.set(ref, name);
      const target = resolvePointer(document, ref);
      if (!target || typeof target !== "object") return ref;
      schemas[name] = target;
      visitSchema(target);
    }
    return encodeUriFragment(["components", "schemas", name]);
  };
  const seen = new Set<unknown>();
  function visitSchema(schema: unknown): void {
    if (!schema || typeof schema !== "object" || seen.has(schema)) return;
    seen.add(schema);
    const node = schema as Node;
    // Not the component a reference alone names: it stays the reference, to itself's target.
    if (outside(node.$ref)) node.$ref = componentOf(node.$ref);
    const mapping = (node.discriminator as Node | undefined)?.mapping as Record<string, unknown> | undefined;
    if (mapping && typeof mapping === "object")
      for (const [key, ref] of Object.entries(mapping)) if (outside(ref)) mapping[key] = componentOf(ref);
    for (const [key, child] of Object.entries(node)) {
      if (ONE.has(key)) visitSchema(child);
      else if (LIST.has(key) && Array.isArray(child)) child.forEach(visitSchema);
      else if (MAP.has(key) && child && typeof child === "object") Object.values(child).forEach(visitSchema);
    }
  }
  /**
   * Everything but schemas: a schema is found under `schema`, or as a component. A parameter,
   * response, request body or header that is a reference outside the components is written in
   * place (they do not nest in themselves), for openapi-typescript names no such type either.
   */
  function visit(node: unknown, depth: number): void {
    if (!node || typeof node !== "object" || depth > 64) return;
    for (const [key, value] of Object.entries(node)) {
      let child = value;
      for (let hops = 0; hops < 16 && outside((child as Node | null)?.$ref) && key !== "schema"; hops++) {
        const target = resolvePointer(document, (child as Node).$ref as string);
        if (!target || typeof target !== "object") break;
        child = (node as Node)[key] = target;
      }
      if (key === "schema") visitSchema(child);
      else if (key !== "example" && key !== "examples") visit(child, depth + 1);
    }
  }
  for (const name of Object.keys(schemas)) {
    // The component that only refers: its target becomes the component itself.
    const ref = (schemas[name] as Node | null)?.$ref;
    if (outside(ref) && named.get(ref) === name) {
      schemas[name] = resolvePointer(document, ref);
      visitSchema(schemas[name]);
    } else visitSchema(schemas[name]);
  }
  visit(document.paths, 0);
  visit(document.webhooks, 0);
  visit((document.components as Node | undefined) ?? {}, 0);
  return document;
}
