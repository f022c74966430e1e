// @ts-check
// The source map of generated/openapi.yaml. The conventions library's emitter maps the
// pointers of the document the openapi3 emitter wrote to the .tsp places that made them
// (spec/lib/src/source-map.js); finish-openapi.mjs then renames schemas and moves webhooks,
// so each pointer is carried to where that place now stands, pointers the finished document
// lacks are dropped, paths are made relative to generated/, and the document's SHA-256 is
// recorded, so that a reader can tell a map from another build (stale) and ignore it.
import { createHash } from "node:crypto";
import { relative, resolve, sep } from "node:path";
import { EXTENSIONS } from "@signing-platform/contract";
import { MODEL_PREFIX } from "./finish-openapi.mjs";

/**
 * @typedef {{ file: string, line: number, column: number }} SourceLocation
 * @typedef {{ code: string, reason: string | null } & SourceLocation} Suppression
 * @typedef {{ version: 1, document: string, sources: Record<string, SourceLocation>, suppressions: Suppression[] }} EmittedSourceMap
 */

/** @param {string} segment */
const unescapeSegment = (segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~");
/** @param {string} segment */
const escapeSegment = (segment) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Whether a pointer names a value of a document.
 * @param {unknown} document @param {string[]} segments
 */
function exists(document, segments) {
  /** @type {any} */
  let value = document;
  for (const segment of segments) {
    if (value === null || typeof value !== "object" || !(segment in value)) return false;
    value = value[segment];
  }
  return true;
}

/**
 * Where a pointer of the emitted document stands in the finished one.
 * @param {string[]} segments @param {any} emitted the document the openapi3 emitter wrote
 */
function carry(segments, emitted) {
  const [first, second, third, ...rest] = segments;
  if (first === "components" && second === "schemas" && third?.startsWith(MODEL_PREFIX))
    return [first, second, third.slice(MODEL_PREFIX.length), ...rest];
  if (first === "paths" && second !== undefined && third !== undefined) {
    const eventType = emitted?.paths?.[second]?.[third]?.[EXTENSIONS.webhook];
    if (typeof eventType === "string") return ["webhooks", eventType, third, ...rest];
  }
  return segments;
}

/**
 * The source map of a finished document.
 * @param {object} input
 * @param {EmittedSourceMap} input.emittedMap the emitter's map
 * @param {string} input.emittedMapDir the folder the emitter's paths are relative to
 * @param {unknown} input.emitted the document the openapi3 emitter wrote
 * @param {unknown} input.finished the document as generated/openapi.yaml holds it
 * @param {string} input.finishedText the bytes of generated/openapi.yaml
 * @param {string} input.outDir the folder of generated/openapi.yaml
 */
export function finishSourceMap({ emittedMap, emittedMapDir, emitted, finished, finishedText, outDir }) {
  const move = (/** @type {string} */ file) => relative(outDir, resolve(emittedMapDir, file)).split(sep).join("/");
  /** @type {Record<string, SourceLocation>} */
  const sources = {};
  for (const [pointer, location] of Object.entries(emittedMap.sources)) {
    const segments = carry(pointer.split("/").slice(1).map(unescapeSegment), emitted);
    if (!exists(finished, segments)) continue;
    sources[`/${segments.map(escapeSegment).join("/")}`] = { ...location, file: move(location.file) };
  }
  const sorted = Object.fromEntries(Object.entries(sources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    version: 1,
    document: "openapi.yaml",
    documentSha256: createHash("sha256").update(finishedText).digest("hex"),
    sources: sorted,
    suppressions: emittedMap.suppressions.map((suppression) => ({ ...suppression, file: move(suppression.file) })),
  };
}
