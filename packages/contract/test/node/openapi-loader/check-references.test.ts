// Every $ref leads somewhere, in the file or in another, which is loaded and checked the same
// way; one to nowhere is one line naming the file and the place of the $ref.
import { describe, expect, it } from "vitest";
import { checkReferences, shownPath } from "../../../src/node/openapi-loader/check-references.js";
import { parseFile, type ParsedFile } from "../../../src/node/openapi-loader/parse-file.js";
import { temporaryFolder } from "./temporary-folder.js";

const folder = temporaryFolder();
folder.write("schemas/trip.yaml", "Trip:\n  type: object\n  properties:\n    station:\n      $ref: ./station.yaml\n");
folder.write("schemas/station.yaml", "type: object\n");

function check(text: string): Map<string, ParsedFile> {
  const path = folder.write("openapi.yaml", text);
  const parsed = parseFile("openapi.yaml", path);
  const files = new Map([[parsed.path, parsed]]);
  checkReferences(parsed, files, (other) => other.slice(folder.dir.length + 1));
  return files;
}

describe("checkReferences", () => {
  it("loads every file the references reach, through the files between", () => {
    const files = check("openapi: 3.1.0\ncomponents:\n  schemas:\n    Trip:\n      $ref: schemas/trip.yaml#/Trip\n");
    expect([...files.values()].map(({ file }) => file)).toEqual(["openapi.yaml", "schemas/trip.yaml", "schemas/station.yaml"]);
  });

  it.each<[string, { text: string; want: RegExp }]>([
    ["a local $ref to nowhere", { text: "a:\n  $ref: '#/b'\n", want: /^openapi\.yaml:2:\d+: \$ref to nowhere: "#\/b" does not exist\.$/ }],
    [
      "a $ref to nowhere in another file",
      {
        text: "a:\n  $ref: schemas/trip.yaml#/Nope\n",
        want: /^openapi\.yaml:2:\d+: \$ref to nowhere: "schemas\/trip\.yaml#\/Nope" does not exist\.$/,
      },
    ],
    [
      "a $ref into a missing file",
      { text: "a:\n  $ref: nope.yaml\n", want: /^openapi\.yaml:2:\d+: \$ref "nope\.yaml" cannot be followed: nope\.yaml: no such file\.$/ },
    ],
    [
      "a $ref whose fragment is no pointer",
      { text: "a:\n  $ref: schemas/trip.yaml#Trip\n", want: /\$ref to nowhere: "schemas\/trip\.yaml#Trip"/ },
    ],
  ])("refuses %s", (_name, { text, want }) => {
    expect(() => check(text)).toThrow(want);
  });

  it("leaves remote references and those in examples alone", () => {
    expect(() => check("a:\n  $ref: https://example.com/x.yaml\n  example:\n    $ref: '#/nowhere'\n")).not.toThrow();
  });
});

describe("shownPath", () => {
  it("names a file from the working directory, or by its absolute path outside it", () => {
    expect(shownPath(`${process.cwd()}/specs/a.yaml`)).toBe("specs/a.yaml");
    expect(shownPath("/elsewhere/a.yaml")).toBe(process.cwd() === "/" ? "elsewhere/a.yaml" : "/elsewhere/a.yaml");
  });
});
