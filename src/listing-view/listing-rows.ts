/**
 * The listing as the popup lays it out, and its search: one flat list of rows (account heading and
 * error, with two or more accounts; site heading, site error, workspace heading, "No documents."
 * note, document), and the rows a search keeps. Every workspace is shown, an empty one too: its
 * heading is where New document reaches it, and the destination pickers offer it. Each kind has a
 * fixed height (row-window.ts), and the list view renders only the rows near the viewport (see
 * results-list.tsx); everything here is pure and DOM-free.
 *
 * Work is split by what it depends on: sorting, building row objects and folding names for search
 * happen once per listing (and are reused for the parts of a listing a rename left unchanged);
 * a keystroke only filters rows already built, and a scroll only does a binary search.
 */
import type { ErrorValue } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { siteDisplayName, type AccountEntry, type DocumentEntry, type Listing, type SiteEntry, type WorkspaceEntry } from '../shared/listing.ts';
import { foldedMatches, foldForSearch, termsLeftBy } from '../shared/search.ts';
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

export type Row = AccountRow | SiteHeadingRow | SiteErrorRow | NoteRow | WorkspaceHeadingRow | DocumentItemRow;
/** The rows a site's section holds, besides its documents. */
export type SiteRow = SiteHeadingRow | SiteErrorRow | NoteRow | WorkspaceHeadingRow;

// --- Building the rows, once per listing -------------------------------------------------------

interface PreparedWorkspace {
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

interface PreparedSite {
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

function foldedNames(workspace: PreparedWorkspace): string[] {
  // Folded once per prepared workspace, not kept by document: a map of 100,000 documents cost five
  // times the folding itself, and a refresh's documents are new objects anyway.
  return (workspace.folded ??= workspace.documents.map((row) => foldForSearch(row.document.name)));
}

/**
 * A workspace's folded names as one string: a term that none of them holds is then found missing
 * in one look, not one a name. A search whose first match is far down the listing ("42." of
 * 20,000 names, the first in the 17,000th) passes each workspace before it that way.
 */
function joinedNames(workspace: PreparedWorkspace): string {
  return (workspace.joined ??= foldedNames(workspace).join('\n'));
}

/**
 * Folds every document name the search will look at, and joins each workspace's, so the first
 * keystroke does not pay for it (site and workspace names, a hundred where documents are 20,000,
 * it folds as it reads them).
 */
export function prepareSearch(listing: PreparedListing): void {
  for (const account of listing.accounts) for (const site of account.sites) site.workspaces.forEach(joinedNames);
}

/**
 * The rows to show for a search, given its folded terms (`searchTerms`). No terms: every row.
 * Otherwise the documents for which each term is in the document's name, its workspace's, its
 * site's or its account's user's name or email (so "acme" shows every document of the Acme site,
 * "acme budget" its budgets), under their workspace, site and account headings (and the site's or
 * account's error, which still applies to them); and the documents whose keys are in `keep` (the
 * one being renamed stays in sight, whatever is typed). An empty workspace is shown by the same
 * rule, as a document with no name of its own would be: when its name, its site's or its
 * account's hold every term ("acme home" finds Acme's empty Home, and its New document).
 * Workspaces, sites and accounts without a match, and the notes, are left out. Given the rows it
 * answered last (`previous`), answers that very array when it finds the same rows, so the list sees nothing new and lays nothing out.
 * Given `among`, a search these terms narrow and its answer (see searchAnswers), with the same
 * `keep`, it looks only at the documents that one found (no other can match), and only for the
 * terms that one did not have (each of its documents has those). Given `limit`, it stops at the
 * document that brings the rows to that many: a search's first screen, where it finds more.
 */
export function matchingRows(
  listing: PreparedListing,
  terms: readonly string[],
  keep: ReadonlySet<string> = new Set(),
  previous: readonly Row[] = [],
  among?: { terms: readonly string[]; rows: readonly Row[] },
  limit = Infinity,
): readonly Row[] {
  if (terms.length === 0) return listing.rows;
  // Where `among` is read, at its next document: both are in the listing's order.
  let next = -1;
  // Never read past its end: a read there costs the optimised code.
  const skip = () => {
    if (among) while (++next < among.rows.length && among.rows[next]!.kind !== 'document');
  };
  skip();
  // The rows so far, as long as they are `previous`'s first ones: made only where they part (a
  // keystroke that keeps the results, most of them, makes no array of 20,000 rows to drop).
  let rows: Row[] | null = null;
  let count = 0;
  const push = (row: Row) => {
    if (!rows && previous[count] !== row) rows = previous.slice(0, count);
    rows?.push(row);
    count++;
  };
  rows: for (const account of listing.accounts) {
    // Its heading goes before the first of its rows shown, if any is.
    let accountShown = account.rows.length === 0;
    const showAccount = () => {
      if (!accountShown) account.rows.forEach(push);
      accountShown = true;
    };
    const leftByAccount = account.foldedName ? termsLeftBy(terms, account.foldedName) : terms;
    // An account found by its user that has no site to show: its heading and why.
    if (leftByAccount.length === 0 && account.sites.length === 0) showAccount();
    for (const site of account.sites) {
      let siteShown = false;
      // Its heading (and error) go before the first of its rows shown, if any is.
      const showSite = () => {
        if (siteShown) return;
        siteShown = true;
        showAccount();
        push(site.heading);
        if (site.error) push(site.error);
      };
      const siteName = (site.foldedName ??= foldForSearch(siteDisplayName(site.heading.site)));
      const leftBySite = termsLeftBy(leftByAccount, siteName);
      if (leftBySite.length === 0 && site.workspaces.length === 0) {
        // A site found by its name that lists no workspace: its heading and why.
        showAccount();
        push(site.heading);
        if (site.error) push(site.error);
        if (site.note) push(site.note);
        continue;
      }
      for (const workspace of site.workspaces) {
        const workspaceName = (workspace.foldedName ??= foldForSearch(workspace.heading.workspace.name));
        if (!workspace.documents.length) {
          // Not among `among`'s rows, which only name documents: its names are read instead, a few.
          if (termsLeftBy(leftBySite, workspaceName).length > 0) continue;
          showSite();
          push(workspace.heading);
          if (count >= limit) break rows;
          continue;
        }
        // None of its documents among those `among` found: they would be next.
        if (among && (next === among.rows.length || (among.rows[next] as DocumentItemRow).workspace !== workspace.heading.workspace)) continue;
        const folded = foldedNames(workspace);
        // The terms the document's own name must hold: those neither the site nor the workspace does,
        // nor the search narrowed (each document it found has them).
        const byPlace = termsLeftBy(leftBySite, workspaceName);
        const left = among ? byPlace.filter((term) => !among.terms.includes(term)) : byPlace;
        // No name of it holds every term: none of its documents is shown (but those kept, and
        // those `among` found, which the loop below must pass).
        if (!among && keep.size === 0 && !foldedMatches(joinedNames(workspace), left)) continue;
        let workspaceShown = false;
        for (let index = 0; index < folded.length; index++) {
          if (among) {
            // None of the workspace's other documents is among them.
            if (next === among.rows.length) break;
            if (among.rows[next] !== workspace.documents[index]) continue;
            skip();
          }
          if (!foldedMatches(folded[index]!, left) && !(keep.size > 0 && keep.has(workspace.documents[index]!.key))) continue;
          showSite();
          if (!workspaceShown) {
            workspaceShown = true;
            push(workspace.heading);
          }
          push(workspace.documents[index]!);
          if (count >= limit) break rows;
        }
      }
    }
  }
  return rows ?? (count === previous.length ? previous : previous.slice(0, count));
}

/**
 * A search as it is typed: `matchingRows`, answering from what it answered before where it can.
 * It keeps the answers of one line of queries, each narrowing the one before (each of whose terms
 * begins one of its own: every document it matches, that one matched), from the listing (and
 * `keep`) it answered for: a query on that line gets its answer again (a backspace), and one that
 * narrows a query on it is looked for among that query's rows only, when they are fewer than half
 * the listing's rows. In and out: as matchingRows, `keep` compared by identity. Given `limit`, a
 * query that finds that many rows or more answers its first ones only (matchingRows), and that
 * answer is not kept: the same query without a limit looks for them all.
 */
export function searchAnswers(): (listing: PreparedListing, terms: readonly string[], keep: ReadonlySet<string>, previous: readonly Row[], limit?: number) => readonly Row[] {
  let answers: Array<{ terms: readonly string[]; rows: readonly Row[] }> = [];
  let answeredFor: [PreparedListing?, ReadonlySet<string>?] = [];
  return (listing, terms, keep, previous, limit = Infinity) => {
    // No terms, every row: the answers stay, for the query typed next.
    if (terms.length === 0) return listing.rows;
    if (answeredFor[0] !== listing || answeredFor[1] !== keep) answers = [];
    answeredFor = [listing, keep];
    const query = terms.join(' ');
    const again = answers.find((answer) => answer.terms.join(' ') === query);
    if (again) return again.rows;
    let narrowed = answers.length;
    while (narrowed > 0 && !answers[narrowed - 1]!.terms.every((earlier) => terms.some((term) => term.startsWith(earlier)))) narrowed--;
    // Read through, an answer that kept most of the listing costs more than the listing's own names.
    const narrows = answers[narrowed - 1];
    const rows = matchingRows(listing, terms, keep, previous, narrows && narrows.rows.length * 2 < listing.rows.length ? narrows : undefined, limit);
    if (rows.length < limit) answers = [...answers.slice(0, narrowed), { terms, rows }];
    return rows;
  };
}
