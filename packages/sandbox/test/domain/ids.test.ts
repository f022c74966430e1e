// Identifiers and signer codes: right shape, from the CSPRNG pool, and without the bias a
// plain `byte % 62` would give. (Webhook secrets are the delivery engine's.)
import { describe, expect, it } from "vitest";
import { newId, newSignerCode, randomAlphanumeric } from "../../src/domain/ids.js";

describe("sandbox identifiers", () => {
  it("shapes ids and codes as the interface document does", () => {
    expect(newId("enr")).toMatch(/^enr_[0-9A-Za-z]{20}$/);
    expect(newSignerCode()).toMatch(/^[0-9]{6}$/);
  });

  it("never repeats an id across many draws, also across refills of the pool", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("enr"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every character about equally often (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const text = randomAlphanumeric(620_000);
    for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 10,000 each; a `% 62` over all 256 byte values would give the first 8
    // characters ≈ 12,500. Six standard deviations (≈ 100 each) of slack.
    for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(600);
  });
});
