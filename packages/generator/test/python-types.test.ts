// Names and type expressions of the Python SDK: any name a document may hold becomes a valid
// identifier, and schemas become the type expressions mypy reads in models.py and _api.py.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelName, objectShape, pythonLiteral, pythonName, pythonType } from "../src/python/python-types.js";

const KEYWORDS = new Set(["class", "def", "from", "import", "None", "True", "False", "lambda", "return", "yield"]);
const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  components: {
    schemas: {
      "pet-item": { type: "object", required: ["id"], properties: { id: { type: "string" }, tag: { type: "string" } } },
      Named: {
        allOf: [
          { $ref: "#/components/schemas/pet-item" },
          { type: "object", required: ["name"], properties: { name: { type: "string" } } },
        ],
      },
    },
  },
} as never;

describe("pythonName and modelName", () => {
  it("make a valid identifier, never a keyword, of any name", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        for (const made of [pythonName(name), modelName(name)]) {
          expect(made).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
          expect(KEYWORDS.has(made)).toBe(false);
        }
      }),
    );
  });

  it("write snake_case methods and PascalCase models, renaming what the SDK itself uses", () => {
    expect(pythonName("signingRequests")).toBe("signing_requests");
    expect(pythonName("class")).toBe("class_");
    expect(modelName("pet-item")).toBe("PetItem");
    expect(modelName("TypedDict")).toBe("TypedDict_");
  });
});

describe("pythonType", () => {
  it.each([
    [{ type: "string" }, "str"],
    [{ type: ["integer", "null"] }, "int | None"],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "str | None"],
    [{ type: "string", nullable: true }, "str | None"],
    [{ enum: ["a", "it's"] }, "Literal['a', 'it\\'s']"],
    [{ enum: [1, 2, null] }, "Literal[1, 2] | None"],
    [{ enum: ["a|b", "c"] }, "str"],
    [{ type: "array", items: { $ref: "#/components/schemas/pet-item" } }, "list[PetItem]"],
    [{ type: "object", additionalProperties: true }, "dict[str, Any]"],
    [{}, "Any"],
    // Box's metadata values: an allOf of parts that only annotate constrains nothing.
    [{ type: "object", additionalProperties: { allOf: [{}, { example: "x" }, { description: "d" }] } }, "dict[str, Any]"],
    [{ allOf: [{}, { description: "d" }] }, "Any"],
    [{ allOf: [{ $ref: "#/components/schemas/pet-item" }, { description: "d" }] }, "PetItem"],
    // DigitalOcean's volume label: a reference bounded beside it keeps its type.
    [{ allOf: [{ type: "string" }, { maxLength: 16 }] }, "str"],
  ])("%j is %s", (schema, expected) => {
    expect(pythonType(document, schema)).toBe(expected);
  });

  it("qualifies other schemas and the builtins outside models.py, where a method may be named list", () => {
    expect(pythonType(document, { type: "array", items: { $ref: "#/components/schemas/pet-item" } }, "models.")).toBe(
      "builtins.list[models.PetItem]",
    );
  });
});

describe("objectShape", () => {
  it("merges the properties and required keys of allOf parts", () => {
    const shape = objectShape(document, (document as { components: { schemas: Record<string, object> } }).components.schemas.Named!);
    expect(shape?.properties.map(([name]) => name)).toEqual(["id", "tag", "name"]);
    expect([...(shape?.required ?? [])].sort()).toEqual(["id", "name"]);
  });

  it("is undefined for a union, which a TypedDict cannot be", () => {
    expect(objectShape(document, { oneOf: [{ type: "object", properties: { a: {} } }] })).toBeUndefined();
  });
});

describe("pythonLiteral", () => {
  it("writes JSON as Python", () => {
    expect(pythonLiteral({ a: [true, null, 1.5, "x"] })).toBe('{"a": [True, None, 1.5, "x"]}');
    expect(pythonLiteral({ a: { b: false } }, true)).toBe('{\n    "a": {\n        "b": False,\n    },\n}');
  });
});
