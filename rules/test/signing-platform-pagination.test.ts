// Interface document › Endpoints, GET /certificates: limit (integer, default 25, max 100) and
// cursor (opaque string); "Paginated list: items (array), cursor (string), next (URL string)";
// Limits › Page size; docs/decisions.md#cursor-pagination (limit outside 1–100 is 400).
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-pagination");
const list = (document: Json) => document.paths["/certificates"].get;
const limit = (document: Json) => list(document).parameters[0];
const cursor = (document: Json) => list(document).parameters[1];
const page = (document: Json) => document.components.schemas.CertificatePage;
const listAt = ["paths", "/certificates", "get"];

describe("signing-platform-pagination", () => {
  it.each<BreakCase>([
    [
      "a list without `limit`",
      (document) => list(document).parameters.splice(0, 1),
      [expected("GET /certificates is a list operation but does not take the `limit` query parameter.", listAt)],
    ],
    [
      "a `limit` maximum above the page size maximum",
      (document) => (limit(document).schema.maximum = 500),
      [expected("`limit` of GET /certificates must have maximum 100, not 500.", [...listAt, "parameters", "0", "schema"])],
    ],
    [
      "a `limit` without a default",
      (document) => delete limit(document).schema.default,
      [expected("`limit` of GET /certificates must have default 25, not none.", [...listAt, "parameters", "0", "schema"])],
    ],
    [
      "a `limit` minimum of 0",
      (document) => (limit(document).schema.minimum = 0),
      [expected("`limit` of GET /certificates must have minimum 1, not 0.", [...listAt, "parameters", "0", "schema"])],
    ],
    [
      "a string `limit`",
      (document) => (limit(document).schema.type = "string"),
      [expected("`limit` of GET /certificates must be of type integer.", [...listAt, "parameters", "0", "schema"])],
    ],
    [
      "a required `limit`",
      (document) => (limit(document).required = true),
      [expected("`limit` of GET /certificates must be optional.", [...listAt, "parameters", "0"])],
    ],
    [
      "a list without `cursor`",
      (document) => list(document).parameters.splice(1, 1),
      [expected("GET /certificates is a list operation but does not take the `cursor` query parameter.", listAt)],
    ],
    [
      "an integer `cursor`",
      (document) => (cursor(document).schema = { type: "integer" }),
      [expected("`cursor` of GET /certificates must be of type string.", [...listAt, "parameters", "1", "schema"])],
    ],
    [
      "a page without `next`",
      (document) => {
        delete page(document).properties.next;
        page(document).required = ["items", "cursor"];
      },
      [
        expected("The 200 response of GET /certificates must return {items, cursor, next}: `next` is missing or not required.", [
          "components",
          "schemas",
          "CertificatePage",
        ]),
      ],
    ],
    [
      "a page whose `items` is not an array",
      (document) => (page(document).properties.items = { type: "object" }),
      [
        expected("`items` in the 200 response of GET /certificates must be an array.", [
          "components",
          "schemas",
          "CertificatePage",
          "properties",
          "items",
        ]),
      ],
    ],
    [
      "a collection that returns a bare array",
      (document) => {
        list(document).parameters = [];
        list(document).responses["200"].content["application/json"].schema = {
          type: "array",
          items: { $ref: "#/components/schemas/Certificate" },
        };
      },
      [
        expected("GET /certificates is a list operation but does not take the `limit` query parameter.", listAt),
        expected("GET /certificates is a list operation but does not take the `cursor` query parameter.", listAt),
        ...["items", "cursor", "next"].map((field) =>
          expected(`The 200 response of GET /certificates must return {items, cursor, next}: \`${field}\` is missing or not required.`, [
            ...listAt,
            "responses",
            "200",
            "content",
            "application/json",
            "schema",
          ]),
        ),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("reads the page size bounds from the document's own limits extension", async () => {
    const document = broken((document) => {
      document["x-signing-platform-limits"] = { page_size_default: 10, page_size_minimum: 1, page_size_maximum: 50 };
    });
    expect(await lint(document)).toEqual([
      expected("`limit` of GET /certificates must have default 10, not 25.", [...listAt, "parameters", "0", "schema"]),
      expected("`limit` of GET /certificates must have maximum 50, not 100.", [...listAt, "parameters", "0", "schema"]),
    ]);
  });
});
