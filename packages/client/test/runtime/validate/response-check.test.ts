// The check of `validateResponses` on its own: ajv's errors as mismatches (a JSON path and the
// rule, never the value), a failed anyOf with what its branches found, the schema of a status's class.
// Real ajv, no server.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memberPath } from "../../../src/runtime/validate/mismatches.js";
import { mismatchError, responseCheck } from "../../../src/runtime/validate/response-check.js";
import type { ResponseSchemas } from "../../../src/runtime/validate/response-schemas.js";

const schemas: ResponseSchemas = {
  components: {
    schemas: {
      Item: { type: "object", required: ["id"], properties: { id: { type: "string" }, "content-type": { type: "string" } } },
    },
  },
  responses: {
    "/items/{id}": { get: { "200": { $ref: "#/components/schemas/Item" } } },
    "/items": {
      get: {
        "2XX": {
          type: "object",
          required: ["items", "cursor"],
          properties: {
            items: { type: "array", items: { $ref: "#/components/schemas/Item" } },
            cursor: { anyOf: [{ type: "string" }, { type: "null" }] },
            kind: { type: "string", enum: ["page"] },
            count: { type: ["integer", "null"] },
          },
        },
      },
    },
  },
};

const check = responseCheck(schemas);

describe("responseCheck", () => {
  it("finds nothing in a body that matches, nor where the document gives no schema", async () => {
    expect(await check("GET", "/items/{id}", 200, { id: "item_1", extra: true })).toEqual([]);
    expect(await check("GET", "/items/{id}", 201, { id: 1 })).toEqual([]);
    expect(await check("POST", "/items", 200, { id: 1 })).toEqual([]);
  });

  it("names each mismatch by its JSON path and rule, in ajv's order, a failed anyOf after its branches'", async () => {
    const body = { items: [{ id: 7 }, {}, { id: "ok", "content-type": 1 }], cursor: 5, kind: 3, count: 1.5 };
    expect(await check("GET", "/items", 206, body)).toEqual([
      { path: "$.items[0].id", rule: "type", message: "must be string" },
      { path: "$.items[1].id", rule: "required", message: "is required" },
      { path: '$.items[2]["content-type"]', rule: "type", message: "must be string" },
      { path: "$.cursor", rule: "type", message: "must be string" },
      { path: "$.cursor", rule: "type", message: "must be null" },
      { path: "$.cursor", rule: "anyOf", message: "must match one of its schemas" },
      { path: "$.kind", rule: "type", message: "must be string" },
      { path: "$.kind", rule: "enum", message: "must be one of the allowed values" },
      { path: "$.count", rule: "type", message: "must be integer or null" },
    ]);
  });

  it("reports a wrong type at the root, with the required members it lacks not looked for", async () => {
    expect(await check("GET", "/items/{id}", 200, ["item_1"])).toEqual([{ path: "$", rule: "type", message: "must be object" }]);
  });

  it("compiles each operation's schema once, and loads ajv once", async () => {
    let loads = 0;
    const counting = responseCheck(schemas, async () => {
      loads += 1;
      return (await import("ajv/dist/2020.js")).default as never;
    });
    await Promise.all([counting("GET", "/items/{id}", 200, { id: "a" }), counting("GET", "/items/{id}", 200, { id: 1 })]);
    expect(await counting("GET", "/items/{id}", 200, { id: 2 })).toHaveLength(1);
    expect(loads).toBe(1);
  });

  it("never puts a value of the body in the error, whatever the server sent", async () => {
    const secret = fc.string({ minLength: 1 }).map((text) => `SECRET-${text}`);
    const value = fc.oneof(secret, fc.integer({ min: 1_000_003, max: 9_999_999 }), fc.boolean(), fc.constant(null));
    const body = fc.record(
      {
        items: fc.oneof(fc.array(fc.record({ id: value, "content-type": value }, { requiredKeys: [] })), value),
        cursor: value,
        kind: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const mismatches = await check("GET", "/items", 200, sent);
        const error = mismatchError("GET", "/items", 200, "req_1", mismatches);
        const told = JSON.stringify([error.message, error.details]);
        expect(told).not.toContain("SECRET-");
        expect(told).not.toMatch(/\b[1-9]\d{6}\b/);
        expect(mismatches.length === 0).toBe(error.details.length === 0);
      }),
      { numRuns: 200 },
    );
  });
});

describe("mismatchError", () => {
  it("names the operation, the status and each mismatch's path and rule", () => {
    const error = mismatchError("GET", "/items", 200, "req_1", [
      { path: "$.items[0].id", rule: "type", message: "must be string" },
      { path: "$.cursor", rule: "anyOf", message: "must match one of its schemas" },
    ]);
    expect(error).toMatchObject({
      name: "InvalidResponseError",
      code: "invalid_response",
      status: 200,
      requestId: "req_1",
      retryable: false,
      message: "GET /items answered 200 with a body that does not match its schema: $.items[0].id (type), $.cursor (anyOf).",
      details: [
        { field: "$.items[0].id", code: "type", message: "must be string" },
        { field: "$.cursor", code: "anyOf", message: "must match one of its schemas" },
      ],
    });
  });
});

describe("memberPath", () => {
  it.each([
    ["id", ".id"],
    ["$ref", ".$ref"],
    ["content-type", '["content-type"]'],
    ["0", '["0"]'],
    ['a"b', '["a\\"b"]'],
    ["été", '["été"]'],
  ])("%s is %s", (name, path) => expect(memberPath(name)).toBe(path));
});
