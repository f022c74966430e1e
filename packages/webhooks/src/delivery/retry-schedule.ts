// docs/decisions.md#retry-schedule as pure functions over the one exported table (catalogue
// `webhook_retry_schedule_seconds`): the delay after the n-th failed attempt, and when the
// next attempt is due given that none may be later than 24 h after the first.
import { retryScheduleSeconds, retryWindowSeconds } from "../catalogue.js";

export interface RetryPolicy {
  /** Delay after each failed attempt, in seconds: entry 0 follows the first attempt. */
  scheduleSeconds: readonly number[];
  /** No attempt later than this after the first (Delivery and retry rules 2–3). */
  windowSeconds: number;
}

export const defaultRetryPolicy: RetryPolicy = { scheduleSeconds: retryScheduleSeconds, windowSeconds: retryWindowSeconds };

/** Seconds to wait after the `attemptsMade`-th failed attempt, or null when the table is done. */
export function retryDelayFor(attemptsMade: number, policy: RetryPolicy = defaultRetryPolicy): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) return null;
  return policy.scheduleSeconds[attemptsMade - 1] ?? null;
}

/**
 * When the next attempt is due (ms), or null when the delivery has failed for good: the table
 * is exhausted, or the next attempt would fall later than the window after the first.
 */
export function nextAttemptAt(
  attempt: { attemptsMade: number; firstAttemptAt: number; lastAttemptAt: number },
  policy: RetryPolicy = defaultRetryPolicy,
): number | null {
  const delay = retryDelayFor(attempt.attemptsMade, policy);
  if (delay === null) return null;
  const next = attempt.lastAttemptAt + delay * 1000;
  return next - attempt.firstAttemptAt <= policy.windowSeconds * 1000 ? next : null;
}
