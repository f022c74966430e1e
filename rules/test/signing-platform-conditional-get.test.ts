// Interface document › Endpoints, GET /certificates/{id}: optional If-None-Match, "200 with the
// resource and an ETag header, or 304 with no body"; docs/decisions.md#entity-tags: a 304 carries ETag.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-conditional-get");
const read = (document: Json) => document.paths["/v1/signing-requests/{id}"].get;
const at = ["paths", "/v1/signing-requests/{id}", "get"];

describe("signing-platform-conditional-get", () => {
  it.each<BreakCase>([
    [
      "a single-resource GET without If-None-Match",
      (document) => read(document).parameters.splice(1, 1),
      [expected("GET /v1/signing-requests/{id} reads a single resource but does not accept the If-None-Match header.", at)],
    ],
    [
      "a required If-None-Match",
      (document) => (read(document).parameters[1] = { ...document.components.parameters.IfNoneMatch, required: true }),
      [expected("If-None-Match of GET /v1/signing-requests/{id} must be optional.", [...at, "parameters", "1"])],
    ],
    [
      "a single-resource GET without a 304",
      (document) => delete read(document).responses["304"],
      [expected("GET /v1/signing-requests/{id} reads a single resource but declares no 304 response.", [...at, "responses"])],
    ],
    [
      "a 304 with a body",
      (document) => (document.components.responses.NotModified.content = { "application/json": { schema: { type: "object" } } }),
      [
        expected("The 304 response of GET /v1/signing-requests/{id} must have no body.", [
          "components",
          "responses",
          "NotModified",
          "content",
        ]),
      ],
    ],
    [
      "a 304 without ETag",
      (document) => delete document.components.responses.NotModified.headers.ETag,
      [
        expected("The 304 response of GET /v1/signing-requests/{id} does not declare the ETag header: a 304 carries the entity tag.", [
          "components",
          "responses",
          "NotModified",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("accepts If-None-Match declared on the path item", async () => {
    const document = broken((document) => {
      document.paths["/v1/signing-requests/{id}"].parameters = read(document).parameters.splice(1, 1);
    });
    expect(await lint(document)).toEqual([]);
  });
});
