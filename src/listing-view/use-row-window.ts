/**
 * A windowed list in the page (windowing.ts): its scroll position, followed at most once a frame
 * and only when it crosses a step (a slice computed for the step covers the viewport anywhere in
 * it), and its height, told by a ResizeObserver after a layout that changed it (reading it after a
 * render would make the browser lay the page out there and then). The popup's list and the Bulk
 * page's lists and tables follow their scrolling element with it.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { scrollAnchor, uniformLayout, uniformWindow, type RowWindow } from './windowing.ts';

/**
 * A list's height until it is measured, and where it cannot be (jsdom has no layout). Chrome caps
 * a popup at 600 px, so this covers a popup's list from the first render on.
 */
export const DEFAULT_VIEWPORT_HEIGHT = 600;

/** The height of the scrolling element `element` now (read where the page is laid out already: it lays it out otherwise). */
export function viewportHeight(element: HTMLElement): number {
  return element.clientHeight || DEFAULT_VIEWPORT_HEIGHT;
}

/** What a page is told as its list scrolls: at the scroll event (`scrolled`), and in the frame that slices it (`frame`). */
export interface ScrollHandlers {
  scrolled?: () => void;
  frame?: () => void;
}

/** A scrolling list followed: see useScrollWindow. */
export interface ScrollWindow {
  /** The scroll position rounded down to the step: what the rows are sliced for. */
  anchor: number;
  /** The list's height at its tallest so far; 0 until measured. */
  tallest: number;
  /** The scroll position as of the last frame after a scroll, or as last set by `scrollTo`, read without asking the page. */
  scrolledTo: { current: number };
  /** Scrolls the list to `top` and slices it there in the next render. */
  scrollTo: (top: number) => void;
}

/**
 * Follows the scrolling element `container`: its scroll position by `step` px (0: every position a
 * frame shows), and its height at its tallest (a list the rows leave shorter keeps the height it
 * had, so the next rows that fill it are sliced for it). `handlers`, read at each event, are told
 * of each scroll and of each frame that follows one, before it slices the list.
 */
export function useScrollWindow(container: RefObject<HTMLElement | null>, step: number, handlers: ScrollHandlers = {}): ScrollWindow {
  const [anchor, setAnchor] = useState(0);
  const [tallest, setTallest] = useState(0);
  const scrolledTo = useRef(0);
  const told = useRef(handlers);
  told.current = handlers;
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      scrolledTo.current = element.scrollTop;
      told.current.frame?.();
      // An unchanged anchor renders nothing.
      setAnchor(scrollAnchor(scrolledTo.current, step));
    };
    const onScroll = () => {
      told.current.scrolled?.();
      frame ||= requestAnimationFrame(update);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    // Told after each layout that changed the list's size, so reading it there costs nothing. Only
    // a taller list renders again: rows that shrink the list (or empty it) would otherwise render
    // twice in their frame, and the next ones that fill it first render too few rows.
    const resized = new ResizeObserver(() => setTallest((height) => Math.max(height, viewportHeight(element))));
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [container, step]);
  const scrollTo = (top: number) => {
    const element = container.current;
    if (element) element.scrollTop = top;
    scrolledTo.current = top;
    setAnchor(scrollAnchor(top, step));
  };
  return { anchor, tallest, scrolledTo, scrollTo };
}

/** Rows rendered beyond each edge of the viewport of a list of rows of one height. */
export const OVERSCAN_ROWS = 5;

/**
 * The rows to render of `count` rows of `rowHeight` px in the scrolling element `container`: those
 * in its viewport and OVERSCAN_ROWS beyond each edge, following its scroll at every frame.
 */
export function useRowWindow(container: RefObject<HTMLElement | null>, count: number, rowHeight: number): RowWindow {
  const { anchor, tallest } = useScrollWindow(container, 0);
  const layout = useMemo(() => uniformLayout(count, rowHeight), [count, rowHeight]);
  return uniformWindow(layout, rowHeight, anchor, tallest || DEFAULT_VIEWPORT_HEIGHT, OVERSCAN_ROWS);
}
