// Walking one version of a document for the checks of `diff`: following local $refs while
// keeping the pointer of where each thing is written, so that a change is reported at its
// real place.
import { isObject, type Json } from "./json.js";
import { decodePointer, encodePointer, resolvePointer } from "./input/json-pointer.js";

export interface Located<T = Json> {
  node: T;
  /** Where `node` is written, after every $ref is followed. */
  pointer: string;
}

/** Follows local $refs from `node` (written at `pointer`) to the object they name. */
export function follow(document: Json, node: unknown, pointer: string): Located | undefined {
  let current = node;
  let at = pointer;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === "string") {
    if (!current.$ref.startsWith("#") || seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    at = encodePointer(decodePointer(current.$ref));
    current = resolvePointer(document, current.$ref);
  }
  return isObject(current) ? { node: current, pointer: at } : undefined;
}

export interface OperationAt {
  /** "GET /certificates" */
  name: string;
  operation: Located;
  pathItem: Located;
}

export interface ParameterAt {
  parameter: Json;
  /** Where the parameter is listed in the operation or path item (a $ref or the object). */
  entry: string;
  /** Where the parameter object is written. */
  pointer: string;
}

/** An operation's parameters, its own first, then its path item's that it does not override. */
export function parametersOf(document: Json, at: OperationAt): ParameterAt[] {
  const list = (owner: Located): ParameterAt[] =>
    (Array.isArray(owner.node.parameters) ? owner.node.parameters : []).flatMap((item: unknown, index: number) => {
      const entry = `${owner.pointer}/parameters/${index}`;
      const located = follow(document, item, entry);
      return located ? [{ parameter: located.node, entry, pointer: located.pointer }] : [];
    });
  const own = list(at.operation);
  const key = (item: ParameterAt) => `${item.parameter.in}:${String(item.parameter.name).toLowerCase()}`;
  const ownKeys = new Set(own.map(key));
  return [...own, ...list(at.pathItem).filter((item) => !ownKeys.has(key(item)))];
}
