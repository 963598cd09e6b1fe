/**
 * The Bulk changes page's entry: wires the real backend (messages to the background worker) and
 * the cached listing into the store, and renders the page.
 */
import { render } from 'preact';
import { backendFor } from '../page-shared/backend-client.ts';
import { extensionApi as browser } from '../shared/extension-api.ts';
import { t } from '../shared/i18n.ts';
import { DOWNLOADS_PERMISSION } from '../shared/protocol/downloads.ts';
import { listingItem } from '../shared/storage/storage-items.ts';
import { BulkApp } from './app.tsx';
import { createBulkStore } from './store.ts';

const backend = backendFor();
const store = createBulkStore({
  backend,
  // Read once the refresh the store asked for has made its own storage reads (as the popup does).
  readCachedListing: () => backend.refreshUnderway().then(() => listingItem.get()),
  // Called synchronously from Start's click, so the click's user gesture holds for the browser's prompt.
  requestDownloadsPermission: () => browser.permissions.request({ permissions: [DOWNLOADS_PERMISSION] }),
});

// The page is written in English; these follow the language the messages are shown in.
document.documentElement.lang = t('languageCode');
document.title = t('bulkTitle');
const root = document.getElementById('app');
if (!root) throw new Error('The Bulk changes page has no #app element.');
render(<BulkApp store={store} />, root);
