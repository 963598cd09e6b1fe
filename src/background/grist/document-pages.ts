/**
 * A document's pages read from Grist (docs/grist-api.md "Pages of a document"): one `sql` request
 * gives them in order with their names and nesting; a document whose access rules refuse it (403)
 * is read from the two metadata tables instead, joined here; one that refuses those too has no
 * pages the extension can show (null).
 */
import type * as v from 'valibot';
import type { PageEntry } from '../../shared/protocol/pages.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from './api-error.ts';
import { pageRecordsSchema, pagesSqlSchema, viewRecordsSchema } from './grist-schemas.ts';

/** The query of docs/grist-api.md, word for word: the pages in Grist's order, each with its view's name. */
export const PAGES_QUERY =
  'select p.id, p.viewRef, p.indentation, p.pagePos, v.name from _grist_Pages p join _grist_Views v on v.id = p.viewRef order by p.pagePos';

const docPath = (docId: string) => `/api/docs/${encodeURIComponent(docId)}`;

/** The path of the `sql` read of document `docId`'s pages. */
export const pagesSqlPath = (docId: string) => `${docPath(docId)}/sql?q=${encodeURIComponent(PAGES_QUERY)}`;

/** The path of a metadata table's records (`_grist_Pages`, `_grist_Views`). */
export const metadataPath = (docId: string, table: '_grist_Pages' | '_grist_Views') => `${docPath(docId)}/tables/${table}/records`;

/**
 * A refusal by the document's access rules: a 403 that is not the Origin trap's (that one is the
 * extension's fault, and every read would get it: docs/grist-api.md "The Origin trap").
 */
const refused = (error: unknown) => error instanceof ApiError && error.kind === 'forbidden' && error.serverMessage !== CROSS_ORIGIN_REFUSAL;

/** Pages sorted by `pagePos`, as Grist shows them (a copy; ties keep their order). */
const inGristOrder = <T extends { pagePos: number }>(pages: readonly T[]): T[] => [...pages].sort((a, b) => a.pagePos - b.pagePos);

/** A client's `get` (grist-client.ts), named here so this module does not import the client back. */
type Get = <T>(siteUrl: string, path: string, schema: v.GenericSchema<unknown, T>) => Promise<T>;

/**
 * In: `get` of a client (its key, per-host limit, timeout and retries), the document's site and
 * id. Out: its pages in Grist's order; null when Grist refuses both the `sql` read and the
 * metadata tables. A page whose view is missing is left out, as the `sql` join leaves it out.
 * Throws ApiError for any other failure (a trashed document: `not-found` "Document is deleted").
 */
export async function readDocumentPages(get: Get, siteUrl: string, docId: string): Promise<PageEntry[] | null> {
  try {
    const { records } = await get(siteUrl, pagesSqlPath(docId), pagesSqlSchema);
    return inGristOrder(records.map(({ fields }) => fields)).map(({ viewRef, name, indentation }) => ({ viewRef, name, indentation }));
  } catch (error) {
    if (!refused(error)) throw error;
  }
  let pages, views;
  try {
    [pages, views] = await Promise.all([get(siteUrl, metadataPath(docId, '_grist_Pages'), pageRecordsSchema), get(siteUrl, metadataPath(docId, '_grist_Views'), viewRecordsSchema)]);
  } catch (error) {
    if (refused(error)) return null;
    throw error;
  }
  const names = new Map(views.records.map(({ id, fields }) => [id, fields.name]));
  return inGristOrder(pages.records.map(({ fields }) => fields)).flatMap(({ viewRef, indentation }) => {
    const name = names.get(viewRef);
    return name === undefined ? [] : [{ viewRef, name, indentation }];
  });
}
