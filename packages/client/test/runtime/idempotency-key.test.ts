import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "@signing-platform/types";
import { generateIdempotencyKey } from "../../src/runtime/index.js";

describe("generateIdempotencyKey", () => {
  it("makes 32 alphanumeric characters that the document's pattern accepts", () => {
    const key = generateIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(key).toMatch(new RegExp(limits.idempotency_key_pattern));
  });

  it("makes a different key each time", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateIdempotencyKey()));
    expect(keys.size).toBe(1000);
  });

  it("uses every character of the alphabet about equally (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 2000; index += 1)
      for (const char of generateIdempotencyKey()) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * 32) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
  });

  it("is valid for any bytes the generator gives, rejected bytes included", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (seed) => {
        let round = 0;
        const key = generateIdempotencyKey((bytes) => {
          // After a first round of arbitrary bytes, give unbiased ones so the loop ends.
          bytes.set(round++ === 0 ? seed : bytes.map((_, index) => index));
          return bytes;
        });
        expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
      }),
    );
  });
});
