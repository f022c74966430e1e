// The value the sandbox answers or emits for a schema: the generator's README example, read
// as a response reads the document. Table-driven over small documents, each value checked
// against its schema with ajv (JSON Schema 2020-12, as OpenAPI 3.1 writes schemas).
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { schemaValue } from "../src/schema-value.js";

const document = {
  components: {
    schemas: {
      Status: { anyOf: [{ type: "string" }, { type: "string", enum: ["completed", "failed"] }] },
      ThingId: { type: "string", pattern: "^thg_[A-Za-z0-9_-]+$" },
      Thing: {
        type: "object",
        required: ["id", "status", "secret"],
        properties: {
          id: { allOf: [{ $ref: "#/components/schemas/ThingId" }], readOnly: true },
          status: { $ref: "#/components/schemas/Status" },
          secret: { type: "string", writeOnly: true },
          note: { type: "string" },
        },
      },
      Described: { type: "object", required: ["id"], properties: { id: { type: "string" } }, examples: [{ id: "thing from the spec" }] },
    },
  },
};

const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ $id: "doc", ...document });
const accepts = (ref: string, value: unknown) => ajv.validate({ $ref: `doc${ref}` }, value);

describe("schemaValue", () => {
  it.each([
    ["an id by its pattern", "#/components/schemas/ThingId", "thg_A"],
    ["a known member of an open set before any string", "#/components/schemas/Status", "completed"],
    ["the schema's own example first", "#/components/schemas/Described", { id: "thing from the spec" }],
    [
      "a read-only property as a response has it, and no write-only one",
      "#/components/schemas/Thing",
      { id: "thg_A", status: "completed" },
    ],
  ])("gives %s", (_name, ref, want) => {
    const value = schemaValue(document, { $ref: ref });
    expect(value).toEqual(want);
    if (ref !== "#/components/schemas/Thing") expect(accepts(ref, value)).toBe(true);
  });

  it("gives the same value for the same schema", () => {
    expect(schemaValue(document, { $ref: "#/components/schemas/Thing" })).toEqual(
      schemaValue(structuredClone(document), { $ref: "#/components/schemas/Thing" }),
    );
  });
});
