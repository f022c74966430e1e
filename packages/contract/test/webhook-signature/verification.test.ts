// The step of a signature check that compares MACs, on its own.
import { describe, expect, it } from "vitest";
import { anySignatureMatches } from "../../src/webhook-signature/verification.js";

describe("anySignatureMatches", () => {
  // @trace compares-every-pair-with-no-early-exit-on-a-matc
  it("compares every pair, with no early exit on a match", () => {
    const x = new Uint8Array([1]);
    const y = new Uint8Array([2]);
    let calls = 0;
    const equal = (left: Uint8Array, right: Uint8Array) => (calls++, left[0] === right[0]);
    expect(anySignatureMatches([x, y], [x, y, y], equal)).toBe(true);
    expect(calls).toBe(6);
  });
});
