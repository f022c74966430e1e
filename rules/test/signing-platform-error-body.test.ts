// Interface document › Errors › Error body: {"error": {"code", "message", "request_id",
// "details": [...]}} on every 4xx and 5xx response.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-error-body");
const conflict = (document: Json) => document.paths["/enrollments"].post.responses["409"];
const conflictError = (document: Json) => conflict(document).content["application/json"].schema.properties.error;
const noJsonBody = expected(
  "The 409 response of POST /enrollments has no JSON body: errors answer {error:{code,message,request_id,details[]}}.",
  [...["paths", "/enrollments", "post", "responses", "409"]],
);
const schemaAt = ["paths", "/enrollments", "post", "responses", "409", "content", "application/json", "schema"];

describe("signing-platform-error-body", () => {
  it.each<BreakCase>([
    ["an error response with no body", (document) => delete conflict(document).content, [noJsonBody]],
    [
      "an error response with a text body",
      (document) => (conflict(document).content = { "text/plain": { schema: { type: "string" } } }),
      [noJsonBody],
    ],
    [
      "a body without the `error` object",
      (document) =>
        (conflict(document).content["application/json"].schema = { type: "object", properties: { message: { type: "string" } } }),
      [expected("The body of the 409 response of POST /enrollments must have the required object `error`.", schemaAt)],
    ],
    [
      "an error object without details",
      (document) => {
        delete conflictError(document).properties.details;
        conflictError(document).required = ["code", "message", "request_id"];
      },
      [
        expected("The error body of the 409 response of POST /enrollments lacks the required field `error.details`.", [
          ...schemaAt,
          "properties",
          "error",
        ]),
      ],
    ],
    [
      "a request_id that is not required",
      (document) => (conflictError(document).required = ["code", "message", "details"]),
      [
        expected("The error body of the 409 response of POST /enrollments lacks the required field `error.request_id`.", [
          ...schemaAt,
          "properties",
          "error",
        ]),
      ],
    ],
    [
      "details that are not an array",
      (document) => (conflictError(document).properties.details = { type: "string" }),
      [
        expected("`error.details` in the error body of the 409 response of POST /enrollments must be of type array.", [
          ...schemaAt,
          "properties",
          "error",
          "properties",
          "details",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("accepts an error object composed with allOf and $ref", async () => {
    const document = broken((document) => {
      document.components.schemas.ErrorObject = document.components.schemas.ErrorBody.properties.error;
      document.components.schemas.ErrorBody.properties.error = { allOf: [{ $ref: "#/components/schemas/ErrorObject" }] };
    });
    expect(await lint(document)).toEqual([]);
  });
});
