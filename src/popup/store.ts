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
import { prepareListing, type DocumentItemRow, type RecentHeadingRow, type RecentRow, type Row } from '../listing-view/listing-rows.ts';
import { prepareSearch, searchAnswers } from '../listing-view/listing-search.ts';
import { recentCandidates, recentRows } from '../listing-view/recent-rows.ts';
import { pagesKey, type KnownPages, type KnownPagesMap, type OpenedMap } from '../shared/protocol/pages.ts';
import { FIRST_SCREEN_ROWS } from '../listing-view/row-window.ts';
import { indexPages, knownPagesOf, withUnfolded, type PagesIndex } from '../listing-view/page-rows.ts';
import { settle } from '../shared/protocol/errors.ts';
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
  backend: ListingSyncDependencies['backend'] & ChangeBackend & DownloadsBackend & Pick<Backend, 'noteOpened' | 'openPage' | 'readPages'>;
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
  /** What was opened from the extension (`openedItem.get`): read once the popup is idle (Recently opened). Absent: nothing. */
  readOpened?: () => Promise<OpenedMap>;
  /** The pages the worker knows (`knownPagesItem.get` in the extension), read once idle (`whenIdle`, else at once). Absent: none known until read. */
  readKnownPages?: () => Promise<KnownPagesMap>;
  /**
   * How long a search's results stay the same before the pages of its first documents not known
   * are read, in ms (300: a word typed on reads once, not at each of its letters).
   */
  pagesReadDelayMs?: number;
}

/** How many of a search's first documents get their pages read when not known (issue 52: "the first few only"). */
const SEARCH_PAGE_READS = 3;


/** A document of the listing as the worker's messages name it (no account: the worker knows it by site). */
const documentOf = ({ orgId, siteUrl, docId }: DocumentRef) => ({ orgId, siteUrl, docId });
/**
 * A row's document as its pages and opens are asked of the worker: with the account that lists the
 * row (where two accounts list one document, the pages and opens kept are those of the row shown).
 */
const listedDocument = ({ ref, site }: DocumentItemRow) => ({ ...documentOf(ref), account: site.account });

/** Creates the popup's store. Nothing happens until `start()` is called. */
export function createPopupStore({ backend, readCachedListing, readCachedPreview, openOptions, openBulkChanges, whenIdle, requestDownloads = async () => false, backupPollMs = 1000, readOpened, readKnownPages, pagesReadDelayMs = 300 }: PopupStoreDependencies): PopupStore {
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
  // The pages known, by pagesKey: the worker's (read once idle) and those its answers brought since.
  const knownPages = signal<KnownPagesMap>({});
  // Indexed once per listing and known pages, never per keystroke (page-rows.ts); null with none.
  const pagesIndex = computed(() => {
    const known = knownPages.value;
    if (!prepared.value) return null;
    for (const _ in known) return indexPages(prepared.value, known);
    return null;
  });
  // The documents whose pages are unfolded (row keys), and what is said under those not drawn yet.
  const unfoldedPages = signal<ReadonlySet<string>>(new Set());
  const pageNotes = signal<ReadonlyMap<string, string>>(new Map());
  // The rows with the pages unfolded, and what they were made of: while the answer and the pages
  // are the same (a keystroke that finds the same rows), that very array again, as for wholeRows.
  let withPages: { answer: readonly Row[]; unfolded: ReadonlySet<string>; index: PagesIndex | null; notes: ReadonlyMap<string, string>; rows: readonly Row[] } | null = null;
  const listingRows = computed(() => {
    if (!prepared.value || searchWaits.value) return [];
    const limit = firstScreen.value ? FIRST_SCREEN_ROWS : undefined;
    const answer = search(prepared.value, termList.value, keep.value, wholeRows, limit, pagesIndex.value);
    if (!limit) wholeRows = answer;
    const unfolded = unfoldedPages.value;
    if (unfolded.size === 0) return answer;
    const [index, notes] = [pagesIndex.value, pageNotes.value];
    if (withPages?.answer !== answer || withPages.unfolded !== unfolded || withPages.index !== index || withPages.notes !== notes) {
      withPages = { answer, unfolded, index, notes, rows: withUnfolded(answer, unfolded, index, notes, t('pagesNotAvailable')) };
    }
    return withPages.rows;
  });

  // Recently opened (listing-view/recent-rows.ts), above the listing's rows. Read once the popup
  // is idle, never in the way of the cached open; ranked once per listing and opened map; a
  // keystroke looks only at the opened records (a few hundred at most).
  const opened = signal<OpenedMap | null>(null);
  const readRecent = () =>
    void (readOpened?.() ?? Promise.resolve({}))
      .then((openedMap) => (opened.value = openedMap))
      // Nothing read, nothing shown: the listing is all the same.
      .catch(() => undefined);
  // A page opened is named from its document's known pages (knownPages, above): one not known is left out.
  const candidates = computed(() => (prepared.value && opened.value ? recentCandidates(prepared.value, opened.value, knownPages.value, Date.now()) : []));
  let lastRecent: ReadonlyArray<RecentHeadingRow | RecentRow> = [];
  const recent = computed(() => (lastRecent = searchWaits.value ? [] : recentRows(candidates.value, termList.value, lastRecent)));
  // The same array while neither part changes: the list lays nothing out again.
  let combined: { top: readonly Row[]; listed: readonly Row[]; rows: readonly Row[] } | null = null;
  const rows = computed((): readonly Row[] => {
    const [top, listed] = [recent.value, listingRows.value];
    if (top.length === 0) return listed;
    if (combined?.top !== top || combined.listed !== listed) combined = { top, listed, rows: [...top, ...listed] };
    return combined.rows;
  });
  const recentActions = {
    start: () => {
      if (readOpened) (whenIdle ?? ((task: () => void) => task()))(readRecent);
      return sync.start();
    },
    noteOpened: (row: DocumentItemRow) => void backend.noteOpened(listedDocument(row)),
  };

  if (whenIdle) {
    effect(() => {
      const current = prepared.value;
      if (current) whenIdle(() => prepareSearch(current));
    });
  }
  if (readKnownPages) {
    // Those the answers brought meanwhile are newer than the stored ones.
    const read = () => void readKnownPages().then((known) => (knownPages.value = { ...known, ...knownPages.peek() }), () => undefined);
    if (whenIdle) whenIdle(read);
    else read();
  }
  /**
   * Shows `pages` as the document's known pages from now on, unless those known were read later: a
   * read answered after a newer one (a search's, behind an open that found a page gone) puts nothing back.
   */
  const keepPages = (row: DocumentItemRow, pages: KnownPages) => {
    const key = pagesKey(row.site.account, row.document.id);
    const known = knownPages.peek()[key];
    if (known && known.readAt > pages.readAt) return;
    knownPages.value = { ...knownPages.peek(), [key]: pages };
  };
  /** The pages being opened (`<row key>>p<viewRef>`): Enter held down or a double click opens one once. */
  const pagesOpening = new Set<string>();
  /** The documents (row keys) whose pages were asked for, or read for a search: each once. */
  const pagesAsked = new Set<string>();
  /**
   * Asks the worker for a document's pages (`fresh`: from Grist, though known); its answer joins the
   * known ones, its failure is said under the document (not when pages known are shown: they stay).
   */
  const readPagesOf = (row: DocumentItemRow, fresh = false) => {
    pagesAsked.add(row.key);
    void settle(backend.readPages({ ...listedDocument(row), ...(fresh && { fresh }) })).then((reply) => {
      const notes = new Map(pageNotes.peek());
      notes.delete(row.key);
      batch(() => {
        if (reply.ok) keepPages(row, reply.value);
        else if (!fresh) {
          // Unfolded again, it asks again.
          pagesAsked.delete(row.key);
          notes.set(row.key, t('pagesReadFailed', reply.error.message));
        }
        pageNotes.value = notes;
      });
    });
  };
  // A search's first documents whose pages are not known get them read, once each, when its
  // results have stayed for `pagesReadDelayMs`: they are those the user is likely to open next.
  let searchReads: ReturnType<typeof setTimeout> | undefined;
  effect(() => {
    const current = rows.value;
    clearTimeout(searchReads);
    if (termList.value.length === 0) return;
    searchReads = setTimeout(() => {
      const known = knownPages.peek();
      let documents = 0;
      for (const row of current) {
        if (row.kind !== 'document') continue;
        if (!pagesAsked.has(row.key) && !knownPagesOf(row, known)) readPagesOf(row);
        if (++documents === SEARCH_PAGE_READS) break;
      }
    }, pagesReadDelayMs);
  });
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
    ...recentActions,
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
      (history ??= withChanges(({ historyStore }) => historyStore(changes, readOpened, () => (opened.value = {}))).catch((error: unknown) => {
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
    unfoldedPages,
    showPages: (row, show) => {
      const next = new Set(unfoldedPages.peek());
      if (show === next.has(row.key)) return;
      batch(() => {
        if (show) {
          next.add(row.key);
          // Not known: read, or being read for a search already; said until they come.
          if (!knownPagesOf(row, knownPages.peek())) {
            if (!pagesAsked.has(row.key)) readPagesOf(row);
            pageNotes.value = new Map(pageNotes.peek()).set(row.key, t('readingPages'));
          } else if (!pagesAsked.has(row.key)) {
            // Known: drawn at once, and read afresh once in this popup behind them. A refresh reads
            // them again only for a document Grist says changed (pages-refresh.ts), and whether
            // Grist moves a document's updatedAt when a page is renamed is not checked.
            readPagesOf(row, true);
          }
        } else next.delete(row.key);
        unfoldedPages.value = next;
      });
    },
    openDocumentPage: (parent, page) => {
      const opening = `${parent.key}>p${page.viewRef}`;
      if (pagesOpening.has(opening)) return;
      pagesOpening.add(opening);
      void settle(backend.openPage({ ...listedDocument(parent), viewRef: page.viewRef })).then((reply) => {
        pagesOpening.delete(opening);
        if (!reply.ok) {
          announcement.value = t('pageOpenFailed', reply.error.message);
          return;
        }
        const opened = reply.value;
        if (opened.opened === 'page') return;
        // Gone since it was read: the worker opened the document, and the pages known are Grist's
        // now (those unfolded are drawn so, and the page leaves Recently opened).
        batch(() => {
          keepPages(parent, opened.pages);
          announcement.value = t('pageGone', page.name, parent.document.name);
        });
      });
    },
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
