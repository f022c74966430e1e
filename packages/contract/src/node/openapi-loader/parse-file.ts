// One file of a document, read and parsed: YAML or JSON (a referenced Markdown or text file is
// its text), with where each JSON pointer of it sits, and a syntax error said in one line that
// names the file, the line and the column.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { getLocationForJsonPath, parseWithPointers } from "@stoplight/yaml";
import type { Document, LineCounter } from "yaml";
import { place, UnusableInputError } from "../../input/unusable-input.js";
import { decodePointer } from "../../openapi/json-pointer.js";
import { parseJson } from "./parse-json.js";
import type { Position } from "./position.js";

/** A file as read: its name for messages, its absolute path, its text and data, and where each pointer of it sits. */
export interface ParsedFile {
  /** The name messages give it. */
  file: string;
  /** The absolute path. */
  path: string;
  /** The text of the file. */
  text: string;
  /** The parsed data. */
  data: unknown;
  /** Where a JSON pointer of the file (either form) sits in it, if it does. */
  locate(pointer: string): Position | undefined;
}

const TEXT_FILE = /\.(md|markdown|txt|html?)$/i;

/** Reads and parses the file at `path`, named `file` in messages; throws UnusableInputError for a missing file or a syntax error. */
export function parseFile(file: string, path: string): ParsedFile {
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
  // JSON is read by a JSON parser, which is strict where YAML's flow syntax would be lenient.
  // Spectral's YAML parser reads a document about 2.5 times faster than `yaml` and keeps every
  // node's position (measured by `npm run bench -- lint-diff`). A document either finds an error
  // in is read again by `yaml`, whose messages name the problem better.
  if (path.endsWith(".json")) {
    const json = parseJson(text);
    return json ? { file, path, text, ...json } : parseStrictly(file, path, text);
  }
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
