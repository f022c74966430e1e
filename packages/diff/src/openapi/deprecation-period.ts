// The notice a deprecation must give (oasdiff's --deprecation-days-beta and
// --deprecation-days-stable): a number of days per stability level, so that a project may
// promise its stable operations a longer notice than its beta ones, and none for draft or alpha
// ones, which may change in any way (./stability.ts).
import type { StabilityReading } from "./stability.js";

/** Days of notice a deprecation must give, per stability level of the operation (0: none asked). */
export interface DeprecationDays {
  /** Days of notice for a beta operation. */
  beta: number;
  /** Days of notice for a stable operation. */
  stable: number;
}

/** The notice a deprecation must give: days ahead, and the option that asks for them (for messages). */
export interface Period {
  days: number;
  option: string;
}

/** The period of notice for an operation of this stability: draft and alpha need none; undefined when the level is invalid (not judged). */
export function periodFor(reading: StabilityReading, days: DeprecationDays): Period | undefined {
  if ("invalid" in reading) return undefined;
  if (reading.level === "beta") return { days: days.beta, option: "--deprecation-days-beta" };
  if (reading.level === "stable") return { days: days.stable, option: "--deprecation-days-stable" };
  return { days: 0, option: `none for ${reading.level}` };
}
