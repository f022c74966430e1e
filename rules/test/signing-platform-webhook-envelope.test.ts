// Interface document › Resources › Event and Events: a delivery is "a JSON body in the event
// shape": id, object, type, livemode, created_at, data.
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-webhook-envelope");
const event = (document: Json) => document.components.schemas.SigningRequestEvent;
const webhookAt = ["webhooks", "signing_request.completed", "post"];

describe("signing-platform-webhook-envelope", () => {
  it.each<BreakCase>([
    [
      "a payload without `livemode`",
      (document) => {
        delete event(document).properties.livemode;
        event(document).required = event(document).required.filter((field: string) => field !== "livemode");
      },
      [
        expected("The payload of webhook `signing_request.completed` lacks the required envelope field `livemode`.", [
          "components",
          "schemas",
          "SigningRequestEvent",
        ]),
      ],
    ],
    [
      "a payload whose `data` is optional",
      (document) => (event(document).required = ["id", "object", "type", "livemode", "created_at"]),
      [
        expected("The payload of webhook `signing_request.completed` lacks the required envelope field `data`.", [
          "components",
          "schemas",
          "SigningRequestEvent",
        ]),
      ],
    ],
    [
      "a webhook with no JSON payload",
      (document) =>
        (document.webhooks["signing_request.completed"].post.requestBody.content = { "text/plain": { schema: { type: "string" } } }),
      [expected("Webhook `signing_request.completed` has no JSON payload: a delivery carries the event envelope.", webhookAt)],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("accepts an envelope composed with allOf", async () => {
    const document = broken((document) => {
      const { data, ...envelope } = event(document).properties;
      document.components.schemas.Envelope = {
        type: "object",
        required: ["id", "object", "type", "livemode", "created_at"],
        properties: envelope,
      };
      document.components.schemas.SigningRequestEvent = {
        allOf: [{ $ref: "#/components/schemas/Envelope" }, { type: "object", required: ["data"], properties: { data } }],
      };
    });
    expect(await lint(document)).toEqual([]);
  });
});
