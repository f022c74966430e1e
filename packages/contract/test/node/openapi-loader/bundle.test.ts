// A split document read as one: each referenced file under one key, every $ref local, and
// every pointer of the whole leading back to its own file and line.
import { describe, expect, it } from "vitest";
import { bundle, BUNDLED_FILES_KEY } from "../../../src/node/openapi-loader/bundle.js";
import { checkReferences } from "../../../src/node/openapi-loader/check-references.js";
import { parseFile, type ParsedFile } from "../../../src/node/openapi-loader/parse-file.js";
import { resolveRef } from "../../../src/openapi/resolve-ref.js";
import { temporaryFolder } from "./temporary-folder.js";

const folder = temporaryFolder();
folder.write(
  "schemas/trip.yaml",
  "Trip:\n  type: object\n  properties:\n    station:\n      $ref: ./station.yaml\n    kind:\n      oneOf: [{ $ref: '#/Bus' }]\n      discriminator:\n        mapping: { bus: '#/Bus', Car: Car }\nBus:\n  type: object\n",
);
folder.write("schemas/station.yaml", "type: object\nproperties:\n  name: { type: string }\n");
const root = folder.write(
  "openapi.yaml",
  "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    Trip:\n      $ref: schemas/trip.yaml#/Trip\n    Remote:\n      $ref: https://example.com/x.yaml\n",
);

function bundled() {
  const parsed = parseFile("openapi.yaml", root);
  const files = new Map<string, ParsedFile>([[parsed.path, parsed]]);
  checkReferences(parsed, files, (path) => path.slice(folder.dir.length + 1));
  return bundle(parsed, files);
}

describe("bundle", () => {
  const { data, placeOf } = bundled();

  it("places each referenced file under one key, by its path from the root file", () => {
    expect(Object.keys(data[BUNDLED_FILES_KEY])).toEqual(["schemas/trip.yaml", "schemas/station.yaml"]);
  });

  it.each<[string, { at: string; want: unknown }]>([
    ["a $ref into a file", { at: "#/components/schemas/Trip/$ref", want: "#/x-signing-platform-files/schemas~1trip.yaml/Trip" }],
    [
      "a whole file",
      {
        at: `#/${BUNDLED_FILES_KEY}/schemas~1trip.yaml/Trip/properties/station/$ref`,
        want: "#/x-signing-platform-files/schemas~1station.yaml",
      },
    ],
    [
      "a local $ref of another file",
      {
        at: `#/${BUNDLED_FILES_KEY}/schemas~1trip.yaml/Trip/properties/kind/oneOf/0/$ref`,
        want: "#/x-signing-platform-files/schemas~1trip.yaml/Bus",
      },
    ],
    [
      "a discriminator's mapping to a pointer",
      {
        at: `#/${BUNDLED_FILES_KEY}/schemas~1trip.yaml/Trip/properties/kind/discriminator/mapping/bus`,
        want: "#/x-signing-platform-files/schemas~1trip.yaml/Bus",
      },
    ],
    [
      "a discriminator's mapping to a schema's name, as it is",
      { at: `#/${BUNDLED_FILES_KEY}/schemas~1trip.yaml/Trip/properties/kind/discriminator/mapping/Car`, want: "Car" },
    ],
    ["a remote $ref, as it is", { at: "#/components/schemas/Remote/$ref", want: "https://example.com/x.yaml" }],
  ])("makes local %s", (_name, { at, want }) => {
    const tokens = at
      .split("/")
      .slice(1)
      .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
    expect(tokens.reduce<any>((node, token) => node?.[token], data)).toBe(want);
  });

  it("leaves every local $ref resolvable in the one document", () => {
    expect(resolveRef(data, data.components.schemas.Trip)?.properties.station).toEqual({
      $ref: "#/x-signing-platform-files/schemas~1station.yaml",
    });
    expect(resolveRef(data, resolveRef(data, data.components.schemas.Trip)?.properties.station)).toMatchObject({ type: "object" });
  });

  it.each<[string, { pointer: string; want: object }]>([
    [
      "in the root file",
      { pointer: "#/components/schemas/Trip", want: { file: "openapi.yaml", pointer: "#/components/schemas/Trip", line: 5 } },
    ],
    [
      "in a referenced file",
      {
        pointer: `#/${BUNDLED_FILES_KEY}/schemas~1station.yaml/properties/name`,
        want: { file: "schemas/station.yaml", pointer: "#/properties/name", line: 3 },
      },
    ],
  ])("places a pointer %s in its own file", (_name, { pointer, want }) => {
    expect(placeOf(pointer)).toMatchObject(want);
  });
});
