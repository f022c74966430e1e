// A verified body as JSON: text and bytes in every shape a raw body arrives in, and a typed
// error that never quotes the body.
import { describe, expect, it } from "vitest";
import { parseVerifiedBody, WebhookVerificationError } from "../../src/webhook-signature/index.js";

const json = '{"id":"evt_1","name":"café"}';
const bytes = new TextEncoder().encode(json);

describe("parseVerifiedBody", () => {
  it.each([
    ["a string", json],
    ["a Uint8Array", bytes],
    ["an ArrayBuffer", bytes.slice().buffer],
    ["a Buffer", Buffer.from(json)],
  ])("parses %s", (_name, body) => {
    expect(parseVerifiedBody(body)).toEqual({ id: "evt_1", name: "café" });
  });

  it.each([
    ["bytes that are not UTF-8", new Uint8Array([0x7b, 0xff, 0x7d]), "not UTF-8 text"],
    ["text that is not JSON", '{"secret-looking": whsec_x', "not JSON"],
    ["a byte-order mark before the JSON", new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]), "not JSON"],
  ])("refuses %s as invalid_payload without quoting it", (_name, body, words) => {
    const error = (() => {
      try {
        parseVerifiedBody(body);
      } catch (caught) {
        return caught;
      }
    })() as WebhookVerificationError;
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.code).toBe("invalid_payload");
    expect(error.message).toContain(words);
    expect(error.message).not.toContain("whsec_x");
  });

  it("refuses a parsed object: the signature covers the raw bytes", () => {
    expect(() => parseVerifiedBody({ id: "evt_1" } as unknown as string)).toThrow(expect.objectContaining({ code: "body_not_raw" }));
  });
});
