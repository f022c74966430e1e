// JSON pointers (RFC 6901) in the two forms a document and its tools write them: the string
// form of a source map or a validator's error (`/paths/~1certificates/get`), and the URI
// fragment form of a `$ref` or a finding (`#/paths/~1certificates/get`), which is
// percent-decoded before it is read (RFC 6901 › URI Fragment Identifier Representation).
// OpenAPI tools write `{` and `}` of a path as they are in a fragment; so does this module,
// which percent-encodes only `%`, the one character that would not read back as written.

/** A string that is not a JSON pointer in either form, given to {@link decodePointer}. */
export class JsonPointerError extends Error {
  /** The class name, `JsonPointerError`. */
  override readonly name: string = "JsonPointerError";
  /** The string, as given. */
  readonly pointer: string;

  /** The error for `pointer`, which is neither empty nor starts with `/` or `#/`. */
  constructor(pointer: string) {
    super(`"${pointer}" is not a JSON pointer: it is empty, starts with "/", or is a URI fragment starting with "#/".`);
    this.pointer = pointer;
  }
}

const escapeToken = (token: string | number) => String(token).replace(/~/g, "~0").replace(/\//g, "~1");
const unescapeToken = (token: string) => token.replace(/~1/g, "/").replace(/~0/g, "~");

/** A fragment with its percent-encoded octets decoded; a run that is not UTF-8 is kept as written. */
const percentDecoded = (fragment: string) =>
  fragment.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/**
 * The pointer of the value under the one `pointer` names, reached by `tokens`, in the form
 * `pointer` is written in: `#/a` gives a fragment (`%` percent-encoded), `/a` or `""` the string form.
 * @example
 * ```ts
 * import { appendPointer } from "@signing-platform/contract/openapi";
 *
 * appendPointer("#/paths/~1certificates", "get", "responses", 200); // "#/paths/~1certificates/get/responses/200"
 * appendPointer("", "paths", "/certificates"); // "/paths/~1certificates"
 * ```
 */
export function appendPointer(pointer: string, ...tokens: readonly (string | number)[]): string {
  const fragment = pointer.startsWith("#");
  return pointer + tokens.map((token) => `/${fragment ? escapeToken(token).replace(/%/g, "%25") : escapeToken(token)}`).join("");
}

/**
 * The string form of the pointer made of `tokens` (RFC 6901): `""` for the root.
 * @example
 * ```ts
 * import { encodePointer } from "@signing-platform/contract/openapi";
 *
 * encodePointer(["paths", "/certificates/{id}", "get"]); // "/paths/~1certificates~1{id}/get"
 * ```
 */
export function encodePointer(tokens: readonly (string | number)[]): string {
  return appendPointer("", ...tokens);
}

/**
 * The URI fragment form of the pointer made of `tokens`, as a local `$ref` writes it: `#` for the root.
 * @example
 * ```ts
 * import { encodeUriFragment } from "@signing-platform/contract/openapi";
 *
 * encodeUriFragment(["components", "schemas", "Certificate"]); // "#/components/schemas/Certificate"
 * encodeUriFragment(["paths", "/rates/100%"]); // "#/paths/~1rates~1100%25"
 * ```
 */
export function encodeUriFragment(tokens: readonly (string | number)[]): string {
  return appendPointer("#", ...tokens);
}

/**
 * The reference tokens of a pointer in either form: `/a~1b` as written, `#/a~1b` percent-decoded
 * first; throws {@link JsonPointerError} for a string that is neither.
 * @example
 * ```ts
 * import { decodePointer } from "@signing-platform/contract/openapi";
 *
 * decodePointer("/paths/~1certificates/get"); // ["paths", "/certificates", "get"]
 * decodePointer("#/paths/~1certificates~1%7Bid%7D"); // ["paths", "/certificates/{id}"]
 * decodePointer("#"); // []
 * ```
 */
export function decodePointer(pointer: string): string[] {
  const fragment = pointer.startsWith("#");
  const body = fragment ? percentDecoded(pointer.slice(1)) : pointer;
  if (body === "") return [];
  if (!body.startsWith("/")) throw new JsonPointerError(pointer);
  return body.slice(1).split("/").map(unescapeToken);
}

/**
 * The value a pointer (in either form) names in `root`, or undefined when it names none or is not a pointer.
 * @example
 * ```ts
 * import { resolvePointer } from "@signing-platform/contract/openapi";
 *
 * const document = { paths: { "/certificates": { get: { tags: ["certificates"] } } } };
 * resolvePointer(document, "#/paths/~1certificates/get/tags/0"); // "certificates"
 * resolvePointer(document, "/paths/~1enrollments"); // undefined
 * ```
 */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let tokens: string[];
  try {
    tokens = decodePointer(pointer);
  } catch {
    return undefined;
  }
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(?:0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) return undefined;
      node = node[Number(token)];
    } else if (typeof node === "object" && node !== null && Object.hasOwn(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else return undefined;
  }
  return node;
}
