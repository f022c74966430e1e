// The payload fingerprint of docs/decisions.md#idempotency-keys: SHA-256 of the canonical JSON, key order ignored.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, payloadFingerprint } from "../../src/idempotency/fingerprint.js";

function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, seed));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  const rotated = keys.map((_, index) => keys[(index + seed) % keys.length]!).reverse();
  return Object.fromEntries(rotated.map((key) => [key, shuffleKeys((value as Record<string, unknown>)[key], seed + 1)]));
}

describe("canonicalJson and payloadFingerprint", () => {
  it.each([
    ["sorted keys at every depth", { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}'],
    ["arrays in order", [3, 1, 2], "[3,1,2]"],
    ["strings escaped as JSON", { 'a"b': "c\nd" }, '{"a\\"b":"c\\nd"}'],
    ["a primitive", 12.5, "12.5"],
  ])("writes %s", (_name, value, want) => {
    expect(canonicalJson(value)).toBe(want);
  });

  it("gives the same fingerprint whatever the key order, and parses back to the value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(20), (value, seed) => {
        expect(payloadFingerprint(shuffleKeys(value, seed))).toBe(payloadFingerprint(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("writes every key and string exactly as JSON.stringify does, lone surrogates and control characters included", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: fc.constantFrom('"', "\\", "\u0000", "\u001f", "\u007f", "\u2028", "\ud800", "\udfff", "\ud83d\ude00", "a") }),
    );
    fc.assert(
      fc.property(text, text, (key, member) => {
        expect(canonicalJson({ [key]: member })).toBe(`{${JSON.stringify(key)}:${JSON.stringify(member)}}`);
      }),
    );
  });

  it("sorts keys by UTF-16 code unit, as Array.prototype.sort does", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: "binary" }), { maxLength: 8 }), (keys) => {
        const written = Object.keys(JSON.parse(canonicalJson(Object.fromEntries(keys.map((key) => [key, 0])))));
        // Integer-like keys come first in any JS object, so compare against the same reordering.
        expect(written).toEqual(Object.keys(Object.fromEntries([...keys].sort().map((key) => [key, 0]))));
      }),
    );
  });

  it("tells different payloads apart", () => {
    expect(payloadFingerprint({ a: 1 })).not.toBe(payloadFingerprint({ a: 2 }));
    expect(payloadFingerprint({ a: [1, 2] })).not.toBe(payloadFingerprint({ a: [2, 1] }));
    expect(payloadFingerprint(undefined)).not.toBe(payloadFingerprint(null));
    expect(payloadFingerprint({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
