// A document loaded from disk: checked, its places known, a split one readable as a whole, and
// named as the caller says when it is a copy.
import { describe, expect, it } from "vitest";
import { UnusableInputError } from "../../../src/input/unusable-input.js";
import { loadOpenApiDocument } from "../../../src/node/openapi-loader/load-document.js";
import { temporaryFolder } from "./temporary-folder.js";

const folder = temporaryFolder();
folder.write("schemas/certificate.yaml", "type: object\n");
const document = folder.write(
  "api/openapi.yaml",
  "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths: {}\ncomponents:\n  schemas:\n    Certificate:\n      $ref: ../schemas/certificate.yaml\n",
);

describe("loadOpenApiDocument", () => {
  it("loads a document with its text, data and places", () => {
    const loaded = loadOpenApiDocument(document);
    expect(loaded).toMatchObject({ path: document, data: { openapi: "3.1.0" } });
    expect(loaded.text).toContain("openapi: 3.1.0");
    expect(loaded.locate("#/components/schemas/Certificate")).toEqual({ line: 6, column: 17 });
  });

  it("bundles the files its references reach, once", () => {
    const loaded = loadOpenApiDocument(document);
    expect(loaded.bundled()).toBe(loaded.bundled());
    expect(loaded.bundled().data.components.schemas.Certificate).toEqual({
      $ref: "#/x-signing-platform-files/..~1schemas~1certificate.yaml",
    });
  });

  it("names the file, and those it references, as the caller says", () => {
    const loaded = loadOpenApiDocument(document, { name: "spec/openapi.yaml" });
    expect(loaded.file).toBe("spec/openapi.yaml");
    expect(loaded.bundled().placeOf("#/x-signing-platform-files/..~1schemas~1certificate.yaml")).toMatchObject({
      file: "schemas/certificate.yaml",
    });
  });

  it.each<[string, { text: string; want: RegExp }]>([
    ["a document that is not OpenAPI 3", { text: "swagger: '2.0'\n", want: /Swagger 2\.0 is not supported/ }],
    ["a $ref to nowhere", { text: "openapi: 3.1.0\na:\n  $ref: '#/b'\n", want: /\$ref to nowhere/ }],
  ])("refuses %s", (_name, { text, want }) => {
    const path = folder.write("refused.yaml", text);
    expect(() => loadOpenApiDocument(path)).toThrow(UnusableInputError);
    expect(() => loadOpenApiDocument(path)).toThrow(want);
  });
});
