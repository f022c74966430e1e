// One file read and parsed, YAML or JSON, with the line and column of each node; a syntax
// error or a missing file is one line naming the file and the place.
import { describe, expect, it } from "vitest";
import { UnusableInputError } from "../../../src/input/unusable-input.js";
import { parseFile } from "../../../src/node/openapi-loader/parse-file.js";
import { temporaryFolder } from "./temporary-folder.js";

const folder = temporaryFolder();
const yaml = folder.write(
  "openapi.yaml",
  'openapi: 3.1.0\npaths:\n  /certificates/{id}:\n    get:\n      tags: [a, b]\n  "/a~b":\n    post: {}\n',
);
const json = folder.write("openapi.json", '{\n  "openapi": "3.1.0",\n  "paths": {\n    "/certificates": { "get": {} }\n  }\n}\n');
// Valid YAML that Spectral's parser reads with an error (a duplicate key), so `yaml` reads it again.
const duplicate = folder.write("duplicate.yaml", "openapi: 3.1.0\ninfo: {}\ninfo: {}\n");

describe("parseFile", () => {
  // A pointer's place is where its value starts, as the parsers give it.
  it.each<[string, { path: string; pointer: string; want: { line: number; column: number } | undefined }]>([
    ["a YAML key", { path: yaml, pointer: "#/paths/~1certificates~1{id}/get", want: { line: 4, column: 9 } }],
    [
      "a YAML key, percent-encoded in the fragment",
      { path: yaml, pointer: "#/paths/~1certificates~1%7Bid%7D/get", want: { line: 4, column: 9 } },
    ],
    ["a YAML list item", { path: yaml, pointer: "#/paths/~1certificates~1{id}/get/tags/1", want: { line: 5, column: 17 } }],
    ["a quoted YAML key with a tilde, string form", { path: yaml, pointer: "/paths/~1a~0b/post", want: { line: 7, column: 10 } }],
    ["nothing there", { path: yaml, pointer: "#/paths/~1nope", want: undefined }],
    ["a JSON key", { path: json, pointer: "#/paths/~1certificates/get", want: { line: 4, column: 31 } }],
  ])("locates %s", (_name, { path, pointer, want }) => {
    expect(parseFile("openapi", path).locate(pointer)).toEqual(want);
  });

  it("parses YAML and JSON alike", () => {
    expect(parseFile("openapi.yaml", yaml).data).toMatchObject({ openapi: "3.1.0", paths: { "/a~b": { post: {} } } });
    expect(parseFile("openapi.json", json).data).toEqual({ openapi: "3.1.0", paths: { "/certificates": { get: {} } } });
  });

  it("reads a referenced text file as its text", () => {
    const notes = folder.write("notes.md", "# Notes\n");
    expect(parseFile("notes.md", notes)).toMatchObject({ data: "# Notes\n", text: "# Notes\n" });
  });

  it.each<[string, { text: string; name: string; want: RegExp }]>([
    [
      "a YAML syntax error",
      {
        name: "broken.yaml",
        text: "openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1\n",
        want: /^broken\.yaml:4:3: YAML syntax error: /,
      },
    ],
    [
      "a JSON syntax error",
      { name: "broken.json", text: '{\n  "openapi": "3.1.0",\n  "info": {,}\n}\n', want: /^broken\.json:3:\d+: JSON syntax error: / },
    ],
    [
      "a duplicate JSON key",
      {
        name: "twice.json",
        text: '{\n  "openapi": "3.1.0",\n  "info": {},\n  "info": {}\n}\n',
        want: /^twice\.json:4:3: JSON syntax error: Map keys must be unique/,
      },
    ],
    [
      "a duplicate key",
      {
        name: "twice.yaml",
        text: "openapi: 3.1.0\ninfo: {}\ninfo: {}\n",
        want: /^twice\.yaml:3:1: YAML syntax error: Map keys must be unique/,
      },
    ],
  ])("refuses %s in one line naming the place", (_name, { text, name, want }) => {
    const path = folder.write(name, text);
    expect(() => parseFile(name, path)).toThrow(UnusableInputError);
    expect(() => parseFile(name, path)).toThrow(want);
  });

  it.each<[string, { path: () => string; want: string }]>([
    ["a missing file", { path: () => `${folder.dir}/nope.yaml`, want: "nope.yaml: no such file." }],
    ["a folder", { path: () => folder.dir, want: "nope.yaml: is a directory, not a file." }],
  ])("refuses %s", (_name, { path, want }) => {
    expect(() => parseFile("nope.yaml", path())).toThrow(new UnusableInputError(want));
  });

  it("keeps the places of a document the fast parser refuses and `yaml` reads", () => {
    expect(() => parseFile("duplicate.yaml", duplicate)).toThrow(/Map keys must be unique/);
  });
});
