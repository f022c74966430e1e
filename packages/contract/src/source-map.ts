// The source map a TypeSpec build writes beside the OpenAPI document it emits: for a JSON
// pointer of the document, the place in the `.tsp` source that declared it, so that lint and
// diff report where the author edits. `X/name.yaml` (or `.json`) has its map in
// `X/name.sourcemap.json`. A file is relative to the map's folder, with `/` separators; lines
// and columns count from 1. The producer is the spec library's emitter; lint, diff, changelog
// and the breaking-change gate read it through this module. Pure, so it runs wherever the
// contract does; its pointers are read and written by the contract's OpenAPI reader.
import { appendPointer, decodePointer, encodePointer } from "./openapi/json-pointer.js";

/** The version of the source-map format this module reads and a build writes. */
export const SOURCE_MAP_VERSION = 1;

/** A place in a source file: the file, relative to the source map's folder with `/` separators, and its line and column, both from 1. */
export interface SourceLocation {
  /** The source file, relative to the folder of the source map, with `/` separators: `../spec/resources/certificates.tsp`. */
  readonly file: string;
  /** The line, from 1. */
  readonly line: number;
  /** The column, from 1. */
  readonly column: number;
}

/** A `#suppress` directive of the source: a rule silenced on purpose, with its reason, where it is written. */
export interface SourceSuppression extends SourceLocation {
  /** The diagnostic code it silences: `@signing-platform/typespec-conventions/snake-case`. */
  readonly code: string;
  /** Why, as the directive says it; null when it gives no reason (which the spec's linter reports). */
  readonly reason: string | null;
}

/** A source map of an OpenAPI document: for each JSON pointer of the document that a source declared, where it did. */
export interface SourceMap {
  /** The format's version: {@link SOURCE_MAP_VERSION}. */
  readonly version: typeof SOURCE_MAP_VERSION;
  /** The document the map is of, relative to the map's folder: `openapi.yaml`. */
  readonly document: string;
  /** The hex SHA-256 of the document file's bytes when the map was written; a reader ignores a map whose document has changed since. */
  readonly documentSha256?: string;
  /** The source of each JSON pointer (RFC 6901: `""` for the root, `/paths/~1certificates/get`) that has one. */
  readonly sources: Readonly<Record<string, SourceLocation>>;
  /** The suppressions written in the source, in the order the build found them; absent from a map that lists none. */
  readonly suppressions?: readonly SourceSuppression[];
}

/** Why a text is not a usable source map: a stable code, where in the map (a JSON pointer into it), and one sentence. */
export interface SourceMapError {
  /** `not-json`: the text does not parse; `unsupported-version`: a version this reader does not know; `invalid`: a field of the wrong shape. */
  readonly code: "not-json" | "unsupported-version" | "invalid";
  /** The JSON pointer, in the map, of the value that is wrong (`""` for the whole map). */
  readonly at: string;
  /** What is wrong, in one sentence. */
  readonly message: string;
}

/** What {@link parseSourceMap} gives: the map, or the reason there is none. */
export type SourceMapParseResult = { readonly ok: true; readonly map: SourceMap } | { readonly ok: false; readonly error: SourceMapError };

/** The source {@link sourceFor} found for a pointer, with the pointer whose entry it is (the one asked for, or its nearest ancestor that has one). */
export interface SourceMatch extends SourceLocation {
  /** The pointer of the map's entry that gave the place. */
  readonly pointer: string;
}

/** The reference tokens of a pointer, or undefined when it is not one. `#/a` (URI-fragment form, percent-encoded) is read as `/a`. */
function tokensOf(pointer: string): string[] | undefined {
  try {
    return decodePointer(pointer);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isPosition = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1;

const invalid = (at: string, message: string): SourceMapParseResult => ({ ok: false, error: { code: "invalid", at, message } });

/**
 * Reads the text of a source map: the map, its pointers written in one form (`/a~1b`, never
 * `#/a%2Fb`), or a typed error naming what is wrong. It never throws.
 * @example
 * ```ts
 * import { parseSourceMap } from "@signing-platform/contract/source-map";
 *
 * const text = '{"version":1,"document":"openapi.yaml","sources":{"/paths/~1certificates/get":{"file":"../spec/resources/certificates.tsp","line":21,"column":3}}}';
 * const parsed = parseSourceMap(text);
 * if (parsed.ok) console.log(Object.keys(parsed.map.sources)); // ["/paths/~1certificates/get"]
 * else console.log(parsed.error.code, parsed.error.message);
 * ```
 */
export function parseSourceMap(text: string): SourceMapParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: { code: "not-json", at: "", message: `not JSON: ${(error as Error).message}` } };
  }
  if (!isRecord(value)) return invalid("", "not an object.");
  if (value.version !== SOURCE_MAP_VERSION) {
    return {
      ok: false,
      error: {
        code: "unsupported-version",
        at: "/version",
        message: `version ${JSON.stringify(value.version) ?? "missing"}: this reader knows version ${SOURCE_MAP_VERSION}.`,
      },
    };
  }
  if (typeof value.document !== "string" || value.document === "") return invalid("/document", "document is not a file name.");
  const sha = value.documentSha256;
  if (sha !== undefined && (typeof sha !== "string" || !/^[0-9a-f]{64}$/i.test(sha)))
    return invalid("/documentSha256", "documentSha256 is not 64 hex digits.");
  if (!isRecord(value.sources)) return invalid("/sources", "sources is not an object.");
  const sources: Record<string, SourceLocation> = {};
  for (const [pointer, entry] of Object.entries(value.sources)) {
    const at = appendPointer("/sources", pointer);
    const tokens = tokensOf(pointer);
    if (tokens === undefined) return invalid(at, `"${pointer}" is not a JSON pointer.`);
    if (!isRecord(entry) || typeof entry.file !== "string" || entry.file === "" || !isPosition(entry.line) || !isPosition(entry.column))
      return invalid(at, `the entry of "${pointer}" is not {file, line, column} with a line and column from 1.`);
    sources[encodePointer(tokens)] = { file: entry.file, line: entry.line, column: entry.column };
  }
  const suppressions: SourceSuppression[] = [];
  if (value.suppressions !== undefined) {
    if (!Array.isArray(value.suppressions)) return invalid("/suppressions", "suppressions is not an array.");
    for (const [index, entry] of value.suppressions.entries()) {
      const { code, reason, file, line, column } = isRecord(entry) ? entry : {};
      const isSuppression =
        typeof code === "string" &&
        (reason === null || typeof reason === "string") &&
        typeof file === "string" &&
        file !== "" &&
        isPosition(line) &&
        isPosition(column);
      if (!isSuppression) return invalid(`/suppressions/${index}`, "a suppression is not {code, reason, file, line, column}.");
      suppressions.push({ code, reason, file, line, column });
    }
  }
  return {
    ok: true,
    map: {
      version: SOURCE_MAP_VERSION,
      document: value.document,
      ...(typeof sha === "string" ? { documentSha256: sha.toLowerCase() } : {}),
      sources,
      ...(value.suppressions !== undefined ? { suppressions } : {}),
    },
  };
}

/**
 * The source of a JSON pointer of the document: its own entry, else that of its nearest
 * ancestor (by reference tokens) that has one; undefined when none has. The pointer may be
 * written as RFC 6901 has it (`/paths/~1certificates/get`) or in URI-fragment form
 * (`#/paths/~1certificates/get`).
 * @example
 * ```ts
 * import { parseSourceMap, sourceFor } from "@signing-platform/contract/source-map";
 *
 * const parsed = parseSourceMap('{"version":1,"document":"openapi.yaml","sources":{"/paths/~1certificates/get":{"file":"../spec/resources/certificates.tsp","line":21,"column":3}}}');
 * if (parsed.ok) {
 *   const found = sourceFor(parsed.map, "/paths/~1certificates/get/responses/200");
 *   console.log(found?.file, found?.line, found?.pointer); // "../spec/resources/certificates.tsp" 21 "/paths/~1certificates/get"
 * }
 * ```
 */
export function sourceFor(map: SourceMap, pointer: string): SourceMatch | undefined {
  const tokens = tokensOf(pointer);
  if (tokens === undefined) return undefined;
  for (let length = tokens.length; length >= 0; length -= 1) {
    const candidate = encodePointer(tokens.slice(0, length));
    const entry = Object.hasOwn(map.sources, candidate) ? map.sources[candidate] : undefined;
    if (entry) return { ...entry, pointer: candidate };
  }
  return undefined;
}

/**
 * Where the source map of a document is: `X/name.sourcemap.json` for `X/name.yaml`, `X/name.yml`
 * or `X/name.json` (any other name gets `.sourcemap.json` added). Either separator is kept as written.
 * @example
 * ```ts
 * import { sourceMapPathFor } from "@signing-platform/contract/source-map";
 *
 * sourceMapPathFor("generated/openapi.yaml"); // "generated/openapi.sourcemap.json"
 * ```
 */
export function sourceMapPathFor(documentPath: string): string {
  return `${documentPath.replace(/\.(ya?ml|json)$/i, "")}.sourcemap.json`;
}
