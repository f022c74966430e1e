// Verify, then parse, then validate: a typed event or a typed error, on both crypto paths.
import { eventCatalogue } from "@signing-platform/types";
import { describe, expect, it } from "vitest";
import { constructEvent } from "../../src/event/construct-event.js";
import { constructEventAsync } from "../../src/event/construct-event-async.js";
import { WebhookVerificationError } from "@signing-platform/contract/webhook-signature";
import { isKnownEvent, type VerifiedEvent } from "../../src/event/verified-event.js";
import { signPayload } from "../../src/signature/sign-payload.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { now, nowSeconds, secret } from "../support/fixtures.js";

const sign = (body: string | Uint8Array) => signPayload({ payload: body, secret, timestamp: nowSeconds });
const types = eventCatalogue.map((entry) => entry.type);

type Construct = (body: string | Uint8Array, header: string, options?: object) => Promise<unknown>;
const paths: [string, Construct][] = [
  ["constructEvent", async (body, header, options) => constructEvent(body, header, secret, { now, ...options })],
  ["constructEventAsync", (body, header, options) => constructEventAsync(body, header, secret, { now, ...options })],
];

async function failure(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe.each(paths)("%s", (_name, construct) => {
  it.each(types)("returns a valid %s event as sent", async (type) => {
    const event = generateTestEvent(type);
    const body = JSON.stringify(event);
    await expect(construct(body, sign(body))).resolves.toEqual(event);
  });

  it.each([
    ["ASCII", "contract.pdf"],
    ["UTF-8 beyond ASCII", "Zoë Łukasiewicz — 署名 🖋.pdf"],
  ])("returns the same event from the body's bytes as from its text (%s)", async (_case, name) => {
    const event = generateTestEvent("signing_request.completed");
    event.data.object.documents = [{ content_url: "https://files.example.com/documents/1.pdf", name }];
    const text = JSON.stringify(event);
    const bytes = new TextEncoder().encode(text);
    await expect(construct(bytes, sign(bytes))).resolves.toEqual(event);
    await expect(construct(Buffer.from(bytes), sign(bytes))).resolves.toEqual(event);
  });

  it("checks the signature before it parses: a tampered body is no_valid_signature, not invalid_payload", async () => {
    const body = JSON.stringify(generateTestEvent("ping"));
    expect((await failure(construct("not json", sign(body)))).code).toBe("no_valid_signature");
  });

  it.each([
    ["not JSON", "{"],
    ["JSON but not an object", "[1,2]"],
    ["a byte-order mark before the JSON", `\uFEFF${JSON.stringify(generateTestEvent("ping"))}`],
  ])("answers invalid_payload for a signed body that is %s, without quoting it", async (_name, body) => {
    const error = await failure(construct(body, sign(body)));
    expect(error.code).toBe("invalid_payload");
    expect(error.status).toBe(400);
    expect(error.message).not.toContain(body.slice(0, 3) === "[1," ? "[1,2]" : body);
  });

  it("answers invalid_payload for signed bytes that are not UTF-8", async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0x7d]);
    const error = await failure(construct(bytes, sign(bytes)));
    expect(error.code).toBe("invalid_payload");
    expect(error.message).toMatch(/UTF-8/);
  });

  it.each([
    ["an id without evt_", { id: "ev_1" }, "$.id"],
    [
      "a data.object carrying client_secret (Resources › Event)",
      { data: { object: { client_secret: "sr_secret_x" } } },
      "$.data.object.client_secret",
    ],
    ["a created_at that is not UTC", { created_at: "2026-11-21T06:40:00+01:00" }, "$.created_at"],
    ["no livemode", { livemode: undefined }, "$.livemode"],
  ])("answers invalid_payload with details for %s", async (_name, overrides, field) => {
    const event = generateTestEvent("signing_request.completed", overrides as object);
    const body = JSON.stringify(event);
    const error = await failure(construct(body, sign(body)));
    expect(error.code).toBe("invalid_payload");
    expect(error.details.map((detail) => detail.field)).toContain(field);
    expect(error.message).not.toContain("sr_secret_x");
  });

  it("returns a verified event of a type this version does not know, typed as the open envelope", async () => {
    const event = { ...generateTestEvent("ping"), type: "signing_request.reminded" };
    const body = JSON.stringify(event);
    const constructed = (await construct(body, sign(body))) as VerifiedEvent;
    expect(constructed).toEqual(event);
    expect(isKnownEvent(constructed)).toBe(false);
    expect(isKnownEvent(generateTestEvent("ping"))).toBe(true);
  });

  it("still refuses a newer type whose envelope is not an event, or whose signature is wrong", async () => {
    const event = { ...generateTestEvent("ping"), type: "signing_request.reminded", id: 7 };
    const body = JSON.stringify(event);
    expect((await failure(construct(body, sign(body)))).code).toBe("invalid_payload");
    const genuine = JSON.stringify({ ...generateTestEvent("ping"), type: "signing_request.reminded" });
    expect((await failure(construct(genuine, sign(`${genuine} `)))).code).toBe("no_valid_signature");
  });

  it("skips validation when asked, returning the verified JSON", async () => {
    const body = '{"anything":true}';
    await expect(construct(body, sign(body), { validate: false })).resolves.toEqual({ anything: true });
  });
});
