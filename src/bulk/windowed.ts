/**
 * Windowing for the page's long lists (the picker, the preview, the run): rows of one fixed
 * height, of which only those in and near the viewport are rendered, between spacers as tall as
 * the rows left out. 20,000 rows render as about 40.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

/** Rows rendered beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 5;
/** The viewport height assumed where it cannot be measured (jsdom has no layout), in px. */
const DEFAULT_VIEWPORT = 600;

/** The rows to render: `start` included, `end` excluded, and the spacers' heights in px before and after. */
export interface RowWindow {
  start: number;
  end: number;
  before: number;
  after: number;
}

/**
 * The rows of `count` rows of `rowHeight` px to render for a viewport of `viewport` px scrolled
 * to `scrollTop`. A scroll position past the end (the rows just got fewer) counts as the end.
 */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewport: number): RowWindow {
  const top = Math.max(0, Math.min(scrollTop, count * rowHeight - viewport));
  const start = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((top + viewport) / rowHeight) + OVERSCAN_ROWS);
  return { start, end: Math.max(start, end), before: start * rowHeight, after: Math.max(0, count - Math.max(start, end)) * rowHeight };
}

/** `rowWindow` for the scrolling element `container`, following its scroll (at most once a frame). */
export function useRowWindow(container: RefObject<HTMLElement | null>, count: number, rowHeight: number): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrollTop(element.scrollTop);
      setViewport(element.clientHeight || DEFAULT_VIEWPORT);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      element.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [container]);
  return rowWindow(count, rowHeight, scrollTop, viewport);
}
