/**
 * The listing as the popup lays it out: one flat list of rows (account heading and error, with two
 * or more accounts; site heading, site error, workspace heading, "No documents." note, document).
 * Every workspace is shown, an empty one too: its heading is where New document reaches it, and
 * the destination pickers offer it. Each kind has a fixed height (row-window.ts), and the list view
 * renders only the rows near the viewport (see results-list.tsx); the rows a search keeps are
 * listing-search.ts's. Everything here is pure and DOM-free.
 *
 * Work is split by what it depends on: sorting, building row objects and folding names for search
 * happen once per listing (and are reused for the parts of a listing a rename left unchanged);
 * a keystroke only filters rows already built, and a scroll only does a binary search.
 */
import type { ErrorValue } from '../shared/protocol/errors.ts';
import { t } from '../shared/i18n.ts';
import { siteDisplayName, type AccountEntry, type DocumentEntry, type Listing, type SiteEntry, type WorkspaceEntry } from '../shared/protocol/listing.ts';
import { foldForSearch } from '../shared/rules/search.ts';
import type { PageEntry } from '../shared/protocol/pages.ts';
import { accountPart, documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef } from './row-identity.ts';

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

/** "No documents." under a site that lists no workspace, or "Waiting for <host>…" under one not answered yet. */
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

/** A page of a document, under its document's row: its pages unfolded, or found by a search. */
export interface PageRow extends RowBase {
  kind: 'page';
  /** The document's row it is under. */
  parent: DocumentItemRow;
  page: PageEntry;
  /** Its nesting under the document: 0 for a page at the top. */
  depth: number;
}

/** Under a document unfolded: "Reading pages…", "Pages are not available for this document", or why they could not be read. */
export interface PagesNoteRow extends RowBase {
  kind: 'pages-note';
  parent: DocumentItemRow;
  text: string;
}

/** "Recently opened", above the listing. In no site's section (no `site`). */
export interface RecentHeadingRow {
  kind: 'recent-heading';
  key: string;
}

/** A document or page opened recently, under "Recently opened": its document's row, and the page if it is one. In no site's section. */
export interface RecentRow {
  kind: 'recent';
  key: string;
  of: DocumentItemRow;
  page: PageEntry | null;
}

export type Row = AccountRow | SiteHeadingRow | SiteErrorRow | NoteRow | WorkspaceHeadingRow | DocumentItemRow | PageRow | PagesNoteRow | RecentHeadingRow | RecentRow;
/** The rows a site's section holds, besides its documents. */
export type SiteRow = SiteHeadingRow | SiteErrorRow | NoteRow | WorkspaceHeadingRow;

// --- Building the rows, once per listing -------------------------------------------------------

export interface PreparedWorkspace {
  heading: WorkspaceHeadingRow;
  /** Pinned first, then most recently changed. */
  documents: DocumentItemRow[];
  /** The documents' folded names, in the same order; filled on the first search. */
  folded: string[] | null;
  /** The same, joined by line breaks (no term holds one); filled on the first search. */
  joined: string | null;
  /** The workspace's folded name; filled on the first search. */
  foldedName: string | null;
}

export interface PreparedSite {
  heading: SiteHeadingRow;
  error: SiteErrorRow | null;
  /** "No documents." for a site that listed fine but has no workspace; "Waiting for <host>…". */
  note: NoteRow | null;
  /** Its workspaces, the empty ones too (their heading says so). */
  workspaces: PreparedWorkspace[];
  /** The site's folded name as shown (see siteDisplayName); filled on the first search. */
  foldedName: string | null;
}

/** One account's sites, under its heading (and error) with two or more accounts; with one, every site and no heading. */
export interface PreparedAccount {
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
 * The order of `sortDocuments` (shared/protocol/listing.ts): pinned first, then the most recently changed.
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
  return { heading: { kind: 'workspace', key: workspaceKey, site, workspace, ref: workspaceRef }, documents, folded: null, joined: null, foldedName: null };
}

/**
 * A site as a notice names it ("Globex Inc did not answer"): its name as shown, with its host where
 * the host says more. A site at the root of a host of its own (a getgrist.com team, a custom or
 * single-org host) is reached, or not, by that host; the teams of a server with teams in the path
 * (`/o/<team>`) share one host, which tells none of them apart.
 */
export function siteLabel(site: SiteEntry): string {
  const { host, pathname } = new URL(site.siteUrl);
  return pathname.length > 1 ? siteDisplayName(site) : `${siteDisplayName(site)} (${host})`;
}

function prepareSite(site: SiteEntry, grouped: boolean): PreparedSite {
  const cache = grouped ? preparedAccountSites : preparedSites;
  let prepared = cache.get(site);
  if (prepared) return prepared;
  const account = grouped ? site.account : undefined;
  const key = `s${accountPart(account)}${site.orgId}`;
  const workspaces = site.workspaces.map((workspace) => prepareWorkspace(site, account, workspace));
  prepared = {
    heading: { kind: 'site', key, site },
    error: site.error ? { kind: 'site-error', key: `e${key}`, site, error: site.error, earlier: workspaces.length > 0 } : null,
    note: site.pending
      ? { kind: 'note', key: `n${key}`, site, text: t('waitingForSite', siteLabel(site)) }
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
