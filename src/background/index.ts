/** Background service worker entry: wires listeners and start-up work, nothing else. */
import browser from 'webextension-polyfill';
import { settingsItem } from '../shared/storage-items.ts';
import { refreshListing } from './listing-service.ts';
import { createMessageListener } from './message-router.ts';
import { syncOriginRule } from './origin-rule.ts';
import { renameDocument } from './rename-service.ts';
import { getSettings, removeApiKey, saveSettings, testConnection } from './settings-service.ts';
import { migrateStorage } from './storage-migration.ts';

// Every start of the worker (install, browser start, wake-up) rebuilds the Origin rule from the
// stored options; messages wait for it so the first rename never races the rule.
const ready = migrateStorage()
  .then(() => settingsItem.get())
  .then(syncOriginRule)
  .catch((error: unknown) => console.error('Grist Quick Rename: start-up failed:', error instanceof Error ? error.message : error));

browser.runtime.onMessage.addListener(
  createMessageListener(
    { getSettings, saveSettings, removeApiKey, testConnection, refreshListing, renameDocument },
    ready,
  ),
);
