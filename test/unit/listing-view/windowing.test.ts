/** The rows the Bulk rename page renders of a long list (src/bulk/windowed.ts). */
import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, rowWindow } from '../../src/bulk/windowed.ts';

describe('rowWindow', () => {
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
});
