// Rate-limit header values (docs/decisions.md#rate-limit-reset: RateLimit-Reset is a Unix timestamp in seconds).
import { describe, expect, it } from "vitest";
import { rateLimitHeaders, rateLimitKey, rateLimitStateOf, retryAfterSeconds } from "../../src/rate-limit/quota.js";

const quota = { points: 10, durationSeconds: 60 };
const now = 1_800_000_000_500;

describe("rate-limit state and headers", () => {
  it.each([
    ["a fresh counter", null, { limit: 10, remaining: 10, resetAt: 1_800_000_061 }],
    ["3 left, 30 s to go", { remainingPoints: 3, msBeforeNext: 30_000 }, { limit: 10, remaining: 3, resetAt: 1_800_000_031 }],
    ["spent past the quota", { remainingPoints: -4, msBeforeNext: 999 }, { limit: 10, remaining: 0, resetAt: 1_800_000_002 }],
    ["a reading over the quota", { remainingPoints: 12, msBeforeNext: 0 }, { limit: 10, remaining: 10, resetAt: 1_800_000_001 }],
  ])("reads %s", (_name, reading, want) => {
    expect(rateLimitStateOf(quota, reading, now)).toEqual(want);
  });

  // @trace writes-the-three-headers-of-the-catalogue-reset
  it("writes the three headers of the catalogue, Reset in Unix seconds", () => {
    expect(rateLimitHeaders({ limit: 10, remaining: 3, resetAt: 1_800_000_031 })).toEqual({
      "RateLimit-Limit": "10",
      "RateLimit-Remaining": "3",
      "RateLimit-Reset": "1800000031",
    });
  });

  it.each([
    [0, 1],
    [1, 1],
    [1000, 1],
    [1001, 2],
    [59_500, 60],
  ])("waits %i ms as Retry-After %i s", (ms, seconds) => {
    expect(retryAfterSeconds(ms)).toBe(seconds);
  });

  it("keys a counter by organization (or address before authentication) and endpoint", () => {
    expect(rateLimitKey({ organizationId: "org_a", operationId: "getCertificate", clientAddress: "127.0.0.1" })).toBe(
      "organization:org_a:getCertificate",
    );
    expect(rateLimitKey({ organizationId: null, operationId: null, clientAddress: "::1" })).toBe("address:::1:*");
    expect(rateLimitKey({ organizationId: "org_a", operationId: null, clientAddress: "::1", route: "GET /notes" })).toBe(
      "organization:org_a:route GET /notes",
    );
  });
});
