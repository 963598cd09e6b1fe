/**
 * The popup's "Recently opened": the documents and pages opened from the extension (openedItem,
 * shared/rules/frecency.ts), highest score first, above the listing: the first RECENT_ROWS in an
 * empty search; in a search, those the search finds, so they rank first. Pure and DOM-free.
 *
 * Built for a popup over 20,000 documents: recentCandidates finds the opened records' documents
 * once per site and opened map (a pass over a site's rows that only asks a small Set whether each
 * document id was opened: no name folded, no key built, for a document not opened; kept by the
 * prepared site, which a rename or a refresh that left the site as it was keeps too), folds the
 * few hundred names found, and ranks them; a keystroke (recentRows) then looks at those few
 * hundred only, never at the listing. It runs once the popup is idle (store.ts), not on the
 * way to the cached open.
 * A document no longer listed, and a page whose name is not known (knownPagesItem), are left out.
 */
import { openKey, pagesKey, parseOpenKey, type KnownPagesMap, type OpenedMap, type PageEntry } from '../shared/protocol/pages.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';
import { byRank, scoreAt, type Ranked } from '../shared/rules/frecency.ts';
import { foldedMatches, foldForSearch, termsLeftBy } from '../shared/rules/search.ts';
import type { DocumentItemRow, PreparedListing, PreparedSite, RecentHeadingRow, RecentRow } from './listing-rows.ts';

/** How many "Recently opened" rows at most: a handful keeps the listing itself on the first screen. */
export const RECENT_ROWS = 5;

/** The heading, one for every popup. */
const HEADING: RecentHeadingRow = { kind: 'recent-heading', key: 'recent' };

/** The document ids an opened map names, one set per map: what the sites' passes are kept for. */
const wantedIds = new WeakMap<OpenedMap, ReadonlySet<string>>();

/** Each prepared site's rows of the documents opened, for the set of ids it was looked through for. */
const openedRowsOf = new WeakMap<PreparedSite, { wanted: ReadonlySet<string>; rows: DocumentItemRow[] }>();

/** The site's rows whose document id is in `wanted`: one pass over its rows, kept for that set. */
function openedRows(site: PreparedSite, wanted: ReadonlySet<string>): DocumentItemRow[] {
  const kept = openedRowsOf.get(site);
  if (kept?.wanted === wanted) return kept.rows;
  const rows: DocumentItemRow[] = [];
  for (const workspace of site.workspaces) {
    const documents = workspace.documents;
    for (let index = 0; index < documents.length; index++) {
      if (wanted.has(documents[index]!.document.id)) rows.push(documents[index]!);
    }
  }
  openedRowsOf.set(site, { wanted, rows });
  return rows;
}

/** One record opened, with what the search needs of it folded once. */
export interface RecentCandidate {
  row: RecentRow;
  /** The document's name, then the page's, folded. */
  folded: string;
  /** Its site's and workspace's names, folded. */
  foldedSite: string;
  foldedWorkspace: string;
}

/**
 * The opened records (`opened`, by openKey) that name a document of `listing` (and, for a page, one
 * of its known pages), best score at `now` first. Out: the candidates recentRows picks from.
 */
export function recentCandidates(listing: PreparedListing, opened: OpenedMap, knownPages: KnownPagesMap, now: number): RecentCandidate[] {
  const keys = Object.keys(opened);
  if (keys.length === 0) return [];
  let wanted = wantedIds.get(opened);
  if (!wanted) wantedIds.set(opened, (wanted = new Set(keys.map((key) => parseOpenKey(key).docId))));
  const rows = new Map<string, DocumentItemRow>();
  for (const account of listing.accounts) {
    for (const site of account.sites) {
      for (const row of openedRows(site, wanted)) {
        const key = openKey(row.site.account, row.document.id);
        if (!rows.has(key)) rows.set(key, row);
      }
    }
  }
  const candidates: Array<Ranked & { candidate: RecentCandidate }> = [];
  // Place names folded once each: many records share a site and a few workspaces.
  const places = new Map<object, string>();
  const foldedPlace = (place: object, name: () => string) => {
    let folded = places.get(place);
    if (folded === undefined) places.set(place, (folded = foldForSearch(name())));
    return folded;
  };
  for (const key of keys) {
    const { account, docId, viewRef } = parseOpenKey(key);
    const of = rows.get(openKey(account, docId));
    if (!of) continue;
    let page: PageEntry | null = null;
    if (viewRef !== undefined) {
      page = knownPages[pagesKey(account, docId)]?.pages?.find((entry) => entry.viewRef === viewRef) ?? null;
      // A page no longer known (gone, or its pages not read in this browser) cannot be named.
      if (!page) continue;
    }
    const name = page ? `${of.document.name} ${page.name}` : of.document.name;
    candidates.push({
      candidate: {
        row: { kind: 'recent', key: `r${key}`, of, page },
        folded: foldForSearch(name),
        foldedSite: foldedPlace(of.site, () => siteDisplayName(of.site)),
        foldedWorkspace: foldedPlace(of.workspace, () => of.workspace.name),
      },
      score: scoreAt(opened[key]!, now),
      isPage: page !== null,
    });
  }
  return candidates.sort(byRank).map(({ candidate }) => candidate);
}

/**
 * The rows above the listing for folded `terms`: the heading and the first `limit` candidates
 * (none: no heading either); in a search, the first `limit` the listing's rule finds (each term in
 * the name, a page's with its document's, or starting a word of its site's or workspace's name:
 * listing-search.ts). Given the rows it answered last (`previous`), answers that very array when
 * they are the same, so the list lays nothing out again.
 */
export function recentRows(candidates: readonly RecentCandidate[], terms: readonly string[], previous: readonly (RecentHeadingRow | RecentRow)[] = [], limit = RECENT_ROWS): ReadonlyArray<RecentHeadingRow | RecentRow> {
  const found: Array<RecentHeadingRow | RecentRow> = [];
  for (const candidate of candidates) {
    if (found.length === limit) break;
    if (terms.length > 0 && !foldedMatches(candidate.folded, termsLeftBy(terms, candidate.foldedSite, candidate.foldedWorkspace))) continue;
    found.push(candidate.row);
  }
  if (found.length > 0) found.unshift(HEADING);
  return found.length === previous.length && found.every((row, index) => row === previous[index]) ? previous : found;
}
