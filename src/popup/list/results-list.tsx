/**
 * The scrolling list of every site's workspaces and documents. Only the rows in and near the
 * viewport are rendered, between spacers as tall as the rows left out, so the page stays small
 * and fast whether the listing holds 20 documents or 20,000 (row layout: listing-rows.ts).
 *
 * Two rows are rendered wherever they are: the one holding focus (so scrolling it out of view does
 * not drop the focus to the page) and the one the arrow keys are moving focus to.
 *
 * A keystroke that changes the results renders only the rows in view, from the top (where a new
 * search starts): those kept ready beyond the viewport for scrolling wait until the results have
 * been on screen for a frame, so typing lays out and paints a third as many rows; so do the results
 * past its first screen, which the search looks for only then (store.ts). The documents it
 * brings into view wait for their buttons the same way (in the room the buttons take, so nothing
 * moves when they come): a keystroke draws, styles and lays out half as many elements.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { byAccount, type Row } from '../../listing-view/listing-rows.ts';
import { COPYING_ROW_HEIGHT, EDITING_ROW_HEIGHT, EDITING_WITH_ERROR_ROW_HEIGHT, LIST_WINDOW, MOVING_ROW_HEIGHT, layoutRows, renderPlan } from '../../listing-view/row-window.ts';
import { DEFAULT_VIEWPORT_HEIGHT, useScrollWindow, viewportHeight } from '../../listing-view/use-row-window.ts';
import { rowsBetween, scrollTopToShow, windowRange } from '../../listing-view/windowing.ts';
import { documentKey } from '../../listing-view/row-identity.ts';
import { highlightMatches } from '../../listing-view/highlighted.tsx';
import { adjacentResult } from './result-navigation.ts';
import { RESULT_LINK, rowElement } from '../focus/row-element.ts';
import { Gap, ListingRow } from './listing-row.tsx';
import { SiteSection } from './site-section.tsx';
import type { MoveState, PopupStore, RenameState } from '../store-types.ts';

/** No rows yet drawn with their buttons (see withButtons); one set, not one made at each render. */
const NO_ROWS: ReadonlySet<string> = new Set();

/** Runs `task` once the next frame has been painted. Out: a function that cancels it. */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The key of the row holding focus, if focus is in the list. */
function focusedRowKey(container: HTMLElement | null): string | null {
  const active = document.activeElement;
  if (!container || !active || !container.contains(active)) return null;
  return active.closest('[data-row-key]')?.getAttribute('data-row-key') ?? null;
}

/**
 * The heights of documents in edit mode or with their destination picker open, and a string
 * naming them: the layout is computed again only when that string changes (an edit starts, ends
 * or gains an error, a picker opens or closes), not on each keystroke.
 */
function editingHeights(renames: ReadonlyMap<string, RenameState>, moving: MoveState | null): { signature: string; heights: Map<string, number>; movingKey: string | null } {
  const heights = new Map<string, number>();
  let signature = '';
  const movingKey = moving && documentKey(moving.ref);
  if (movingKey) {
    signature = moving.copy ? `${movingKey}+copy` : movingKey;
    heights.set(movingKey, moving.copy ? COPYING_ROW_HEIGHT : MOVING_ROW_HEIGHT);
  }
  for (const [key, state] of renames) {
    if (state.saving) continue;
    const height = state.error ? EDITING_WITH_ERROR_ROW_HEIGHT : EDITING_ROW_HEIGHT;
    heights.set(key, height);
    signature += `${key}=${height};`;
  }
  return { signature, heights, movingKey };
}

/** Finds a row by key, looking in `near` first (the rendered range) before the whole list. */
function indexOfKey(rows: readonly Row[], key: string | null, near: { start: number; end: number }): number {
  if (key === null) return -1;
  for (let index = near.start; index < near.end; index++) if (rows[index]!.key === key) return index;
  return rows.findIndex((row) => row.key === key);
}

interface ResultsListProps {
  store: PopupStore;
  /** Where ArrowUp from the first result goes. */
  searchRef: RefObject<HTMLInputElement | null>;
  /** Set by the list: focuses the first result, answering false when there is none. */
  focusFirstRef: { current: () => boolean };
  /** Set by the list: opens the first result's document (its link, in a new tab), if there is one. */
  openFirstRef: { current: () => void };
}

export function ResultsList({ store, searchRef, focusFirstRef, openFirstRef }: ResultsListProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const rows = store.rows.value;
  const renames = store.renames.value;
  const moving = store.moving.value;
  const query = store.query.value;
  const nested = byAccount(store.listing.value);
  // The row the arrow keys are moving focus to, while it is not rendered yet.
  const pendingFocus = useRef<string | null>(null);
  // Renders the list again: for a row to focus once rendered, for the rows beyond the viewport.
  const [, renderAgain] = useState(0);
  // The rows and query of the last render, and whether it held the rows beyond the viewport. A
  // keystroke that changes the results (both changed: not a rename, not a refresh) renders without
  // them, and so does each render after it until they come (see below); any other change with them.
  const shown = useRef({ rows, query, whole: true });
  const whole = rows === shown.current.rows ? shown.current.whole : query === shown.current.query;
  // The keys of the rows the last render with them all drew, buttons and all: a render without
  // them draws the documents it brings without their buttons (DocumentRow's `bare`).
  const withButtons = useRef(NO_ROWS);
  // Re-sliced as the list scrolls (use-row-window.ts); scrolled, the rows past the cache's first
  // screen may be wanted next, and the rows beyond the viewport come with the slice. Its height at
  // its tallest so far (0 until measured): a list the results leave shorter (or empty) shows them
  // all, and one they fill again takes that height back, in the frame.
  const { anchor, tallest, scrolledTo, scrollTo } = useScrollWindow(containerRef, LIST_WINDOW.step, {
    scrolled: () => store.readWholeCache(),
    frame: () => (shown.current.whole = true),
  });

  const editing = editingHeights(renames, moving);
  // Keyed by the signature, which stands for the heights.
  const layout = useMemo(() => layoutRows(rows, editing.heights), [rows, editing.signature]);
  // Without them, the rows in view of a new search, which starts at the top (see below) whatever
  // the anchor says until then; a scroll before they came brings them (the frame, above).
  // The least height the window is computed for is the default: measuring the list later never
  // shrinks the window, which would change the rendered list just after it is shown.
  const range = whole ? windowRange(layout, anchor, Math.max(tallest, DEFAULT_VIEWPORT_HEIGHT), LIST_WINDOW) : rowsBetween(layout, 0, tallest || DEFAULT_VIEWPORT_HEIGHT);
  const pinned = [focusedRowKey(containerRef.current), pendingFocus.current].map((key) => indexOfKey(rows, key, range));
  const plan = renderPlan(rows, layout, range, pinned);

  // A new search starts at the top of its results.
  useLayoutEffect(() => {
    if (scrolledTo.current !== 0) scrollTo(0);
  }, [query]);

  // What the next render is compared with. Rendered without the rows beyond the viewport: they
  // come once these results have been painted, and a render before that (a keystroke) puts them
  // off again (cleanup), so typing never renders them. So do the results past the first screen
  // (store.ts), which a list rendered whole asks for wherever it came from (a scroll, a view shown).
  useLayoutEffect(() => {
    shown.current = { rows, query, whole };
    if (whole) {
      withButtons.current = new Set([...rows.slice(range.start, range.end), ...pinned.map((index) => rows[index])].map((row) => row?.key ?? ''));
      store.wholeResults();
    } else
      return afterNextPaint(() => {
        shown.current.whole = true;
        // Here too, not only once rendered whole: the whole results then come in this render.
        store.wholeResults();
        renderAgain((count) => count + 1);
      });
  });

  // What the search matched in the names rendered, where marks are not elements (highlighted.tsx).
  useLayoutEffect(() => {
    if (containerRef.current) highlightMatches(containerRef.current, store.terms.peek());
  });

  // Focus for a row that had to be rendered first.
  useLayoutEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    pendingFocus.current = null;
    rowElement(containerRef.current, key)?.querySelector<HTMLElement>(RESULT_LINK)?.focus();
  });

  // Rows in edit mode, and the one whose destination picker is open: no link to move to.
  const isEditing = (row: Row) => {
    const state = renames.get(row.key);
    return (state !== undefined && !state.saving) || row.key === editing.movingKey;
  };

  /** Focuses the link of row `index`, scrolling it into view and rendering it first if need be. */
  function focusRow(index: number): void {
    const container = containerRef.current;
    const row = rows[index];
    if (!container || !row) return;
    const link = rowElement(container, row.key)?.querySelector<HTMLElement>(RESULT_LINK);
    if (link) {
      // Rendered (in view or in the overscan): the browser scrolls it into view as it focuses it.
      link.focus();
      return;
    }
    pendingFocus.current = row.key;
    scrollTo(scrollTopToShow(layout, index, container.scrollTop, viewportHeight(container)));
    renderAgain((count) => count + 1);
  }

  focusFirstRef.current = () => {
    const first = adjacentResult(rows, -1, 1, isEditing);
    if (first >= 0) focusRow(first);
    return first >= 0;
  };

  openFirstRef.current = () => {
    const first = adjacentResult(rows, -1, 1, isEditing);
    if (first < 0) return;
    // A search starts at the top, so its first result is rendered; as a link, it opens as one.
    const link = rowElement(containerRef.current, rows[first]!.key)?.querySelector<HTMLElement>(RESULT_LINK);
    if (link) link.click();
    else focusRow(first);
  };

  /**
   * ArrowUp/ArrowDown pressed anywhere in a result row (its link, its Rename or its ⋯): moves to the
   * previous or next document's link, or to the search box above the first one. Text fields are
   * left alone, where the arrows move the caret; so are rows in edit mode.
   */
  function onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') return onPagesKey(event);
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const target = event.target;
    if (!(target instanceof Element) || target instanceof HTMLInputElement) return;
    const rowElementOfTarget = target.closest('[data-row-key]');
    if (!rowElementOfTarget?.querySelector(RESULT_LINK)) return;
    const from = indexOfKey(rows, rowElementOfTarget.getAttribute('data-row-key'), range);
    if (from < 0) return;
    // Stops the list from scrolling as well as moving focus.
    event.preventDefault();
    const to = adjacentResult(rows, from, event.key === 'ArrowDown' ? 1 : -1, isEditing);
    if (to >= 0) focusRow(to);
    else if (event.key === 'ArrowUp') searchRef.current?.focus();
  }

  /**
   * → on a document's link unfolds its pages (and, already unfolded, moves to the first); ← on it,
   * or on the link of one of its pages, folds them, focus back on the document's link. Only on the
   * links: the rename field and the menus keep their arrows.
   */
  function onPagesKey(event: KeyboardEvent): void {
    const target = event.target;
    if (!(target instanceof HTMLAnchorElement) || !target.matches(RESULT_LINK) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const index = indexOfKey(rows, target.closest('[data-row-key]')?.getAttribute('data-row-key') ?? null, range);
    const row = rows[index];
    if (!row || (row.kind !== 'document' && row.kind !== 'page')) return;
    event.preventDefault();
    if (row.kind === 'page') {
      if (event.key !== 'ArrowLeft') return;
      // Focus first, while the page's link is still there to leave: then the pages go.
      let parent = index;
      while (parent > 0 && rows[--parent] !== row.parent);
      focusRow(parent);
      store.showPages(row.parent, false);
    } else if (event.key === 'ArrowLeft') store.showPages(row, false);
    else if (!store.unfoldedPages.peek().has(row.key)) store.showPages(row, true);
    // → held down unfolds and stays: only a new press goes into the pages.
    else if (!event.repeat && rows[index + 1]?.kind === 'page') focusRow(index + 1);
  }

  return (
    <div class="results" ref={containerRef} onKeyDown={onKeyDown}>
      {plan.map((node) =>
        node.kind === 'gap' ? (
          <Gap key={node.key} node={node} />
        ) : node.kind === 'row' ? (
          <ListingRow key={node.row.key} store={store} node={node} renames={renames} nested={nested} />
        ) : (
          <SiteSection key={node.key} store={store} node={node} renames={renames} moving={moving} nested={nested} withButtons={whole ? null : withButtons.current} />
        ),
      )}
    </div>
  );
}
