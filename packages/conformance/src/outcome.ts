// What a check found, and the ways a check says it: pass, skip (also by throwing SkipCheck,
// from anywhere a request is made) or the verdict of its findings. Imports nothing, so every
// module of the run can say it.

/** What a check found: passed (with an optional note), failed (with every failure), or skipped (with the reason). */
export type Outcome = { status: "pass"; note?: string } | { status: "fail"; failures: string[] } | { status: "skip"; reason: string };

/** Thrown by a check (or the target) to skip it, with the reason the report shows. */
export class SkipCheck extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SkipCheck";
  }
}

export const pass = (note?: string): Outcome => (note ? { status: "pass", note } : { status: "pass" });
export const skip = (reason: string): Outcome => ({ status: "skip", reason });
/**
 * Fails with every finding; else, when part of what the check is for could not be tested
 * (`untested`, each saying why), skips: a check that tested less than it says never reads as
 * a pass, and --strict fails the run for it. Passes otherwise.
 */
export const verdict = (failures: readonly string[], note?: string, untested: readonly string[] = []): Outcome => {
  if (failures.length > 0) return { status: "fail", failures: [...failures] };
  if (untested.length > 0) return skip(`not tested: ${untested.join("; ")}`);
  return pass(note);
};
