import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../../src/runtime/index.js";

const now = Date.parse("2026-11-21T10:00:00Z");

describe("parseRetryAfter", () => {
  it.each<[string, { given: string | null | undefined; want: number | undefined }]>([
    ["seconds", { given: "5", want: 5000 }],
    ["zero", { given: "0", want: 0 }],
    ["seconds with spaces", { given: " 7 ", want: 7000 }],
    ["an IMF-fixdate ahead", { given: "Sat, 21 Nov 2026 10:01:00 GMT", want: 60_000 }],
    ["an IMF-fixdate in the past", { given: "Fri, 20 Nov 2026 10:00:00 GMT", want: 0 }],
    ["absent", { given: null, want: undefined }],
    ["negative", { given: "-5", want: undefined }],
    ["a fraction", { given: "1.5", want: undefined }],
    ["a date that is not an HTTP-date", { given: "2026-11-21T10:01:00Z", want: undefined }],
    ["text", { given: "soon", want: undefined }],
  ])("%s", (_name, { given, want }) => {
    expect(parseRetryAfter(given, now)).toBe(want);
  });

  it("gives undefined or a wait of 0 or more for any input, never a throw or NaN", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const wait = parseRetryAfter(value, now);
        expect(wait === undefined || (Number.isFinite(wait) && wait >= 0)).toBe(true);
      }),
    );
  });
});
