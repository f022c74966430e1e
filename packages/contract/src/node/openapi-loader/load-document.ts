// Loads an OpenAPI document from disk and refuses what no command can use, with one line
// naming the file and the place: a missing file, a YAML or JSON syntax error, a document that
// is not OpenAPI 3, a $ref to nowhere (local, or into another file, which is loaded and
// checked the same way). Remote (http) references are left to the tools.
import { dirname, join, relative, resolve } from "node:path";
import { bundle, type Bundle } from "./bundle.js";
import { checkIsOpenApi3 } from "./check-openapi-3.js";
import { checkReferences, type NameOf, shownPath } from "./check-references.js";
import { parseFile, type ParsedFile } from "./parse-file.js";
import type { Position } from "./position.js";
import type { Json } from "../../openapi/json.js";

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
  /** Where a JSON pointer (`#/paths/~1x/get`, or `/paths/~1x/get`) sits in the file, if it does. */
  locate(pointer: string): Position | undefined;
  /** The document with every file its references reach, as one: split documents are read whole. */
  bundled(): Bundle;
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
 * Loads the OpenAPI 3 document in `file` (YAML or JSON) and every file its references reach;
 * throws UnusableInputError, naming the file and place, for a missing file, a syntax error, a
 * document that is not OpenAPI 3 or a $ref to nowhere.
 * @example
 * ```ts
 * import { loadOpenApiDocument } from "@signing-platform/contract/openapi-loader";
 *
 * const document = loadOpenApiDocument("openapi.yaml");
 * console.log(document.data.info.version, document.locate("#/paths/~1certificates/get"));
 * const whole = document.bundled().data; // a split document as one, every $ref local
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
  const files = new Map<string, ParsedFile>([[parsed.path, parsed]]);
  checkReferences(parsed, files, nameOf);
  let bundled: Bundle | undefined;
  return { ...parsed, bundled: () => (bundled ??= bundle(parsed, files)) };
}
