/**
 * The popup's state and actions: search, the edit in progress and the undo offer, on top of the
 * listing kept by listing-sync.ts. The views only read these signals and call these actions; all
 * talk with the background goes through the `Backend` interface, so tests hand in a fake.
 * Imports only types from the shared runtime modules, so nothing here needs the extension APIs.
 */
import { batch, computed, effect, signal } from '@preact/signals';
import type { HistoryBackend, HistoryStore } from '../history/history-store.ts';
import type { Backend } from '../shared/backend-client.ts';
import { t } from '../shared/i18n.ts';
import type { Listing } from '../shared/listing.ts';
import { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef } from '../listing-view/row-identity.ts';
import { prepareListing, prepareSearch, searchAnswers, type Row } from '../listing-view/listing-rows.ts';
import { FIRST_SCREEN_ROWS } from '../listing-view/row-window.ts';
import { searchTerms } from '../shared/search.ts';
import { loadedParts, loadParts } from './on-demand/lazy.tsx';
import { createListingSync } from './sync/listing-sync.ts';
import type { ActionContext } from './changes/change-actions.ts';
import type { LastChange, MoveState, RenameState } from './changes/row-ref.ts';
import type { PopupStore } from './store-types.ts';

export type { PopupStore } from './store-types.ts';

export { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef };
export type { LastChange, MoveState, RenameRef, RenameState } from './changes/row-ref.ts';

/** What the store needs from the outside world. */
export interface PopupStoreDependencies {
  backend: Pick<
    Backend,
    'refreshListing' | 'renameDocument' | 'renameWorkspace' | 'moveDocument' | 'undoChange' | 'removeDocument' | 'pinDocument' | 'copyDocument' | 'createDocument' | 'readTrash' | 'restoreDocument' | 'deleteDocument'
  > &
    HistoryBackend;
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
}


/**
 * Runs `run` with the popup's on-demand chunk (lazy.tsx), which holds its actions past a first look
 * (change-actions.ts: a rename's request and answer, a move, an undo; document-actions.ts): in the
 * same task when it is loaded already (the popup was idle, or a part of it is shown), otherwise
 * once loaded. Most popups do none of these.
 */
function withParts<T>(run: (parts: typeof import('./on-demand/on-demand.ts')) => T): Promise<Awaited<T>> {
  const loaded = loadedParts();
  return (loaded ? Promise.resolve(run(loaded)) : loadParts().then(run)) as Promise<Awaited<T>>;
}

/** Creates the popup's store. Nothing happens until `start()` is called. */
export function createPopupStore({ backend, readCachedListing, readCachedPreview, openOptions, openBulkChanges, whenIdle }: PopupStoreDependencies): PopupStore {
  const query = signal('');
  const announcement = signal('');
  const lastChange = signal<LastChange | null>(null);
  const undone = signal(0);
  // The status says one thing, the newest, and its Undo (and Ctrl+Z) undoes what it says: a
  // sentence said after a change (a refusal, another change that could not be offered, a delete
  // forever) replaces that change's offer, rather than stack above it while Ctrl+Z undoes the older
  // change. (Offering a change clears the sentence: change-actions.ts offerUndo.)
  effect(() => {
    if (announcement.value) lastChange.value = null;
  });
  const sync = createListingSync({
    backend,
    readCachedListing,
    readCachedPreview,
    announcement,
    // In the on-demand chunk, as most popups close before a refresh ends: at once when it is loaded
    // (the popup was idle), else once it is. Not over a change's offer: the user's own change, and
    // its Undo, are the news; the list the refresh shows speaks for itself.
    summarize: (listing, say) =>
      void withParts(({ listingSummary }) => {
        if (!lastChange.peek()) say(listingSummary.describeListing(listing));
      }),
  });
  const { listing, partial, readWholeCache } = sync;
  const removedDocument = signal<DocumentRef | null>(null);
  const renames = signal<ReadonlyMap<string, RenameState>>(new Map());
  const moving = signal<MoveState | null>(null);
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
  // The actions loaded on demand (change-actions.ts) act on this object itself (ActionContext): its
  // signals, the listing sync's edit and confirm, and the member only they use, backend, which the
  // PopupStore type does not show.
  const store: PopupStore & ActionContext = {
    ...sync,
    backend,
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
    commitMove: (to) => withParts(({ changeActions }) => changeActions.commitMove(store, to)),
    loadHistory: () =>
      (history ??= withParts(({ changeActions }) => changeActions.historyStore(store))
        .catch((error: unknown) => {
        // Not kept: the next opening of the history tries again.
        history = undefined;
        throw error;
      })),
    undoLastChange: (force = false) => withParts(({ changeActions }) => changeActions.undoLast(store, force)),
    // At once when the chunk is loaded (a menu is open, or the popup was idle): the row goes in the
    // same frame as the key.
    act: (name, ...args) => withParts(({ documentActions }) => (documentActions[name] as (...all: unknown[]) => never)(store, ...args)),
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
    // The rename begins once its code is loaded (on-demand.ts), with the field's: the field then
    // shows in the same render. The rest run in the same task as their key: the code is there.
    beginRename: (ref) => void withParts(({ changeActions }) => changeActions.beginRename(store, ref)),
    setDraft: (ref, text) => void withParts(({ changeActions }) => changeActions.setDraft(store, ref, text)),
    cancelRename: (ref) => void withParts(({ changeActions }) => changeActions.cancelRename(store, ref)),
    commitRename: (ref) => withParts(({ changeActions }) => changeActions.commitRename(store, ref)),
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
