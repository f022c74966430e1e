// One document from several files: a document split over files (`$ref: paths/stations.yaml`,
// `$ref: ../schemas/Trip.yaml#/Trip`) is read as a whole, so a change inside a referenced file
// is seen like any other. Each referenced file is placed under one root key and every `$ref`
// made local to it; each pointer still leads back to its own file and line.
import { dirname, relative } from "node:path";
import { isJsonObject, type Json } from "../../openapi/json.js";
import { decodePointer, encodeUriFragment } from "../../openapi/json-pointer.js";
import { fileRefTarget, isRemoteRef } from "./file-refs.js";
import type { ParsedFile } from "./parse-file.js";

/** The key of the bundled document under which the referenced files are placed, each by its path relative to the root file. */
export const BUNDLED_FILES_KEY = "x-signing-platform-files";

/** A document and every file its references reach, as one. */
export interface Bundle {
  /** The bundled document: the root file's data, every `$ref` local, the other files under {@link BUNDLED_FILES_KEY}. */
  data: Json;
  /** The file a pointer (URI fragment form) of the bundled document is written in, the pointer there, and its place. */
  placeOf(pointer: string): { file: string; pointer: string; line?: number; column?: number };
}

const isMapping = (value: unknown): value is Record<string, string> =>
  isJsonObject(value) && Object.values(value).every((ref) => typeof ref === "string");

/** Bundles `root` with every file in `files` (by absolute path) that its references reach. */
export function bundle(root: ParsedFile, files: ReadonlyMap<string, ParsedFile>): Bundle {
  const base = dirname(root.path);
  const keyOf = (path: string) => relative(base, path) || ".";
  const prefixOf = (source: ParsedFile) => (source.path === root.path ? "#" : encodeUriFragment([BUNDLED_FILES_KEY, keyOf(source.path)]));

  /** A reference written in `source`, as a pointer into the bundle (unchanged when its file was not loaded). */
  function localRef(ref: string, source: ParsedFile): string {
    const target = fileRefTarget(ref, source.path);
    const owner = target.path === root.path ? root : files.get(target.path);
    return owner ? `${prefixOf(owner)}${target.fragment}` : ref;
  }

  /** A copy of `value` whose `$ref`s, written in `source`, point into the bundle. */
  function localised(value: unknown, source: ParsedFile): unknown {
    if (Array.isArray(value)) return value.map((item) => localised(item, source));
    if (typeof value !== "object" || value === null) return value;
    const copy: Json = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && !isRemoteRef(child)) copy[key] = localRef(child, source);
      else if (key === "discriminator" && isMapping((child as Json | null)?.mapping)) {
        // A mapping's values are references too, written relative to the file they are in (a
        // bare name is a schema's name and stays one).
        const mapping = Object.fromEntries(
          Object.entries((child as Json).mapping as Record<string, string>).map(([name, ref]) => [
            name,
            /[#/]|\.(ya?ml|json)$/i.test(ref) && !isRemoteRef(ref) ? localRef(ref, source) : ref,
          ]),
        );
        copy[key] = { ...(localised(child, source) as Json), mapping };
      } else copy[key] = localised(child, source);
    }
    return copy;
  }

  const data = localised(root.data, root) as Json;
  const others = [...files.values()].filter((source) => source.path !== root.path);
  if (others.length > 0)
    data[BUNDLED_FILES_KEY] = Object.fromEntries(others.map((source) => [keyOf(source.path), localised(source.data, source)]));

  return {
    data,
    placeOf(pointer) {
      const tokens = decodePointer(pointer);
      const source = tokens[0] === BUNDLED_FILES_KEY ? others.find((candidate) => keyOf(candidate.path) === tokens[1]) : undefined;
      const [file, inFile] = source ? [source, encodeUriFragment(tokens.slice(2))] : [root, pointer];
      return { file: file.file, pointer: inFile, ...(file.locate(inFile) ?? {}) };
    },
  };
}
