// Every operation shows an example of its JSON request body and of the JSON body of each 2xx
// response, on the media type or on the schema. A warning: the interface document asks for
// shapes only (Endpoints), and examples serve the reference docs and the SDK samples.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-operation-example", "warn");
const how = "add `example` or `examples` to its media type, or `examples` to its schema (in TypeSpec: `@opExample`)";
const media = (operation: Json, status?: string): Json =>
  (status ? operation.responses[status] : operation.requestBody).content["application/json"];
const read = (document: Json) => document.paths["/v1/signing-requests/{id}"].get;
const list = (document: Json) => document.paths["/certificates"].get;
const create = (document: Json) => document.paths["/enrollments"].post;
const enrollment = { id: "enr_1" };

describe("signing-platform-operation-example", () => {
  it.each<BreakCase>([
    [
      "a request body without an example",
      (document) => {
        delete document.components.schemas.Enrollment.examples;
        media(create(document), "201").example = enrollment;
      },
      [
        expected(`The JSON request body of POST /enrollments shows no example: ${how}.`, [
          ...["paths", "/enrollments", "post", "requestBody", "content", "application/json"],
        ]),
      ],
    ],
    [
      "a 201 without an example",
      (document) => {
        delete document.components.schemas.Enrollment.examples;
        media(create(document)).example = enrollment;
      },
      [
        expected(`The JSON body of the 201 response of POST /enrollments shows no example: ${how}.`, [
          ...["paths", "/enrollments", "post", "responses", "201", "content", "application/json"],
        ]),
      ],
    ],
    [
      "a 200 without its named examples",
      (document) => delete media(read(document), "200").examples,
      [
        expected(`The JSON body of the 200 response of GET /v1/signing-requests/{id} shows no example: ${how}.`, [
          ...["paths", "/v1/signing-requests/{id}", "get", "responses", "200", "content", "application/json"],
        ]),
      ],
    ],
    [
      "a 200 whose named examples are none",
      (document) => (media(read(document), "200").examples = {}),
      [
        expected(`The JSON body of the 200 response of GET /v1/signing-requests/{id} shows no example: ${how}.`, [
          ...["paths", "/v1/signing-requests/{id}", "get", "responses", "200", "content", "application/json"],
        ]),
      ],
    ],
    [
      "a list without its example",
      (document) => delete media(list(document), "200").example,
      [
        expected(`The JSON body of the 200 response of GET /certificates shows no example: ${how}.`, [
          ...["paths", "/certificates", "get", "responses", "200", "content", "application/json"],
        ]),
      ],
    ],
  ])("warns on %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it.each<[string, (document: Json) => void]>([
    [
      "an example on the schema as OpenAPI 3.0 writes it",
      (document) => {
        const schemas = document.components.schemas;
        delete schemas.Enrollment.examples;
        schemas.Enrollment.example = enrollment;
      },
    ],
    [
      "a request body that is not JSON",
      (document) => {
        delete document.components.schemas.Enrollment.examples;
        create(document).requestBody.content = { "application/octet-stream": { schema: { type: "string", format: "binary" } } };
        media(create(document), "201").example = enrollment;
      },
    ],
    ["an error response without an example", (document) => delete media(list(document), "400").example],
  ])("accepts %s", async (_name, change) => {
    expect(await lint(broken(change))).toEqual([]);
  });
});
