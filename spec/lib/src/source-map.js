// @ts-check
// The emitter of the source map: for each JSON pointer of the OpenAPI document, the .tsp
// file, line and column that produced it, so that lint and diff findings on the document
// name the line a designer edits. Any TypeSpec project that compiles with this library can
// emit it: list "@signing-platform/typespec-conventions" under `emit:` in tspconfig.yaml,
// after "@typespec/openapi3", with the same `emitter-output-dir`, and the map lands beside
// the document as `openapi.sourcemap.json`.
//
// How the pointers are found: each type of the project is marked with a private extension
// holding its index, the openapi3 emitter's own function renders the document in memory, the
// marks are read off the places they land (an operation, a schema, a property, a parameter,
// a header), and then removed from the program, so no other emitter sees them.
import { emitFile, getLocationContext, navigateProgram, resolvePath } from "@typespec/compiler";
import { getOpenAPI3 } from "@typespec/openapi3";
import { getExtensions, setExtension } from "@typespec/openapi";
import { locationOf, suppressionsOf } from "./suppressions.js";

/** @typedef {import("@typespec/compiler").Type} Type */
/** @typedef {{ file: string, line: number, column: number }} SourceLocation */

const MARK = "x-signing-platform-source-mark";
const OPENAPI3 = "@typespec/openapi3";

/** The file the map is written to, in the emitter's output folder. */
export const SOURCE_MAP_FILE = "openapi.sourcemap.json";

/**
 * The project's own types that can land in the document, with where each is declared.
 * @param {import("@typespec/compiler").Program} program
 */
function projectTypes(program) {
  /** @type {Type[]} */
  const types = [];
  /** @param {Type} type */
  const take = (type) => {
    if (type.node && getLocationContext(program, type).type === "project") types.push(type);
  };
  navigateProgram(program, { operation: take, model: take, modelProperty: take, scalar: take, union: take, enum: take });
  return types;
}

/**
 * Escapes one segment of a JSON pointer (RFC 6901).
 * @param {string} segment
 */
const escapeSegment = (segment) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The pointer of every mark in a value.
 * @param {unknown} value @param {string} pointer @param {Map<string, number>} found
 */
function findMarks(value, pointer, found) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => findMarks(item, `${pointer}/${index}`, found));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === MARK) found.set(pointer, Number(item));
      else findMarks(item, `${pointer}/${escapeSegment(key)}`, found);
    }
  }
}

/**
 * The map from the pointers of the document the openapi3 emitter writes to the .tsp places,
 * with the project's suppressions. Paths are relative to `relativeTo`.
 * @param {import("@typespec/compiler").Program} program
 * @param {string} relativeTo a folder: the map's own
 */
export async function buildSourceMap(program, relativeTo) {
  const types = projectTypes(program);
  types.forEach((type, index) => setExtension(program, type, MARK, index));
  /** @type {Map<string, number>} */
  const marks = new Map();
  try {
    const options = /** @type {Record<string, unknown>} */ (program.compilerOptions.options?.[OPENAPI3] ?? {});
    const versions = /** @type {string[] | undefined} */ (options["openapi-versions"]);
    const [record] = await getOpenAPI3(program, {
      ...(versions ? { "openapi-versions": /** @type {any} */ (versions.slice(0, 1)) } : {}),
      "omit-unreachable-types": /** @type {boolean} */ (options["omit-unreachable-types"] ?? false),
    });
    const document = record && ("document" in record ? record.document : record.versions[0]?.document);
    findMarks(document, "", marks);
  } finally {
    for (const type of types) /** @type {Map<string, unknown>} */ (getExtensions(program, type)).delete(MARK);
  }
  const relative = (/** @type {string} */ path) => relativePath(relativeTo, path);
  /** @type {Record<string, SourceLocation>} */
  const sources = {};
  for (const pointer of [...marks.keys()].sort()) {
    const type = types[/** @type {number} */ (marks.get(pointer))];
    if (!type) continue;
    const { path, line, column } = locationOf(type);
    sources[pointer] = { file: relative(path), line, column };
  }
  const suppressions = suppressionsOf(program).map(({ code, reason, node }) => {
    const { path, line, column } = locationOf(node);
    return { code, reason: reason ?? null, file: relative(path), line, column };
  });
  return { version: 1, document: "openapi.yaml", sources, suppressions };
}

/**
 * A POSIX path from a folder to a file.
 * @param {string} from @param {string} to
 */
function relativePath(from, to) {
  const a = resolvePath(from).split("/").filter(Boolean);
  const b = resolvePath(to).split("/").filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => ".."), ...b.slice(common)].join("/");
}

/**
 * The emitter: writes `openapi.sourcemap.json`, the source map of the OpenAPI document, into
 * the emitter's output folder. The TypeSpec compiler calls it for a project that lists the
 * library under `emit:`, with the same `emitter-output-dir` as `@typespec/openapi3` so the map
 * lands beside the document, where `signing-platform lint`, `diff` and `changelog` look for it.
 * @example
 * ```yaml
 * # tspconfig.yaml
 * emit:
 *   - "@typespec/openapi3"
 *   - "@signing-platform/typespec-conventions"
 * options:
 *   "@typespec/openapi3":
 *     emitter-output-dir: "{output-dir}/openapi"
 *   "@signing-platform/typespec-conventions":
 *     emitter-output-dir: "{output-dir}/openapi"
 * ```
 * @param {import("@typespec/compiler").EmitContext} context
 */
export async function $onEmit(context) {
  if (context.program.compilerOptions.noEmit) return;
  const map = await buildSourceMap(context.program, context.emitterOutputDir);
  await emitFile(context.program, {
    path: resolvePath(context.emitterOutputDir, SOURCE_MAP_FILE),
    content: `${JSON.stringify(map, null, 2)}\n`,
  });
}
