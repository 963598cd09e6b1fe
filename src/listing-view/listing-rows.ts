/**
 * The listing as the popup lays it out: one flat list of rows (account heading and error, with two
 * or more accounts; site heading, site error, workspace heading, "No documents." note, document),
 * each kind with a fixed height, so the position of any row is known without measuring the page.
 * The list view renders only the rows near the viewport (see results-list.tsx); everything here is
 * pure and DOM-free.
 *
 * Work is split by what it depends on: sorting, building row objects and folding names for search
 * happen once per listing (and are reused for the parts of a listing a rename left unchanged);
 * a keystroke only filters rows already built, and a scroll only does a binary search.
 */
import type { ErrorValue } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import type { AccountEntry, DocumentEntry, Listing, SiteEntry, WorkspaceEntry } from '../shared/listing.ts';
import { foldedMatches, foldForSearch, startsAWord } from '../shared/search.ts';

/**
 * Identifies a document's row: its site, its id and, with two or more accounts, the account that
 * lists it (two users of one server may both list it, each on a row of their own). With one
 * account there is none: the keys of 20,000 rows stay as short as they were.
 */
export interface DocumentRef {
  orgId: number;
  /** Its site's address (every row's ref has it): org and document ids are per server, and two servers restored from one backup share both. */
  siteUrl?: string;
  /** Unique per server, not across servers. */
  docId: string;
  account?: string;
}

/** The key part naming the account, when a ref has one. */
const accountPart = (account: string | undefined) => (account === undefined ? '' : `${account}/`);

/** A document's key among the rows, and in the store's `renames`. */
export function documentKey(ref: DocumentRef): string {
  return `${accountPart(ref.account)}${ref.orgId}/${ref.docId}`;
}

/** Identifies a workspace's heading, as DocumentRef does a document's row; `siteUrl` tells sites of two servers apart. */
export interface WorkspaceRef {
  orgId: number;
  siteUrl: string;
  workspaceId: number;
  account?: string;
}

/** A workspace heading's key among the rows, and in the store's `renames`. */
export function workspaceRowKey(ref: WorkspaceRef): string {
  return `w${accountPart(ref.account)}${ref.orgId}/${ref.workspaceId}`;
}

/** True when the listing heads each account's sites with it: it has two or more accounts. */
export function byAccount(listing: Listing | null): boolean {
  return (listing?.accounts?.length ?? 0) > 1;
}

/** An account's heading, above its sites (two or more accounts only). */
export interface AccountHeadingRow {
  kind: 'account';
  key: string;
  account: AccountEntry;
  /** Its place among the accounts, from 1: what names it before its user is known. */
  number: number;
}

/** Why an account's sites could not be listed, under its heading. */
export interface AccountErrorRow {
  kind: 'account-error';
  key: string;
  account: AccountEntry;
  error: ErrorValue;
  /** True when its sites below come from an earlier refresh. */
  earlier: boolean;
}

export type AccountRow = AccountHeadingRow | AccountErrorRow;

interface RowBase {
  /** Unique among the rows of one listing, and the same for the same thing across listings. */
  key: string;
  site: SiteEntry;
}

export interface SiteHeadingRow extends RowBase {
  kind: 'site';
}

export interface SiteErrorRow extends RowBase {
  kind: 'site-error';
  error: ErrorValue;
  /** True when the site's documents below come from an earlier refresh. */
  earlier: boolean;
}

/** "No documents." under a site that has none, or "Waiting for <host>…" under one not answered yet. */
export interface NoteRow extends RowBase {
  kind: 'note';
  text: string;
}

export interface WorkspaceHeadingRow extends RowBase {
  kind: 'workspace';
  workspace: WorkspaceEntry;
  ref: WorkspaceRef;
}

export interface DocumentItemRow extends RowBase {
  kind: 'document';
  workspace: WorkspaceEntry;
  document: DocumentEntry;
  ref: DocumentRef;
}

export type Row = AccountRow | SiteHeadingRow | SiteErrorRow | NoteRow | WorkspaceHeadingRow | DocumentItemRow;
/** The rows a site's section holds, besides its documents. */
export type SiteRow = SiteHeadingRow | SiteErrorRow | NoteRow | WorkspaceHeadingRow;

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
};

/** A document row in edit mode: the current name (and the character count), the field and its buttons. */
export const EDITING_ROW_HEIGHT = 54;
/** A document row in edit mode with an error under the field (up to three lines). */
export const EDITING_WITH_ERROR_ROW_HEIGHT = 110;
/** A document row with its destination picker open (the list inside scrolls). */
export const MOVING_ROW_HEIGHT = 300;

// --- Building the rows, once per listing -------------------------------------------------------

interface PreparedWorkspace {
  heading: WorkspaceHeadingRow;
  /** Pinned first, then most recently changed. */
  documents: DocumentItemRow[];
  /** The documents' folded names, in the same order; filled on the first search. */
  folded: string[] | null;
  /** The workspace's folded name; filled on the first search. */
  foldedName: string | null;
}

interface PreparedSite {
  heading: SiteHeadingRow;
  error: SiteErrorRow | null;
  /** "No documents." for a site that listed fine but has none; "Waiting for <host>…". */
  note: NoteRow | null;
  /** Its workspaces that hold documents: an empty one says nothing worth a row. */
  workspaces: PreparedWorkspace[];
  /** The site's folded name as shown (see siteDisplayName); filled on the first search. */
  foldedName: string | null;
}

/** One account's sites, under its heading (and error) with two or more accounts; with one, every site and no heading. */
interface PreparedAccount {
  rows: AccountRow[];
  sites: PreparedSite[];
  /** Its user's folded name and email, for the search; empty without a heading or a known user. */
  foldedName: string;
}

/** A listing turned into rows; `rows` is every row, in order, with no search applied. */
export interface PreparedListing {
  readonly accounts: readonly PreparedAccount[];
  readonly rows: readonly Row[];
}

// A rename replaces one document, its workspace and its site in the listing and keeps every other
// object as it was, so caching by object makes re-preparing after a rename touch only those. Keys
// differ with and without accounts (DocumentRef), so each has its own cache.
const preparedSites = new WeakMap<SiteEntry, PreparedSite>();
const preparedAccountSites = new WeakMap<SiteEntry, PreparedSite>();
const sortedDocuments = new WeakMap<WorkspaceEntry, DocumentEntry[]>();

/**
 * The order of `sortDocuments` (shared/listing.ts): pinned first, then the most recently changed.
 * Compares `updatedAt` by code unit rather than with `localeCompare`: Grist's timestamps are all
 * ISO 8601 in UTC of one format, where both give the same order, and this is several times faster
 * over 20,000 documents, on the way to the first paint.
 */
function byPinThenNewest(a: DocumentEntry, b: DocumentEntry): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  return a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0;
}

function prepareWorkspace(site: SiteEntry, account: string | undefined, workspace: WorkspaceEntry): PreparedWorkspace {
  const workspaceRef: WorkspaceRef = { orgId: site.orgId, siteUrl: site.siteUrl, workspaceId: workspace.id, account };
  const workspaceKey = workspaceRowKey(workspaceRef);
  let sorted = sortedDocuments.get(workspace);
  if (!sorted) {
    sorted = [...workspace.documents].sort(byPinThenNewest);
    sortedDocuments.set(workspace, sorted);
  }
  const documents = sorted.map((document): DocumentItemRow => {
    // Without an account the ref has no such property at all, rather than one more slot per row.
    const ref: DocumentRef = account === undefined ? { orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id } : { orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id, account };
    return { kind: 'document', key: documentKey(ref), site, workspace, document, ref };
  });
  return { heading: { kind: 'workspace', key: workspaceKey, site, workspace, ref: workspaceRef }, documents, folded: null, foldedName: null };
}

/** The name a site is shown by: "Personal" for the personal site, else its Grist name. */
export function siteDisplayName(site: SiteEntry): string {
  return site.personal ? t('personalSite') : site.name;
}

function prepareSite(site: SiteEntry, grouped: boolean): PreparedSite {
  const cache = grouped ? preparedAccountSites : preparedSites;
  let prepared = cache.get(site);
  if (prepared) return prepared;
  const account = grouped ? site.account : undefined;
  const key = `s${accountPart(account)}${site.orgId}`;
  const workspaces = site.workspaces.filter((workspace) => workspace.documents.length > 0).map((workspace) => prepareWorkspace(site, account, workspace));
  prepared = {
    heading: { kind: 'site', key, site },
    error: site.error ? { kind: 'site-error', key: `e${key}`, site, error: site.error, earlier: workspaces.length > 0 } : null,
    note: site.pending
      ? { kind: 'note', key: `n${key}`, site, text: t('waitingForHost', new URL(site.siteUrl).host) }
      : !site.error && workspaces.length === 0
        ? { kind: 'note', key: `n${key}`, site, text: t('noDocuments') }
        : null,
    workspaces,
    foldedName: null,
  };
  cache.set(site, prepared);
  return prepared;
}

/** An account's heading and error rows, and its sites (those of the listing that name it, in order). */
function prepareAccount(account: AccountEntry, index: number, sites: readonly SiteEntry[]): PreparedAccount {
  const prepared = sites.filter((site) => site.account === account.id).map((site) => prepareSite(site, true));
  const rows: AccountRow[] = [{ kind: 'account', key: `a${account.id}`, account, number: index + 1 }];
  if (account.error) rows.push({ kind: 'account-error', key: `ea${account.id}`, account, error: account.error, earlier: prepared.length > 0 });
  return { rows, sites: prepared, foldedName: account.user ? foldForSearch(`${account.user.name} ${account.user.email}`) : '' };
}

/** Sorts each workspace and builds every row of the listing. */
export function prepareListing(listing: Listing): PreparedListing {
  const accounts = byAccount(listing)
    ? listing.accounts!.map((account, index) => prepareAccount(account, index, listing.sites))
    : [{ rows: [], sites: listing.sites.map((site) => prepareSite(site, false)), foldedName: '' }];
  const rows: Row[] = [];
  for (const account of accounts) {
    rows.push(...account.rows);
    for (const site of account.sites) {
      rows.push(site.heading);
      if (site.error) rows.push(site.error);
      if (site.note) rows.push(site.note);
      for (const workspace of site.workspaces) {
        rows.push(workspace.heading);
        for (const document of workspace.documents) rows.push(document);
      }
    }
  }
  return { accounts, rows };
}

function foldedNames(workspace: PreparedWorkspace): string[] {
  // Folded once per prepared workspace, not kept by document: a map of 100,000 documents cost five
  // times the folding itself, and a refresh's documents are new objects anyway.
  return (workspace.folded ??= workspace.documents.map((row) => foldForSearch(row.document.name)));
}

/** Folds every name the search will look at, so the first keystroke does not pay for it. */
export function prepareSearch(listing: PreparedListing): void {
  for (const account of listing.accounts) {
    for (const site of account.sites) {
      site.foldedName ??= foldForSearch(siteDisplayName(site.heading.site));
      for (const workspace of site.workspaces) {
        workspace.foldedName ??= foldForSearch(workspace.heading.workspace.name);
        foldedNames(workspace);
      }
    }
  }
}

/**
 * The rows to show for a search, given its folded terms (`searchTerms`). No terms: every row.
 * Otherwise the documents for which each term is in the document's name, its workspace's, its
 * site's or its account's user's name or email (so "acme" shows every document of the Acme site,
 * "acme budget" its budgets), under their workspace, site and account headings (and the site's or
 * account's error, which still applies to them); and the documents whose keys are in `keep` (the
 * one being renamed stays in sight, whatever is typed). Workspaces, sites and accounts without a
 * match, and the notes, are left out.
 */
export function matchingRows(listing: PreparedListing, terms: readonly string[], keep: ReadonlySet<string> = new Set()): readonly Row[] {
  if (terms.length === 0) return listing.rows;
  const rows: Row[] = [];
  for (const account of listing.accounts) {
    // Its heading goes before the first of its rows shown, if any is.
    let accountShown = account.rows.length === 0;
    const showAccount = () => {
      if (!accountShown) rows.push(...account.rows);
      accountShown = true;
    };
    const leftByAccount = account.foldedName ? terms.filter((term) => !startsAWord(account.foldedName, term)) : terms;
    // An account found by its user that has no site to show: its heading and why.
    if (leftByAccount.length === 0 && account.sites.length === 0) showAccount();
    for (const site of account.sites) {
      let siteShown = false;
      const siteName = (site.foldedName ??= foldForSearch(siteDisplayName(site.heading.site)));
      const leftBySite = leftByAccount.filter((term) => !startsAWord(siteName, term));
      if (leftBySite.length === 0 && site.workspaces.length === 0) {
        // A site found by its name that has no documents to show: its heading and why.
        showAccount();
        rows.push(site.heading);
        if (site.error) rows.push(site.error);
        if (site.note) rows.push(site.note);
        continue;
      }
      for (const workspace of site.workspaces) {
        const folded = foldedNames(workspace);
        const workspaceName = (workspace.foldedName ??= foldForSearch(workspace.heading.workspace.name));
        // The terms the document's own name must hold: those neither the site nor the workspace does.
        const left = leftBySite.filter((term) => !startsAWord(workspaceName, term));
        let workspaceShown = false;
        for (let index = 0; index < folded.length; index++) {
          if (!foldedMatches(folded[index]!, left) && !(keep.size > 0 && keep.has(workspace.documents[index]!.key))) continue;
          if (!siteShown) {
            siteShown = true;
            showAccount();
            rows.push(site.heading);
            if (site.error) rows.push(site.error);
          }
          if (!workspaceShown) {
            workspaceShown = true;
            rows.push(workspace.heading);
          }
          rows.push(workspace.documents[index]!);
        }
      }
    }
  }
  return rows;
}

// --- Positions, once per set of rows -----------------------------------------------------------

/** Where each row sits: row `i` spans `offsets[i]` to `offsets[i + 1]`; `offsets[rows.length]` is the total. */
export interface RowLayout {
  readonly offsets: Float64Array;
  readonly total: number;
}

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
    top += (overridden ? heights.get(row.key) : undefined) ?? ROW_HEIGHTS[row.kind];
  }
  offsets[rows.length] = top;
  return { offsets, total: top };
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

/** How far beyond each edge of the viewport rows are rendered, in pixels. */
export const OVERSCAN = 600;
/**
 * The list is re-sliced only when the scroll position crosses a multiple of this, not on every
 * pixel: the slice covers the viewport wherever it is within the step, plus `OVERSCAN` each way.
 */
export const SCROLL_STEP = 200;

/** The scroll position the slice is computed for: `scrollTop` rounded down to a `SCROLL_STEP`. */
export function scrollAnchor(scrollTop: number): number {
  return Math.max(0, Math.floor(scrollTop / SCROLL_STEP) * SCROLL_STEP);
}

/**
 * The rows to render for a viewport of `viewportHeight` scrolled to `anchor` (see `scrollAnchor`):
 * those in view wherever the scroll position is within its step, and with `overscan` those within
 * `OVERSCAN` of them. An anchor past the end (the rows just got fewer) is taken as the bottom of the list.
 */
export function windowRange(layout: RowLayout, anchor: number, viewportHeight: number, overscan = true): RowRange {
  const top = Math.max(0, Math.min(anchor, layout.total - viewportHeight));
  const beyond = overscan ? OVERSCAN : 0;
  return rowsBetween(layout, top - beyond, top + SCROLL_STEP + viewportHeight + beyond);
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

// --- What to render ---------------------------------------------------------------------------

/** Empty space standing for rows not rendered. */
export interface GapNode {
  kind: 'gap';
  key: string;
  height: number;
}

/** A rendered row other than a document: a site's (in its section), or an account's (between sections). */
export interface RowNode<R extends Row = SiteRow> {
  kind: 'row';
  row: R;
  height: number;
}

/** Consecutive rendered documents of one workspace: one `<ul>`. */
export interface ListNode {
  kind: 'list';
  key: string;
  items: Array<{ row: DocumentItemRow; height: number }>;
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
export function renderPlan(rows: readonly Row[], layout: RowLayout, range: RowRange, pinned: readonly number[] = []): Array<GapNode | SiteNode | RowNode<AccountRow>> {
  const { offsets } = layout;
  const pinnedIndices = new Set(pinned.filter((index) => Number.isInteger(index) && index >= 0 && index < rows.length));
  const outside = [...pinnedIndices].filter((index) => index < range.start || index >= range.end).sort((a, b) => a - b);
  const indices = outside.filter((index) => index < range.start);
  for (let index = range.start; index < range.end; index++) indices.push(index);
  for (const index of outside) if (index >= range.end) indices.push(index);

  const plan: Array<GapNode | SiteNode | RowNode<AccountRow>> = [];
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
      // An account's heading or error: in no site's section.
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
    if (row.kind === 'document') {
      const workspaceKey = `list-w${row.site.account}/${row.site.orgId}/${row.workspace.id}`;
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
