// docs/decisions.md#retry-schedule as pure functions over the one exported table (catalogue
// `webhook_retry_schedule_seconds`): the delay after the n-th failed attempt, and when the
// next attempt is due given that none may be later than 24 h after the first.
import { retryScheduleSeconds, retryWindowSeconds } from "../catalogue.js";

/** When a failed delivery is attempted again: the delay after each failed attempt, and the window no attempt may fall after. */
export interface DeliveryRetrySchedule {
  /** Delay after each failed attempt, in seconds: entry 0 follows the first attempt. */
  scheduleSeconds: readonly number[];
  /** No attempt later than this after the first (Delivery and retry rules 2–3). */
  windowSeconds: number;
}

/** The schedule of the interface document: the catalogue's table of delays and its 24-hour window (Events › Delivery and retry rules). */
export const defaultDeliveryRetrySchedule: DeliveryRetrySchedule = {
  scheduleSeconds: retryScheduleSeconds,
  windowSeconds: retryWindowSeconds,
};

/**
 * Seconds to wait after the `attemptsMade`-th failed attempt, or null when the table is done.
 * @example
 * ```ts
 * import { retryDelayFor } from "@signing-platform/webhooks/delivery";
 *
 * retryDelayFor(1); // the delay after the first failed attempt, in seconds
 * retryDelayFor(100); // null: the table is done
 * ```
 */
export function retryDelayFor(attemptsMade: number, schedule: DeliveryRetrySchedule = defaultDeliveryRetrySchedule): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) return null;
  return schedule.scheduleSeconds[attemptsMade - 1] ?? null;
}

/**
 * When the next attempt is due (ms), or null when the delivery has failed for good: the table
 * is exhausted, or the next attempt would fall later than the window after the first.
 * @example
 * ```ts
 * import { nextAttemptAt } from "@signing-platform/webhooks/delivery";
 *
 * const first = Date.parse("2026-01-01T00:00:00Z");
 * const due = nextAttemptAt({ attemptsMade: 1, firstAttemptAt: first, lastAttemptAt: first });
 * console.log(due === null ? "failed for good" : new Date(due).toISOString());
 * ```
 */
export function nextAttemptAt(
  attempt: { attemptsMade: number; firstAttemptAt: number; lastAttemptAt: number },
  schedule: DeliveryRetrySchedule = defaultDeliveryRetrySchedule,
): number | null {
  const delay = retryDelayFor(attempt.attemptsMade, schedule);
  if (delay === null) return null;
  const next = attempt.lastAttemptAt + delay * 1000;
  return next - attempt.firstAttemptAt <= schedule.windowSeconds * 1000 ? next : null;
}
