// The schemas both SDKs check success bodies against under validateResponses, as the SDK model
// reads them from a document: trimmed to the keywords both runtimes check, never stricter than
// the document, with only the components the responses reach.
import { describe, expect, it } from "vitest";
import { buildSdkModel } from "../src/sdk-model.js";

const json = (schema: unknown) => ({ description: "OK", content: { "application/json": { schema } } });

function schemasOf(openapi: string, responses: Record<string, unknown>, schemas: Record<string, unknown>) {
  return buildSdkModel({
    openapi,
    info: { title: "t", version: "1" },
    paths: { "/items/{id}": { get: { operationId: "getItem", responses } } },
    components: { schemas },
  } as never).responseSchemas;
}

describe("the response schemas of the SDK model", () => {
  it("keeps each JSON success body's schema by status, and only the components it reaches", () => {
    const found = schemasOf(
      "3.1.0",
      { "200": json({ $ref: "#/components/schemas/Item" }), "2xx": json({ type: "string" }), "404": json({ type: "object" }) },
      {
        Item: {
          type: "object",
          description: "An item.",
          required: ["id"],
          properties: { id: { type: "string", pattern: "^item_", example: "item_1" }, owner: { $ref: "#/components/schemas/Owner" } },
          additionalProperties: false,
        },
        Owner: { type: "object", properties: { name: { type: "string", maxLength: 3 } } },
        Unused: { type: "object" },
      },
    );
    expect(found).toEqual({
      components: {
        schemas: {
          Item: {
            type: "object",
            required: ["id"],
            properties: { id: { type: "string" }, owner: { $ref: "#/components/schemas/Owner" } },
          },
          Owner: { type: "object", properties: { name: { type: "string" } } },
        },
      },
      responses: { "/items/{id}": { get: { "200": { $ref: "#/components/schemas/Item" }, "2XX": { type: "string" } } } },
    });
  });

  it.each<[string, string, unknown, unknown]>([
    ["a nullable type as a null type", "3.0.3", { type: "string", nullable: true }, { type: ["string", "null"] }],
    [
      "a nullable enum with null among its values",
      "3.0.3",
      { type: "string", enum: ["a"], nullable: true },
      { type: ["string", "null"], enum: ["a", null] },
    ],
    [
      "a nullable reference as an anyOf with null",
      "3.0.3",
      { allOf: [{ type: "string" }], nullable: true },
      { anyOf: [{ type: "null" }, { allOf: [{ type: "string" }] }] },
    ],
    ["oneOf as anyOf", "3.1.0", { oneOf: [{ type: "string" }, { type: "integer" }] }, { anyOf: [{ type: "string" }, { type: "integer" }] }],
    [
      "a writeOnly property neither listed nor required",
      "3.1.0",
      { type: "object", required: ["a", "secret"], properties: { a: { type: "string" }, secret: { type: "string", writeOnly: true } } },
      { type: "object", required: ["a"], properties: { a: { type: "string" } } },
    ],
    ["3.0's siblings of a $ref left out", "3.0.3", { $ref: "#/components/schemas/S", type: "integer" }, { $ref: "#/components/schemas/S" }],
    [
      "3.1's siblings of a $ref kept",
      "3.1.0",
      { $ref: "#/components/schemas/S", type: "string" },
      { $ref: "#/components/schemas/S", type: "string" },
    ],
    ["a $ref into another schema inlined", "3.1.0", { $ref: "#/components/schemas/S/properties/a" }, { type: "integer" }],
  ])("writes %s", (_name, openapi, schema, want) => {
    const found = schemasOf(openapi, { "200": json(schema) }, { S: { type: "object", properties: { a: { type: "integer" } } } });
    expect(found.responses["/items/{id}"]?.get?.["200"]).toEqual(want);
  });

  it("leaves out a body that is not JSON and a success without a body", () => {
    const found = schemasOf(
      "3.1.0",
      { "200": { description: "OK", content: { "text/plain": { schema: { type: "string" } } } }, "204": { description: "No content" } },
      {},
    );
    expect(found).toEqual({ components: { schemas: {} }, responses: {} });
  });
});
