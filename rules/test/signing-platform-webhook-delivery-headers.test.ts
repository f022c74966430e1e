// Interface document › Events › Delivery headers: Service-Signature, Service-Event and
// Service-Delivery on every delivery (the prefix is the service's name, docs/decisions.md#header-prefix).
import { describe, expect, it } from "vitest";
import { broken, findingsOf, lint, type BreakCase, type Json } from "./support/lint.js";

const expected = findingsOf("signing-platform-webhook-delivery-headers");
const delivery = (document: Json) => document.webhooks["signing_request.completed"].post;

describe("signing-platform-webhook-delivery-headers", () => {
  it.each<BreakCase>([
    [
      "a webhook without the delivery id header",
      (document) => delivery(document).parameters.splice(2, 1),
      [
        expected("Webhook `signing_request.completed` does not declare the Service-Delivery delivery header.", [
          "webhooks",
          "signing_request.completed",
          "post",
        ]),
      ],
    ],
    [
      "an optional signature header",
      (document) => (document.components.parameters.Signature.required = false),
      [expected("Service-Signature of webhook `signing_request.completed` must be required.", ["components", "parameters", "Signature"])],
    ],
  ])("flags %s", async (_name, breakIt, want) => {
    expect(await lint(broken(breakIt))).toEqual(want);
  });

  it("reads the header names from the document's own extension", async () => {
    const document = broken((document) => {
      document["x-signing-platform-webhook-headers"] = {
        signature: "Acme-Signature",
        event: "Service-Event",
        delivery: "Service-Delivery",
      };
    });
    expect(await lint(document)).toEqual([
      expected("Webhook `signing_request.completed` does not declare the Acme-Signature delivery header.", [
        "webhooks",
        "signing_request.completed",
        "post",
      ]),
    ]);
  });
});
