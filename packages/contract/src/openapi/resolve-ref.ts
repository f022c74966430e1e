// Following the local `$ref`s of a document (`#/components/schemas/Certificate`): a chain of
// them is followed to its end, a chain that comes back on itself is a cycle, and a `$ref` that
// cannot be followed is a BrokenRefError, the one answer. A reader of a document as written,
// whose `$ref`s to other files only its bundled copy resolves (`/openapi-loader`), may ask with
// `brokenRefs: "skip"` to leave out what it cannot follow instead.
import { BrokenRefError } from "./broken-ref-error.js";
import { isJsonObject, type Json } from "./json.js";
import { decodePointer, encodeUriFragment, resolvePointer } from "./json-pointer.js";

/** A value of a document and where it is written: the pointer, in URI fragment form, of the value itself once every `$ref` to it is followed. */
export interface Located<T = unknown> {
  /** The value. */
  readonly node: T;
  /** Where it is written: `#/components/schemas/Certificate`. */
  readonly pointer: string;
}

/** What a reader does with a `$ref` that cannot be followed. */
export interface BrokenRefOptions {
  /**
   * `"throw"` (the default): its {@link BrokenRefError}. `"skip"`: what it stands for is left
   * out, for a reader of a document as written, before its files are bundled.
   */
  readonly brokenRefs?: "throw" | "skip";
}

/** Follows the chain of `$ref`s from `node`; `at` is where `node` is written, a pointer that follows the chain when `track` is set. */
function follow(document: unknown, node: unknown, at: string | undefined, track: boolean): { node: unknown; at: string | undefined } {
  let current = node;
  let where = at;
  const seen = new Set<string>();
  while (isJsonObject(current) && typeof current.$ref === "string") {
    const ref: string = current.$ref;
    if (!ref.startsWith("#")) throw new BrokenRefError(ref, "outside", where);
    if (seen.has(ref)) throw new BrokenRefError(ref, "cycle", where);
    seen.add(ref);
    const target = resolvePointer(document, ref);
    if (target === undefined) throw new BrokenRefError(ref, "missing", where);
    // The target's pointer written one way, whichever way the `$ref` wrote it.
    if (track) where = encodeUriFragment(decodePointer(ref));
    current = target;
  }
  return { node: current, at: where };
}

/**
 * The value `node` (written at `pointer`) stands for once its chain of local `$ref`s is
 * followed, and where that value is written; `node` itself when it is no `$ref`. Throws
 * {@link BrokenRefError} for a `$ref` to nothing, outside the document, or in a cycle.
 * @example
 * ```ts
 * import { followRef } from "@signing-platform/contract/openapi";
 *
 * const document = { components: { parameters: { Limit: { name: "limit", in: "query" } } } };
 * const { node, pointer } = followRef(document, { $ref: "#/components/parameters/Limit" }, "#/paths/~1certificates/get/parameters/0");
 * // node: { name: "limit", in: "query" }, pointer: "#/components/parameters/Limit"
 * ```
 */
export function followRef(document: unknown, node: unknown, pointer: string): Located;
/**
 * {@link followRef}, told by `options` what to do with a `$ref` it cannot follow: with
 * `brokenRefs: "skip"`, undefined instead of the {@link BrokenRefError}.
 * @example
 * ```ts
 * import { followRef } from "@signing-platform/contract/openapi";
 *
 * const document = { paths: { "/certificates": { $ref: "paths/certificates.yaml" } } };
 * followRef(document, document.paths["/certificates"], "#/paths/~1certificates", { brokenRefs: "skip" }); // undefined: another file's
 * ```
 */
export function followRef(document: unknown, node: unknown, pointer: string, options: BrokenRefOptions): Located | undefined;
export function followRef(document: unknown, node: unknown, pointer: string, options: BrokenRefOptions = {}): Located | undefined {
  try {
    const followed = follow(document, node, pointer, true);
    return { node: followed.node, pointer: followed.at ?? pointer };
  } catch (error) {
    if (options.brokenRefs === "skip" && error instanceof BrokenRefError) return undefined;
    throw error;
  }
}

/**
 * The object `value` stands for once its chain of local `$ref`s is followed, or undefined when
 * that is not an object (`value` absent, say). `at` names where `value` is written (a pointer,
 * or words such as `GET /pets › parameters[0]`) in the message of the {@link BrokenRefError}
 * it throws for a `$ref` to nothing, outside the document, or in a cycle.
 * @example
 * ```ts
 * import { resolveRef } from "@signing-platform/contract/openapi";
 *
 * const document = { components: { schemas: { Certificate: { type: "object" } } } };
 * resolveRef(document, { $ref: "#/components/schemas/Certificate" }); // { type: "object" }
 * resolveRef(document, undefined); // undefined
 * resolveRef(document, { $ref: "#/components/schemas/Nope" }, "GET /certificates › responses › 200");
 * // throws BrokenRefError: "GET /certificates › responses › 200: $ref #/components/schemas/Nope points to nothing."
 * ```
 */
export function resolveRef(document: unknown, value: unknown, at?: string): Json | undefined {
  const { node } = follow(document, value, at, false);
  return isJsonObject(node) ? node : undefined;
}
