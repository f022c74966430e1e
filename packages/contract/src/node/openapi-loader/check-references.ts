// Every `$ref` of a document must lead somewhere before anything reads through one: a local
// one to a value of its file, one into another file to a value of that file, which is loaded
// and checked the same way. A `$ref` to nowhere is one line naming the file and the place.
import { relative } from "node:path";
import { place, UnusableInputError } from "../../input/unusable-input.js";
import { resolvePointer } from "../../openapi/json-pointer.js";
import { refsIn } from "../../openapi/refs-in.js";
import { fileRefTarget, isRemoteRef } from "./file-refs.js";
import { parseFile, type ParsedFile } from "./parse-file.js";

/** Names a file by its absolute path, for messages and places. */
export type NameOf = (path: string) => string;

/** A referenced file's name in messages: from the working directory, as the user named the root. */
export function shownPath(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere.startsWith("..") ? path : fromHere;
}

/** Checks that every reference of `parsed`, and of the files it references (added to `files` by absolute path), points at something. */
export function checkReferences(parsed: ParsedFile, files: Map<string, ParsedFile>, nameOf: NameOf): void {
  for (const { ref, at } of refsIn(parsed.data)) {
    if (isRemoteRef(ref)) continue;
    const target = fileRefTarget(ref, parsed.path);
    let targetFile = files.get(target.path);
    if (!targetFile) {
      try {
        targetFile = parseFile(nameOf(target.path), target.path);
      } catch (error) {
        throw new UnusableInputError(
          `${place(parsed.file, parsed.locate(at))}: $ref "${ref}" cannot be followed: ${(error as Error).message}`,
        );
      }
      files.set(target.path, targetFile);
      checkReferences(targetFile, files, nameOf);
    }
    if (resolvePointer(targetFile.data, `#${target.fragment}`) === undefined) {
      throw new UnusableInputError(`${place(parsed.file, parsed.locate(at))}: $ref to nowhere: "${ref}" does not exist.`);
    }
  }
}
