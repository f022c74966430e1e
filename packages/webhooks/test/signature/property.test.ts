// fast-check: random and mutated headers, bodies, secrets and timestamps never
// give a false accept and never throw anything but WebhookVerificationError — on both paths.
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { constructEvent } from "../../src/event/construct-event.js";
import { constructEventAsync } from "../../src/event/construct-event-async.js";
import { WebhookVerificationError } from "@signing-platform/contract/webhook-signature";
import { verifySignatureHeader } from "../../src/signature/verify-signature-header.js";
import { verifySignatureHeaderAsync } from "../../src/signature/verify-signature-header-async.js";

const now = new Date("2026-11-21T06:40:00Z");
const nowSeconds = Math.floor(now.getTime() / 1000);

/** Independent oracle: is this (body, header, secret) genuinely signed and fresh? */
function genuinelyValid(body: Uint8Array, header: string, secrets: string[]): boolean {
  if (header.trim() === "") return false;
  const items = header.split(",").map((item) => item.trim());
  // Every item must be key=value (docs/decisions.md#signature-header); an empty item makes the header malformed.
  if (items.some((item) => item.indexOf("=") <= 0)) return false;
  const ts = items.filter((item) => item.startsWith("t=")).map((item) => item.slice(2));
  if (ts.length !== 1 || !/^[0-9]+$/.test(ts[0]!)) return false;
  if (Math.abs(nowSeconds - Number(ts[0])) > 300) return false;
  const v1 = items.filter((item) => item.startsWith("v1=")).map((item) => item.slice(3).toLowerCase());
  return secrets.some((key) => v1.includes(createHmac("sha256", key).update(`${ts[0]}.`).update(body).digest("hex")));
}

const secretArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => `whsec_${text}`),
  fc.string({ minLength: 1, maxLength: 20 }),
);
const bodyArb = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc.string({ maxLength: 200 }).map((text) => new Uint8Array(Buffer.from(text))),
);
const timestampArb = fc.oneof(fc.integer({ min: nowSeconds - 400, max: nowSeconds + 400 }), fc.nat(), fc.constant(nowSeconds));

const mutations = (header: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(header) },
    fc
      .nat({ max: Math.max(0, header.length - 1) })
      .chain((index) => fc.string({ minLength: 1, maxLength: 1 }).map((char) => header.slice(0, index) + char + header.slice(index + 1))),
    fc.nat({ max: header.length }).map((index) => header.slice(0, index)),
    fc.string().map((suffix) => header + suffix),
    fc.string().map((prefix) => prefix + header),
    fc.constant(header.replace("v1=", "v0=")),
    fc.constant(header.toUpperCase()),
    fc.constant(header.replace(/,/g, ", ")),
  );

/** A signed delivery, then mutated: header, body or both. */
const caseArb = fc
  .record({
    body: bodyArb,
    signingSecret: secretArb,
    verifyingSecrets: fc.array(secretArb, { minLength: 1, maxLength: 3 }),
    timestamp: timestampArb,
    useSigningSecret: fc.boolean(),
  })
  .chain(({ body, signingSecret, verifyingSecrets, timestamp, useSigningSecret }) => {
    const mac = createHmac("sha256", signingSecret).update(`${timestamp}.`).update(body).digest("hex");
    const header = `t=${timestamp},v1=${mac}`;
    const secrets = useSigningSecret ? [...verifyingSecrets, signingSecret] : verifyingSecrets;
    return fc.record({
      body: fc.oneof({ weight: 3, arbitrary: fc.constant(body) }, bodyArb, fc.constant(new Uint8Array([...body, 0x20]))),
      header: fc.oneof({ weight: 3, arbitrary: mutations(header) }, fc.string({ maxLength: 120 })),
      secrets: fc.constant(secrets),
    });
  });

function classify(run: () => unknown): "accepted" | "rejected" {
  try {
    run();
    return "accepted";
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return "rejected";
  }
}

async function classifyAsync(run: () => Promise<unknown>): Promise<"accepted" | "rejected"> {
  try {
    await run();
    return "accepted";
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return "rejected";
  }
}

describe("verification under random and mutated input", () => {
  it("accepts exactly the genuinely signed, fresh deliveries (node:crypto)", () => {
    let accepted = 0;
    fc.assert(
      fc.property(caseArb, ({ body, header, secrets }) => {
        const outcome = classify(() => verifySignatureHeader(body, header, secrets, { now }));
        expect(outcome).toBe(genuinelyValid(body, header, secrets) ? "accepted" : "rejected");
        if (outcome === "accepted") accepted++;
      }),
      { numRuns: 2000 },
    );
    // The generator must reach the accepting side too, or the oracle compares only rejections.
    expect(accepted).toBeGreaterThan(5);
  });

  it("accepts exactly the genuinely signed, fresh deliveries (WebCrypto)", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ body, header, secrets }) => {
        const outcome = await classifyAsync(() => verifySignatureHeaderAsync(body, header, secrets, { now }));
        expect(outcome).toBe(genuinelyValid(body, header, secrets) ? "accepted" : "rejected");
      }),
      { numRuns: 500 },
    );
  });

  it("throws only WebhookVerificationError for any header, body and secret values", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), fc.anything(), async (body, header, secret) => {
        classify(() => constructEvent(body as string, header as string, secret as string, { now }));
        await classifyAsync(() => constructEventAsync(body as string, header as string, secret as string, { now }));
      }),
      { numRuns: 1000 },
    );
  });

  it("throws only WebhookVerificationError for signed bodies of any JSON, and accepts only valid events", () => {
    const secret = "whsec_property";
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        const header = `t=${nowSeconds},v1=${createHmac("sha256", secret).update(`${nowSeconds}.${text}`).digest("hex")}`;
        try {
          const event = constructEvent(text, header, secret, { now });
          expect(event.id).toMatch(/^evt_/);
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookVerificationError);
          expect((error as WebhookVerificationError).code).toBe("invalid_payload");
        }
      }),
      { numRuns: 1000 },
    );
  });
});
