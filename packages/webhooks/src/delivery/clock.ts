// Time is injected: the engine reads the time only through a Clock, so a
// test moves a manual clock through the whole 24-hour retry schedule in milliseconds.

/** Where the delivery engine reads the time: the system clock, or a manual one in tests. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told: tests run the whole 24-hour retry schedule in milliseconds. */
export interface ManualClock extends Clock {
  /** Sets the time, in milliseconds since the Unix epoch. */
  set(time: number): void;
  /** Moves the time forward by `milliseconds`. */
  advance(milliseconds: number): void;
}

/**
 * A manual clock starting at `start` (now by default), for tests of the delivery engine.
 * @example
 * ```ts
 * import { createDeliveryEngine, createManualClock } from "@signing-platform/webhooks/delivery";
 *
 * const clock = createManualClock(Date.parse("2026-01-01T00:00:00Z"));
 * const engine = createDeliveryEngine({ clock });
 * clock.advance(60_000);
 * await engine.runDue();
 * ```
 */
export function createManualClock(start: number = Date.now()): ManualClock {
  let time = start;
  return {
    now: () => time,
    set(next: number) {
      time = next;
    },
    advance(milliseconds: number) {
      time += milliseconds;
    },
  };
}
