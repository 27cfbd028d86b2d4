// The statistics every benchmark reports with, written once: the median of rounds (the figure a
// disturbed round moves least), nearest-rank percentiles of per-op latencies, and the rounding of
// figures written to results files. Suites, the client race and the e2e reports all import these,
// so two tables never summarise the same rounds two ways.

/** The median; the mean of the two middle values when the count is even, NaN for none. `values` is not changed. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Nearest-rank percentile (`p` in 0..1) of values sorted ascending: the smallest value with at least p of all at or
 * below it.
 */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** `value` rounded to `digits` decimals (results files carry rounded figures). */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Lowest and highest of ours[i] / java[i] over the rounds both libraries ran (round i of each ran in the same ABBA pair
 * or rotation).
 */
export function pairedRange(ours: readonly number[], java: readonly number[]): { min: number; max: number } {
  const n = Math.min(ours.length, java.length);
  const ratios = Array.from({ length: n }, (_, i) => ours[i]! / java[i]!);
  return { min: round(Math.min(...ratios), 3), max: round(Math.max(...ratios), 3) };
}
