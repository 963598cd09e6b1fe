/**
 * Opening a page of a document (docs/grist-api.md "Pages of a document": `<document address>/p/<viewRef>`),
 * once Grist says it is still there: pages move and go, and an address with a view that is gone
 * opens an empty page. Its pages are read afresh for that (one read) and stored; a page gone
 * opens its document instead, and the answer carries the pages as they are now. Counts as an
 * open (opened/note-open.ts noteOpen: the score Recently opened and the address bar rank by).
 */
import browser from 'webextension-polyfill';
import { documentPageUrl } from '../../shared/protocol/listing.ts';
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import { pageUrl, type KnownPages, type OpenedPage } from '../../shared/protocol/pages.ts';
import { logFailure } from '../log-failure.ts';
import { noteOpen } from '../opened/note-open.ts';
import { pagesSource, readAndStore } from './known-pages.ts';

/**
 * Where a page opens: `new-tab` (the popup's: a page gone opens its document in a background tab,
 * so the popup stays open to say so), `background-tab`, or `current-tab` (the address bar's Enter:
 * a page gone opens its document in the current tab).
 */
export type PageTab = 'new-tab' | 'background-tab' | 'current-tab';

/** Opens `url` where `tab` says; `active` for a new tab. */
async function openAt(url: string, tab: PageTab, active: boolean): Promise<void> {
  if (tab === 'current-tab') await browser.tabs.update({ url });
  else await browser.tabs.create({ url, active: tab === 'new-tab' && active });
}

/**
 * Opens page `viewRef` of a document of the listing where `tab` says, once a fresh read of its
 * pages (stored) still has it. Out: `{opened: 'page'}`; or, when the read no longer has it,
 * `{opened: 'document', pages}` with the document opened instead (a `new-tab` one in the
 * background). A read that fails, or pages Grist does not show (null), cannot tell: the page opens
 * all the same. Notes the open through noteOpen (the page's, or the document's when it opened
 * instead), under the account of the copy opened (`account`: see pagesSource). Throws ApiError `not-found` for a document the listing does not list.
 */
export async function openPage(name: DocumentKey & { account?: string | undefined }, viewRef: number, tab: PageTab): Promise<OpenedPage> {
  const source = await pagesSource(name);
  const { site, document } = source.found;
  const known: KnownPages | null = await readAndStore(source).catch((error: unknown) => {
    logFailure("reading a document's pages before opening one")(error);
    return null;
  });
  const gone = known?.pages != null && !known.pages.some((page) => page.viewRef === viewRef);
  if (known && gone) {
    await openAt(documentPageUrl(site.siteUrl, document), tab, false);
    await noteOpen(site.account, document.id);
    return { opened: 'document', pages: known };
  }
  await openAt(pageUrl(site.siteUrl, document, viewRef), tab, true);
  // noteOpen never throws (it logs a failure itself).
  await noteOpen(site.account, document.id, viewRef);
  return { opened: 'page' };
}

/** The popup's `openPage` message: openPage in a new tab. */
export const openPageMessage = ({ viewRef, ...name }: DocumentKey & { account?: string | undefined; viewRef: number }): Promise<OpenedPage> => openPage(name, viewRef, 'new-tab');
