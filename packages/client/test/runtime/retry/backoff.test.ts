import { describe, expect, it } from "vitest";
import { defaultRetryPolicy, fullJitterBackoff } from "../../../src/runtime/index.js";

const options = { baseMs: defaultRetryPolicy.backoffBaseMs, capMs: defaultRetryPolicy.backoffCapMs };

describe("fullJitterBackoff (base 0.5 s, cap 20 s)", () => {
  it.each([
    ["first retry, random 0", { retry: 0, random: 0, want: 0 }],
    ["first retry, random just under 1", { retry: 0, random: 0.9999, want: 499 }],
    ["second retry, random 0.5", { retry: 1, random: 0.5, want: 500 }],
    ["fifth retry, random 0.5", { retry: 4, random: 0.5, want: 4000 }],
    ["sixth retry reaches the cap", { retry: 6, random: 0.5, want: 10_000 }],
    ["tenth retry stays under the cap", { retry: 10, random: 0.9999, want: 19_998 }],
  ])("%s", (_name, { retry, random, want }) => {
    expect(fullJitterBackoff(retry, options, () => random)).toBe(want);
  });
});
