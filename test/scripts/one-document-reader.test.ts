// One reader of OpenAPI documents: @signing-platform/contract/openapi decodes JSON pointers,
// follows $refs and types the objects of a document, and every other package imports it, so
// that no two packages read a document by different rules. A source or build file of another
// package that decodes a pointer, follows a $ref by splitting it, or declares a `Json` type of
// its own fails here, naming the file and the line: import the contract's instead.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";
import { filesOf, workspaces } from "../support/workspace-files.js";

/** What gives a reader of its own away: each pattern is matched against a line of code, comments removed. */
const TELLTALES = [
  { what: "decodes a JSON pointer", pattern: /\.replace(?:All)?\(\s*(?:\/~1\/g|["']~1["'])\s*,\s*["']\/["']\s*\)/ },
  { what: "follows a $ref by splitting it", pattern: /\bref\w*\)?(?:\.slice\(\d+\)|\.replace\([^)]*\))?\s*\.split\(\s*["']\/["']\s*\)/i },
  {
    what: "defines a function of the contract's reader",
    pattern: /\b(?:function\s*\*?\s*|(?:const|let|var)\s+)(?:resolveRef|resolvePointer|decodePointer|followRef|unescapeToken)\b/,
  },
  { what: "declares a Json type", pattern: /\btype\s+Json\s*=/ },
] as const;

/**
 * Files that may keep one, each with its reason. The client's runtime is copied whole into
 * every generated SDK, which embeds the contract's main entry and not its OpenAPI reader; its
 * `Json` is the parsed body of an error response, not an object of a document.
 */
const ALLOWED = new Map([["packages/client/src/runtime/errors/error-from-response.ts", "declares a Json type"]]);

const CONTRACT = "packages/contract";
/** The workspace packages' source and build files, but the contract's and declaration files. */
function sourceFiles(): string[] {
  return workspaces
    .filter(({ folder }) => folder !== CONTRACT)
    .flatMap(({ folder }) => filesOf(folder))
    .filter((file) => !/\.d\.m?ts$/.test(file))
    .sort();
}

/** The lines of `text` with comments blanked, so that a line keeps its number. */
function codeLines(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .split("\n")
    .map((line) => line.replace(/^\s*\/\/.*$/, ""));
}

/** Each telltale in `text`: "what" at line n. */
function telltalesIn(text: string): { what: string; line: number }[] {
  return codeLines(text).flatMap((code, index) =>
    TELLTALES.filter(({ pattern }) => pattern.test(code)).map(({ what }) => ({ what, line: index + 1 })),
  );
}

describe("the telltales of a reader of one's own", () => {
  it.each<[string, { given: string; want: string[] }]>([
    [
      "a pointer token unescaped",
      { given: 'const token = part.replace(/~1/g, "/").replace(/~0/g, "~");', want: ["decodes a JSON pointer"] },
    ],
    ["a pointer token unescaped with replaceAll", { given: 'token.replaceAll("~1", "/")', want: ["decodes a JSON pointer"] }],
    [
      "a $ref split after its `#/`",
      { given: 'for (const token of ref.slice(2).split("/")) node = node?.[token];', want: ["follows a $ref by splitting it"] },
    ],
    [
      "a $ref split after a replace",
      { given: 'const parts = node.$ref.replace(/^#\\//, "").split("/");', want: ["follows a $ref by splitting it"] },
    ],
    [
      "a resolver of one's own",
      { given: "export function resolveRef(document: Node, value: unknown) {", want: ["defines a function of the contract's reader"] },
    ],
    [
      "a decoder of one's own",
      { given: "const decodePointer = (pointer: string) => pointer;", want: ["defines a function of the contract's reader"] },
    ],
    ["a Json type", { given: "type Json = Record<string, any>;", want: ["declares a Json type"] }],
    [
      "the contract's reader imported",
      { given: 'import { decodePointer, resolveRef, type Json } from "@signing-platform/contract/openapi";', want: [] },
    ],
    ["the contract's reader called", { given: "const schema = resolveRef(document, value, where) ?? {};", want: [] }],
    ["a pointer encoded", { given: 'const at = `/${key.replace(/~/g, "~0").replace(/\\//g, "~1")}`;', want: [] }],
    ["a path split", { given: 'const segments = path.split("/");', want: [] }],
    ["a prefix split", { given: 'const parts = prefix.split("/");', want: [] }],
    ["a telltale in a comment", { given: '// type Json = Record<string, any>;\n/* ref.slice(2).split("/") */', want: [] }],
  ])("%s", (_name, { given, want }) => {
    expect(telltalesIn(given).map(({ what }) => what)).toEqual(want);
  });
});

describe("every package reads a document through @signing-platform/contract/openapi", () => {
  const files = sourceFiles();

  it("reads the source files of every other package", () => {
    expect(files.some((file) => file.startsWith("packages/diff/src/"))).toBe(true);
    expect(files.some((file) => file.startsWith("packages/server/scripts/"))).toBe(true);
    expect(files.some((file) => file.startsWith(`${CONTRACT}/`))).toBe(false);
  });

  it("finds no JSON-pointer decoder, $ref resolver or Json type outside the contract", () => {
    const found = files.flatMap((file) =>
      telltalesIn(readFileSync(join(root, file), "utf8"))
        .filter(({ what }) => ALLOWED.get(file) !== what)
        .map(({ what, line }) => `${file}:${line} ${what}: use @signing-platform/contract/openapi`),
    );
    expect(found).toEqual([]);
  });
});
