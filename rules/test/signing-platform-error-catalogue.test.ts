// Interface document › Errors › Error codes: every code has one status. Codes an operation
// declares (extension, examples, enums) are in the catalogue, under the catalogue's status;
// docs/decisions.md#codes-without-a-status for codes the source gives no status.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-error-catalogue");
const list = (document: Json) => document.paths["/certificates"].get;
const badRequestMedia = (document: Json) => list(document).responses["400"].content["application/json"];
const conflictCode = (document: Json) =>
  document.paths["/enrollments"].post.responses["409"].content["application/json"].schema.properties.error.properties.code;
const listAt = ["paths", "/certificates", "get"];
const conflictCodeAt = [
  "paths",
  "/enrollments",
  "post",
  "responses",
  "409",
  "content",
  "application/json",
  "schema",
  "properties",
  "error",
  "properties",
  "code",
];

describe("signing-platform-error-catalogue", () => {
  it.each<BreakCase>([
    [
      "an extension code that the catalogue does not have",
      (document) => list(document)["x-signing-platform-errors"].push("teapot"),
      [
        expected("Error code `teapot` declared by GET /certificates is not in the catalogue.", [
          ...listAt,
          "x-signing-platform-errors",
          "3",
        ]),
      ],
    ],
    [
      "an extension code whose catalogue status the operation does not answer",
      (document) => list(document)["x-signing-platform-errors"].push("not_found"),
      [
        expected(
          "Error code `not_found` declared by GET /certificates has status 404 in the catalogue, but GET /certificates declares no 404 response.",
          [...listAt, "x-signing-platform-errors", "3"],
        ),
      ],
    ],
    [
      "an example whose code belongs to another status",
      (document) => (badRequestMedia(document).example.error.code = "not_found"),
      [
        expected("Error code `not_found` is used by the 400 response of GET /certificates, but the catalogue gives it status 404.", [
          ...listAt,
          "responses",
          "400",
          "content",
          "application/json",
          "example",
          "error",
          "code",
        ]),
      ],
    ],
    [
      "a named example whose code the catalogue does not have",
      (document) => {
        const media = badRequestMedia(document);
        media.examples = { teapot: { value: { error: { ...media.example.error, code: "teapot" } } } };
        delete media.example;
      },
      [
        expected("Error code `teapot` used by the 400 response of GET /certificates is not in the catalogue.", [
          ...listAt,
          "responses",
          "400",
          "content",
          "application/json",
          "examples",
          "teapot",
          "value",
          "error",
          "code",
        ]),
      ],
    ],
    [
      "a closed enum of a 409 that lists a 404 code",
      (document) => conflictCode(document).enum.push("not_found"),
      [
        expected(
          "Error code `not_found` is used by the 409 response of POST /enrollments, but the catalogue gives it status 404.",
          conflictCodeAt,
        ),
      ],
    ],
    [
      "a const code that the catalogue does not have",
      (document) => {
        const code = conflictCode(document);
        delete code.enum;
        code.const = "teapot";
      },
      [expected("Error code `teapot` used by the 409 response of POST /enrollments is not in the catalogue.", conflictCodeAt)],
    ],
    [
      "an inline error body whose `error.code` enum has a code the catalogue does not have",
      (document) => (conflictCode(document).enum = ["locked"]),
      [expected("Error code `locked` used by the 409 response of POST /enrollments is not in the catalogue.", conflictCodeAt)],
    ],
    [
      "an inline error body whose `error.code` is a const, as TypeSpec writes a string literal, in an object that extends the shared one",
      (document) => {
        const conflict = document.paths["/enrollments"].post.responses["409"].content["application/json"].schema;
        conflict.properties.error = {
          type: "object",
          required: ["code"],
          properties: { code: { type: "string", const: "locked" } },
          allOf: [{ $ref: "#/components/schemas/ErrorBody/properties/error" }],
        };
      },
      [expected("Error code `locked` used by the 409 response of POST /enrollments is not in the catalogue.", conflictCodeAt)],
    ],
    [
      "an example of an inline error body with a code the catalogue does not have",
      (document) => {
        const media = document.paths["/enrollments"].post.responses["409"].content["application/json"];
        media.example = { error: { code: "locked", message: "The enrollment is locked.", request_id: "req_1", details: [] } };
      },
      [
        expected("Error code `locked` used by the 409 response of POST /enrollments is not in the catalogue.", [
          ...conflictCodeAt.slice(0, 7),
          "example",
          "error",
          "code",
        ]),
      ],
    ],
    [
      "an open enum that lists a code the catalogue does not have, once",
      (document) => document.components.schemas.ErrorBody.properties.error.properties.code.anyOf[1].enum.push("teapot"),
      [
        expected("Error code `teapot` of the open error code enum is not in the catalogue.", [
          "components",
          "schemas",
          "ErrorBody",
          "properties",
          "error",
          "properties",
          "code",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it.each<[string, (document: Json) => void]>([
    [
      "a code with no status in the source, under the status servers use (docs/decisions.md#codes-without-a-status)",
      (document) => {
        const conflict = document.paths["/enrollments"].post.responses["409"];
        document.paths["/enrollments"].post.responses["422"] = structuredClone(conflict);
        document.paths["/enrollments"].post.responses["422"].content["application/json"].schema.properties.error.properties.code.enum = [
          "predecessor_revoked",
        ];
      },
    ],
    [
      "a code under a range status that covers it",
      (document) => {
        const responses = list(document).responses;
        responses["4XX"] = responses["400"];
        delete responses["400"];
      },
    ],
  ])("accepts %s", async (_name, change) => {
    expect(await lint(broken(change))).toEqual([]);
  });
});
