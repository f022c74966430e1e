// The scheme takes its header, scheme key and tolerance as data: a document other than the
// platform's (an SDK's) signs and verifies with its own, and every message names its header.
// HMACs are computed here with node:crypto, independently of the WebCrypto code under test.
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSignatureScheme, type CryptoProvider, WebhookVerificationError } from "../../src/webhook-signature/index.js";

const format = { header: "X-Acme-Signature", scheme: "v2", toleranceSeconds: 60 };
const scheme = createSignatureScheme(format);
const secret = "whsec_acme";
const body = '{"id":"evt_1"}';
const now = new Date("2026-01-01T00:00:00Z");
const t = Math.floor(now.getTime() / 1000);
const hmacHex = (payload: string, timestamp: number | string) =>
  createHmac("sha256", secret).update(`${timestamp}.`).update(payload).digest("hex");

/** A synchronous provider over node:crypto, as a Node receiver brings one. */
const nodeCrypto: CryptoProvider = {
  hmacSha256: (key, parts) => {
    const hmac = createHmac("sha256", key);
    for (const part of parts) hmac.update(part);
    return new Uint8Array(hmac.digest());
  },
  timingSafeEqual: (a, b) => a.length === b.length && a.every((byte, index) => byte === b[index]),
};

async function errorOf(call: () => unknown): Promise<WebhookVerificationError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error;
    throw error;
  }
  throw new Error("expected a WebhookVerificationError");
}

describe("createSignatureScheme", () => {
  it("signs with the format's scheme key, sync and async alike", async () => {
    const header = `t=${t},v2=${hmacHex(body, t)}`;
    expect(scheme.sign({ payload: body, secret, timestamp: t }, nodeCrypto)).toBe(header);
    expect(await scheme.signAsync({ payload: body, secret, timestamp: t })).toBe(header);
  });

  it("verifies only items of its own scheme key", async () => {
    await expect(scheme.verifyAsync(body, `t=${t},v2=${hmacHex(body, t)}`, secret, { now })).resolves.toEqual({ timestamp: t });
    expect(scheme.verify(body, `t=${t},v2=${hmacHex(body, t)}`, secret, { now }, nodeCrypto)).toEqual({ timestamp: t });
    const error = await errorOf(() => scheme.verifyAsync(body, `t=${t},v1=${hmacHex(body, t)}`, secret, { now }));
    expect(error.code).toBe("malformed_header");
    expect(error.message).toContain("X-Acme-Signature");
    expect(error.message).toContain("v2=<hex HMAC-SHA256>");
  });

  it("holds the format's tolerance unless a call gives another", async () => {
    const header = `t=${t - 61},v2=${hmacHex(body, t - 61)}`;
    const error = await errorOf(() => scheme.verifyAsync(body, header, secret, { now }));
    expect(error.code).toBe("timestamp_out_of_tolerance");
    expect(error.message).toContain("the tolerance is 60 s");
    await expect(scheme.verifyAsync(body, header, secret, { now, toleranceSeconds: 61 })).resolves.toEqual({ timestamp: t - 61 });
  });

  it("names the format's header when no signature matches or none is sent", async () => {
    expect((await errorOf(() => scheme.verifyAsync(body, `t=${t},v2=${"0".repeat(64)}`, secret, { now }))).message).toContain(
      "in the X-Acme-Signature header",
    );
    expect((await errorOf(() => scheme.verifyAsync(body, undefined, secret, { now }))).message).toContain(
      "X-Acme-Signature header is missing",
    );
  });

  it.each([
    ["an empty header", { ...format, header: " " }],
    ["a scheme with a comma", { ...format, scheme: "v1,v2" }],
    ["a scheme with =", { ...format, scheme: "v=1" }],
    ["the timestamp key as scheme", { ...format, scheme: "t" }],
    ["a negative tolerance", { ...format, toleranceSeconds: -1 }],
    ["a tolerance that is not a number", { ...format, toleranceSeconds: Number.NaN }],
  ])("refuses %s with a TypeError", (_name, bad) => {
    expect(() => createSignatureScheme(bad)).toThrow(TypeError);
  });

  it("keeps a copy of its format, so changing the object given changes nothing", () => {
    const given = { ...format };
    const made = createSignatureScheme(given);
    given.scheme = "v9";
    expect(made.format.scheme).toBe("v2");
    expect(Object.isFrozen(made.format)).toBe(true);
  });

  it("rejects any header text with a typed error, never another exception", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (header) => {
        const error = await errorOf(() => scheme.verifyAsync(body, header, secret, { now }));
        expect(["missing_header", "malformed_header", "no_valid_signature"]).toContain(error.code);
        expect(error.message).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });
});
