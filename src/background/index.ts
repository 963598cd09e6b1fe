/** Background service worker entry: wires listeners and start-up work, nothing else. */
import './start-mark.ts';
import browser from 'webextension-polyfill';
import { getDocumentAtUrl, renameDocumentAtUrl } from './document-window/document-at-url.ts';
import { undoBatch } from './bulk/batch-undo.ts';
import { getBulkRun, retryFailedBulk, stopBulkRun } from './bulk/run-engine.ts';
import { resumeBackupRuns, startBulkBackup } from './bulk/targets/backup.ts';
import { startBulkCopy } from './bulk/targets/copy.ts';
import { startBulkShare } from './bulk/targets/share.ts';
import { startBulkMove } from './bulk/targets/move.ts';
import { startBulkRename } from './bulk/targets/rename.ts';
import { startBulkTrash } from './bulk/targets/trash.ts';
import { downloadDocument, readDocumentTables, showDownload } from './downloads/download-document.ts';
import { dropWaitingDownloads } from './downloads/permission-wait.ts';
import { startRefresh } from './listing/listing-service.ts';
import { logFailure } from './log-failure.ts';
import { createListingPortListener, createMessageListener, createPeoplePortListener } from './message-router.ts';
import { syncOriginRule } from './key-scope/origin-rule.ts';
import { onCommand, onMenuClicked } from './document-window/triggers.ts';
import { showPageMenuFor, syncContextMenus } from './key-scope/site-menus.ts';
import { readTrash } from './changes/trashed-documents.ts';
import { KIND_MESSAGES } from './changes/kinds/registry.ts';
import { readAccess, readEachAccess } from './sharing/access.ts';
import { buildAccessOwnerIndexAhead } from './sharing/access-owner-index.ts';
import { readPersonGrants } from './sharing/person-grants.ts';
import { getPersonRemoval, removePerson, resumePersonRemovals } from './changes/removal-run.ts';
import { readChangeLogItems, undoChange } from './changes/undo.ts';
import { confirmSavedKey, getSettings, removeApiKey, saveSettings, testConnection } from './settings/settings-service.ts';
import { removeAccount } from './settings/remove-account.ts';
import { migrateStorage } from './settings/storage-migration.ts';
import { readPages } from './pages/known-pages.ts';
import { openPageMessage } from './pages/open-page.ts';
import { withPagesRefreshed } from './pages/pages-refresh.ts';
import { noteOpened } from './opened/note-open.ts';
import { clearHistory } from './opened/clear-history.ts';
import { buildAhead, onInputChanged, onInputEntered, onInputStarted, followIndexedWrites, onStorageWritten } from './omnibox/omnibox.ts';

// Every start of the worker (install, browser start, wake-up) checks the Origin rule and rebuilds
// the menus from the stored options. Messages wait for the rule only, so the first rename never
// races it; the menus are not on that path. The rule is read beside the storage, so start-up waits
// for one round of calls to the browser, not three.
const started = Promise.all([migrateStorage(), browser.declarativeNetRequest.getDynamicRules()]);
const access = started.then(([current]) => current);
const ready = started
  .then(([current, installed]) => syncOriginRule(current, installed))
  .catch(logFailure('start-up'))
  // A standard User Timing mark, so start-up time can be read from outside (npm run bench).
  .finally(() => performance.mark('grist-quick-rename:ready'));
const menusReady = access.then(syncContextMenus).catch(logFailure('menu set-up'));
// The address bar's index and the access checks', once started: ahead of the `gr` keyword and of
// the Share panel, behind everything above; from one read of the listing.
// A person's removal the worker was stopped in the middle of (its entries written ahead, pending
// in the change log) is finished first of all: before it, Undo cannot put that person back.
void ready.then(() => resumePersonRemovals()).catch(logFailure("resuming a person's removal"));
// A backup run a stopped worker left (stored in storage.session): its downloads went on in the
// browser; each is followed again by its id, and what was queued is sent. A page asking for a run
// meanwhile waits for it (bulkRunMessage), so it never hears that the run is gone.
const backupsResumed = ready.then(() => resumeBackupRuns()).catch(logFailure('resuming a backup'));
/** A message about a bulk run, answered once the stored backup runs are taken up again. */
const bulkRunMessage =
  <R, T>(handler: (request: R) => Promise<T>) =>
  (request: R) =>
    backupsResumed.then(() => handler(request));
void ready.then(() => {
  buildAhead();
  buildAccessOwnerIndexAhead();
});

/** A refresh of the listing (a page's, or the refreshListing message), after which the known pages are read again. */
const refreshWithPages = withPagesRefreshed(startRefresh);

/** Shows or hides the page menu for a tab, once the menus exist. */
const followTab = (tab: Promise<{ url?: string | undefined } | undefined>) =>
  void menusReady
    .then(() => tab)
    .then((shown) => showPageMenuFor(shown?.url))
    .catch(logFailure('menu update'));

followTab(browser.tabs.query({ active: true, lastFocusedWindow: true }).then(([active]) => active));

browser.runtime.onMessage.addListener(
  createMessageListener(
    {
      getSettings,
      saveSettings,
      removeApiKey,
      removeAccount,
      confirmSavedKey,
      testConnection,
      refreshListing: () => refreshWithPages().listing,
      // Every kind's messages (a rename, a move, ... an access change), from its module.
      ...KIND_MESSAGES,
      readTrash,
      readAccess,
      readPersonGrants,
      removePerson,
      getPersonRemoval,
      getDocumentAtUrl,
      renameDocumentAtUrl,
      readChangeLog: readChangeLogItems,
      clearChangeLog: clearHistory,
      undoChange,
      startBulkRename,
      startBulkMove,
      startBulkTrash,
      startBulkCopy,
      startBulkShare,
      startBulkBackup,
      getBulkRun: bulkRunMessage(getBulkRun),
      stopBulkRun: bulkRunMessage(stopBulkRun),
      retryFailedBulk: bulkRunMessage(retryFailedBulk),
      undoBatch,
      downloadDocument,
      readDocumentTables,
      showDownload,
      dropWaitingDownloads,
      readPages,
      openPage: openPageMessage,
      noteOpened,
    },
    ready,
  ),
);

// One listener for both ports (the listing's, the People view's): each leaves the other's alone.
const listingPort = createListingPortListener(refreshWithPages, ready);
const peoplePort = createPeoplePortListener(readEachAccess, ready);
browser.runtime.onConnect.addListener((port) => {
  listingPort(port);
  peoplePort(port);
});

browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab).catch(logFailure('menu')));
browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab).catch(logFailure('shortcut')));
browser.tabs.onActivated.addListener(({ tabId }) => followTab(browser.tabs.get(tabId)));
browser.tabs.onUpdated.addListener((_tabId, change, tab) => {
  if (tab.active && (change.url || change.status === 'complete')) followTab(Promise.resolve(tab));
});

browser.omnibox.onInputStarted.addListener(onInputStarted);
browser.omnibox.onInputChanged.addListener((text, suggest) => void onInputChanged(text, suggest).catch(logFailure('the address bar')));
browser.omnibox.onInputEntered.addListener((text, disposition) => void onInputEntered(text, disposition).catch(logFailure('the address bar')));
// The worker's own writes of what the address bar's index reads: it alone writes them (storage-writes.ts).
followIndexedWrites();

// Chrome gives automation no way to click a context menu entry, press an extension shortcut or
// type in the address bar, so the end-to-end tests and the bench call these same handlers here.
// Only the extension's own worker sees it.
Object.assign(globalThis, {
  gristQuickRenameTriggers: { onMenuClicked, onCommand },
  gristQuickRenameOmnibox: { onInputStarted, onInputChanged, onInputEntered, onStorageWritten },
});
