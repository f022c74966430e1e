// One document from several files, for `diff`: a document split over files (`$ref:
// paths/stations.yaml`, `$ref: ../schemas/Trip.yaml#/Trip`) is compared as a whole, so a
// change inside a referenced file is seen like any other. Each referenced file is placed under
// one root key and every `$ref` made local to it; each pointer still leads back to its own
// file and line.
import { dirname, relative, resolve } from "node:path";
import type { Json } from "../json.js";
import { decodePointer, encodePointer } from "./json-pointer.js";

/** Where the referenced files are placed in the bundled document. */
export const BUNDLED_FILES_KEY = "x-signing-platform-files";

export interface BundleSource {
  /** The file's name as the user gave it (the root) or as its `$ref` names it. */
  file: string;
  /** Its absolute path. */
  path: string;
  data: unknown;
  locate(pointer: string): { line: number; column: number } | undefined;
}

export interface Bundle {
  data: Json;
  /** The file a pointer of the bundled document is written in, and its place there. */
  placeOf(pointer: string): { file: string; pointer: string; line?: number; column?: number };
}

const isRemote = (ref: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(ref);
const isMapping = (value: unknown): value is Record<string, string> =>
  !!value && typeof value === "object" && Object.values(value).every((ref) => typeof ref === "string");

/** Bundles `root` with every file in `files` (by absolute path) that its references reach. */
export function bundle(root: BundleSource, files: ReadonlyMap<string, BundleSource>): Bundle {
  const base = dirname(root.path);
  const keyOf = (path: string) => relative(base, path) || ".";
  const prefixOf = (source: BundleSource) => (source.path === root.path ? "#" : encodePointer([BUNDLED_FILES_KEY, keyOf(source.path)]));

  /** A reference written in `source`, as a pointer into the bundle (unchanged when its file was not loaded). */
  function localRef(ref: string, source: BundleSource): string {
    const [target = "", fragment = ""] = ref.split("#");
    const targetPath = target === "" ? source.path : resolve(dirname(source.path), decodeURIComponent(target));
    const owner = targetPath === root.path ? root : files.get(targetPath);
    return owner ? `${prefixOf(owner)}${fragment}` : ref;
  }

  /** A copy of `value` whose `$ref`s, written in `source`, point into the bundle. */
  function localised(value: unknown, source: BundleSource): unknown {
    if (Array.isArray(value)) return value.map((item) => localised(item, source));
    if (typeof value !== "object" || value === null) return value;
    const copy: Json = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && !isRemote(child)) copy[key] = localRef(child, source);
      else if (key === "discriminator" && isMapping((child as Json | null)?.mapping)) {
        // A mapping's values are references too, written relative to the file they are in (a
        // bare name is a schema's name and stays one).
        const mapping = Object.fromEntries(
          Object.entries((child as Json).mapping as Record<string, string>).map(([name, ref]) => [
            name,
            /[#/]|\.(ya?ml|json)$/i.test(ref) && !isRemote(ref) ? localRef(ref, source) : ref,
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
      const [file, inFile] = source ? [source, encodePointer(tokens.slice(2))] : [root, pointer];
      return { file: file.file, pointer: inFile, ...(file.locate(inFile) ?? {}) };
    },
  };
}
