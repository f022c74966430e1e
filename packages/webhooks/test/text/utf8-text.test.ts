// The verified body's bytes as text: the Node decoder (ASCII shortcut) must give exactly what
// the portable TextDecoder gives, for any bytes — a text, or undefined when not UTF-8.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeUtf8Text } from "../../src/text/node-utf8-text.js";
import { webUtf8Text } from "@signing-platform/contract/webhook-signature";

const decoders = [
  ["webUtf8Text", webUtf8Text],
  ["nodeUtf8Text", nodeUtf8Text],
] as const;

/** Bytes in the shapes a body arrives in: a Buffer, a plain Uint8Array, a view into a larger buffer. */
const asShapes = (bytes: Uint8Array): Uint8Array[] => {
  const padded = new Uint8Array(bytes.byteLength + 7);
  padded.set(bytes, 3);
  return [Buffer.from(bytes), new Uint8Array(bytes), padded.subarray(3, 3 + bytes.byteLength)];
};

describe.each(decoders)("%s", (_name, decode) => {
  it.each([
    ["ASCII JSON", '{"name":"contract.pdf"}'],
    ["UTF-8 beyond ASCII", '{"name":"Zoë Łukasiewicz 署名.pdf 🖋"}'],
    ["a byte-order mark, kept so that JSON.parse rejects it", "\uFEFF{}"],
    ["nothing", ""],
  ])("decodes %s back to the text that was encoded", (_case, text) => {
    for (const bytes of asShapes(new TextEncoder().encode(text))) expect(decode(bytes)).toBe(text);
  });

  it.each([
    ["a lone continuation byte", [0x7b, 0x80, 0x7d]],
    ["an invalid byte", [0x7b, 0xff, 0x7d]],
    ["a truncated sequence at the end", [0x7b, 0xe2, 0x82]],
    ["an overlong encoding of '/'", [0xc0, 0xaf]],
    ["a UTF-16 surrogate encoded as UTF-8", [0xed, 0xa0, 0x80]],
  ])("answers undefined for %s, never U+FFFD", (_case, bytes) => {
    for (const shape of asShapes(new Uint8Array(bytes))) expect(decode(shape)).toBeUndefined();
  });
});

describe("nodeUtf8Text against webUtf8Text", () => {
  it("gives the same result for any bytes, in any shape", () => {
    const bytesArb = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.uint8Array({ max: 0x7f, maxLength: 300 }),
      fc.string({ unit: "binary", maxLength: 200 }).map((text) => new TextEncoder().encode(text)),
    );
    fc.assert(
      fc.property(bytesArb, (bytes) => {
        const expected = webUtf8Text(new Uint8Array(bytes));
        for (const shape of asShapes(bytes)) expect(nodeUtf8Text(shape)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
