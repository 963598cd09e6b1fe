/**
 * Windowing for the pages' long lists (the popup's list, the Bulk page's tables): rows whose
 * heights are known without measuring the page, of which only those in and near the viewport are
 * rendered, between spacers as tall as the rows left out. Where each row sits, which rows a scroll
 * position shows, and the scroll position that shows a row. Pure and DOM-free; the scroll and
 * the viewport are followed by use-row-window.ts.
 */

/** Where each row sits: row `i` spans `offsets[i]` to `offsets[i + 1]`; `offsets[count]` is the total. */
export interface RowLayout {
  readonly offsets: Float64Array;
  readonly total: number;
}

/** `count` rows of `rowHeight` px each, one under the other. */
export function uniformLayout(count: number, rowHeight: number): RowLayout {
  const offsets = new Float64Array(count + 1);
  for (let index = 1; index <= count; index++) offsets[index] = index * rowHeight;
  return { offsets, total: count * rowHeight };
}

/** A slice of the rows: `start` included, `end` excluded. */
export interface RowRange {
  start: number;
  end: number;
}

/** The rows that overlap the band from `top` to `bottom` (pixels from the top of the list). */
export function rowsBetween(layout: RowLayout, top: number, bottom: number): RowRange {
  const { offsets } = layout;
  const count = offsets.length - 1;
  // First row whose bottom is below `top`.
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offsets[middle + 1]! <= top) low = middle + 1;
    else high = middle;
  }
  const start = low;
  // First row (from `start`) whose top is at or below `bottom`.
  high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offsets[middle]! < bottom) low = middle + 1;
    else high = middle;
  }
  return { start, end: Math.max(start, low) };
}

/**
 * How a list is windowed: `overscan`, the pixels rendered beyond each edge of the viewport; `step`,
 * the scroll distance the list is re-sliced at (0: at every position a frame shows), so that the
 * slice, computed for the position rounded down to a step, covers the viewport anywhere in it.
 */
export interface WindowOptions {
  overscan: number;
  step: number;
}

/** The scroll position the slice is computed for: `scrollTop` rounded down to a `step` (0: as it is). */
export function scrollAnchor(scrollTop: number, step: number): number {
  return Math.max(0, step > 0 ? Math.floor(scrollTop / step) * step : scrollTop);
}

/**
 * The rows to render for a viewport of `viewportHeight` scrolled to `anchor` (see `scrollAnchor`):
 * those in view wherever the scroll position is within its step, and those within `overscan` of
 * them. An anchor past the end (the rows just got fewer) is taken as the bottom of the list.
 */
export function windowRange(layout: RowLayout, anchor: number, viewportHeight: number, { overscan, step }: WindowOptions): RowRange {
  const top = Math.max(0, Math.min(anchor, layout.total - viewportHeight));
  return rowsBetween(layout, top - overscan, top + step + viewportHeight + overscan);
}

/** The heights of the spacers that stand for the rows before and after `range`, in px. */
export function spacers(layout: RowLayout, range: RowRange): { before: number; after: number } {
  return { before: layout.offsets[range.start] ?? 0, after: layout.total - (layout.offsets[range.end] ?? layout.total) };
}

/** The rows of a windowed list of one height to render (`start` included, `end` excluded), and the spacers' heights before and after them, in px. */
export interface RowWindow extends RowRange {
  before: number;
  after: number;
}

/**
 * The rows of one height (`layout`, see uniformLayout) to render for a viewport of `viewportHeight`
 * px scrolled to `anchor` (see scrollAnchor, step 0): those in view and `overscanRows` rows beyond
 * each edge, with the spacers that stand for the rest.
 */
export function uniformWindow(layout: RowLayout, rowHeight: number, anchor: number, viewportHeight: number, overscanRows: number): RowWindow {
  const range = windowRange(layout, anchor, viewportHeight, { overscan: overscanRows * rowHeight, step: 0 });
  return { ...range, ...spacers(layout, range) };
}

/**
 * The scroll position that brings row `index` fully into a viewport of `viewportHeight` now at
 * `scrollTop`, moving as little as possible.
 */
export function scrollTopToShow(layout: RowLayout, index: number, scrollTop: number, viewportHeight: number): number {
  const top = layout.offsets[index] ?? 0;
  const bottom = layout.offsets[index + 1] ?? top;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}
