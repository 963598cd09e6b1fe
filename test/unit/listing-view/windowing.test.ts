/**
 * The rows a long list renders (src/listing-view/windowing.ts), as the Bulk page's lists and
 * tables window them (rows of one height, OVERSCAN_ROWS beyond each edge, sliced at every
 * position) and as any list does: spacers for the rest, the scroll position that shows a row.
 */
import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS } from '../../../src/listing-view/use-row-window.ts';
import { rowsBetween, scrollAnchor, scrollTopToShow, uniformLayout, uniformWindow, windowRange } from '../../../src/listing-view/windowing.ts';

/** The rows of one height a list renders (useRowWindow's slice), scrolled to `scrollTop`, with its spacers. */
function rowWindow(count: number, rowHeight: number, scrollTop: number, viewport: number) {
  return uniformWindow(uniformLayout(count, rowHeight), rowHeight, scrollAnchor(scrollTop, 0), viewport, OVERSCAN_ROWS);
}

describe('rows of one height', () => {
  it('renders the rows in the viewport and OVERSCAN_ROWS beyond each edge, with spacers for the rest', () => {
    // 20,000 rows of 30 px, a 600 px viewport scrolled to row 1,000.
    expect(rowWindow(20_000, 30, 30_000, 600)).toEqual({ start: 1000 - OVERSCAN_ROWS, end: 1020 + OVERSCAN_ROWS, before: (1000 - OVERSCAN_ROWS) * 30, after: (20_000 - 1020 - OVERSCAN_ROWS) * 30 });
  });

  it('at the top, and with fewer rows than fit, renders from the first row and leaves no spacer', () => {
    expect(rowWindow(5, 30, 0, 600)).toEqual({ start: 0, end: 5, before: 0, after: 0 });
    expect(rowWindow(0, 30, 0, 600)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });

  it('a scroll position past the end (the rows just got fewer) shows the last rows', () => {
    const window = rowWindow(100, 30, 30_000, 600);
    expect(window.end).toBe(100);
    expect(window.before + (window.end - window.start) * 30 + window.after).toBe(3000);
  });

  it('a position between two rows renders the one it cuts', () => {
    // Scrolled to the middle of row 100: from row 95 (100 less the overscan) to row 125 (120, which the bottom edge cuts, and 5 more).
    expect(rowWindow(1000, 30, 3015, 600)).toMatchObject({ start: 95, end: 126 });
  });
});

describe('any list', () => {
  const layout = uniformLayout(100, 30);

  it('lays the rows out one under the other', () => {
    expect([...layout.offsets.slice(0, 4)]).toEqual([0, 30, 60, 90]);
    expect(layout.total).toBe(3000);
  });

  it('rowsBetween: the rows overlapping a band, those it touches at an edge not', () => {
    expect(rowsBetween(layout, 30, 60)).toEqual({ start: 1, end: 2 });
    expect(rowsBetween(layout, 29, 61)).toEqual({ start: 0, end: 3 });
  });

  it('a window sliced by steps covers the viewport wherever the position is within its step', () => {
    const options = { overscan: 0, step: 200 };
    for (const scrollTop of [400, 450, 599]) {
      const range = windowRange(layout, scrollAnchor(scrollTop, options.step), 300, options);
      expect(range.start).toBeLessThanOrEqual(Math.floor(scrollTop / 30));
      expect(range.end).toBeGreaterThanOrEqual(Math.ceil((scrollTop + 300) / 30));
    }
    // The same slice anywhere in the step: scrolling within it renders nothing new.
    expect(scrollAnchor(450, 200)).toBe(scrollAnchor(599, 200));
  });

  it('scrollTopToShow: a row above comes to the top, one below to the bottom, one in view stays', () => {
    expect(scrollTopToShow(layout, 5, 600, 300)).toBe(150);
    expect(scrollTopToShow(layout, 50, 600, 300)).toBe(1230);
    expect(scrollTopToShow(layout, 25, 600, 300)).toBe(600);
  });
});
