/**
 * The popup's state and actions: search, the edit in progress and the undo offer, on top of the
 * listing kept by sync/listing-sync.ts. The views only read these signals and call these actions;
 * the changes (changes/, loaded on demand) get a context of the signals they write, not the store.
 * All talk with the background goes through the `Backend` interface, so tests hand in a fake.
 * Imports only types from the shared runtime modules, so nothing here needs the extension APIs.
 */
import { batch, computed, effect, signal } from '@preact/signals';
import type { HistoryStore } from '../history/history-store.ts';
import type { Backend } from '../page-shared/backend-client.ts';
import { t } from '../shared/i18n.ts';
import type { Listing } from '../shared/protocol/listing.ts';
import { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef } from '../listing-view/row-identity.ts';
import { prepareListing, type Row } from '../listing-view/listing-rows.ts';
import { prepareSearch, searchAnswers } from '../listing-view/listing-search.ts';
import { FIRST_SCREEN_ROWS } from '../listing-view/row-window.ts';
import { searchTerms } from '../shared/rules/search.ts';
import type { ChangeContext, LastChange } from './changes/change-descriptor.ts';
import type { ChangeBackend } from './changes/registry.ts';
import type { MoveState, RenameState, ShareTarget } from './changes/edit-states.ts';
import { withChanges } from './changes/load-changes.ts';
import { withSummary } from './sync/load-summary.ts';
import type { DownloadLine, DownloadsBackend, DownloadsContext } from './reads/downloads.ts';
import type { BulkRunSnapshot } from '../shared/protocol/bulk.ts';
import { createListingSync, type ListingSyncDependencies } from './sync/listing-sync.ts';
import type { PopupStore } from './store-types.ts';

export type { PopupStore } from './store-types.ts';

export { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef };
export type { LastChange, MoveState, RenameState, RowRef, ShareTarget } from './store-types.ts';

/** What the store needs from the outside world. */
export interface PopupStoreDependencies {
  backend: ListingSyncDependencies['backend'] & ChangeBackend & DownloadsBackend;
  /** The cached listing from storage (`listingItem.get` in the extension). */
  readCachedListing: () => Promise<Listing | null>;
  /**
   * The cached listing's first screen (`listingPreviewItem.get`): small, so it is on screen long
   * before the whole cache (megabytes at 20,000 documents) has been read.
   */
  readCachedPreview?: () => Promise<Listing | null>;
  /** Opens the extension's options page (`browser.runtime.openOptionsPage` in the extension). */
  openOptions: () => unknown;
  /** Opens the Bulk changes page in a new tab (`tabs.create` in the extension). */
  openBulkChanges: () => unknown;
  /**
   * Runs a task when the page is idle (`requestIdleCallback` in the extension). Used to fold every
   * name for search ahead of the first keystroke; without it the first search does that itself.
   */
  whenIdle?: (task: () => void) => void;
  /**
   * Asks the browser for the optional `downloads` permission (`permissions.request` in the
   * extension), called in the user's click itself: Firefox refuses a request made after an await
   * (FooSoft/yomichan#1334), Chrome one made once the click's activation has expired
   * (pixiebrix-extension#3961). Resolves true at once, without a prompt, when it is granted already.
   * Absent: refused (no browser to ask).
   */
  requestDownloads?: () => Promise<boolean>;
  /** How long between two reads of a backup run under way, in ms (1000: the bytes move on visibly, at one message a second). */
  backupPollMs?: number;
}


/** A document of the listing as the worker's messages name it (no account: the worker knows it by site). */
const documentOf = ({ orgId, siteUrl, docId }: DocumentRef) => ({ orgId, siteUrl, docId });

/** Creates the popup's store. Nothing happens until `start()` is called. */
export function createPopupStore({ backend, readCachedListing, readCachedPreview, openOptions, openBulkChanges, whenIdle, requestDownloads = async () => false, backupPollMs = 1000 }: PopupStoreDependencies): PopupStore {
  const query = signal('');
  const announcement = signal('');
  const lastChange = signal<LastChange | null>(null);
  const undone = signal(0);
  // The status says one thing, the newest, and its Undo (and Ctrl+Z) undoes what it says: a
  // sentence said after a change (a refusal, another change that could not be offered, a delete
  // forever) replaces that change's offer, rather than stack above it while Ctrl+Z undoes the older
  // change. (Offering a change clears the sentence: changes/runner.ts offerUndo.)
  effect(() => {
    if (announcement.value) lastChange.value = null;
  });
  const sync = createListingSync({
    backend,
    readCachedListing,
    readCachedPreview,
    announcement,
    // At once when its code is loaded (the popup was idle), else once it is. Not over a change's
    // offer: the user's own change, and its Undo, are the news; the list the refresh shows speaks
    // for itself.
    summarize: (listing, say) =>
      withSummary(({ describeListing }) => {
        if (!lastChange.peek()) say(describeListing(listing));
      }),
  });
  const { listing, partial, readWholeCache } = sync;
  const removedDocument = signal<DocumentRef | null>(null);
  const renames = signal<ReadonlyMap<string, RenameState>>(new Map());
  const moving = signal<MoveState | null>(null);
  const sharing = signal<ShareTarget | null>(null);
  const prepared = computed(() => (listing.value ? prepareListing(listing.value) : null));
  // Joined into one string so that a query that folds to the same words ("plan", "Plan ") is equal
  // to the last one and filters nothing again. Terms hold no spaces, so the split gives them back.
  const terms = computed(() => searchTerms(query.value).join(' '));
  const termList = computed(() => (terms.value ? terms.value.split(' ') : []));
  // The documents being renamed stay in the results whatever is typed (an unsaved edit must not
  // vanish); keyed by a string so that typing in the rename field filters nothing again.
  const editingKeys = computed(() => [...renames.value.keys()].sort().join('\n'));
  // One set while they stay the same: searchAnswers keeps its answers for it.
  const keep = computed(() => new Set(editingKeys.value ? editingKeys.value.split('\n') : []));
  const searchWaits = computed(() => partial.value && query.value.trim() !== '');
  // Typing on and back (searchAnswers) mostly reads the answers to the last keystrokes.
  const search = searchAnswers();
  // A query typed shows its first screen of results, until the list asks for them all
  // (wholeResults) once those are painted: a query most names match then looks at a few of them
  // as it is typed, not all 20,000.
  const firstScreen = signal(false);
  // The last whole answer, which each search is handed: when it finds the same rows ("d", then
  // "do", where every name holds "do"), matchingRows answers that very array, so the list lays
  // nothing out again and no array of 20,000 rows is left for the garbage collector.
  let wholeRows: readonly Row[] = [];
  const rows = computed(() => {
    if (!prepared.value || searchWaits.value) return [];
    const limit = firstScreen.value ? FIRST_SCREEN_ROWS : undefined;
    const answer = search(prepared.value, termList.value, keep.value, wholeRows, limit);
    if (!limit) wholeRows = answer;
    return answer;
  });
  if (whenIdle) {
    effect(() => {
      const current = prepared.value;
      if (current) whenIdle(() => prepareSearch(current));
    });
  }
  // A search needs every name: it waits for the whole cache, which it asks for.
  effect(() => {
    if (searchWaits.value) readWholeCache();
  });

  let history: Promise<HistoryStore> | undefined;
  // What the changes (changes/) read and write, handed to each: the store's signals and the listing
  // sync's edits, not the store itself.
  // The changes ask only for what ChangeBackend names (registry.ts): the rest of the worker's
  // messages, which the store is not handed, are never called.
  const download = signal<DownloadLine | null>(null);
  const backup = signal<BulkRunSnapshot | null>(null);
  const downloads: DownloadsContext = { backend, download, backup, announcement, pollMs: backupPollMs };
  // In the click, before any await: see requestDownloads. A browser that throws refuses.
  const askDownloads = (): Promise<boolean> => {
    try {
      return Promise.resolve(requestDownloads());
    } catch {
      return Promise.resolve(false);
    }
  };
  const changes: ChangeContext = { listing, edit: sync.edit, confirm: sync.confirm, announcement, lastChange, undone, removedDocument, renames, moving, backend: backend as Backend };
  const store: PopupStore = {
    ...sync,
    followLatestBackup: () => withChanges(({ downloads: module }) => module.followLatestBackup(downloads)).catch(() => undefined),
    download,
    backup,
    downloadDocument: (ref, name, format, tableId) => {
      const permitted = askDownloads();
      // Sent in the click too, before anything is awaited, marked `once: 'granted'`: Chromium's
      // permission dialog takes the focus, the popup closes, and the code after
      // permissions.request() never runs (uBlockOrigin/uBOL-home issue 280), so a start sent once
      // the request answered would never be sent on a first download. The worker holds it until the
      // browser grants the permission (background/downloads/permission-wait.ts); a popup still open
      // when the request answers false tells it to drop the start (reads/downloads.ts).
      const sent = backend.downloadDocument({ ...documentOf(ref), format, ...(tableId === undefined ? {} : { tableId }), once: 'granted' });
      void withChanges(({ downloads: module }) => module.downloadDocument(downloads, permitted, sent, name));
    },
    readDocumentTables: (ref) => withChanges(({ downloads: module }) => module.readDocumentTables(downloads, ref)),
    showDownload: (downloadId) => void withChanges(({ downloads: module }) => module.showDownload(downloads, downloadId)),
    backUp: (documents) => {
      const permitted = askDownloads();
      // Sent in the click too, marked to wait for the grant: see downloadDocument.
      const sent = backend.startBulkBackup({ requestId: crypto.randomUUID(), items: documents.map(documentOf), format: 'grist', once: 'granted' });
      void withChanges(({ downloads: module }) => module.backUp(downloads, permitted, sent));
    },
    rows,
    lastChange,
    undone,
    moving,
    // Offered on the rows of owned documents only (document-row.tsx); the worker checks again.
    beginMove: (ref) => {
      if (!moving.value?.saving) moving.value = { ref, saving: false, error: null };
    },
    cancelMove: () => {
      if (!moving.value?.saving) moving.value = null;
    },
    sharing,
    openShare: (target) => {
      sharing.value = target;
    },
    closeShare: () => {
      sharing.value = null;
    },
    commitMove: (to) => withChanges(({ ACTS }) => ACTS.commitMove(changes, to)),
    loadHistory: () =>
      (history ??= withChanges(({ historyStore }) => historyStore(changes)).catch((error: unknown) => {
        // Not kept: the next opening of the history tries again.
        history = undefined;
        throw error;
      })),
    undoLastChange: (force = false, grants?: string[]) => withChanges(({ undoLast }) => undoLast(changes, force, grants)),
    // At once when the changes are loaded (a menu is open, or the popup was idle): the row goes in
    // the same frame as the key.
    act: (name, ...args) => withChanges(({ ACTS }) => (ACTS[name] as (...all: unknown[]) => never)(changes, ...args)),
    searchWaits,
    query,
    terms: termList,
    announcement,
    removedDocument,
    renames,
    wholeResults: () => void (firstScreen.value = false),
    setQuery: (text) => {
      batch(() => {
        if (text !== query.value) {
          announcement.value = '';
          firstScreen.value = true;
        }
        query.value = text;
      });
    },
    // The row asks once the field's code is loaded (with the changes: on-demand/lazy.tsx), so the
    // field shows in the same render. The rest run in the same task as their key: the code is there.
    beginRename: (ref) => void withChanges(({ ACTS }) => ACTS.beginRename(changes, ref)),
    setDraft: (ref, text) => void withChanges(({ ACTS }) => ACTS.setDraft(changes, ref, text)),
    cancelRename: (ref) => void withChanges(({ ACTS }) => ACTS.cancelRename(changes, ref)),
    commitRename: (ref) => withChanges(({ ACTS }) => ACTS.commitRename(changes, ref)),
    openOptions: () => openPage(openOptions, 'optionsOpenFailed'),
    openBulkChanges: () => openPage(openBulkChanges, 'bulkOpenFailed'),
  };
  return store;

  /** Opens another page of the extension, saying so when the browser refuses (`failure`). */
  function openPage(open: () => unknown, failure: 'optionsOpenFailed' | 'bulkOpenFailed'): void {
    const failed = () => {
      announcement.value = t(failure);
    };
    try {
      Promise.resolve(open()).catch(failed);
    } catch {
      failed();
    }
  }
}
