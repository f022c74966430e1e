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
const okSchemaAt = [...listAt, "responses", "200", "content", "application/json", "schema"];
const inTypeSpec = "in TypeSpec: `@list`, `...CursorPageParameters` and `Page<T>`";
const noLimit = expected(
  "GET /certificates is a list operation but does not take the `limit` query parameter (in TypeSpec: `...CursorPageParameters`).",
  listAt,
);
const noCursor = expected(
  "GET /certificates is a list operation but does not take the `cursor` query parameter (in TypeSpec: `...CursorPageParameters`).",
  listAt,
);
const notThePage = (fields: string, path: string[]) =>
  expected(
    `The 200 response of GET /certificates must return the page {items, cursor, next} (${inTypeSpec}): ${fields} missing or not required.`,
    path,
  );
/** The list answers `{data: Certificate[]}` and takes no page parameters. */
function answerData(document: Json): void {
  list(document).parameters = [];
  document.components.schemas.CertificateList = {
    type: "object",
    required: ["data"],
    properties: { data: { type: "array", items: { $ref: "#/components/schemas/Certificate" } } },
  };
  list(document).responses["200"].content["application/json"].schema = { $ref: "#/components/schemas/CertificateList" };
}

describe("signing-platform-pagination", () => {
  it.each<BreakCase>([
    ["a list without `limit`", (document) => list(document).parameters.splice(0, 1), [noLimit]],
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
    ["a list without `cursor`", (document) => list(document).parameters.splice(1, 1), [noCursor]],
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
      [notThePage("`next` is", ["components", "schemas", "CertificatePage"])],
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
      [noLimit, noCursor, notThePage("`items`, `cursor` and `next` are", okSchemaAt)],
    ],
    [
      "a collection that returns `{data: [...]}` through a $ref, without page parameters",
      answerData,
      [noLimit, noCursor, notThePage("`items`, `cursor` and `next` are", ["components", "schemas", "CertificateList"])],
    ],
    [
      "a collection that returns `{data: [...]}` with the page parameters",
      (document) => {
        const parameters = list(document).parameters;
        answerData(document);
        list(document).parameters = parameters;
      },
      [notThePage("`items`, `cursor` and `next` are", ["components", "schemas", "CertificateList"])],
    ],
    [
      "a list without a JSON body",
      (document) => delete list(document).responses["200"].content,
      [
        expected(
          `GET /certificates is a list operation but its 200 response has no JSON body: return the page {items, cursor, next} (${inTypeSpec}).`,
          listAt,
        ),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("takes a collection whose `data` is an object for a single resource, not a list", async () => {
    const document = broken((document) => {
      answerData(document);
      document.components.schemas.CertificateList.properties.data = { $ref: "#/components/schemas/Certificate" };
    });
    expect(await lint(document)).toEqual([]);
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
