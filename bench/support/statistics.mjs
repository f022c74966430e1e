// @ts-check
// Summaries every benchmark prints: medians, not means or single runs (the machine is
// shared and noisy), and numbers formatted alike.

/**
 * The median of a list of numbers (the mean of the two middle ones for an even count).
 * @param {readonly number[]} values not empty
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const at = (/** @type {number} */ index) => /** @type {number} */ (sorted[index]); // in range: values is not empty
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * A number with thousands separators and a fixed number of decimals.
 * @param {number} value
 */
export const format = (value, digits = 0) =>
  value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
