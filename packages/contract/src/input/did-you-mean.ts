// "Did you mean …?" for a mistyped command or option: the closest known name within a small
// edit distance (Damerau–Levenshtein, so a swap of two letters counts once).

function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/** The known name closest to `given`, if it is close enough to be a typo (at most a third of its length). */
export function closest(given: string, known: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(given.length / 3));
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const score = distance(given.toLowerCase(), name.toLowerCase());
    if (score <= limit && (!best || score < best.score)) best = { name, score };
  }
  return best?.name;
}

/**
 * " Did you mean `x`?" or nothing.
 * @example
 * ```ts
 * import { didYouMean } from "@signing-platform/contract/input";
 *
 * const hint = didYouMean("jsno", ["json", "text"]); // " Did you mean `json`?"
 * ```
 */
export function didYouMean(given: string, known: readonly string[]): string {
  const name = closest(given, known);
  return name ? ` Did you mean \`${name}\`?` : "";
}
