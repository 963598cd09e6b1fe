/**
 * The listing's rows on screen: each kind's fixed height, where each row sits (offsets, so the
 * position of any row is known without measuring the page), how the popup's list is windowed
 * (windowing.ts), and the plan of what the view renders for the rows a scroll position shows
 * (gaps for the rows out of view). Pure and DOM-free.
 */
import type { SiteEntry } from '../shared/protocol/listing.ts';
import type { AccountRow, DocumentItemRow, PageRow, PagesNoteRow, RecentHeadingRow, RecentRow, Row, SiteRow } from './listing-rows.ts';
import type { RowLayout, RowRange, WindowOptions } from './windowing.ts';

/**
 * Each kind's height in CSS pixels, set inline on the row's element; popup.css lays each kind out
 * to fit (long text is cut with an ellipsis or a line clamp, never wrapped onto more lines).
 */
export const ROW_HEIGHTS: Readonly<Record<Row['kind'], number>> = {
  // Two lines of heading: a user's name, email and server.
  account: 52,
  'account-error': 104,
  site: 34,
  'site-error': 104,
  note: 22,
  workspace: 28,
  document: 30,
  page: 26,
  'pages-note': 22,
  'recent-heading': 28,
  recent: 30,
};

/**
 * The most rows a keystroke's render can show: a popup's list at its tallest (600 px, Chrome's
 * cap) filled with the shortest rows a search shows, and one more cut by its bottom edge. Those
 * are 28 px at the least: a workspace's heading; a note (22 px) only under its site's (34 px).
 */
export const FIRST_SCREEN_ROWS = 23;

/** A document row in edit mode: the current name (and the character count), the field and its buttons. */
export const EDITING_ROW_HEIGHT = 54;
/** A document row in edit mode with an error under the field (up to three lines). */
export const EDITING_WITH_ERROR_ROW_HEIGHT = 110;
/** A document row with its destination picker open (the list inside scrolls). */
export const MOVING_ROW_HEIGHT = 300;
/** A document row with its copy form open: the picker, under the name and template box, over Copy and Cancel. */
export const COPYING_ROW_HEIGHT = 390;

/**
 * Lays the rows out one under the other. `heights` overrides the height of some rows by key (the
 * few documents in edit mode); every other row has its kind's height.
 */
export function layoutRows(rows: readonly Row[], heights: ReadonlyMap<string, number> = new Map()): RowLayout {
  const offsets = new Float64Array(rows.length + 1);
  let top = 0;
  const overridden = heights.size > 0;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    offsets[index] = top;
    // Documents, nearly every row, without a lookup by kind.
    top += (overridden ? heights.get(row.key) : undefined) ?? (row.kind === 'document' ? ROW_HEIGHTS.document : ROW_HEIGHTS[row.kind]);
  }
  offsets[rows.length] = top;
  return { offsets, total: top };
}

/** How far beyond each edge of the viewport rows are rendered, in pixels. */
export const OVERSCAN = 600;
/**
 * The list is re-sliced only when the scroll position crosses a multiple of this, not on every
 * pixel: the slice covers the viewport wherever it is within the step, plus `OVERSCAN` each way.
 */
export const SCROLL_STEP = 200;
/** How the popup's list is windowed (windowing.ts). */
export const LIST_WINDOW: WindowOptions = { overscan: OVERSCAN, step: SCROLL_STEP };

// --- What to render ---------------------------------------------------------------------------

/** Empty space standing for rows not rendered. */
export interface GapNode {
  kind: 'gap';
  key: string;
  height: number;
}

/** The rows in no site's section: an account's heading and error, Recently opened (recent-rows.ts). */
export type BetweenSectionsRow = AccountRow | RecentHeadingRow | RecentRow;

/** A rendered row other than a document: a site's (in its section), or one between sections (BetweenSectionsRow). */
export interface RowNode<R extends Row = SiteRow> {
  kind: 'row';
  row: R;
  height: number;
}

/** A row of a workspace's list: a document, or one of its pages or its pages' note under it (issue 52). */
type ListItemRow = DocumentItemRow | PageRow | PagesNoteRow;

/** Consecutive rendered documents of one workspace, with their pages: one `<ul>`. */
export interface ListNode {
  kind: 'list';
  key: string;
  items: Array<{ row: ListItemRow; height: number }>;
}

/** The rendered rows of one site: one `<section>`. */
export interface SiteNode {
  kind: 'site';
  key: string;
  site: SiteEntry;
  children: Array<GapNode | RowNode | ListNode>;
}

/**
 * Groups the rows to render into sites and lists, with gaps for the rows in between, so the
 * rendered rows sit exactly where the full list would put them. Renders `range` and the rows at
 * `pinned` (indices, in or out of the range: the row holding focus, a row about to get it).
 *
 * A workspace's documents can come out as more than one list when a pinned row is far from the
 * range. Keys are chosen so that the list holding a pinned row keeps its workspace's key whether
 * the range is around it or not: its elements, and the focus in them, then survive the range
 * moving away and back.
 */
export function renderPlan(rows: readonly Row[], layout: RowLayout, range: RowRange, pinned: readonly number[] = []): Array<GapNode | SiteNode | RowNode<BetweenSectionsRow>> {
  const { offsets } = layout;
  const pinnedIndices = new Set(pinned.filter((index) => Number.isInteger(index) && index >= 0 && index < rows.length));
  const outside = [...pinnedIndices].filter((index) => index < range.start || index >= range.end).sort((a, b) => a - b);
  const indices = outside.filter((index) => index < range.start);
  for (let index = range.start; index < range.end; index++) indices.push(index);
  for (const index of outside) if (index >= range.end) indices.push(index);

  const plan: Array<GapNode | SiteNode | RowNode<BetweenSectionsRow>> = [];
  /** Lists by workspace, to key them once all are known. */
  const lists = new Map<string, Array<{ list: ListNode; pinned: boolean; inRange: boolean }>>();
  let site: SiteNode | null = null;
  let list: { list: ListNode; pinned: boolean; inRange: boolean } | null = null;
  let next = 0; // the first row neither rendered yet nor covered by a gap
  for (const index of indices) {
    const row = rows[index]!;
    const height = offsets[index + 1]! - offsets[index]!;
    const sameSite = site !== null && 'site' in row && site.site === row.site;
    if (index > next) {
      const gap: GapNode = { kind: 'gap', key: `gap-${row.key}`, height: offsets[index]! - offsets[next]! };
      list = null;
      if (sameSite) site!.children.push(gap);
      else plan.push(gap);
    }
    next = index + 1;
    if (!('site' in row)) {
      // An account's heading or error, or Recently opened: in no site's section.
      plan.push({ kind: 'row', row, height });
      site = null;
      continue;
    }
    if (!sameSite) {
      // Keyed by account too, whether the rows are: two accounts may list the same site.
      site = { kind: 'site', key: `s${row.site.account}/${row.site.orgId}`, site: row.site, children: [] };
      plan.push(site);
      list = null;
    }
    if (row.kind === 'document' || row.kind === 'page' || row.kind === 'pages-note') {
      // A page, or its note, in its document's workspace's list, after its document.
      const workspace = row.kind === 'document' ? row.workspace : row.parent.workspace;
      const workspaceKey = `list-w${row.site.account}/${row.site.orgId}/${workspace.id}`;
      if (!list || list.list.key !== workspaceKey) {
        list = { list: { kind: 'list', key: workspaceKey, items: [] }, pinned: false, inRange: false };
        site!.children.push(list.list);
        const ofWorkspace = lists.get(workspaceKey);
        if (ofWorkspace) ofWorkspace.push(list);
        else lists.set(workspaceKey, [list]);
      }
      list.pinned ||= pinnedIndices.has(index);
      list.inRange ||= index >= range.start && index < range.end;
      list.list.items.push({ row, height });
    } else {
      list = null;
      site!.children.push({ kind: 'row', row, height });
    }
  }
  if (next < rows.length) plan.push({ kind: 'gap', key: 'gap-end', height: layout.total - offsets[next]! });

  // The workspace's key goes to its first list holding a pinned row, or else to the one in the range.
  for (const [workspaceKey, ofWorkspace] of lists) {
    if (ofWorkspace.length === 1) continue;
    const holder = ofWorkspace.find((entry) => entry.pinned) ?? ofWorkspace.find((entry) => entry.inRange) ?? ofWorkspace[0]!;
    for (const entry of ofWorkspace) {
      if (entry === holder) continue;
      entry.list.key = entry.inRange ? `${workspaceKey}~range` : `${workspaceKey}~${entry.list.items[0]!.row.key}`;
    }
  }
  return plan;
}
