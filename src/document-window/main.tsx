/**
 * The document window's entry (the window that renames, moves and trashes a document): the only
 * module of the window that touches extension APIs. It reads what the background put in the address and wires the real backend, cached listing, window and tab into the store.
 */
import { render } from 'preact';
import { extensionApi as browser } from '../shared/extension-api.ts';
import { backendFor } from '../page-shared/backend-client.ts';
import { t } from '../shared/i18n.ts';
import { listingItem } from '../shared/storage/storage-items.ts';
import { DocumentWindowApp } from './app.tsx';
import { readWindowParameters } from './window-parameters.ts';
import { createDocumentWindowStore } from './store.ts';

const { pageUrl, tabId, source } = readWindowParameters(location.search);

const store = createDocumentWindowStore({
  // The messages this window sends, named in the type only (backendFor): renameDocument and
  // moveDocument for Move to…, removeDocument for Move to trash, noteOpened for Recently opened.
  backend: backendFor<'getDocumentAtUrl' | 'renameDocumentAtUrl' | 'renameDocument' | 'moveDocument' | 'undoChange' | 'removeDocument' | 'noteOpened'>(),
  readCachedListing: () => listingItem.get(),
  pageUrl,
  tabId,
  source,
  closeWindow: () => window.close(),
  reloadTab: (id) => browser.tabs.reload(id),
  openOptions: () => browser.runtime.openOptionsPage(),
});

// The page is written in English; the window title is kept in step by DocumentWindowApp.
document.documentElement.lang = t('languageCode');

const root = document.getElementById('app');
if (!root) throw new Error('The document window has no #app element.');
render(<DocumentWindowApp store={store} />, root);
void store.start();
