// docs/decisions.md#retry-schedule, table-tested: the schedule is the catalogue's table, and no attempt falls later
// than 24 h after the first.
import { webhookRetryScheduleSeconds } from "@signing-platform/types";
import { describe, expect, it } from "vitest";
import { nextAttemptAt, retryDelayFor } from "../../src/delivery/retry-schedule.js";

const hour = 3600;

describe("retryDelayFor", () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 5 * 60],
    [4, 15 * 60],
    [5, 30 * 60],
    [6, hour],
    [9, 2 * hour],
    [webhookRetryScheduleSeconds.length, webhookRetryScheduleSeconds.at(-1)!],
  ])("after failed attempt %i waits %i s", (attempts, seconds) => {
    expect(retryDelayFor(attempts)).toBe(seconds);
  });

  it.each([[0], [-1], [1.5], [webhookRetryScheduleSeconds.length + 1]])("has no delay after attempt %s", (attempts) => {
    expect(retryDelayFor(attempts)).toBeNull();
  });

  it("uses the catalogue's table, whose later delays are 1 h or 2 h", () => {
    expect(webhookRetryScheduleSeconds.slice(0, 5)).toEqual([30, 60, 300, 900, 1800]);
    expect(webhookRetryScheduleSeconds.slice(5).every((delay) => delay === hour || delay === 2 * hour)).toBe(true);
  });
});

describe("nextAttemptAt", () => {
  const first = 1_000_000;
  it.each([
    ["after the first failure", { attemptsMade: 1, firstAttemptAt: first, lastAttemptAt: first }, first + 30_000],
    ["from the last attempt, not the first", { attemptsMade: 2, firstAttemptAt: first, lastAttemptAt: first + 40_000 }, first + 100_000],
    [
      "exactly at 24 h is still allowed",
      { attemptsMade: 6, firstAttemptAt: first, lastAttemptAt: first + 23 * hour * 1000 },
      first + 24 * hour * 1000,
    ],
    ["past 24 h after the first: none", { attemptsMade: 6, firstAttemptAt: first, lastAttemptAt: first + 23 * hour * 1000 + 1 }, null],
    [
      "after the table ends: none",
      { attemptsMade: webhookRetryScheduleSeconds.length + 1, firstAttemptAt: first, lastAttemptAt: first },
      null,
    ],
  ])("%s", (_name, attempt, want) => {
    expect(nextAttemptAt(attempt)).toBe(want);
  });

  it("fits the whole table within the 24-hour window when attempts run on time", () => {
    let last = first;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt({ attemptsMade: attempts, firstAttemptAt: first, lastAttemptAt: last });
      if (next === null) break;
      last = next;
      attempts++;
    }
    expect(attempts).toBe(webhookRetryScheduleSeconds.length + 1);
    expect(last - first).toBeLessThanOrEqual(24 * hour * 1000);
  });
});
