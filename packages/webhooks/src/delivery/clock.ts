// Time is injected: the engine reads the time only through a Clock, so a
// test moves a manual clock through the whole 24-hour retry schedule in milliseconds.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ManualClock extends Clock {
  set(time: number): void;
  advance(milliseconds: number): void;
}

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
