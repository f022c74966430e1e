// Loads an OpenAPI document for lint and diff, and refuses what neither can use, with one
// line naming the file and the place: a missing file, a YAML or JSON syntax error, a document
// that is not OpenAPI 3, a $ref to nowhere (local, or into another file, which is loaded and
// checked the same way). Remote (http) references are left to the tools.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { getLocationForJsonPath, parseWithPointers } from "@stoplight/yaml";
import { createRequire } from "node:module";
import type { Document, LineCounter } from "yaml";
import { UnusableInputError, place } from "@signing-platform/contract/input";
import { bundle, type Bundle } from "./bundle.js";
import { decodePointer, resolvePointer } from "./json-pointer.js";
import { isObject, type Json } from "../json.js";

/** A place in a file: line and column, both from 1. */
export interface Position {
  /** The line, from 1. */
  line: number;
  /** The column, from 1. */
  column: number;
}

/** An OpenAPI document read from a file: its text, its data, and where each JSON pointer sits in the file. */
export interface LoadedDocument {
  /** The path as the user gave it (or the name it was given, see LoadOptions), for messages and places. */
  file: string;
  /** The absolute path. */
  path: string;
  /** The text of the file. */
  text: string;
  /** The parsed document. */
  data: Json;
  /** Where a JSON pointer ("#/paths/~1x/get") sits in the file, if it does. */
  locate(pointer: string): Position | undefined;
  /** The document with every file its references reach, as one (see bundle.ts). */
  bundled(): Bundle;
}

interface ParsedFile {
  file: string;
  path: string;
  text: string;
  data: unknown;
  locate(pointer: string): Position | undefined;
}

const TEXT_FILE = /\.(md|markdown|txt|html?)$/i;

function parseFile(file: string, path: string): ParsedFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory, not a file" : (error as Error).message;
    throw new UnusableInputError(`${file}: ${reason}.`);
  }
  // A referenced Markdown or text file (a description kept apart, as documentation tools allow) is text, not YAML.
  if (TEXT_FILE.test(path)) return { file, path, text, data: text, locate: () => undefined };
  // Spectral's YAML parser reads a document about 2.5 times faster than `yaml` and keeps every
  // node's position (measured by `npm run bench -- lint-diff`). A document it finds an error in
  // is read again by `yaml`, whose messages name the problem better; so is JSON, which YAML's
  // flow syntax would read more leniently than a JSON parser does.
  if (path.endsWith(".json")) return parseStrictly(file, path, text);
  const fast = parseWithPointers(text, { ignoreDuplicateKeys: false });
  if (fast.diagnostics.some((diagnostic) => diagnostic.severity === 0)) return parseStrictly(file, path, text);
  return {
    file,
    path,
    text,
    data: fast.data,
    locate(pointer) {
      const start = getLocationForJsonPath(fast, decodePointer(pointer))?.range.start;
      return start ? { line: start.line + 1, column: start.character + 1 } : undefined;
    },
  };
}

/** Reads a document with `yaml`, which says exactly what is wrong with one that has an error. */
function parseStrictly(file: string, path: string, text: string): ParsedFile {
  // Loaded only here: most runs never need it, and it costs every run ≈ 20 ms to load.
  const { LineCounter, parseDocument, isMap, isSeq } = createRequire(import.meta.url)("yaml") as typeof import("yaml");
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const [syntaxError] = document.errors;
  if (syntaxError) {
    const position = lineCounter.linePos(syntaxError.pos[0]);
    const language = path.endsWith(".json") ? "JSON" : "YAML";
    throw new UnusableInputError(
      `${place(file, { line: position.line, column: position.col })}: ${language} syntax error: ${syntaxError.message.split("\n")[0]}`,
    );
  }
  return {
    file,
    path,
    text,
    data: document.toJS({ maxAliasCount: -1 }),
    locate: (pointer) => locateNode(document, lineCounter, pointer, { isMap, isSeq }),
  };
}

function locateNode(
  document: Document,
  lineCounter: LineCounter,
  pointer: string,
  { isMap, isSeq }: Pick<typeof import("yaml"), "isMap" | "isSeq">,
): Position | undefined {
  let node: unknown = document.contents;
  for (const segment of decodePointer(pointer)) {
    if (isMap(node)) node = node.get(segment, true);
    else if (isSeq(node)) node = node.get(Number(segment), true);
    else return undefined;
  }
  const range = (node as { range?: [number, number, number] } | undefined)?.range;
  if (!range) return undefined;
  const position = lineCounter.linePos(range[0]);
  return { line: position.line, column: position.col };
}

function checkIsOpenApi3(parsed: ParsedFile): asserts parsed is ParsedFile & { data: Json } {
  const data = parsed.data;
  const object = isObject(data);
  if (object && typeof data.openapi === "string" && /^3\.\d+/.test(data.openapi)) return;
  if (object && data.swagger !== undefined) {
    throw new UnusableInputError(
      `${place(parsed.file, parsed.locate("#/swagger"))}: Swagger ${data.swagger} is not supported: convert the document to OpenAPI 3.`,
    );
  }
  const found = object && data.openapi !== undefined ? `"openapi: ${data.openapi}"` : 'no "openapi" field at the top';
  throw new UnusableInputError(
    `${place(parsed.file, object ? parsed.locate("#/openapi") : undefined)}: not an OpenAPI 3 document (${found}).`,
  );
}

/** Keywords whose value is data, not OpenAPI: a `$ref` in an example is part of the example. */
const LITERAL_KEYWORDS = new Set(["example", "default", "const", "enum"]);
/** Keys whose value maps names to objects: there, `example` or `default` is a name. */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "schemas",
  "responses",
  "parameters",
  "examples",
  "requestBodies",
  "headers",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "paths",
  "webhooks",
  "content",
  "encoding",
  "variables",
  "mapping",
]);

/**
 * Every `$ref` under `value`, with the JSON pointer of the `$ref` itself; not those inside
 * example or default data (`example`, `default`, `const`, `enum`, a schema's `examples` list, an
 * Example Object's `value`), which may be any JSON, an OpenAPI document included.
 */
function* referencesIn(value: unknown, pointer: string, key = "", parentKey = ""): Generator<{ ref: string; at: string }> {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) yield* referencesIn(value[index], `${pointer}/${index}`, String(index), key);
  } else if (typeof value === "object" && value !== null) {
    for (const [childKey, child] of Object.entries(value)) {
      const at = `${pointer}/${childKey.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (childKey === "$ref" && typeof child === "string") yield { ref: child, at };
      else if (NAME_MAPS.has(key)) yield* referencesIn(child, at, childKey, key);
      else if (LITERAL_KEYWORDS.has(childKey) || (childKey === "examples" && Array.isArray(child))) continue;
      else if (childKey === "value" && parentKey === "examples") continue;
      else yield* referencesIn(child, at, childKey, key);
    }
  }
}

/** A referenced file's name in messages: from the working directory, as the user named the root. */
function shownPath(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere.startsWith("..") ? path : fromHere;
}

/** Names a file by its absolute path, for messages and places. */
type NameOf = (path: string) => string;

/** Checks that every reference of `parsed`, and of the files it references, points at something. */
function checkReferences(parsed: ParsedFile, files: Map<string, ParsedFile>, nameOf: NameOf): void {
  for (const { ref, at } of referencesIn(parsed.data, "#")) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) continue;
    const [target = "", fragment = ""] = ref.split("#");
    let targetFile = parsed;
    if (target !== "") {
      const path = resolve(dirname(parsed.path), decodeURIComponent(target));
      let loaded = files.get(path);
      if (!loaded) {
        try {
          loaded = parseFile(nameOf(path), path);
        } catch (error) {
          throw new UnusableInputError(
            `${place(parsed.file, parsed.locate(at))}: $ref "${ref}" cannot be followed: ${(error as Error).message}`,
          );
        }
        files.set(path, loaded);
        checkReferences(loaded, files, nameOf);
      }
      targetFile = loaded;
    }
    if (resolvePointer(targetFile.data, `#${fragment}`) === undefined) {
      throw new UnusableInputError(`${place(parsed.file, parsed.locate(at))}: $ref to nowhere: "${ref}" does not exist.`);
    }
  }
}

/** Options of {@link loadOpenApiDocument}. */
export interface LoadOptions {
  /**
   * The name messages and findings give the file instead of `file`: the document's path in its
   * repository when `file` is a copy of it (taken from git into a temporary folder), so that
   * reports and annotations point at a file of the repository. The files it references are
   * named from the same folder.
   */
  name?: string;
}

/**
 * Loads the OpenAPI 3 document in `file` (YAML or JSON) and every file its references reach; throws UnusableInputError, naming the file and place, for a missing file, a syntax error, a document that is not OpenAPI 3 or a $ref to nowhere.
 * @example
 * ```ts
 * import { loadOpenApiDocument } from "@signing-platform/diff";
 *
 * const document = loadOpenApiDocument("openapi.yaml");
 * console.log(document.data.info.version, document.locate("#/paths/~1certificates/get"));
 * // A copy taken from git, named by its path in the repository:
 * const released = loadOpenApiDocument("/tmp/released/openapi.yaml", { name: "openapi.yaml" });
 * ```
 */
export function loadOpenApiDocument(file: string, options: LoadOptions = {}): LoadedDocument {
  const { name } = options;
  const path = resolve(file);
  const nameOf: NameOf = name === undefined ? shownPath : (other) => join(dirname(name), relative(dirname(path), other));
  const parsed = parseFile(name ?? file, path);
  checkIsOpenApi3(parsed);
  const files = new Map([[parsed.path, parsed]]);
  checkReferences(parsed, files, nameOf);
  let bundled: Bundle | undefined;
  return { ...parsed, bundled: () => (bundled ??= bundle(parsed, files)) };
}
