// Findings at the source the author edits: a document a TypeSpec build emits has its source map
// beside it (`X/name.sourcemap.json` for `X/name.yaml`, @signing-platform/contract/source-map),
// and a place in the document is given the `.tsp` file, line and column that declared it, or
// its nearest ancestor's. A map that cannot be trusted (unreadable, another version of the
// format, of another document, or written for other bytes of the document) is ignored whole,
// with one line saying why: a wrong place is worse than the document's own.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { parseSourceMap, sourceFor, sourceMapPathFor } from "@signing-platform/contract/source-map";
import type { Finding, Place, SourcePlace } from "./change.js";
import type { LoadedDocument } from "@signing-platform/contract/openapi-loader";

/** The source map of one loaded document, ready to place its pointers in the sources. */
export interface DocumentSources {
  /** The name of the document it is of (its `LoadedDocument.file`); places in other files, such as those a split document references, are not its. */
  readonly document: string;
  /** The source map's name, for messages. */
  readonly file: string;
  /** Where the sources declare a pointer of the document (`#/paths/~1certificates/get`), or its nearest ancestor that has an entry; undefined when none has. */
  locate(pointer: string): SourcePlace | undefined;
  /** The `#suppress` directives the sources hold (a rule silenced on purpose, with its reason), placed relative to the working directory. */
  readonly suppressions: readonly (SourcePlace & { readonly code: string; readonly reason: string | null })[];
}

/** What reading a document's source map gave: its sources; or the one line saying why the map is ignored; or neither, for a document that has no map beside it. */
export interface SourceMapReading {
  /** The map, when it can be used. */
  readonly sources?: DocumentSources;
  /** One line, naming the map, on why it is ignored. */
  readonly warning?: string;
}

/** A source map named explicitly, instead of the one beside the document. */
export interface SourceMapInput {
  /** The map's file: its name in messages, and the folder its files are relative to. Read from disk unless `text` is given. */
  file: string;
  /** The map's text, when it does not come from `file` on disk (a map taken from git, named by its path in the repository). */
  text?: string;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * The source map of a loaded document: the one beside it (`X/name.sourcemap.json` for
 * `X/name.yaml`), or the one given. A document without a map beside it has none, and no warning;
 * a map that cannot be used gives a warning instead of sources: one that cannot be read or is not
 * a map, of another version of the format, of another document, or whose `documentSha256` is
 * not that of the document's bytes (written for an earlier build of it).
 * @example
 * ```ts
 * import { compareDocuments, loadOpenApiDocument, placeInSources, readSourceMap } from "@signing-platform/diff";
 *
 * const [base, head] = [loadOpenApiDocument("base/openapi.yaml"), loadOpenApiDocument("openapi.yaml")];
 * const [baseMap, headMap] = [readSourceMap(base), readSourceMap(head)];
 * for (const reading of [baseMap, headMap]) if (reading.warning) console.warn(reading.warning);
 * const findings = placeInSources(compareDocuments(base, head), { base: baseMap.sources, head: headMap.sources });
 * console.log(findings[0]?.head?.source); // { file: "spec/resources/certificates.tsp", line: 41, column: 5 }
 * ```
 */
export function readSourceMap(document: LoadedDocument, map?: SourceMapInput): SourceMapReading {
  const name = map?.file ?? sourceMapPathFor(document.file);
  const ignored = (reason: string): SourceMapReading => ({
    warning: `${name}: source map ignored: ${reason}; places are given in ${document.file}.`,
  });
  let text = map?.text;
  if (text === undefined) {
    try {
      text = readFileSync(map?.file ?? sourceMapPathFor(document.path), "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // No map beside the document is the common case (a document not built from TypeSpec): nothing to say.
      if (map === undefined && code === "ENOENT") return {};
      return ignored(code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a directory, not a file" : (error as Error).message);
    }
  }
  const parsed = parseSourceMap(text);
  if (!parsed.ok) return ignored(parsed.error.message.replace(/\.$/, ""));
  const folder = dirname(resolve(name));
  if (resolve(folder, parsed.map.document) !== resolve(document.file))
    return ignored(`it is the map of ${parsed.map.document}, not of ${document.file}`);
  const digest = parsed.map.documentSha256;
  if (digest !== undefined && digest !== sha256(readFileSync(document.path)))
    return ignored(`stale: written for other contents of ${document.file} (its documentSha256 differs)`);
  const sourceMap = parsed.map;
  // A source file that is not where the map says (a map copied away from its sources) is no place to send anyone.
  const present = new Map<string, boolean>();
  const isPresent = (path: string) => present.get(path) ?? present.set(path, existsSync(path)).get(path)!;
  return {
    sources: {
      document: document.file,
      file: name,
      locate(pointer) {
        const found = sourceFor(sourceMap, pointer);
        const path = found && resolve(folder, found.file);
        return found && path && isPresent(path)
          ? { file: relative(process.cwd(), path), line: found.line, column: found.column }
          : undefined;
      },
      suppressions: (sourceMap.suppressions ?? []).map(({ code, reason, file, line, column }) => ({
        code,
        reason,
        file: relative(process.cwd(), resolve(folder, file)),
        line,
        column,
      })),
    },
  };
}

/**
 * The findings with each place in a document that has sources given its source (`Place.source`),
 * which the reports then name first: the base's map for base places, the head's for head places.
 * @example
 * ```ts
 * import { compareDocuments, loadOpenApiDocument, placeInSources, readSourceMap } from "@signing-platform/diff";
 *
 * const [base, head] = [loadOpenApiDocument("base.yaml"), loadOpenApiDocument("openapi.yaml")];
 * const findings = placeInSources(compareDocuments(base, head), { head: readSourceMap(head).sources });
 * ```
 */
export function placeInSources(findings: Finding[], sources: { base?: DocumentSources; head?: DocumentSources }): Finding[] {
  const placed = (place: Place | undefined, side: DocumentSources | undefined): Place | undefined => {
    if (!place || !side || place.file !== side.document) return place;
    const source = side.locate(place.pointer);
    return source ? { ...place, source } : place;
  };
  if (!sources.base && !sources.head) return findings;
  return findings.map((finding) => {
    const [base, head] = [placed(finding.base, sources.base), placed(finding.head, sources.head)];
    return { ...finding, ...(base ? { base } : {}), ...(head ? { head } : {}) };
  });
}
