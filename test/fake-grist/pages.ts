/**
 * The fake Grist's pages of a document (docs/grist-api.md "Pages of a document"): the one `sql`
 * query that reads them, the two metadata tables it joins, and the controls tests change them with.
 * They answer as grist-core's DocApi.ts does:
 * - Who: anyone who may view the document (DocApi `canView`); one in the trash is 404 "Document is
 *   deleted", one addressed on another site 404 "document not found" (server.ts `requireDoc`).
 * - `GET /api/docs/<id>/sql?q=`: `{"statement": q, "records": [{"fields": {...}}]}` (DocApi `_runSql`).
 *   It needs the right to copy everything (`canCopyEverything`), as a `.grist` download does: a
 *   document whose access rules hide data (`hidesData`) refuses it to non-owners, and one marked
 *   `pagesRefused` to everyone: 403 "insufficient document access" (grist-core source; not tried on
 *   the real server). Without `q`: 400 "q parameter should be a string: undefined"; a statement
 *   without `select`: 400 "only select statements are supported" (both DocApi). The fake runs no
 *   SQL: it knows PAGES_QUERY only (whitespace, case and a final `;` aside) and answers any other
 *   select 400 as Grist answers an SQLite error, `{"error": "SQLITE_ERROR: ..."}`, in its own words
 *   (assumed: the fake's limit, not Grist's behaviour).
 * - `GET /api/docs/<id>/tables/_grist_Pages/records` and `.../_grist_Views/records`: `{"records":
 *   [{"id", "fields"}]}` in row order (not Grist's page order), the fields of grist-core's schema
 *   (`app/common/schema.ts`). A document marked `pagesRefused: 'both'` refuses them: 403 "Blocked
 *   by table read access rules" (grist-core GranularAccess `AccessCheck.throwIfDenied`, without its
 *   `details`; that a real document's rules refuse metadata tables so is assumed). Grist censors
 *   the names of views a non-owner may not read; the fake does not.
 */
import { documentTables } from './downloads.ts';
import { GristError } from './grist-error.ts';
import type { HomeDatabase } from './home-database.ts';
import type { SeedDoc, SeedPage } from './sample-data.ts';
import type { ApiRequest } from './server.ts';

/** The query of docs/grist-api.md "Pages of a document": a document's pages in order, each with its view's name. */
export const PAGES_QUERY = 'select p.id, p.viewRef, p.indentation, p.pagePos, v.name from _grist_Pages p join _grist_Views v on v.id = p.viewRef order by p.pagePos';

/** A page as a test gives it to `setPages`, in Grist's order. */
export interface PageSpec {
  name: string;
  /** Default: its index + 1. Also its `_grist_Pages` row id. */
  viewRef?: number;
  /** Default 0. */
  indentation?: number;
}

/** How a document's access rules treat its pages: `sql` refuses the `sql` read, `both` the metadata tables too, `none` neither. */
export type PagesRefusal = 'sql' | 'both' | 'none';

/** What the server finds a request's document with, as its other endpoints do. */
export interface PageDocumentFinder {
  /** With `inTrash`, a document in the trash too (404 "document not found" otherwise, and on another site). */
  requireDoc(ref: string, request: ApiRequest, inTrash?: boolean): SeedDoc;
}

type Route = [method: string, path: RegExp, handler: (id: string, request: ApiRequest) => unknown];

/**
 * A document's pages in the order of their rows: as stored, or, never set, one page per table (its
 * name, row id = viewRef = position = the table's index + 1: a new Grist document's Table1 has
 * page 1 of view 1). A copy's are its source's, as a copy holds its source's tables.
 */
export function documentPages(database: HomeDatabase, doc: SeedDoc): SeedPage[] {
  if (doc.pages) return doc.pages;
  const source = doc.copyOf && database.findDoc(doc.copyOf.docId);
  if (source?.pages) return source.pages;
  return documentTables(database, doc).map((table, index) => ({ id: index + 1, viewRef: index + 1, name: table.id, indentation: 0, pagePos: index + 1 }));
}

/** Pages in Grist's order (by pagePos), as copies. */
export function inGristOrder(pages: readonly SeedPage[]): SeedPage[] {
  return pages.map((page) => ({ ...page })).sort((a, b) => a.pagePos - b.pagePos);
}

/** A query as SQLite reads it, for comparing: whitespace runs as one space, any case, no final `;`. */
const normalized = (query: string) => query.trim().replace(/;$/, '').replace(/\s+/g, ' ').toLowerCase();

/**
 * The pages endpoints of the documents of `database`, found with `finder`. Out: their routes, for
 * server.ts to add to its own, and the controls of FakeGrist (`pages`, `setPages`, `removePage`,
 * `movePage`, `refusePages`), which throw an Error for an unknown document or page (a test's mistake).
 */
export function pageRoutes(database: HomeDatabase, { requireDoc }: PageDocumentFinder) {
  /** A document of the address's site that may be read through the document API: not in the trash (DocApi `canView`). */
  function requireReadable(ref: string, request: ApiRequest): SeedDoc {
    const doc = requireDoc(ref, request, true);
    if (database.isRemoved(doc)) throw new GristError(404, 'Document is deleted');
    return doc;
  }

  /** `GET /api/docs/<id>/sql?q=`: the pages query's answer, or Grist's refusal. */
  function sql(ref: string, request: ApiRequest): object {
    const doc = requireReadable(ref, request);
    const statement = request.query.get('q');
    if (statement === null) throw new GristError(400, 'q parameter should be a string: undefined');
    const mayCopyEverything = !doc.pagesRefused && (!doc.hidesData || database.docAccess(doc, request.caller) === 'owners');
    if (!mayCopyEverything) throw new GristError(403, 'insufficient document access');
    if (!statement.toLowerCase().includes('select')) throw new GristError(400, 'only select statements are supported');
    if (normalized(statement) !== normalized(PAGES_QUERY)) throw new GristError(400, 'SQLITE_ERROR: the fake Grist runs only the pages query');
    const records = inGristOrder(documentPages(database, doc)).map(({ id, viewRef, indentation, pagePos, name }) => ({ fields: { id, viewRef, indentation, pagePos, name } }));
    return { statement, records };
  }

  /** `GET /api/docs/<id>/tables/<table>/records` of a metadata table: its rows as records, or the access rules' refusal. */
  function metadataRecords(table: '_grist_Pages' | '_grist_Views') {
    return (ref: string, request: ApiRequest): object => {
      const doc = requireReadable(ref, request);
      if (doc.pagesRefused === 'both') throw new GristError(403, 'Blocked by table read access rules');
      const pages = documentPages(database, doc);
      if (table === '_grist_Pages') {
        return { records: pages.map(({ id, viewRef, indentation, pagePos }) => ({ id, fields: { viewRef, indentation, pagePos, shareRef: 0 } })) };
      }
      // A page's view, by the view's id; `type` and `layoutSpec` as Grist gives a table's view (assumed: the extension reads only `name`).
      const views = [...pages].sort((a, b) => a.viewRef - b.viewRef);
      return { records: views.map(({ viewRef, name }) => ({ id: viewRef, fields: { name, type: 'raw_data', layoutSpec: '' } })) };
    };
  }

  /** The stored document, for a control: by id or urlId. */
  function storedDoc(idOrUrlId: string): SeedDoc {
    const doc = database.findDoc(idOrUrlId);
    if (!doc) throw new Error(`The fake Grist has no document ${idOrUrlId}`);
    return doc;
  }

  /** A document's pages, stored now (the default ones first made its own), and the index of the page of `viewRef` in them. */
  function ownPages(doc: SeedDoc, viewRef: number): { pages: SeedPage[]; index: number } {
    const pages = (doc.pages = documentPages(database, doc).map((page) => ({ ...page })));
    const index = pages.findIndex((page) => page.viewRef === viewRef);
    if (index < 0) throw new Error(`Document ${doc.id} has no page of view ${viewRef}`);
    return { pages, index };
  }

  const routes: Route[] = [
    ['GET', /^\/api\/docs\/([^/]+)\/sql$/, sql],
    ['GET', /^\/api\/docs\/([^/]+)\/tables\/_grist_Pages\/records$/, metadataRecords('_grist_Pages')],
    ['GET', /^\/api\/docs\/([^/]+)\/tables\/_grist_Views\/records$/, metadataRecords('_grist_Views')],
  ];

  return {
    routes,
    /** In: a document id or urlId. Out: copies of its pages in Grist's order (by pagePos), or undefined for an unknown document. */
    pages(idOrUrlId: string): SeedPage[] | undefined {
      const doc = database.findDoc(idOrUrlId);
      return doc && inGristOrder(documentPages(database, doc));
    },
    /**
     * Replaces a document's pages with `pages`, in that order: positions 1, 2, …; each one's row id
     * is its viewRef. Throws when two pages share a viewRef.
     */
    setPages(idOrUrlId: string, pages: readonly PageSpec[]): void {
      const doc = storedDoc(idOrUrlId);
      const stored = pages.map(({ name, viewRef = 0, indentation = 0 }, index) => ({ id: viewRef || index + 1, viewRef: viewRef || index + 1, name, indentation, pagePos: index + 1 }));
      if (new Set(stored.map(({ viewRef }) => viewRef)).size !== stored.length) throw new Error('Two pages share a viewRef');
      doc.pages = stored;
    },
    /** Removes a document's page of view `viewRef`, with its view, as Grist's "Remove" of a page does: `/p/<viewRef>` is then gone. */
    removePage(idOrUrlId: string, viewRef: number): void {
      const doc = storedDoc(idOrUrlId);
      const { pages, index } = ownPages(doc, viewRef);
      pages.splice(index, 1);
    },
    /**
     * Moves a document's page of view `viewRef` to `position` (1 = first) in Grist's order, as
     * dragging it does: its pagePos becomes one between its new neighbours' (its viewRef stays);
     * `indentation` changes its nesting too.
     */
    movePage(idOrUrlId: string, viewRef: number, position: number, indentation?: number): void {
      const doc = storedDoc(idOrUrlId);
      const { pages, index } = ownPages(doc, viewRef);
      const moved = pages[index] as SeedPage;
      const others = inGristOrder(pages.filter((page) => page !== moved));
      const at = Math.min(Math.max(position, 1), others.length + 1) - 1;
      const before = others[at - 1]?.pagePos;
      const after = others[at]?.pagePos;
      moved.pagePos = before === undefined ? (after ?? 1) - 1 : after === undefined ? before + 1 : (before + after) / 2;
      if (indentation !== undefined) moved.indentation = indentation;
    },
    /** Makes a document's access rules refuse every caller its pages: the `sql` read (`sql`), the metadata tables too (`both`), or neither (`none`). */
    refusePages(idOrUrlId: string, refusal: PagesRefusal): void {
      const doc = storedDoc(idOrUrlId);
      if (refusal === 'none') delete doc.pagesRefused;
      else doc.pagesRefused = refusal;
    },
  };
}
