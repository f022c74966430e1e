// The retry decision of docs/decisions.md#client-retries, row by row, and a property: a status the interface
// document calls non-retryable (Errors › HTTP statuses) is never retried.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryClassOfStatus, statusCatalogue } from "@signing-platform/types";
import { defaultRetryPolicy, retryDecision, type AttemptOutcome, type RetryState } from "../../../src/runtime/index.js";
import { api } from "../../../src/generated/api.js";

const fresh: RetryState = { retriesSoFar: 0, tokenRefreshed: false, canRefreshToken: true, replayable: true };
const environment = { nowMs: Date.parse("2026-11-21T10:00:00Z"), random: () => 0.5, retryByStatus: api.conventions.retryByStatus };
const response = (status: number, retryAfter?: string): AttemptOutcome => ({ kind: "response", status, retryAfter });

describe("retryDecision", () => {
  it.each<[string, { outcome: AttemptOutcome; state?: Partial<RetryState>; want: ReturnType<typeof retryDecision> }]>([
    [
      "401 with a refreshable token: refresh, retry at once",
      { outcome: response(401), want: { delayMs: 0, reason: "refreshed_credentials", refreshToken: true } },
    ],
    ["401 after a refresh: stop", { outcome: response(401), state: { tokenRefreshed: true }, want: null }],
    ["401 with a static token: stop", { outcome: response(401), state: { canRefreshToken: false }, want: null }],
    [
      "429 with Retry-After 3: wait 3 s",
      { outcome: response(429, "3"), want: { delayMs: 3000, reason: "retry_after", refreshToken: false } },
    ],
    [
      "503 with Retry-After 60 (the cap): wait 60 s",
      { outcome: response(503, "60"), want: { delayMs: 60_000, reason: "retry_after", refreshToken: false } },
    ],
    ["503 with Retry-After 61 (past the cap): stop", { outcome: response(503, "61"), want: null }],
    [
      "429 with an HTTP-date 10 s ahead: wait 10 s",
      { outcome: response(429, "Sat, 21 Nov 2026 10:00:10 GMT"), want: { delayMs: 10_000, reason: "retry_after", refreshToken: false } },
    ],
    [
      "429 with an HTTP-date in the past: retry now",
      { outcome: response(429, "Sat, 21 Nov 2026 09:00:00 GMT"), want: { delayMs: 0, reason: "retry_after", refreshToken: false } },
    ],
    ["503 without Retry-After: back off", { outcome: response(503), want: { delayMs: 250, reason: "backoff", refreshToken: false } }],
    ["500: back off, same key", { outcome: response(500), want: { delayMs: 250, reason: "same_idempotency_key", refreshToken: false } }],
    ["502: back off", { outcome: response(502), want: { delayMs: 250, reason: "backoff", refreshToken: false } }],
    ["504: back off", { outcome: response(504), want: { delayMs: 250, reason: "backoff", refreshToken: false } }],
    ["408: back off", { outcome: response(408), want: { delayMs: 250, reason: "backoff", refreshToken: false } }],
    [
      "network error: back off",
      { outcome: { kind: "network-error" }, want: { delayMs: 250, reason: "network_error", refreshToken: false } },
    ],
    [
      "third retry of a 500: back off 0.5 · 2² · 0.5",
      { outcome: response(500), state: { retriesSoFar: 2 }, want: { delayMs: 1000, reason: "same_idempotency_key", refreshToken: false } },
    ],
    ["after 3 retries: stop", { outcome: response(503, "1"), state: { retriesSoFar: 3 }, want: null }],
    ["400: stop", { outcome: response(400), want: null }],
    ["403: stop", { outcome: response(403), want: null }],
    ["404: stop", { outcome: response(404), want: null }],
    ["409: stop", { outcome: response(409), want: null }],
    ["422: stop", { outcome: response(422), want: null }],
    ["501 (not in the table): stop", { outcome: response(501), want: null }],
    ["200: stop", { outcome: response(200), want: null }],
  ])("%s", (_name, { outcome, state, want }) => {
    expect(retryDecision(outcome, { ...fresh, ...state }, defaultRetryPolicy, environment)).toEqual(want);
  });

  it("retries 408, 502 and 504 with full-jitter backoff, and 500 with the same key", () => {
    for (const status of [408, 502, 504, 500]) {
      const decisions = [0, 1, 2].map((retriesSoFar) =>
        retryDecision(response(status), { ...fresh, retriesSoFar }, defaultRetryPolicy, { ...environment, random: () => 0.999 }),
      );
      expect(
        decisions.map((decision) => decision?.delayMs),
        String(status),
      ).toEqual([499, 999, 1998]);
      expect(decisions.every((decision) => decision?.reason === (status === 500 ? "same_idempotency_key" : "backoff"))).toBe(true);
    }
  });

  it("caps the backoff at 20 s", () => {
    const policy = { ...defaultRetryPolicy, maxRetries: 10 };
    const decision = retryDecision(response(502), { ...fresh, retriesSoFar: 9 }, policy, { ...environment, random: () => 0.999999 });
    expect(decision?.delayMs).toBe(19_999);
  });

  it("never retries a status the document calls non-retryable, whatever the state and headers", () => {
    const nonRetryable = statusCatalogue
      .filter((entry) => entry.retry === "no" || entry.retry === "not_applicable")
      .map((entry) => entry.status);
    expect(nonRetryable).toEqual(expect.arrayContaining([200, 304, 400, 403, 404, 409, 410, 413, 414, 415, 422]));
    const unlisted = fc.integer({ min: 100, max: 599 }).filter((status) => retryClassOfStatus(status) === undefined);
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...nonRetryable), unlisted),
        fc.option(fc.oneof(fc.string(), fc.nat().map(String)), { nil: undefined }),
        fc.record({
          retriesSoFar: fc.nat({ max: 5 }),
          tokenRefreshed: fc.boolean(),
          canRefreshToken: fc.boolean(),
          replayable: fc.boolean(),
        }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (status, retryAfter, state, random) => {
          expect(
            retryDecision(response(status, retryAfter), state, defaultRetryPolicy, { ...environment, random: () => random }),
          ).toBeNull();
        },
      ),
    );
  });

  it("never waits longer than the caps, for any outcome", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.option(fc.string(), { nil: undefined }),
        fc.nat({ max: 5 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (status, retryAfter, retriesSoFar, random) => {
          const decision = retryDecision(response(status, retryAfter), { ...fresh, retriesSoFar }, defaultRetryPolicy, {
            ...environment,
            random: () => random,
          });
          if (decision) expect(decision.delayMs).toBeLessThanOrEqual(defaultRetryPolicy.retryAfterCapMs);
          if (decision?.reason === "backoff") expect(decision.delayMs).toBeLessThan(defaultRetryPolicy.backoffCapMs);
        },
      ),
    );
  });

  it("repeats a request the server may have acted on only when it is replayable", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 400, max: 599 }).map((status) => ({ kind: "response" as const, status })),
          fc.constant({ kind: "network-error" as const }),
        ),
        fc.option(fc.oneof(fc.string(), fc.nat({ max: 120 }).map(String)), { nil: undefined }),
        fc.nat({ max: 2 }),
        (outcome, retryAfter, retriesSoFar) => {
          const attempt: AttemptOutcome = outcome.kind === "response" ? { ...outcome, retryAfter } : outcome;
          const decision = retryDecision(attempt, { ...fresh, retriesSoFar, replayable: false }, defaultRetryPolicy, environment);
          // Only refusals that say nothing was done: a 401 before a new token, a wait the server asked for.
          if (decision) expect(["refreshed_credentials", "retry_after"]).toContain(decision.reason);
        },
      ),
    );
  });
});
