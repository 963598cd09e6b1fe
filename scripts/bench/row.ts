/** A row of the bench's table (a figure, its target or ideal, where the time went) and the medians it prints. */

export interface Row {
  figure: string;
  unit: string;
  ours: number;
  /** null for a figure shown for reference only. */
  target: number | null;
  /** What "ratio" compares with: the target, or the ideal the issue names (the target is then a multiple of it). */
  against: 'target' | 'ideal';
  /** With `against: 'ideal'`: that ideal, as measured in this run. */
  ideal?: number;
  /** Where the time went while it was measured, or in one more run of the same work (see profiled); printed when the target is missed. */
  profile?: string[];
  naive?: number;
  /** The ideal as if Grist's work and the browser's took no time: 2 × LATENCY_MS for a listing, 25 × for a bulk run. */
  nominal?: number;
  /**
   * Why the row is missed whatever its figure: what it measures was not what the user meets in
   * some of its runs (a cached open not drawn from the stored first screen), one line each.
   */
  missedBecause?: string[];
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? NaN;
