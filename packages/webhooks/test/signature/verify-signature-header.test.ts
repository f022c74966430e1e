// Events › Signature check 1–4 and docs/decisions.md#signing-key to #timestamp-tolerance, on the Node (sync) and WebCrypto (async)
// paths: both must give the same answer for every case.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WebhookVerificationError } from "@signing-platform/contract/webhook-signature";
import { verifySignatureHeader } from "../../src/signature/verify-signature-header.js";
import { verifySignatureHeaderAsync } from "../../src/signature/verify-signature-header-async.js";
import { signPayload } from "../../src/signature/sign-payload.js";
import { signPayloadAsync } from "../../src/signature/sign-payload-async.js";
import { nowSeconds, now, otherSecret, secret } from "../support/fixtures.js";

const body = '{"id":"evt_1","object":"event","note":"naïve café ✓"}';

/** An HMAC computed here, independently of the code under test (Signature check 1). */
function independentHeader(payload: string | Buffer, key: string, t: number | string): string {
  return `t=${t},v1=${createHmac("sha256", key).update(`${t}.`).update(payload).digest("hex")}`;
}

type Verify = (rawBody: unknown, header: unknown, key: unknown, options?: object) => Promise<unknown>;
const paths: [string, Verify][] = [
  [
    "node:crypto",
    async (rawBody, header, key, options) => verifySignatureHeader(rawBody as string, header as string, key as string, options),
  ],
  ["WebCrypto", (rawBody, header, key, options) => verifySignatureHeaderAsync(rawBody as string, header as string, key as string, options)],
];

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return error.code;
  }
}

describe.each(paths)("verifySignatureHeader (%s)", (_path, verify) => {
  // @trace accepts-the-hmac-sha256-of-t-body-keyed-with-the
  it("accepts the HMAC-SHA256 of <t>.<body> keyed with the whole whsec_ string, and returns t", async () => {
    await expect(verify(body, independentHeader(body, secret, nowSeconds), secret, { now })).resolves.toEqual({ timestamp: nowSeconds });
  });

  // @trace hashes-a-s-body-exactly-as-received
  it.each([
    ["string", body],
    ["Buffer", Buffer.from(body)],
    ["Uint8Array", new Uint8Array(Buffer.from(body))],
    ["ArrayBuffer", new Uint8Array(Buffer.from(body)).buffer],
    ["a view into a larger buffer", new Uint8Array(Buffer.from(`xx${body}yy`)).subarray(2, 2 + Buffer.byteLength(body))],
  ])("hashes a %s body exactly as received", async (_kind, rawBody) => {
    expect(await codeOf(verify(rawBody, independentHeader(body, secret, nowSeconds), secret, { now }))).toBe("accepted");
  });

  it("hashes bytes, not a re-decoded copy: bytes that are not UTF-8 verify as the bytes they are", async () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect(await codeOf(verify(bytes, independentHeader(bytes, secret, nowSeconds), secret, { now }))).toBe("accepted");
  });

  it.each([
    ["the secret without its whsec_ prefix", secret.slice("whsec_".length)],
    ["the secret base64-decoded", Buffer.from(secret.slice("whsec_".length), "base64").toString("latin1")],
    ["another endpoint's secret", otherSecret],
  ])("rejects a signature keyed with %s", async (_name, key) => {
    expect(await codeOf(verify(body, independentHeader(body, key, nowSeconds), secret, { now }))).toBe("no_valid_signature");
  });

  // @trace rejects-a-body-re-serialised-after-parsing
  it("rejects a body re-serialised after parsing, and says that is the likely cause", async () => {
    const sent = '{ "id": "evt_1", "object": "event" }';
    const reserialised = JSON.stringify(JSON.parse(sent));
    const error = (await verify(reserialised, independentHeader(sent, secret, nowSeconds), secret, { now }).catch(
      (caught) => caught,
    )) as WebhookVerificationError;
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.code).toBe("no_valid_signature");
    expect(error.message).toMatch(/already parsed and re-serialised/);
    expect(error.message).toMatch(/raw bytes/);
  });

  it("hints at whitespace in a secret without quoting it", async () => {
    const error = (await verify(body, independentHeader(body, secret, nowSeconds), `${otherSecret}\n`, { now }).catch(
      (caught) => caught,
    )) as WebhookVerificationError;
    expect(error.code).toBe("no_valid_signature");
    expect(error.message).toMatch(/whitespace/);
    expect(error.message).not.toContain(otherSecret);
  });

  it("signs t exactly as written in the header (Signature check 1)", async () => {
    // 0042 and 42 are the same time, but different signed strings.
    const header = independentHeader(body, secret, "0042").replace("t=0042", "t=42");
    expect(await codeOf(verify(body, header, secret, { now: new Date(42_000) }))).toBe("no_valid_signature");
    expect(await codeOf(verify(body, independentHeader(body, secret, "0042"), secret, { now: new Date(42_000) }))).toBe("accepted");
  });

  it("accepts any one matching v1 among several, in any position", async () => {
    const good = independentHeader(body, secret, nowSeconds).split(",")[1];
    const bad = independentHeader(body, otherSecret, nowSeconds).split(",")[1];
    for (const header of [
      `t=${nowSeconds},${bad},${good}`,
      `t=${nowSeconds},${good},${bad}`,
      `t=${nowSeconds},v0=${"0".repeat(64)},${good}`,
    ]) {
      expect(await codeOf(verify(body, header, secret, { now }))).toBe("accepted");
    }
  });

  it("accepts with any of several receiver secrets (rotation on the receiver's side)", async () => {
    expect(await codeOf(verify(body, independentHeader(body, secret, nowSeconds), [otherSecret, secret], { now }))).toBe("accepted");
    expect(await codeOf(verify(body, independentHeader(body, secret, nowSeconds), [otherSecret], { now }))).toBe("no_valid_signature");
  });

  // @trace with-the-default-tolerance-a-timestamp-s-is-s
  it.each([
    ["exactly now", 0, "accepted"],
    ["300 s old", -300, "accepted"],
    ["300 s ahead", 300, "accepted"],
    ["301 s old", -301, "timestamp_out_of_tolerance"],
    ["301 s ahead (two-sided, docs/decisions.md#timestamp-tolerance)", 301, "timestamp_out_of_tolerance"],
    ["a day old", -86_400, "timestamp_out_of_tolerance"],
    ["at the epoch", -nowSeconds, "timestamp_out_of_tolerance"],
  ])("with the default tolerance, a timestamp %s is %s", async (_name, offset, want) => {
    expect(await codeOf(verify(body, independentHeader(body, secret, nowSeconds + offset), secret, { now }))).toBe(want);
  });

  it("takes a tolerance option", async () => {
    const header = independentHeader(body, secret, nowSeconds - 20);
    expect(await codeOf(verify(body, header, secret, { now, toleranceSeconds: 10 }))).toBe("timestamp_out_of_tolerance");
    expect(await codeOf(verify(body, header, secret, { now, toleranceSeconds: 20 }))).toBe("accepted");
  });

  it("rejects a t too large for a number without crashing", async () => {
    const t = "9".repeat(400);
    expect(await codeOf(verify(body, independentHeader(body, secret, t), secret, { now }))).toBe("timestamp_out_of_tolerance");
  });

  it.each([
    ["an empty string", ""],
    ["an empty list", []],
    ["a list of empty strings", ["", ""]],
    ["undefined", undefined],
  ])("answers missing_secret (status 500) for %s as the secret", async (_name, key) => {
    const error = (await verify(body, independentHeader(body, secret, nowSeconds), key, { now }).catch(
      (caught) => caught,
    )) as WebhookVerificationError;
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.code).toBe("missing_secret");
    expect(error.status).toBe(500);
  });

  it.each([
    ["a parsed object", { id: "evt_1" }],
    ["a number", 5],
    ["null", null],
  ])("answers body_not_raw for %s as the body, naming the fix", async (_name, rawBody) => {
    const error = (await verify(rawBody, independentHeader(body, secret, nowSeconds), secret, { now }).catch(
      (caught) => caught,
    )) as WebhookVerificationError;
    expect(error.code).toBe("body_not_raw");
    expect(error.message).toMatch(/raw/);
  });

  it("never quotes the body, the secret or the header in a message", async () => {
    const privateBody = '{"signer":"Jane Roe, jane@example.com"}';
    const header = independentHeader("other", secret, nowSeconds);
    const error = (await verify(privateBody, header, secret, { now }).catch((caught) => caught)) as WebhookVerificationError;
    expect(error.message).not.toContain("jane");
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain(header.slice(20));
  });
});

describe("signPayload", () => {
  it("writes t and one v1 per secret, each the independent HMAC", async () => {
    const header = signPayload({ payload: body, secret: [secret, otherSecret], timestamp: nowSeconds });
    const [t, first, second] = header.split(",");
    expect(t).toBe(`t=${nowSeconds}`);
    expect(`${t},${first}`).toBe(independentHeader(body, secret, nowSeconds));
    expect(`${t},${second}`).toBe(independentHeader(body, otherSecret, nowSeconds));
    await expect(signPayloadAsync({ payload: body, secret: [secret, otherSecret], timestamp: nowSeconds })).resolves.toBe(header);
  });

  it("defaults t to now", () => {
    const before = Math.floor(Date.now() / 1000);
    const t = Number(/^t=(\d+),/.exec(signPayload({ payload: body, secret }))![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it.each([[-1], [1.5], [Number.NaN]])("refuses the timestamp %s", (timestamp) => {
    expect(() => signPayload({ payload: body, secret, timestamp })).toThrow(TypeError);
  });
});
