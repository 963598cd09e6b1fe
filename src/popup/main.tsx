/**
 * The popup's entry: the only popup module that touches extension APIs. It wires the real backend
 * (messages to the background worker), the cached listing and the options page into the store.
 */
import { extensionApi as browser } from '../shared/extension-api.ts';
import { render } from 'preact';
import { backendFor } from '../page-shared/backend-client.ts';
import { t } from '../shared/i18n.ts';
import { BULK_CHANGES_PAGE } from '../page-shared/bulk-page.ts';
import { DOWNLOADS_PERMISSION } from '../shared/protocol/downloads.ts';
import { firstScreenItem, knownPagesItem, listingItem, listingPreviewItem, openedItem } from '../shared/storage/storage-items.ts';
import { App } from './app.tsx';
import { takeOverFirstScreen } from './first-screen/first-screen-handover.ts';
import { loadParts } from './on-demand/lazy.tsx';
import { createPopupStore } from './store.ts';

const backend = backendFor();
const store = createPopupStore({
  backend,
  // The whole cache is read once the refresh the store asked for first has made its own storage
  // reads: asked before, its megabytes would hold those up in the browser's storage queue.
  readCachedListing: () => backend.refreshUnderway().then(() => listingItem.get()),
  readCachedPreview: () => listingPreviewItem.get(),
  openOptions: () => browser.runtime.openOptionsPage(),
  openBulkChanges: () => browser.tabs.create({ url: browser.runtime.getURL(BULK_CHANGES_PAGE) }),
  // Folds the names for search after the list is on screen, before the user is likely to type:
  // when the page is idle, or within 100 ms even if it never is (people type as soon as they see).
  whenIdle: (task) => requestIdleCallback(() => task(), { timeout: 100 }),
  // In the click itself, with nothing awaited before (store.ts requestDownloads); granted already,
  // it answers true without asking again.
  requestDownloads: () => browser.permissions.request({ permissions: [DOWNLOADS_PERMISSION] }),
  // Recently opened: read once idle (store.ts), small next to the listing.
  readOpened: () => openedItem.get(),
  // The pages the worker knows (issue 52), read once idle with the rest: none is on the first screen.
  readKnownPages: () => knownPagesItem.get(),
});

// Start reading the cache's first screen and asking for a fresh listing before the first render.
// The page is written in English; these follow the language the messages are shown in.
document.documentElement.lang = t('languageCode');
document.title = t('popupTitle');
// The address bar's `gr` keyword opens the popup in a window with what was typed (`?q=`).
const typed = new URLSearchParams(location.search).get('q');
if (typed) store.setQuery(typed);
void store.start();
const root = document.getElementById('app');
if (root) {
  takeOverFirstScreen(document.getElementById('first-screen'), root, store);
  render(<App store={store} />, root);
  // Drawing the first screen for the next popup is no part of showing this one: its code waits too.
  const whenIdle = (task: () => void) => requestIdleCallback(() => task());
  // Nor is renaming: the rename field's code, with every other part the views show on demand
  // (on-demand/lazy.tsx, one chunk), comes once the popup is idle, ahead of the first Rename.
  whenIdle(() => void loadParts());
  // A backup run under way (a heading's Back up…, from this popup or an earlier one) shows its progress.
  whenIdle(() => void store.followLatestBackup());
  whenIdle(() => void import('./first-screen/snapshot.ts').then(({ keepFirstScreen }) => keepFirstScreen({ store, root, save: (drawing) => firstScreenItem.set(drawing), whenIdle, version: browser.runtime.getManifest().version, language: browser.i18n.getUILanguage() })));
}
