/**
 * A document's pages as the extension knows them (docs/grist-api.md "Pages of a document"): read
 * from Grist by the worker when first shown, kept in storage.local (knownPagesItem) by the key
 * `pagesKey`, refreshed with the listing for the documents whose pages were shown or opened. Page
 * names come from Grist: untrusted text, rendered as text only.
 */
import { documentPageUrl, type DocumentEntry } from './listing.ts';

/** One page, in Grist's order (`_grist_Pages.pagePos`). */
export interface PageEntry {
  /** The page's view (`_grist_Pages.viewRef`): the number in its address, not its position. */
  viewRef: number;
  /** Its view's name (`_grist_Views.name`). */
  name: string;
  /** Grist's `indentation`: 0 at the top; one more nests it under the page before it. */
  indentation: number;
}

/** A document's pages as read (null: Grist refused both reads, "Pages are not available"), and when (ms since the epoch). */
export interface KnownPages {
  pages: PageEntry[] | null;
  readAt: number;
  /**
   * The document's `updatedAt` as the listing gave it when they were read: a refresh of the
   * listing reads them again only once it differs (absent: read again at the next refresh).
   */
  updatedAt?: string;
}

/** What the worker keeps: known pages by `pagesKey`. */
export type KnownPagesMap = Record<string, KnownPages>;

/** The key of a document's known pages and of its opens: the id of the account that lists it, and the document's id. */
export function pagesKey(account: string, docId: string): string {
  return `${account} ${docId}`;
}

/** A page's address: the document's page and `/p/<viewRef>` (Grist reads the view's id there, never the position). */
export function pageUrl(siteUrl: string, document: DocumentEntry, viewRef: number): string {
  return `${documentPageUrl(siteUrl, document)}/p/${viewRef}`;
}

/** What opening a page came to: the page opened; or it is gone (removed since it was read), the document opened instead, with the pages Grist has now. */
export type OpenedPage = { opened: 'page' } | { opened: 'document'; pages: KnownPages };

/** One thing opened from the extension: its score as of `at` (ms since the epoch); see shared/rules/frecency.ts. */
export interface OpenRecord {
  score: number;
  at: number;
}

/** What is stored: records by openKey. */
export type OpenedMap = Record<string, OpenRecord>;

/** A document's open key (its pagesKey), or a page's: that and ` <viewRef>`. */
export function openKey(account: string, docId: string, viewRef?: number): string {
  return viewRef === undefined ? pagesKey(account, docId) : `${pagesKey(account, docId)} ${viewRef}`;
}

/**
 * An open key's parts (openKey's inverse; a pagesKey reads as a document's): the account's id (a
 * UUID) and the document's hold no space. Out: no `viewRef` for a document's key.
 */
export function parseOpenKey(key: string): { account: string; docId: string; viewRef?: number } {
  const [account = '', docId = '', viewRef] = key.split(' ');
  return viewRef === undefined ? { account, docId } : { account, docId, viewRef: Number(viewRef) };
}
