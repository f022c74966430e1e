// Interface document › Errors › Headers on every response: Retry-After is sent "Only on 429
// and 503". A warning.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-retry-after-unexpected", "warn");
const responses = (document: Json) => document.paths["/certificates"].get.responses;
const retryAfter = { required: true, schema: { type: "integer" } };

describe("signing-platform-retry-after-unexpected", () => {
  it.each<BreakCase>([
    [
      "a 400 that declares Retry-After",
      (document) => (responses(document)["400"].headers["Retry-After"] = retryAfter),
      [
        expected("The 400 response of GET /certificates declares Retry-After, which is sent only on 429 and 503.", [
          "paths",
          "/certificates",
          "get",
          "responses",
          "400",
          "headers",
          "Retry-After",
        ]),
      ],
    ],
    [
      "a 200 that declares retry-after, in any case",
      (document) => (responses(document)["200"].headers["retry-after"] = retryAfter),
      [
        expected("The 200 response of GET /certificates declares Retry-After, which is sent only on 429 and 503.", [
          "paths",
          "/certificates",
          "get",
          "responses",
          "200",
          "headers",
          "retry-after",
        ]),
      ],
    ],
  ])("warns on %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });
});
