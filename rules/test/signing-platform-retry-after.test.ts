// Interface document › Errors › Headers on every response: Retry-After "Only on 429 and 503.
// Seconds to wait"; HTTP statuses: 429 and 503 are retried after Retry-After.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-retry-after");
const list = (document: Json) => document.paths["/certificates"].get;
const inlined = (document: Json, name: string) => structuredClone(document.components.responses[name]);

describe("signing-platform-retry-after", () => {
  it.each<BreakCase>([
    [
      "a 429 without Retry-After",
      (document) => {
        const response = inlined(document, "RateLimited");
        delete response.headers["Retry-After"];
        list(document).responses["429"] = response;
      },
      [
        expected("The 429 response of GET /certificates does not declare the Retry-After header: 429 tells the client how long to wait.", [
          "paths",
          "/certificates",
          "get",
          "responses",
          "429",
        ]),
      ],
    ],
    [
      "a 503 whose Retry-After is not required",
      (document) => {
        const response = inlined(document, "Unavailable");
        response.headers["Retry-After"] = { schema: { type: "integer" } };
        list(document).responses["503"] = response;
      },
      [
        expected("Retry-After on the 503 response of GET /certificates must be required: 503 tells the client how long to wait.", [
          "paths",
          "/certificates",
          "get",
          "responses",
          "503",
          "headers",
          "Retry-After",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });
});
