// A local $ref followed to its end, with where the value stands; anything that cannot be
// followed is the one typed error, naming the $ref and where it is written.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BrokenRefError } from "../../src/openapi/broken-ref-error.js";
import { followRef, resolveRef } from "../../src/openapi/resolve-ref.js";

const document = {
  components: {
    schemas: {
      Certificate: { type: "object" },
      Alias: { $ref: "#/components/schemas/Certificate" },
      "Weird/Name": { type: "string" },
      Loop: { $ref: "#/components/schemas/Loop" },
      Ping: { $ref: "#/components/schemas/Pong" },
      Pong: { $ref: "#/components/schemas/Ping" },
      Missing: { $ref: "#/components/schemas/Nope" },
      Tree: { properties: { children: { items: { $ref: "#/components/schemas/Tree" } } } },
    },
    examples: { Count: { value: 3 } },
  },
};

describe("followRef", () => {
  it.each<[string, { given: unknown; at: string; want: { node: unknown; pointer: string } }]>([
    ["a value with no $ref", { given: { type: "string" }, at: "#/x", want: { node: { type: "string" }, pointer: "#/x" } }],
    [
      "one $ref",
      {
        given: { $ref: "#/components/schemas/Certificate" },
        at: "#/paths/~1a/get",
        want: { node: { type: "object" }, pointer: "#/components/schemas/Certificate" },
      },
    ],
    [
      "a chain, to its end",
      {
        given: { $ref: "#/components/schemas/Alias" },
        at: "#/x",
        want: { node: { type: "object" }, pointer: "#/components/schemas/Certificate" },
      },
    ],
    [
      "a percent-encoded $ref, its pointer written one way",
      {
        given: { $ref: "#/components/schemas/Weird~1Name" },
        at: "#/x",
        want: { node: { type: "string" }, pointer: "#/components/schemas/Weird~1Name" },
      },
    ],
    [
      "a value that is not an object",
      { given: { $ref: "#/components/examples/Count/value" }, at: "#/x", want: { node: 3, pointer: "#/components/examples/Count/value" } },
    ],
    [
      "a schema that refers to itself deeper down, which is no cycle",
      {
        given: { $ref: "#/components/schemas/Tree" },
        at: "#/x",
        want: { node: document.components.schemas.Tree, pointer: "#/components/schemas/Tree" },
      },
    ],
  ])("follows %s", (_name, { given, at, want }) => {
    expect(followRef(document, given, at)).toEqual(want);
  });

  it.each<[string, { given: string; want: Partial<BrokenRefError> }]>([
    ["to nothing", { given: "#/components/schemas/Nope", want: { reason: "missing", ref: "#/components/schemas/Nope", at: "#/here" } }],
    [
      "to a $ref to nothing, named where that one is written",
      {
        given: "#/components/schemas/Missing",
        want: { reason: "missing", ref: "#/components/schemas/Nope", at: "#/components/schemas/Missing" },
      },
    ],
    ["to itself", { given: "#/components/schemas/Loop", want: { reason: "cycle", ref: "#/components/schemas/Loop" } }],
    ["round a cycle of two", { given: "#/components/schemas/Ping", want: { reason: "cycle", ref: "#/components/schemas/Ping" } }],
    ["into another file", { given: "schemas/certificate.yaml#/Certificate", want: { reason: "outside", at: "#/here" } }],
    ["to a URL", { given: "https://example.com/openapi.yaml#/x", want: { reason: "outside" } }],
    ["that is no pointer", { given: "#Certificate", want: { reason: "missing" } }],
  ])("refuses a $ref %s with a BrokenRefError", (_name, { given, want }) => {
    expect(() => followRef(document, { $ref: given }, "#/here")).toThrow(BrokenRefError);
    try {
      followRef(document, { $ref: given }, "#/here");
    } catch (error) {
      expect(error).toMatchObject(want);
    }
  });

  it("gives a value or the typed error for any $ref, never another throw or a hang", () => {
    // Strings made of what a pointer is made of, so that most come close to being one.
    const refs = fc.oneof(
      fc.string({ unit: fc.constantFrom("#", "/", "~", "0", "1", "%", "2", "F", "a", "components", "schemas", "Loop") }),
      fc.constantFrom(...Object.keys(document.components.schemas)).map((name) => `#/components/schemas/${name}`),
    );
    fc.assert(
      fc.property(refs, (ref) => {
        try {
          followRef(document, { $ref: ref }, "#/x");
        } catch (error) {
          expect(error).toBeInstanceOf(BrokenRefError);
        }
      }),
    );
  });
});

describe("resolveRef", () => {
  it.each<[string, { given: unknown; want: unknown }]>([
    ["an object, as it is", { given: { type: "string" }, want: { type: "string" } }],
    ["a chain of $refs, to its object", { given: { $ref: "#/components/schemas/Alias" }, want: { type: "object" } }],
    ["absent", { given: undefined, want: undefined }],
    ["a $ref to a value that is not an object", { given: { $ref: "#/components/examples/Count/value" }, want: undefined }],
    ["a list", { given: [1], want: undefined }],
  ])("gives %s", (_name, { given, want }) => {
    expect(resolveRef(document, given)).toEqual(want);
  });

  it("names the place the caller gives in the error's message", () => {
    expect(() => resolveRef(document, { $ref: "#/components/parameters/Nope" }, "GET /pets › parameters[0]")).toThrow(
      "GET /pets › parameters[0]: $ref #/components/parameters/Nope points to nothing.",
    );
  });
});

describe("followRef, told to skip", () => {
  it.each(["#/components/schemas/Nope", "#/components/schemas/Loop", "schemas/certificate.yaml"])("gives undefined for %s", (ref) => {
    expect(followRef(document, { $ref: ref }, "#/x", { brokenRefs: "skip" })).toBeUndefined();
    expect(() => followRef(document, { $ref: ref }, "#/x", { brokenRefs: "throw" })).toThrow(BrokenRefError);
  });

  it("follows what it can as without the option", () => {
    const alias = { $ref: "#/components/schemas/Alias" };
    expect(followRef(document, alias, "#/x", { brokenRefs: "skip" })).toEqual(followRef(document, alias, "#/x"));
  });
});
