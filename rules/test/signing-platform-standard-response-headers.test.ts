// Interface document › Errors › Headers on every response: Request-Id, RateLimit-Limit,
// RateLimit-Remaining and RateLimit-Reset on every response, errors and 304 included.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-standard-response-headers");
const because = "every response carries it";

describe("signing-platform-standard-response-headers", () => {
  it.each<BreakCase>([
    [
      "a 204 without Request-Id",
      (document) => delete document.paths["/enrollments/{id}"].delete.responses["204"].headers["Request-Id"],
      [
        expected(`The 204 response of DELETE /enrollments/{id} does not declare the Request-Id header: ${because}.`, [
          "paths",
          "/enrollments/{id}",
          "delete",
          "responses",
          "204",
        ]),
      ],
    ],
    [
      "a shared error response without RateLimit-Reset, once per operation that uses it",
      (document) => delete document.components.responses.NotFound.headers["RateLimit-Reset"],
      [
        expected(`The 404 response of GET /v1/signing-requests/{id} does not declare the RateLimit-Reset header: ${because}.`, [
          "components",
          "responses",
          "NotFound",
        ]),
        expected(`The 404 response of DELETE /enrollments/{id} does not declare the RateLimit-Reset header: ${because}.`, [
          "components",
          "responses",
          "NotFound",
        ]),
      ],
    ],
    [
      "a 304 without RateLimit-Limit",
      (document) => delete document.components.responses.NotModified.headers["RateLimit-Limit"],
      [
        expected(`The 304 response of GET /v1/signing-requests/{id} does not declare the RateLimit-Limit header: ${because}.`, [
          "components",
          "responses",
          "NotModified",
        ]),
      ],
    ],
    [
      "a Request-Id that is not required",
      (document) => (document.paths["/certificates"].get.responses["400"].headers["Request-Id"] = { schema: { type: "string" } }),
      [
        expected(`Request-Id on the 400 response of GET /certificates must be required: ${because}.`, [
          "paths",
          "/certificates",
          "get",
          "responses",
          "400",
          "headers",
          "Request-Id",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("accepts header names in another case", async () => {
    const document = broken((document: Json) => {
      const headers = document.paths["/enrollments/{id}"].delete.responses["204"].headers;
      headers["request-id"] = headers["Request-Id"];
      delete headers["Request-Id"];
    });
    expect(await lint(document)).toEqual([]);
  });
});
