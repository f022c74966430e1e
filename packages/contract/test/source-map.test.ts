// The source map a TypeSpec build writes beside its OpenAPI document: read whole or refused with
// a typed error, never a throw, and a pointer's place found at its own entry or its nearest
// ancestor's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSourceMap, SOURCE_MAP_VERSION, type SourceMap, sourceFor, sourceMapPathFor } from "../src/source-map.js";

const certificates = { file: "../spec/resources/certificates.tsp", line: 21, column: 3 };
const certificateId = { file: "../spec/models/certificate.tsp", line: 47, column: 5 };
const map: SourceMap = {
  version: 1,
  document: "openapi.yaml",
  sources: {
    "/paths/~1certificates/get": certificates,
    "/components/schemas/Certificate/properties/id": certificateId,
    "/paths/~1a~0b": { file: "tilde.tsp", line: 1, column: 1 },
  },
};

describe("parseSourceMap", () => {
  it("reads a map, with its document's digest", () => {
    const sha = "ab".repeat(32);
    const parsed = parseSourceMap(JSON.stringify({ ...map, documentSha256: sha }));
    expect(parsed).toEqual({ ok: true, map: { ...map, documentSha256: sha } });
  });

  it("writes every pointer one way, so a lookup finds an entry written in fragment form", () => {
    const parsed = parseSourceMap(JSON.stringify({ ...map, sources: { "#/paths/~1certificates~1%7Bid%7D/get": certificates } }));
    expect(parsed.ok && Object.keys(parsed.map.sources)).toEqual(["/paths/~1certificates~1{id}/get"]);
  });

  it.each([
    ["not JSON", "{version: 1", { code: "not-json", at: "" }],
    ["not an object", "[1]", { code: "invalid", at: "" }],
    ["another version", JSON.stringify({ ...map, version: 2 }), { code: "unsupported-version", at: "/version" }],
    ["no version", JSON.stringify({ document: "openapi.yaml", sources: {} }), { code: "unsupported-version", at: "/version" }],
    ["no document", JSON.stringify({ version: 1, sources: {} }), { code: "invalid", at: "/document" }],
    ["a digest that is not one", JSON.stringify({ ...map, documentSha256: "abc" }), { code: "invalid", at: "/documentSha256" }],
    ["sources that are a list", JSON.stringify({ ...map, sources: [] }), { code: "invalid", at: "/sources" }],
    [
      "a key that is not a pointer",
      JSON.stringify({ ...map, sources: { paths: certificates } }),
      { code: "invalid", at: "/sources/paths" },
    ],
    [
      "a line from 0",
      JSON.stringify({ ...map, sources: { "/paths": { ...certificates, line: 0 } } }),
      { code: "invalid", at: "/sources/~1paths" },
    ],
    ["an entry without a file", JSON.stringify({ ...map, sources: { "": { line: 1, column: 1 } } }), { code: "invalid", at: "/sources/" }],
  ])("refuses %s with a typed error", (_what, text, want) => {
    const parsed = parseSourceMap(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatchObject(want);
      expect(parsed.error.message).not.toContain("\n");
    }
  });

  it("never throws, and accepts only what has the shape, whatever the text", () => {
    const entry = fc.record({ file: fc.string(), line: fc.integer(), column: fc.integer() });
    const candidate = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          version: fc.oneof(fc.constant(SOURCE_MAP_VERSION), fc.integer(), fc.string()),
          document: fc.oneof(fc.string(), fc.integer()),
          sources: fc.dictionary(fc.string(), fc.oneof(entry, fc.anything())),
        })
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(candidate, (text) => {
        const parsed = parseSourceMap(text);
        if (!parsed.ok) return;
        expect(parsed.map.version).toBe(SOURCE_MAP_VERSION);
        for (const [pointer, place] of Object.entries(parsed.map.sources)) {
          expect(pointer === "" || pointer.startsWith("/")).toBe(true);
          expect(place.line).toBeGreaterThanOrEqual(1);
          expect(place.column).toBeGreaterThanOrEqual(1);
          expect(place.file).not.toBe("");
        }
      }),
    );
  });
});

describe("sourceFor", () => {
  it.each([
    ["its own entry", "/paths/~1certificates/get", { ...certificates, pointer: "/paths/~1certificates/get" }],
    ["its own entry, in fragment form", "#/paths/~1certificates/get", { ...certificates, pointer: "/paths/~1certificates/get" }],
    [
      "the nearest ancestor's entry",
      "/paths/~1certificates/get/responses/200/content/application~1json",
      { ...certificates, pointer: "/paths/~1certificates/get" },
    ],
    [
      "an ancestor's entry, by whole reference tokens",
      "/components/schemas/Certificate/properties/id/format",
      { ...certificateId, pointer: "/components/schemas/Certificate/properties/id" },
    ],
    ["an entry whose key has an escaped tilde", "/paths/~1a~0b/get", { file: "tilde.tsp", line: 1, column: 1, pointer: "/paths/~1a~0b" }],
    ["nothing for a sibling that only shares a prefix of a token", "/components/schemas/Certificate/properties/identifier", undefined],
    ["nothing when no ancestor has an entry", "/webhooks/certificate.issued", undefined],
    ["nothing for what is not a pointer", "paths", undefined],
  ])("finds %s", (_what, pointer, want) => {
    expect(sourceFor(map, pointer)).toEqual(want);
  });

  it("takes the root's entry last, for any pointer", () => {
    const withRoot: SourceMap = { ...map, sources: { ...map.sources, "": { file: "main.tsp", line: 3, column: 1 } } };
    expect(sourceFor(withRoot, "/info/title")).toEqual({ file: "main.tsp", line: 3, column: 1, pointer: "" });
    expect(sourceFor(withRoot, "/paths/~1certificates/get/summary")?.pointer).toBe("/paths/~1certificates/get");
  });
});

describe("sourceMapPathFor", () => {
  it.each([
    ["generated/openapi.yaml", "generated/openapi.sourcemap.json"],
    ["api/openapi.yml", "api/openapi.sourcemap.json"],
    ["openapi.json", "openapi.sourcemap.json"],
    ["C:\\api\\openapi.YAML", "C:\\api\\openapi.sourcemap.json"],
    ["openapi", "openapi.sourcemap.json"],
  ])("puts the map of %s at %s", (document, want) => {
    expect(sourceMapPathFor(document)).toBe(want);
  });
});

describe("the suppressions of a source map", () => {
  const withSuppressions = (suppressions: unknown) => JSON.stringify({ ...map, suppressions });
  const snakeCase = {
    code: "@signing-platform/typespec-conventions/snake-case",
    reason: "a partner's format",
    file: "../spec/a.tsp",
    line: 3,
    column: 1,
  };

  it("reads each, with its reason or null", () => {
    const parsed = parseSourceMap(withSuppressions([snakeCase, { ...snakeCase, reason: null }]));
    expect(parsed.ok && parsed.map.suppressions).toEqual([snakeCase, { ...snakeCase, reason: null }]);
  });

  it("leaves them out of a map that has none", () => {
    const parsed = parseSourceMap(JSON.stringify(map));
    expect(parsed.ok && "suppressions" in parsed.map).toBe(false);
  });

  it.each([
    ["not an array", { code: snakeCase.code }, "/suppressions"],
    ["a suppression without a line", [{ ...snakeCase, line: undefined }], "/suppressions/0"],
    ["a reason that is a number", [snakeCase, { ...snakeCase, reason: 3 }], "/suppressions/1"],
  ])("refuses %s, naming where", (_name, suppressions, at) => {
    const parsed = parseSourceMap(withSuppressions(suppressions));
    expect(parsed).toEqual({ ok: false, error: expect.objectContaining({ code: "invalid", at }) });
  });
});
