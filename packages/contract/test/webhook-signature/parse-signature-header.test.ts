// docs/decisions.md#signature-header, case by case.
import { describe, expect, it } from "vitest";
import { parseSignatureHeader as parseWithFormat, type SignatureHeaderInput } from "../../src/webhook-signature/parse-signature-header.js";
import { WebhookVerificationError } from "../../src/webhook-signature/webhook-verification-error.js";

const format = { header: "Service-Signature", scheme: "v1", toleranceSeconds: 300 };
const parseSignatureHeader = (header: SignatureHeaderInput) => parseWithFormat(format, header);

const a = "a".repeat(64);
const b = "0123456789abcdef".repeat(4);

describe("parseSignatureHeader", () => {
  it.each([
    ["one t and one v1", { given: `t=1700000000,v1=${a}`, want: { t: "1700000000", signatures: 1 } }],
    ["spaces around items", { given: ` t=1700000000 , v1=${a} `, want: { t: "1700000000", signatures: 1 } }],
    ["several v1 (rotation)", { given: `t=1,v1=${a},v1=${b}`, want: { t: "1", signatures: 2 } }],
    ["v1 before t", { given: `v1=${a},t=42`, want: { t: "42", signatures: 1 } }],
    ["unknown schemes ignored", { given: `t=1,v0=${b},v1=${a},v2=zzz`, want: { t: "1", signatures: 1 } }],
    ["a v1 that is not 64 hex digits is unusable but another v1 is", { given: `t=1,v1=xyz,v1=${a}`, want: { t: "1", signatures: 1 } }],
    ["upper-case hex", { given: `t=1,v1=${a.toUpperCase()}`, want: { t: "1", signatures: 1 } }],
    ["leading zeros are digits", { given: `t=0001,v1=${a}`, want: { t: "0001", signatures: 1 } }],
    ["one header in an array", { given: [`t=1,v1=${a}`], want: { t: "1", signatures: 1 } }],
  ])("accepts %s", (_name, { given, want }) => {
    const parsed = parseSignatureHeader(given);
    expect(parsed.timestampText).toBe(want.t);
    expect(parsed.timestamp).toBe(Number(want.t));
    expect(parsed.signatures).toHaveLength(want.signatures);
    expect(parsed.signatures.every((signature) => signature.byteLength === 32)).toBe(true);
  });

  it("decodes v1 from hex", () => {
    expect(Buffer.from(parseSignatureHeader(`t=1,v1=${b}`).signatures[0]!).toString("hex")).toBe(b);
  });

  it.each([
    ["undefined", { given: undefined, code: "missing_header" }],
    ["null", { given: null, code: "missing_header" }],
    ["an empty string", { given: "", code: "missing_header" }],
    ["only spaces", { given: "   ", code: "missing_header" }],
    ["an empty array", { given: [], code: "missing_header" }],
    ["two headers", { given: [`t=1,v1=${a}`, `t=2,v1=${a}`], code: "malformed_header" }],
    ["no t", { given: `v1=${a}`, code: "malformed_header" }],
    ["two t", { given: `t=1,t=2,v1=${a}`, code: "malformed_header" }],
    ["a negative t", { given: `t=-1,v1=${a}`, code: "malformed_header" }],
    ["a fractional t", { given: `t=1.5,v1=${a}`, code: "malformed_header" }],
    ["a t in exponent form", { given: `t=1e9,v1=${a}`, code: "malformed_header" }],
    ["an empty t", { given: `t=,v1=${a}`, code: "malformed_header" }],
    ["a t with a space inside", { given: `t=1 2,v1=${a}`, code: "malformed_header" }],
    ["no v1 at all", { given: "t=1", code: "malformed_header" }],
    ["only v0", { given: `t=1,v0=${a}`, code: "malformed_header" }],
    ["a v1 of 63 hex digits", { given: `t=1,v1=${a.slice(1)}`, code: "malformed_header" }],
    ["a v1 of 65 hex digits", { given: `t=1,v1=${a}a`, code: "malformed_header" }],
    ["an item without =", { given: `t=1,v1=${a},garbage`, code: "malformed_header" }],
    ["an empty item", { given: `t=1,,v1=${a}`, code: "malformed_header" }],
    ["an item that starts with =", { given: `t=1,=x,v1=${a}`, code: "malformed_header" }],
    ["a huge header", { given: `t=1,v1=${a},` + "v0=1,".repeat(3000) + "v0=1", code: "malformed_header" }],
    ["a number instead of a string", { given: 5 as unknown as string, code: "malformed_header" }],
  ])("rejects %s", (_name, { given, code }) => {
    const error = (() => {
      try {
        parseSignatureHeader(given as string);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).code).toBe(code);
    expect((error as WebhookVerificationError).status).toBe(400);
  });
});
