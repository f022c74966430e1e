// The operations of a document as OpenAPI defines them: for each path (or webhook) its path
// item, a `$ref` followed, and the fixed fields of HTTP_METHODS that hold an operation, each
// with where it is written, so that a reader can report at the real place.
import type { HTTP_METHODS } from "../http-methods.js";
import { operationsOfPathItem } from "../operations.js";
import { isJsonObject, type Json } from "./json.js";
import { appendPointer, encodeUriFragment } from "./json-pointer.js";
import { type BrokenRefOptions, followRef } from "./resolve-ref.js";

/** One operation of a document, with its path item and where each is written. */
export interface OpenApiOperation {
  /** Where it is declared: under `paths`, or under `webhooks` (OpenAPI 3.1). */
  readonly root: "paths" | "webhooks";
  /** The path template (`/certificates/{id}`), or the webhook's name. */
  readonly path: string;
  /** The method, lower case. */
  readonly method: (typeof HTTP_METHODS)[number];
  /** The operation object. */
  readonly operation: Json;
  /** Where the operation object is written, once a `$ref` to it is followed: `#/paths/~1certificates/get`. */
  readonly pointer: string;
  /** The path item the operation belongs to, its `$ref` followed. */
  readonly pathItem: Json;
  /** Where the path item is written, once a `$ref` to it is followed. */
  readonly pathItemPointer: string;
}

/** Options of {@link operationsOf}. */
export interface OperationsOptions extends BrokenRefOptions {
  /** The operations of `paths` (the default), or of `webhooks`. */
  readonly root?: "paths" | "webhooks";
}

/**
 * Every operation of a document's `paths` (or `webhooks`), path by path in the document's
 * order, each path's in the order of `HTTP_METHODS`, with a path item or operation written as
 * a local `$ref` followed; throws BrokenRefError for one that cannot be, unless told to skip it.
 * @example
 * ```ts
 * import { operationsOf } from "@signing-platform/contract/openapi";
 *
 * const document = {
 *   paths: { "/certificates": { get: { operationId: "listCertificates" } } },
 *   webhooks: { "certificate.issued": { post: { operationId: "certificateIssued" } } },
 * };
 * operationsOf(document).map(({ method, path, pointer }) => `${method} ${path} at ${pointer}`); // ["get /certificates at #/paths/~1certificates/get"]
 * operationsOf(document, { root: "webhooks" }).map(({ path }) => path); // ["certificate.issued"]
 * ```
 */
export function operationsOf(document: unknown, options: OperationsOptions = {}): OpenApiOperation[] {
  const { root = "paths" } = options;
  const items = isJsonObject(document) ? document[root] : undefined;
  if (!isJsonObject(items)) return [];
  return Object.entries(items).flatMap(([path, written]) => {
    const item = followRef(document, written, encodeUriFragment([root, path]), options);
    if (!isJsonObject(item?.node)) return [];
    const { node: pathItem, pointer: pathItemPointer } = item;
    return operationsOfPathItem(pathItem).flatMap(({ method, operation: writtenOperation }) => {
      const followed = followRef(document, writtenOperation, appendPointer(pathItemPointer, method), options);
      if (!isJsonObject(followed?.node)) return [];
      return [{ root, path, method, operation: followed.node, pointer: followed.pointer, pathItem, pathItemPointer }];
    });
  });
}
