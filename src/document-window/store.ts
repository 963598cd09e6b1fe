/**
 * The document window's state and actions. The views only read these signals and call these actions;
 * the background, the cached listing, closing the window and reloading a tab are injected, so tests
 * hand in fakes. Imports only types from the shared runtime modules, so nothing here needs the
 * extension APIs.
 */
import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { runPageChange, type PageChange } from '../page-shared/change-lifecycle.ts';
import type { Backend } from '../page-shared/backend-client.ts';
import { checkDocumentName } from '../shared/rules/document-name.ts';
import { settle } from '../shared/protocol/errors.ts';
import { FIXED_IN_OPTIONS } from '../page-shared/fixed-in-options.ts';
import { t } from '../shared/i18n.ts';
import { keyTarget, type WindowSource } from '../shared/protocol/change-log.ts';
import { undoResult, type UndoState } from '../shared/protocol/undo-outcome.ts';
import type { Listing } from '../shared/protocol/listing.ts';
import type { DocumentAtUrl, DocumentKey, RenamedDocument } from '../shared/protocol/messages.ts';
import { createWindowMove, type MoveState, type WindowMove } from './window-move.ts';
import { createWindowTrash, type WindowTrash } from './window-trash.ts';
import { plainTextName } from '../shared/rules/plain-text-name.ts';

/** What the store needs from the outside world. */
export interface DocumentWindowDependencies {
  backend: Pick<Backend, 'getDocumentAtUrl' | 'renameDocumentAtUrl' | 'renameDocument' | 'moveDocument' | 'undoChange' | 'removeDocument' | 'noteOpened'>;
  /**
   * The cached listing (`listingItem`), for the places a document can be moved to; null when there
   * is none. Read once the document is known to be the user's, so it does not hold up the lookup.
   */
  readCachedListing: () => Promise<Listing | null>;
  /** The document page or link URL; null when the tab's address could not be read. */
  pageUrl: string | null;
  /** The tab that shows the document; null for a link, or when unknown. */
  tabId: number | null;
  /** How the window was opened (a menu entry or the shortcut), for the change history. */
  source?: WindowSource;
  /** Closes the window (`window.close` in the extension). */
  closeWindow: () => void;
  /** Reloads a tab (`browser.tabs.reload` in the extension). */
  reloadTab: (tabId: number) => Promise<unknown>;
  /** Opens the extension's options page (`browser.runtime.openOptionsPage` in the extension). */
  openOptions: () => unknown;
}

/** Where the document window is: one view per kind. */
export type DocumentWindowState =
  | { kind: 'loading' }
  /**
   * No document to rename: not a Grist page, unknown site, or Grist could not be reached.
   * `fixInOptions` when the options can fix it (a site to add, a key refused or not confirmed).
   */
  | { kind: 'unavailable'; message: string; fixInOptions: boolean }
  /** The document was found but the user is not one of its owners. */
  | { kind: 'not-owner'; document: DocumentAtUrl }
  | {
      kind: 'editing';
      document: DocumentAtUrl;
      /** True while the rename is on its way to Grist. */
      saving: boolean;
      /** Why the typed name cannot be sent; shown next to the field. */
      nameError: string | null;
      /** Why Grist refused or could not be reached; the typed name stays in the field. */
      renameError: string | null;
    }
  | {
      kind: 'renamed';
      document: DocumentAtUrl;
      /** The name Grist now stores. */
      name: string;
      /** The rename's history entry, to undo it; null when there is none. */
      entryId: string | null;
      /** Where its undo stands: not tried, on its way, renamed elsewhere since (now `current`), or failed. */
      undo: UndoState;
      /** Why the document's tab could not be reloaded, if it was tried. */
      reloadError: string | null;
    }
  /** The rename was undone: Grist stores `name`, the old one, again. */
  | { kind: 'undone'; document: DocumentAtUrl; name: string };

/** The document window's state: its rename form, and its Move to… (window-move.ts). */
export interface DocumentWindowStore extends Omit<WindowMove, 'move' | 'offer'>, WindowTrash {
  /** The Move to… of the document: null unless it is a document the user owns whose workspace is known. */
  readonly move: ReadonlySignal<MoveState | null>;
  readonly state: ReadonlySignal<DocumentWindowState>;
  /** The text of the name field. */
  readonly draft: ReadonlySignal<string>;
  /**
   * The window title: `Rename “<name>”` once the document is known, the name bidi-isolated and cut
   * short (plainTextName); the heading shows the whole name in a `<bdi>` instead.
   */
  readonly title: ReadonlySignal<string>;
  /**
   * True when the tab can be reloaded to show the new name: there is one, and its address still
   * leads to the document (not after a move to another site).
   */
  readonly canReloadTab: ReadonlySignal<boolean>;
  /** Looks up the document the page URL shows. Resolves when the answer is shown. */
  start(): Promise<void>;
  setDraft(text: string): void;
  /** Checks and sends the typed name (trimmed); an unchanged name just closes the window. */
  submit(): Promise<void>;
  /** Closes the window, unless a rename or a move is on its way (its answer would otherwise go unseen). */
  cancel(): void;
  /** Escape anywhere in the window: closes the destination picker when it is open, the window otherwise (cancel). */
  dismiss(): void;
  /** Closes the window. */
  close(): void;
  /** Opens the options page, then closes the window. */
  openOptions(): void;
  /** Reloads the document's tab so it shows the new name, then closes the window. */
  reloadTab(): Promise<void>;
  /** Undoes the rename just made (`force`: even though it was renamed elsewhere since). */
  undo(force?: boolean): Promise<void>;
}

/** The heading and window title before a document is known (also the page's `<title>`). */
export const DEFAULT_TITLE = t('documentWindowTitle');

/** What the keyboard shortcut on a tab the extension cannot read comes to. */
export const NO_DOCUMENT_MESSAGE = t('noDocumentInTab');


/** The rename form while it is open (DocumentWindowState's `editing`). */
type EditingState = Extract<DocumentWindowState, { kind: 'editing' }>;

/** What the window's rename writes: the window's state and its Move to… (whose picker it closes), and the backend it sends with. */
interface WindowRenameContext {
  backend: DocumentWindowDependencies['backend'];
  state: Signal<DocumentWindowState>;
  move: Signal<MoveState | null>;
}

/**
 * A rename asked from the form as `editing` showed it: to `name` (checked), sent by the page's URL
 * or, once the window moved the document, by its id and the site it is on now (`at`).
 */
interface WindowRenameVars {
  editing: EditingState;
  name: string;
  at: { pageUrl: string } | DocumentKey;
  source: WindowSource;
}

/**
 * The window's rename, in the pages' one lifecycle (page-shared/change-lifecycle.ts): the form
 * says Renaming… at once, held (and the picker closed); a refusal puts the form back as it was,
 * the typed name in the field and Grist's words beside it; once confirmed, the window says the
 * name Grist stored (it may store it differently from what was typed), with Undo.
 */
const renameChange: PageChange<WindowRenameContext, WindowRenameVars, RenamedDocument> = {
  onMutate({ state, move }, { editing }) {
    state.value = { ...editing, saving: true, nameError: null, renameError: null };
    const moved = move.value;
    if (moved?.picker === 'open') move.value = { ...moved, picker: 'closed' };
  },
  send: (backend, { at, name, source }) => ('pageUrl' in at ? backend.renameDocumentAtUrl({ pageUrl: at.pageUrl, name, source }) : backend.renameDocument({ ...at, name, source })),
  onError({ state }, error, { editing }) {
    state.value = { ...editing, saving: false, nameError: null, renameError: error.message };
  },
  onSuccess({ state }, { name, entryId }, { editing }) {
    state.value = { kind: 'renamed', document: editing.document, name, entryId, undo: { kind: 'offered' }, reloadError: null };
  },
};

/** Creates the document window's store. Nothing is asked of the background until `start()` is called. */
export function createDocumentWindowStore({ backend, readCachedListing, pageUrl, tabId, source = 'page', closeWindow, reloadTab, openOptions }: DocumentWindowDependencies): DocumentWindowStore {
  const state = signal<DocumentWindowState>({ kind: 'loading' });
  const draft = signal('');
  const title = computed(() => {
    const current = state.value;
    return 'document' in current ? t('documentWindowRenameNamed', plainTextName(current.document.name)) : DEFAULT_TITLE;
  });
  const windowMove = createWindowMove({
    backend,
    readCachedListing,
    source,
    editing: () => {
      const current = state.value;
      return current.kind === 'editing' && !current.saving ? current.document : null;
    },
  });
  const { move, moveUnderway, closeMovePicker } = windowMove;

  /**
   * Where the window's document is now, as the worker's listing has followed it: the site the
   * window's move put it on (another site drops the page's urlId), else the page's own.
   */
  function whereNow({ orgId, siteUrl, docId }: DocumentAtUrl): DocumentKey {
    const moved = move.value?.moved ? move.value.place.site : null;
    return moved ? { orgId: moved.orgId, siteUrl: moved.url, docId } : { orgId, siteUrl, docId };
  }
  const canReloadTab = computed(() => tabId !== null && !move.value?.linksBroken);

  async function start(): Promise<void> {
    if (!pageUrl) {
      state.value = { kind: 'unavailable', message: NO_DOCUMENT_MESSAGE, fixInOptions: false };
      return;
    }
    state.value = { kind: 'loading' };
    const reply = await settle(backend.getDocumentAtUrl({ pageUrl }));
    // A document the window was opened on is one the user uses: the popup's Recently opened and the
    // address bar rank it (frecency). Nothing is waited for.
    if (reply.ok && reply.value.kind === 'document') void backend.noteOpened({ account: reply.value.account, orgId: reply.value.orgId, siteUrl: reply.value.siteUrl, docId: reply.value.docId });
    batch(() => {
      if (!reply.ok) {
        state.value = { kind: 'unavailable', message: reply.error.message, fixInOptions: FIXED_IN_OPTIONS.has(reply.error.kind) };
      } else if (!reply.value.canRename) {
        state.value = { kind: 'not-owner', document: reply.value };
      } else {
        draft.value = reply.value.name;
        state.value = { kind: 'editing', document: reply.value, saving: false, nameError: null, renameError: null };
        windowMove.offer(reply.value);
      }
    });
  }

  async function submit(): Promise<void> {
    const current = state.value;
    // `saving` guards against a second Enter or click sending the rename twice; a move on its way
    // is about to change the site the rename goes to.
    if (current.kind !== 'editing' || current.saving || !pageUrl || moveUnderway.value) return;
    const check = checkDocumentName(draft.value, current.document.name);
    if (check.kind === 'invalid') {
      state.value = { ...current, nameError: check.message, renameError: null };
      return;
    }
    if (check.kind === 'unchanged') {
      closeWindow();
      return;
    }
    // Once moved, the page's URL may lead nowhere (another site drops the urlId): the rename goes by
    // the document's id and the site it is on now, which the worker's listing has followed.
    const at = move.value?.moved ? whereNow(current.document) : { pageUrl };
    await runPageChange({ backend, state, move }, renameChange, { editing: current, name: check.name, at, source });
  }

  async function undo(force = false): Promise<void> {
    const current = state.value;
    if (current.kind !== 'renamed' || !current.entryId || current.undo.kind === 'undoing') return;
    state.value = { ...current, undo: { kind: 'undoing' } };
    const result = undoResult(await settle(backend.undoChange({ entryId: current.entryId, target: keyTarget(current.document.docId), force })));
    state.value = 'restored' in result ? { kind: 'undone', document: current.document, name: result.restored } : { ...current, undo: result };
  }

  function cancel(): void {
    const current = state.value;
    if ((current.kind === 'editing' && current.saving) || moveUnderway.value) return;
    closeWindow();
  }

  function dismiss(): void {
    if (move.value?.picker === 'open') closeMovePicker();
    else cancel();
  }

  async function reloadDocumentTab(): Promise<void> {
    const current = state.value;
    if (current.kind !== 'renamed' || tabId === null || !canReloadTab.value) return;
    try {
      await reloadTab(tabId);
    } catch {
      // Most likely the tab was closed meanwhile; say so rather than close as if it had worked.
      state.value = { ...current, reloadError: t('reloadFailed') };
      return;
    }
    closeWindow();
  }

  return {
    state,
    draft,
    title,
    canReloadTab,
    ...windowMove,
    ...createWindowTrash({ backend, source, whereNow }),
    start,
    setDraft: (text) => {
      const current = state.value;
      if (current.kind === 'editing' && !current.saving) draft.value = text;
    },
    submit,
    cancel,
    dismiss,
    close: closeWindow,
    openOptions: () => {
      void Promise.resolve()
        .then(openOptions)
        .then(closeWindow, () => {
          // The window stays, saying so, rather than vanish as if the options had opened.
          state.value = { kind: 'unavailable', message: t('optionsOpenFailed'), fixInOptions: false };
        });
    },
    reloadTab: reloadDocumentTab,
    undo,
  };
}
