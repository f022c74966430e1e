// Both providers against node:crypto's createHmac, for every shape the node provider treats
// differently: keys up to and past the 64-byte block (RFC 2104 § 2), non-ASCII keys, bodies on
// both sides of its one-shot limit, string and byte parts; and, by fast-check, any key and
// any message split into any parts (the node provider writes digests through Latin-1 strings
// and reuses its message buffer for the outer hash, so every byte value and length matters).
import { createHmac, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeCryptoProvider } from "../../src/crypto/node-crypto-provider.js";
import { createWebCryptoProvider } from "@signing-platform/contract/webhook-signature";

const webCrypto = createWebCryptoProvider();

const keys = ["whsec_short", `whsec_${"k".repeat(58)}`, `whsec_${"k".repeat(59)}`, `whsec_${"x".repeat(200)}`, "whsec_ключ_✓"];
const bodies = [Buffer.alloc(0), randomBytes(300), randomBytes(16 * 1024 - 11), randomBytes(16 * 1024), randomBytes(70_000)];

describe.each(keys)("HMAC-SHA256 with key %s", (key) => {
  it.each(bodies.map((body) => [body.length, body] as const))("matches createHmac for a %i-byte body", async (_length, body) => {
    const want = createHmac("sha256", key).update("1795243200.").update(body).digest();
    const parts = ["1795243200.", body];
    expect(Buffer.from(nodeCryptoProvider.hmacSha256(key, parts))).toEqual(want);
    expect(Buffer.from(await webCrypto.hmacSha256(key, parts))).toEqual(want);
    expect(Buffer.from(nodeCryptoProvider.hmacSha256(key, ["1795243200.", body.toString("latin1")]))).toEqual(
      createHmac("sha256", key).update("1795243200.").update(body.toString("latin1"), "utf8").digest(),
    );
  });
});

describe("HMAC-SHA256 of any key and message", () => {
  const part = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.uint8Array({ maxLength: 600 }));
  const messages = fc.oneof(
    { weight: 4, arbitrary: fc.array(part, { maxLength: 4 }) },
    // Near and past the one-shot limit (16 KiB), where the node provider switches to createHmac.
    {
      weight: 1,
      arbitrary: fc
        .tuple(part, fc.integer({ min: 16 * 1024 - 16, max: 16 * 1024 + 16 }), fc.integer({ min: 0, max: 255 }))
        .map(([head, size, fill]) => [head, Buffer.alloc(size, fill)]),
    },
  );
  it("matches createHmac over the concatenated parts", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", minLength: 1, maxLength: 100 }), messages, async (key, parts) => {
        const hmac = createHmac("sha256", key);
        for (const item of parts) hmac.update(item);
        const want = hmac.digest();
        expect(Buffer.from(nodeCryptoProvider.hmacSha256(key, parts))).toEqual(want);
        expect(Buffer.from(await webCrypto.hmacSha256(key, parts))).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});

// @trace constant-time-equality
describe("constant-time equality", () => {
  it.each([
    ["equal", [1, 2, 3], [1, 2, 3], true],
    ["different last byte", [1, 2, 3], [1, 2, 4], false],
    ["different first byte", [9, 2, 3], [1, 2, 3], false],
    ["different lengths", [1, 2], [1, 2, 3], false],
  ])("%s", (_name, a, b, want) => {
    expect(webCrypto.timingSafeEqual(new Uint8Array(a), new Uint8Array(b))).toBe(want);
    expect(nodeCryptoProvider.timingSafeEqual(new Uint8Array(a), new Uint8Array(b))).toBe(want);
  });
});
