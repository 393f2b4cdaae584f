/** Small numeric helpers for the bench: percentiles and the union of time intervals. */

export interface Interval {
  start: number;
  end: number;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/**
 * Total time covered by at least one interval. Parallel upstream calls overlap and count once;
 * calls made one after another add up: this is the upstream time a page cannot avoid waiting for.
 */
export function unionMs(intervals: readonly Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let total = 0;
  let current: Interval | null = null;
  for (const next of sorted) {
    if (current && next.start <= current.end) current.end = Math.max(current.end, next.end);
    else {
      if (current) total += current.end - current.start;
      current = { ...next };
    }
  }
  if (current) total += current.end - current.start;
  return total;
}

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
