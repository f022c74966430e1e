// What every adapter must do with a real server in front of it: the signed raw body passes,
// a re-serialised one fails, a redelivery is a duplicate, a non-POST is refused.
import { expect, it } from "vitest";
import { request } from "undici";
import { signPayload } from "../../src/signature/sign-payload.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { headerNames, secret } from "../support/fixtures.js";

export function post(url: string, body: string, headers: Record<string, string> = {}) {
  return request(url, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", [headerNames.signature]: signPayload({ payload: body, secret }), ...headers },
  });
}

/** `start` returns the webhook URL and the ids the handler saw. */
export function receiverCases(start: () => { url: () => string; seen: string[] }) {
  it("accepts a signed delivery with a body whose bytes a parser would change", async () => {
    const { url, seen } = start();
    // Spacing, key order and a unicode escape: JSON.parse + JSON.stringify would change all three.
    const event = generateTestEvent("signing_request.completed");
    const body = `{ "type": "signing_request.completed", "id": "${event.id}", "object": "event",\n "livemode": false, "created_at": "${event.created_at}", "data": {"object": {"id": "${event.data.object.id}", "object": "signing_request", "status": "compl\\u0065ted", "documents": []}} }`;
    const response = await post(url(), body);
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ received: true });
    expect(seen).toContain(event.id);
  });

  it("answers a redelivery as a duplicate", async () => {
    const { url, seen } = start();
    const body = JSON.stringify(generateTestEvent("signing_request.completed"));
    await (await post(url(), body)).body.text();
    const again = await post(url(), body);
    expect(await again.body.json()).toEqual({ received: true, duplicate: true });
    expect(seen.filter((id) => id === JSON.parse(body).id)).toHaveLength(1);
  });

  it("answers 400 no_valid_signature for a body changed after signing", async () => {
    const { url } = start();
    const body = JSON.stringify(generateTestEvent("signing_request.completed"));
    const response = await request(url(), {
      method: "POST",
      body: `${body}\n`,
      headers: { "content-type": "application/json", [headerNames.signature]: signPayload({ payload: body, secret }) },
    });
    expect(response.statusCode).toBe(400);
    expect(((await response.body.json()) as { error: { code: string } }).error.code).toBe("no_valid_signature");
  });

  it("answers 400 missing_header without the signature header", async () => {
    const { url } = start();
    const response = await request(url(), { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(response.statusCode).toBe(400);
    expect(((await response.body.json()) as { error: { code: string } }).error.code).toBe("missing_header");
  });
}
