// Summaries every benchmark prints: medians, not means or single runs (the machine is
// shared and noisy), and numbers formatted alike.

/** The median of a list of numbers (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A number with thousands separators and a fixed number of decimals. */
export const format = (value, digits = 0) =>
  value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
