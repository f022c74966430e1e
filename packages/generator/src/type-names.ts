// The names of the TypeScript SDK's named types (types.ts): a PascalCase identifier for every
// schema, whatever characters its name has; never a global type its users also reach for
// (`Blob`, `File`, `Response`, `Record`), which the export would shadow in their modules, nor
// a name index.ts exports itself, which would hide the schema's; and the same names for the
// same document whatever order its schemas are written in.
import { ascii } from "./naming.js";

/** ECMAScript's and TypeScript's global types, and those of fetch and files that SDK users type with. */
const GLOBAL_TYPES = new Set(
  (
    "Array ArrayBuffer AsyncGenerator AsyncIterable AsyncIterator Awaited BigInt Boolean Capitalize ConstructorParameters " +
    "DataView Date Error EvalError Exclude Extract Function Generator InstanceType Iterable IterableIterator Iterator JSON " +
    "Lowercase Map Math NonNullable Number Object Omit OmitThisParameter Parameters Partial Pick Promise PromiseLike " +
    "PropertyKey Proxy RangeError Readonly ReadonlyArray ReadonlyMap ReadonlySet Record ReferenceError Reflect RegExp " +
    "Required ReturnType Set SharedArrayBuffer String Symbol SyntaxError TemplateStringsArray ThisParameterType ThisType " +
    "TypeError URIError Uint8Array Uncapitalize Uppercase WeakMap WeakRef WeakSet " +
    "AbortController AbortSignal Blob Crypto File FormData Headers ReadableStream Request RequestInit Response " +
    "TextDecoder TextEncoder URL URLSearchParams WritableStream"
  ).split(" "),
);

/** What the SDK's index.ts exports under its own name: a schema of the same name would not be exported. */
const SDK_EXPORTS = new Set(
  (
    "APIPromise API_VERSION ApiError AuthenticationError BasicCredentials Client ClientHooks ClientOptions ConflictError ConnectionError " +
    "ConstructEventOptions ErrorDetail EtagStore FetchLike GENERATED_BY GetAccessToken GoneError IdempotentRequestOptions " +
    "InvalidResponseError NotFoundError PagePromise PermissionError RateLimit RateLimitError RequestOptions " +
    "RequestTimeoutError RequestValidationError ResponseMeta RetryOptions Sdk SdkOptions SecurityCredentials ServerError ValidationError " +
    "WebhookEvent WebhookVerificationError WithResponse"
  ).split(" "),
);

/** The suffix of a schema's type whose name is a global's or the SDK's own: `Blob` → `BlobModel`. */
const SUFFIX = "Model";

/** `pet-item` → `PetItem`, `blob` → `BlobModel`, `1st` → `_1st`, `été` → `Ete`; `fallback` when no letter or digit is left. */
export function typeName(text: string, fallback = "Schema"): string {
  const parts = ascii(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("") || fallback;
  const safe = /^[0-9]/.test(name) ? `_${name}` : name;
  return GLOBAL_TYPES.has(safe) || SDK_EXPORTS.has(safe) ? `${safe}${SUFFIX}` : safe;
}

/**
 * A distinct type name for each schema, none of `taken`. Names that read alike are settled in
 * the order of the schemas' own names (sorted by code point, not by the document's order): the
 * first keeps the name, the next get `2`, `3`…
 */
export function schemaTypeNames(schemaNames: readonly string[], taken: Iterable<string> = []): Map<string, string> {
  const used = new Set(taken);
  const sorted = [...schemaNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const wanted = new Map(sorted.map((schema) => [schema, typeName(schema)]));
  const names = new Map<string, string>();
  // First every name that is free, so that a suffixed name never takes a schema's own.
  for (const schema of sorted) {
    const name = wanted.get(schema)!;
    if (!used.has(name)) {
      used.add(name);
      names.set(schema, name);
    }
  }
  for (const schema of sorted) {
    if (names.has(schema)) continue;
    const base = wanted.get(schema)!;
    let count = 2;
    while (used.has(`${base}${count}`)) count++;
    used.add(`${base}${count}`);
    names.set(schema, `${base}${count}`);
  }
  return new Map(schemaNames.map((schema) => [schema, names.get(schema)!]));
}
