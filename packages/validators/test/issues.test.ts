// src/issues.ts on ajv errors as the compiled schemas raise them (allErrors, verbose): the
// rewriting of unions, closed shapes and forbidden properties, and the plain mapping.
import { describe, expect, it } from "vitest";
import type { AjvError } from "../src/compiled-schema.js";
import { issuesFromAjvErrors } from "../src/issues.js";

const error = (keyword: string, instancePath: string, schemaPath: string, params = {}, schema?: unknown): AjvError => ({
  keyword,
  instancePath,
  schemaPath,
  params,
  schema,
});

describe("issuesFromAjvErrors", () => {
  it.each([
    [
      "required names the missing property",
      [error("required", "/data", "#/required", { missingProperty: "object" })],
      { data: {} },
      [{ field: "$.data.object", code: "required", message: "is required" }],
    ],
    [
      "a union the value matches no type of becomes one type issue",
      [
        error("type", "/cursor", "#/properties/cursor/anyOf/0/type", { type: "string" }),
        error("type", "/cursor", "#/properties/cursor/anyOf/1/type", { type: "null" }),
        error("anyOf", "/cursor", "#/properties/cursor/anyOf", {}, [{}, {}]),
      ],
      { cursor: 5 },
      [{ field: "$.cursor", code: "type", message: "must be a string or null" }],
    ],
    [
      "a union reports the branch whose type the value has",
      [
        error("format", "/next", "#/properties/next/anyOf/0/format", { format: "uri" }),
        error("type", "/next", "#/properties/next/anyOf/1/type", { type: "null" }),
        error("anyOf", "/next", "#/properties/next/anyOf", {}, [{}, {}]),
      ],
      { next: "nope" },
      [{ field: "$.next", code: "format", message: "must be a valid uri" }],
    ],
    [
      "a union of $refs, whose branch errors cannot be told apart: they stay, with one any_of",
      [
        error("required", "", "SigningRequestCreatedEvent.json/required", { missingProperty: "id" }),
        error("anyOf", "", "#/anyOf", {}, [{}, {}]),
      ],
      {},
      [
        { field: "$.id", code: "required", message: "is required" },
        { field: "$", code: "any_of", message: "does not match any of the allowed shapes" },
      ],
    ],
    [
      "a oneOf matching two branches stays one issue",
      [error("oneOf", "", "#/oneOf", { passingSchemas: [0, 1] }, [{}, {}])],
      {},
      [{ field: "$", code: "one_of", message: "must match exactly one of the allowed shapes" }],
    ],
    [
      "the same union reached at two places is two issues",
      [
        error("type", "/a", "Code.json/anyOf/0/type", { type: "string" }),
        error("anyOf", "/a", "Code.json/anyOf", {}, [{}]),
        error("type", "/b", "Code.json/anyOf/0/type", { type: "string" }),
        error("anyOf", "/b", "Code.json/anyOf", {}, [{}]),
      ],
      { a: 1, b: 2 },
      [
        { field: "$.a", code: "type", message: "must be a string" },
        { field: "$.b", code: "type", message: "must be a string" },
      ],
    ],
    [
      "an extra property of a closed shape",
      [error("not", "/extra", "#/unevaluatedProperties/not", {}, {})],
      { extra: 1 },
      [{ field: "$.extra", code: "additional_property", message: "is not allowed: this object has no such field" }],
    ],
    [
      "unevaluatedProperties: false names the property",
      [error("unevaluatedProperties", "", "#/unevaluatedProperties", { unevaluatedProperty: "extra" })],
      { extra: 1 },
      [{ field: "$.extra", code: "additional_property", message: "is not allowed: this object has no such field" }],
    ],
    [
      "not: {required: [name]} forbids the property",
      [error("not", "/data/object", "#/not", {}, { required: ["client_secret"] })],
      { data: { object: { client_secret: "s" } } },
      [{ field: "$.data.object.client_secret", code: "forbidden_property", message: "must not be present" }],
    ],
    [
      "any other not",
      [error("not", "/a", "#/properties/a/not", {}, { required: ["x", "y"] })],
      { a: {} },
      [{ field: "$.a", code: "not", message: "is not allowed" }],
    ],
    [
      "a keyword the table does not know",
      [error("x-custom", "/a", "#/properties/a/x-custom")],
      { a: 1 },
      [{ field: "$.a", code: "invalid", message: "is not allowed" }],
    ],
    [
      "the same field and code once",
      [error("type", "/a", "#/properties/a/type", { type: "string" }), error("type", "/a", "X.json/type", { type: "string" })],
      { a: 1 },
      [{ field: "$.a", code: "type", message: "must be a string" }],
    ],
  ])("%s", (_name, errors, root, want) => {
    expect(issuesFromAjvErrors(errors, root)).toEqual(want);
  });
});
