// Interface document › Endpoints: "Every resource response carries an ETag header"
// (docs/decisions.md#entity-tags).
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-resource-etag");
const created = (document: Json) => document.paths["/enrollments"].post.responses["201"];
const page = (document: Json) => document.paths["/certificates"].get.responses["200"];

describe("signing-platform-resource-etag", () => {
  it.each<BreakCase>([
    [
      "a 201 that returns the created resource without ETag",
      (document) => delete created(document).headers.ETag,
      [
        expected("The 201 response of POST /enrollments does not declare the ETag header: every resource response carries it.", [
          "paths",
          "/enrollments",
          "post",
          "responses",
          "201",
        ]),
      ],
    ],
    [
      "an ETag that is not required",
      (document) => (page(document).headers.ETag = { schema: { type: "string" } }),
      [
        expected("ETag on the 200 response of GET /certificates must be required: every resource response carries it.", [
          "paths",
          "/certificates",
          "get",
          "responses",
          "200",
          "headers",
          "ETag",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it.each<[string, (document: Json) => void]>([
    [
      "a header name in another case",
      (document) => {
        page(document).headers.Etag = page(document).headers.ETag;
        delete page(document).headers.ETag;
      },
    ],
    [
      "a 202 with no body and no ETag",
      (document) => {
        const accepted = structuredClone(document.paths["/enrollments/{id}"].delete.responses["204"]);
        document.paths["/enrollments/{id}"].delete.responses = { "202": accepted, ...document.paths["/enrollments/{id}"].delete.responses };
      },
    ],
  ])("accepts %s", async (_name, change) => {
    expect(await lint(broken(change))).toEqual([]);
  });
});
