/**
 * A document's pages as rows of the listing (listing-rows.ts PageRow, PagesNoteRow): nested as
 * Grist nests them, and indexed once per listing and known pages so that a keystroke's search
 * (listing-search.ts) looks at the pages of the documents that have known pages only, with their
 * names already folded. Pure and DOM-free. Page names come from Grist: untrusted text, which the
 * view renders as text only.
 */
import { pagesKey, parseOpenKey, type KnownPages, type KnownPagesMap, type PageEntry } from '../shared/protocol/pages.ts';
import { foldForSearch } from '../shared/rules/search.ts';
import type { DocumentItemRow, PageRow, PagesNoteRow, PreparedListing, PreparedWorkspace, Row } from './listing-rows.ts';

/**
 * Each page's nesting under its document, from Grist's `indentation` (docs/grist-api.md "Pages of
 * a document"): one more than the page before nests it under that page. A jump of more than one
 * (a page removed from between, or a value Grist's own page tree would not draw) is taken as one
 * more, the first page is at the top whatever it says, and a negative or non-integer one is read
 * as the nearest level it can be. In: the pages in Grist's order. Out: one depth each, from 0.
 */
export function pageDepths(pages: readonly PageEntry[]): number[] {
  const depths: number[] = [];
  let previous = -1;
  for (const page of pages) {
    const indentation = Number.isFinite(page.indentation) ? Math.floor(page.indentation) : 0;
    const depth = Math.max(0, Math.min(indentation, previous + 1));
    depths.push(depth);
    previous = depth;
  }
  return depths;
}

/** A page row's key: its document's and its view's, so it stays the same when the pages move or the listing is refreshed. */
function pageRowKey(parent: DocumentItemRow, viewRef: number): string {
  return `${parent.key}>p${viewRef}`;
}

/**
 * A listed document's pages in `known` (by pagesKey: the account that lists it, as SiteEntry.account
 * says, and its id). Out: undefined while they are not known.
 */
export function knownPagesOf(row: DocumentItemRow, known: KnownPagesMap): KnownPages | undefined {
  return known[pagesKey(row.site.account, row.document.id)];
}

/** The rows of a document's pages, in Grist's order, each with its depth (pageDepths). */
function pageRows(parent: DocumentItemRow, pages: readonly PageEntry[]): PageRow[] {
  const depths = pageDepths(pages);
  return pages.map((page, index) => ({ kind: 'page', key: pageRowKey(parent, page.viewRef), site: parent.site, parent, page, depth: depths[index]! }));
}

/** The note under a document unfolded whose pages are not shown ("Reading pages…", why not). */
function pagesNoteRow(parent: DocumentItemRow, text: string): PagesNoteRow {
  return { kind: 'pages-note', key: `${parent.key}>note`, site: parent.site, parent, text };
}

/** The known pages of one document of the listing, as rows. */
export interface DocumentPages {
  /** null: Grist refused to say (KnownPages.pages null). */
  rows: PageRow[] | null;
  /** The pages' folded names, in the same order (empty for null). */
  folded: string[];
  /** The document's folded name and its pages', each followed by a line feed: its part of WorkspacePages.joined. */
  lines: string;
}

/** The documents of one workspace whose pages are known, by their index in PreparedWorkspace.documents. */
export interface WorkspacePages {
  /** As long as the workspace's documents; empty where a document's pages are not known (an array: a keystroke looks each document up). */
  byIndex: Array<DocumentPages | undefined>;
  /** Their indices, in order: a search none of the workspace's names answers looks at these only. */
  indices: number[];
  /** Every folded name of them, documents' and pages', joined: a term none holds is missing in one look. */
  joined: string;
}

/** The known pages of a prepared listing's documents: by document row key, and by workspace for the search. */
export interface PagesIndex {
  byDocument: ReadonlyMap<string, DocumentPages>;
  byWorkspace: ReadonlyMap<PreparedWorkspace, WorkspacePages>;
}

/** Where a document is in a prepared listing: the account that lists it, its workspace and its index there. */
interface DocumentPlace {
  account: string;
  workspace: PreparedWorkspace;
  index: number;
}

// By document id, made once per prepared listing: known pages are a few thousand at most, the
// documents 20,000, and looking each document up in the known pages by a key made for it cost
// 30 to 90 ms on a loaded machine where this costs a few.
const placesOf = new WeakMap<PreparedListing, Map<string, DocumentPlace[]>>();
// A document's pages as rows, kept while its row and its known pages are the same objects: a
// read that brings one document's pages folds that one's names only.
const madePages = new WeakMap<DocumentItemRow, { known: KnownPages; pages: DocumentPages }>();

function documentPlaces(listing: PreparedListing): Map<string, DocumentPlace[]> {
  let places = placesOf.get(listing);
  if (places) return places;
  places = new Map();
  for (const account of listing.accounts) {
    for (const site of account.sites) {
      const siteAccount = site.heading.site.account;
      for (const workspace of site.workspaces) {
        const { documents } = workspace;
        for (let index = 0; index < documents.length; index++) {
          const place = { account: siteAccount, workspace, index };
          const id = documents[index]!.document.id;
          const same = places.get(id);
          if (same) same.push(place);
          else places.set(id, [place]);
        }
      }
    }
  }
  placesOf.set(listing, places);
  return places;
}

/** A document's known pages as rows and folded names. */
function documentPages(parent: DocumentItemRow, known: KnownPages): DocumentPages {
  const made = madePages.get(parent);
  if (made?.known === known) return made.pages;
  const folded = known.pages ? known.pages.map((page) => foldForSearch(page.name)) : [];
  // Folded once per document and known pages, not at each indexing (2,000 names each time).
  const pages = { rows: known.pages ? pageRows(parent, known.pages) : null, folded, lines: `${foldForSearch(parent.document.name)}\n${folded.join('\n')}\n` };
  madePages.set(parent, { known, pages });
  return pages;
}

/**
 * Indexes the known pages of the documents `listing` lists (by the account that lists each:
 * SiteEntry.account, pagesKey). Out: null when none of them has known pages, so the search costs
 * what it did without pages. Called once per listing and known pages, never per keystroke: it
 * looks each known document up by its id, and folds the names of pages not indexed before.
 */
export function indexPages(listing: PreparedListing, known: KnownPagesMap): PagesIndex | null {
  const byDocument = new Map<string, DocumentPages>();
  const byWorkspace = new Map<PreparedWorkspace, WorkspacePages>();
  const places = documentPlaces(listing);
  for (const key in known) {
    const { account, docId } = parseOpenKey(key);
    const ofId = places.get(docId);
    if (!ofId) continue;
    for (const { account: listedBy, workspace, index } of ofId) {
      if (listedBy !== account) continue;
      const row = workspace.documents[index]!;
      const pages = documentPages(row, known[key]!);
      byDocument.set(row.key, pages);
      if (!pages.rows) continue;
      let ofWorkspace = byWorkspace.get(workspace);
      if (!ofWorkspace) byWorkspace.set(workspace, (ofWorkspace = { byIndex: new Array<DocumentPages | undefined>(workspace.documents.length), indices: [], joined: '' }));
      ofWorkspace.byIndex[index] = pages;
      ofWorkspace.indices.push(index);
      ofWorkspace.joined += pages.lines;
    }
  }
  for (const ofWorkspace of byWorkspace.values()) ofWorkspace.indices.sort((a, b) => a - b);
  return byDocument.size ? { byDocument, byWorkspace } : null;
}

/**
 * The rows with every unfolded document's pages under it: all of them (replacing the pages a
 * search found under it), or its note (`notes`: "Reading pages…", why they could not be read) while
 * they are not known, "Pages are not available" when Grist refused. `unfolded`: document row keys.
 * Out: `rows` itself when no document of it is unfolded (the list lays nothing out again).
 */
export function withUnfolded(
  rows: readonly Row[],
  unfolded: ReadonlySet<string>,
  pages: PagesIndex | null,
  notes: ReadonlyMap<string, string>,
  notAvailable: string,
): readonly Row[] {
  if (unfolded.size === 0) return rows;
  let out: Row[] | null = null;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (row.kind !== 'document' || !unfolded.has(row.key)) {
      // The pages a search found under an unfolded document: all of them are there instead.
      if ((row.kind === 'page' || row.kind === 'pages-note') && unfolded.has(row.parent.key)) {
        out ??= rows.slice(0, index);
        continue;
      }
      out?.push(row);
      continue;
    }
    out ??= rows.slice(0, index);
    out.push(row);
    const known = pages?.byDocument.get(row.key);
    const note = notes.get(row.key);
    if (known?.rows) out.push(...known.rows);
    else if (known) out.push(pagesNoteRow(row, notAvailable));
    else if (note !== undefined) out.push(pagesNoteRow(row, note));
  }
  return out ?? rows;
}
