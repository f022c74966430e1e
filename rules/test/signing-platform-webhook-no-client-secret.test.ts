// Interface document › Resources › Signing request: client_secret "is omitted from event
// payloads"; Resources › Event: data.object is the signing request "without client_secret".
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-webhook-no-client-secret");
const data = (document: Json) => document.components.schemas.SigningRequestEvent.properties.data;
const message =
  "The payload of webhook `signing_request.completed` declares `client_secret` (at data.object.client_secret): events never carry it.";

describe("signing-platform-webhook-no-client-secret", () => {
  it.each<BreakCase>([
    [
      "a payload that declares client_secret",
      (document) => (data(document).properties.object.properties.client_secret = { type: "string" }),
      [
        expected(message, [
          "components",
          "schemas",
          "SigningRequestEvent",
          "properties",
          "data",
          "properties",
          "object",
          "properties",
          "client_secret",
        ]),
      ],
    ],
    [
      "a payload that embeds the signing request as GET returns it",
      (document) => (data(document).properties.object = { $ref: "#/components/schemas/SigningRequest" }),
      [expected(message, ["components", "schemas", "SigningRequest", "properties", "client_secret"])],
    ],
    [
      "a payload that adds client_secret through allOf",
      (document) => {
        const object = data(document).properties.object;
        data(document).properties.object = { allOf: [object, { type: "object", properties: { client_secret: { type: "string" } } }] };
      },
      [
        expected(message, [
          "components",
          "schemas",
          "SigningRequestEvent",
          "properties",
          "data",
          "properties",
          "object",
          "allOf",
          "1",
          "properties",
          "client_secret",
        ]),
      ],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("accepts a `not` that forbids client_secret", async () => {
    const document = broken((document) => {
      data(document).properties.object.not = { required: ["client_secret"], properties: { client_secret: {} } };
    });
    expect(await lint(document)).toEqual([]);
  });
});
