// A schema as its readers validate it: its own keywords with those of its allOf branches folded
// in, each keyword remembering where it is written so a change is reported at its real place.
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import { follow } from "../document-walk.js";

export interface Flat {
  /** The schema's own keywords, with those of its allOf branches where it has none. */
  node: Json;
  pointer: string;
  /** Where each keyword taken from an allOf branch is written (the schema's own are at `pointer`). */
  from: Map<string, string>;
  properties: Map<string, { schema: unknown; pointer: string }>;
  required: Set<string>;
}

/** A schema with its allOf branches folded in, as readers validate it. */
function flatten(document: Json, schema: unknown, pointer: string, stack = new Set<string>()): Flat | undefined {
  const located = follow(document, schema, pointer);
  if (!located || stack.has(located.pointer)) return undefined;
  stack.add(located.pointer);
  const { node } = located;
  const flat: Flat = {
    node: { ...node },
    pointer: located.pointer,
    from: new Map(),
    properties: new Map(),
    required: new Set(Array.isArray(node.required) ? node.required : []),
  };
  if (isObject(node.properties)) {
    for (const [name, property] of Object.entries(node.properties))
      flat.properties.set(name, { schema: property, pointer: `${located.pointer}/properties/${encodePointer([name]).slice(2)}` });
  }
  if (Array.isArray(node.allOf)) {
    node.allOf.forEach((branch: unknown, index: number) => {
      const part = flatten(document, branch, `${located.pointer}/allOf/${index}`, stack);
      if (!part) return;
      for (const [name, property] of part.properties) if (!flat.properties.has(name)) flat.properties.set(name, property);
      for (const name of part.required) flat.required.add(name);
      for (const [keyword, value] of Object.entries(part.node)) {
        if (keyword in flat.node || keyword === "properties" || keyword === "required") continue;
        flat.node[keyword] = value;
        flat.from.set(keyword, part.from.get(keyword) ?? part.pointer);
      }
    });
  }
  stack.delete(located.pointer);
  return flat;
}

/**
 * A schema's flat form, made once per document and place: a component that many operations
 * read is flattened once, not once per reader (`npm run bench -- lint-diff` on Stripe's
 * description, where flattening was the largest cost). Flat forms are only read once made.
 */
const flatForms = new WeakMap<Json, Map<string, Flat | undefined>>();
export function flattenOnce(document: Json, schema: unknown, pointer: string): Flat | undefined {
  let byPointer = flatForms.get(document);
  if (!byPointer) flatForms.set(document, (byPointer = new Map()));
  if (!byPointer.has(pointer)) byPointer.set(pointer, flatten(document, schema, pointer));
  return byPointer.get(pointer);
}

/** The pointer of the schema a keyword of `flat` is written in. */
export const keywordAt = (flat: Flat, keyword: string) => flat.from.get(keyword) ?? flat.pointer;
