// The parameters of an operation as OpenAPI defines them (Path Item Object › parameters): those
// of its path item apply to it, unless it lists one with the same name and location, which
// overrides it. A header's name is compared without case, as HTTP compares field names.
import { isJsonObject, type Json } from "./json.js";
import { appendPointer } from "./json-pointer.js";
import type { OpenApiOperation } from "./document-operations.js";
import { type BrokenRefOptions, followRef } from "./resolve-ref.js";

/** One parameter of an operation, with where it is listed and where it is written. */
export interface OperationParameter {
  /** The Parameter Object, its `$ref` followed. */
  readonly parameter: Json;
  /** Where it is listed: the entry of the operation's or the path item's `parameters` (a `$ref` or the object). */
  readonly entry: string;
  /** Where the Parameter Object is written. */
  readonly pointer: string;
}

/** What makes a parameter unique (OpenAPI: "a combination of a name and location"). */
function parameterKey(parameter: Json): string {
  const name = String(parameter.name);
  return `${String(parameter.in)}:${parameter.in === "header" ? name.toLowerCase() : name}`;
}

/**
 * The parameters of an operation from those of its path item (`pathLevel`) and its own: the
 * path item's in their order, each replaced in place by the operation's with the same name and
 * location, then the operation's others in their order.
 * @example
 * ```ts
 * import { mergeParameters } from "@signing-platform/contract/openapi";
 *
 * const merged = mergeParameters(
 *   [{ parameter: { name: "id", in: "path" } }, { parameter: { name: "limit", in: "query", schema: { maximum: 100 } } }],
 *   [{ parameter: { name: "limit", in: "query", schema: { maximum: 10 } } }, { parameter: { name: "cursor", in: "query" } }],
 * );
 * merged.map(({ parameter }) => parameter.name); // ["id", "limit", "cursor"], the limit of at most 10
 * ```
 */
export function mergeParameters<T extends { readonly parameter: Json }>(pathLevel: readonly T[], own: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const item of [...pathLevel, ...own]) byKey.set(parameterKey(item.parameter), item);
  return [...byKey.values()];
}

/**
 * The parameters of an operation of `document`: its path item's merged with its own
 * ({@link mergeParameters}), each `$ref` followed; throws BrokenRefError for one that cannot be,
 * unless told to skip it.
 * @example
 * ```ts
 * import { operationsOf, parametersOf } from "@signing-platform/contract/openapi";
 *
 * const document = {
 *   paths: { "/certificates/{id}": { parameters: [{ name: "id", in: "path", required: true }], get: { parameters: [{ name: "expand", in: "query" }] } } },
 * };
 * const [get] = operationsOf(document);
 * if (get) parametersOf(document, get).map(({ parameter }) => `${parameter.in} ${parameter.name}`); // ["path id", "query expand"]
 * ```
 */
export function parametersOf(
  document: unknown,
  operation: Pick<OpenApiOperation, "operation" | "pointer" | "pathItem" | "pathItemPointer">,
  options: BrokenRefOptions = {},
): OperationParameter[] {
  const listed = (owner: Json, ownerPointer: string): OperationParameter[] =>
    (Array.isArray(owner.parameters) ? owner.parameters : []).flatMap((written: unknown, index: number) => {
      const entry = appendPointer(ownerPointer, "parameters", index);
      const followed = followRef(document, written, entry, options);
      return isJsonObject(followed?.node) ? [{ parameter: followed.node, entry, pointer: followed.pointer }] : [];
    });
  return mergeParameters(listed(operation.pathItem, operation.pathItemPointer), listed(operation.operation, operation.pointer));
}
