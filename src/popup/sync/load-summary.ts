/**
 * The sentence a refresh ends with (listing-summary.ts), loaded once when first said or ahead
 * (when the popup is idle, with its other on-demand code: on-demand/lazy.tsx): most popups close
 * before a refresh ends.
 */
type ListingSummary = typeof import('./listing-summary.ts');

let summary: ListingSummary | undefined;
let loading: Promise<ListingSummary> | undefined;

/** Loads the listing's summary, if need be (once). */
export const loadSummary = (): Promise<ListingSummary> => (loading ??= import('./listing-summary.ts').then((module) => (summary = module)));

/** Runs `run` with the listing's summary: in the same task when it is loaded already, otherwise once loaded. */
export function withSummary(run: (loaded: ListingSummary) => void): void {
  if (summary) run(summary);
  else void loadSummary().then(run);
}
