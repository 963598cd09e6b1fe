/**
 * A document's pages as rows of the listing (listing-rows.ts PageRow, PagesNoteRow): nested as
 * Grist nests them, and indexed once per listing and known pages so that a keystroke's search
 * (listing-search.ts) looks at the pages of the documents that have known pages only, with their
 * names already folded. Pure and DOM-free. Page names come from Grist: untrusted text, which the
 * view renders as text only.
 */
import { pagesKey, type KnownPages, type KnownPagesMap, type PageEntry } from '../shared/protocol/pages.ts';
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
export function pageRowKey(parent: DocumentItemRow, viewRef: number): string {
  return `${parent.key}>p${viewRef}`;
}

/** The rows of a document's pages, in Grist's order, each with its depth (pageDepths). */
export function pageRows(parent: DocumentItemRow, pages: readonly PageEntry[]): PageRow[] {
  const depths = pageDepths(pages);
  return pages.map((page, index) => ({ kind: 'page', key: pageRowKey(parent, page.viewRef), site: parent.site, parent, page, depth: depths[index]! }));
}

/** The note under a document unfolded whose pages are not shown ("Reading pages…", why not). */
export function pagesNoteRow(parent: DocumentItemRow, text: string): PagesNoteRow {
  return { kind: 'pages-note', key: `${parent.key}>note`, site: parent.site, parent, text };
}

/** The known pages of one document of the listing, as rows. */
export interface DocumentPages {
  /** null: Grist refused to say (KnownPages.pages null). */
  rows: PageRow[] | null;
  /** The pages' folded names, in the same order (empty for null). */
  folded: string[];
}

/** The documents of one workspace whose pages are known, by their index in PreparedWorkspace.documents. */
export interface WorkspacePages {
  byIndex: Map<number, DocumentPages>;
  /** Every folded name of them, documents' and pages', joined: a term none holds is missing in one look. */
  joined: string;
}

/** The known pages of a prepared listing's documents: by document row key, and by workspace for the search. */
export interface PagesIndex {
  byDocument: ReadonlyMap<string, DocumentPages>;
  byWorkspace: ReadonlyMap<PreparedWorkspace, WorkspacePages>;
}

/** A document's known pages as rows and folded names. */
function documentPages(parent: DocumentItemRow, known: KnownPages): DocumentPages {
  if (!known.pages) return { rows: null, folded: [] };
  return { rows: pageRows(parent, known.pages), folded: known.pages.map((page) => foldForSearch(page.name)) };
}

/**
 * Indexes the known pages of the documents `listing` lists (by the account that lists each:
 * SiteEntry.account, pagesKey). Out: null when none of them has known pages, so the search costs
 * what it did without pages. Called once per listing and known pages, never per keystroke: at
 * 20,000 documents it reads each one's key once, and folds the known pages' names.
 */
export function indexPages(listing: PreparedListing, known: KnownPagesMap): PagesIndex | null {
  const byDocument = new Map<string, DocumentPages>();
  const byWorkspace = new Map<PreparedWorkspace, WorkspacePages>();
  for (const account of listing.accounts) {
    for (const site of account.sites) {
      const siteAccount = site.heading.site.account;
      for (const workspace of site.workspaces) {
        let ofWorkspace: WorkspacePages | undefined;
        const { documents } = workspace;
        for (let index = 0; index < documents.length; index++) {
          const row = documents[index]!;
          const entry = known[pagesKey(siteAccount, row.document.id)];
          if (!entry) continue;
          const pages = documentPages(row, entry);
          byDocument.set(row.key, pages);
          if (!pages.rows) continue;
          if (!ofWorkspace) byWorkspace.set(workspace, (ofWorkspace = { byIndex: new Map(), joined: '' }));
          ofWorkspace.byIndex.set(index, pages);
          ofWorkspace.joined += `${foldForSearch(row.document.name)}\n${pages.folded.join('\n')}\n`;
        }
      }
    }
  }
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
