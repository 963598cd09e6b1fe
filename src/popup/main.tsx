/**
 * The popup's entry: the only popup module that touches extension APIs. It wires the real backend
 * (messages to the background worker), the cached listing and the options page into the store.
 */
import browser from 'webextension-polyfill';
import { render } from 'preact';
import { runtimeBackend } from '../shared/backend-client.ts';
import { listingItem } from '../shared/storage-items.ts';
import { App } from './app.tsx';
import { createPopupStore } from './store.ts';

const store = createPopupStore({
  backend: runtimeBackend,
  readCachedListing: () => listingItem.get(),
  openOptions: () => browser.runtime.openOptionsPage(),
  // Folds the names for search after the list is on screen, before the user is likely to type.
  whenIdle: (task) => requestIdleCallback(() => task(), { timeout: 1000 }),
});

const root = document.getElementById('app');
if (root) render(<App store={store} />, root);
void store.start();
