// Walking one version of a document for the checks of `diff`, through the contract's reader:
// local $refs followed while keeping the pointer of where each thing is written, so that a
// change is reported at its real place. The convention checks read each document as written,
// where a $ref to another file is not followed (the generic checks read the bundled copy),
// and a $ref to a URL is left as written in either: what cannot be followed is not compared.
import {
  followRef,
  isJsonObject,
  type Json,
  type Located as LocatedValue,
  type OperationParameter,
  parametersOf as operationParameters,
} from "@signing-platform/contract/openapi";

/** What the diff's walks do with a $ref they cannot follow: leave out what it stands for. */
export const SKIP_BROKEN_REFS = { brokenRefs: "skip" } as const;

/** An object of the document and where it is written, once every $ref to it is followed. */
export type Located<T = Json> = LocatedValue<T>;

/** Follows local $refs from `node` (written at `pointer`) to the object they name; undefined when they cannot be followed or name no object. */
export function follow(document: Json, node: unknown, pointer: string): Located | undefined {
  const located = followRef(document, node, pointer, SKIP_BROKEN_REFS);
  return isJsonObject(located?.node) ? { node: located.node, pointer: located.pointer } : undefined;
}

export interface OperationAt {
  /** "GET /certificates" */
  name: string;
  operation: Located;
  pathItem: Located;
}

/** A parameter of an operation, where it is listed and where it is written. */
export type ParameterAt = OperationParameter;

/** An operation's parameters: its path item's, each overridden by the operation's of the same name and location, as OpenAPI says. */
export function parametersOf(document: Json, at: OperationAt): ParameterAt[] {
  const operation = {
    operation: at.operation.node,
    pointer: at.operation.pointer,
    pathItem: at.pathItem.node,
    pathItemPointer: at.pathItem.pointer,
  };
  return operationParameters(document, operation, SKIP_BROKEN_REFS);
}
