// Cross-check with an independent implementation of the same t=…,v1=… scheme: stripe-node.
// Our headers verify with its constructEvent, and its test headers verify with ours.
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { constructEvent } from "../../src/event/construct-event.js";
import { signPayload } from "../../src/signature/sign-payload.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { otherSecret, secret } from "../support/fixtures.js";

const stripe = new Stripe("sk_test_cross_check_not_used_for_requests");

describe("stripe-node, an independent implementation of the scheme", () => {
  // @trace verifies-our-signature-header
  it("verifies our signature header (one v1 and two, as during rotation)", () => {
    const event = generateTestEvent("signing_request.completed");
    const body = JSON.stringify(event);
    for (const header of [signPayload({ payload: body, secret }), signPayload({ payload: body, secret: [otherSecret, secret] })]) {
      expect(stripe.webhooks.constructEvent(body, header, secret)).toEqual(event);
      expect(stripe.webhooks.constructEvent(Buffer.from(body), header, secret)).toEqual(event);
    }
  });

  it("rejects our header for a changed body, as we do", () => {
    const body = JSON.stringify(generateTestEvent("ping"));
    const header = signPayload({ payload: body, secret });
    expect(() => stripe.webhooks.constructEvent(`${body} `, header, secret)).toThrow(/No signatures found/);
  });

  it("makes test headers that our constructEvent accepts", () => {
    const event = generateTestEvent("signing_request.failed");
    const body = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    expect(constructEvent(body, header, secret)).toEqual(event);
    expect(constructEvent(new Uint8Array(Buffer.from(body)).buffer, header, secret)).toEqual(event);
  });

  it("makes test headers that our constructEvent rejects under another secret", () => {
    const body = JSON.stringify(generateTestEvent("ping"));
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: otherSecret });
    expect(() => constructEvent(body, header, secret)).toThrow(expect.objectContaining({ code: "no_valid_signature" }));
  });
});
