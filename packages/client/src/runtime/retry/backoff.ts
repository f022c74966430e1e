// Full-jitter exponential backoff (docs/decisions.md#client-retries: base 0.5 s, cap 20 s): the delay before a
// retry is uniform in [0, min(cap, base · 2^retry)), so clients that failed together do not
// come back together.

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

/** The delay before retry number `retry` (0 for the first retry), drawn with `random` in [0, 1). */
export function fullJitterBackoff(retry: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}
