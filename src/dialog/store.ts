/**
 * The rename dialog's state and actions. The views only read these signals and call these actions;
 * the background, the cached listing, closing the window and reloading a tab are injected, so tests
 * hand in fakes. Imports only types from the shared runtime modules, so nothing here needs the
 * extension APIs.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../shared/backend-client.ts';
import { checkDocumentName } from '../shared/document-name.ts';
import { FIXED_IN_OPTIONS, settle } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { undoResult, type UndoState, type WindowSource } from '../shared/change-log.ts';
import type { Listing } from '../shared/listing.ts';
import type { DocumentAtUrl } from '../shared/messages.ts';
import { moveDestinations, serverOf, type MoveDestination, type MovePlace } from '../shared/move.ts';
import { plainTextName } from '../shared/plain-text-name.ts';

/** What the store needs from the outside world. */
export interface DialogStoreDependencies {
  backend: Pick<Backend, 'getDocumentAtUrl' | 'renameDocumentAtUrl' | 'renameDocument' | 'moveDocument' | 'undoChange'>;
  /**
   * The cached listing (`listingItem`), for the places a document can be moved to; null when there
   * is none. Read once the document is known to be the user's, so it does not hold up the lookup.
   */
  readCachedListing: () => Promise<Listing | null>;
  /** The document page or link URL; null when the tab's address could not be read. */
  pageUrl: string | null;
  /** The tab that shows the document; null for a link, or when unknown. */
  tabId: number | null;
  /** How the window was opened (a menu entry or the shortcut), for the rename history. */
  source?: WindowSource;
  /** Closes the dialog's window (`window.close` in the extension). */
  closeWindow: () => void;
  /** Reloads a tab (`browser.tabs.reload` in the extension). */
  reloadTab: (tabId: number) => Promise<unknown>;
  /** Opens the extension's options page (`browser.runtime.openOptionsPage` in the extension). */
  openOptions: () => unknown;
}

/** Where the dialog is: one view per kind. */
export type DialogState =
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

/** What the last move made in this window came to, for the status region and its Undo. */
export type MoveOutcome =
  /** Grist confirmed it; `entryId`: its history entry, to undo it (null when there is none). */
  | { kind: 'moved'; from: MovePlace; to: MovePlace; entryId: string | null; undo: UndoState }
  /** Its undo put the document back in `from`. */
  | { kind: 'moved-back'; from: MovePlace; to: MovePlace };

/**
 * The Move to… of a document the user owns (issue 18), beside the rename form: where the document
 * is, the destination picker, and the last move.
 */
export interface MoveState {
  /** The account the lookup found it with: its destinations are that account's workspaces. */
  account: string;
  /** Where the document is now: as the lookup found it, then where the last move or its undo put it. */
  place: MovePlace;
  /** The destination picker: closed, open, or closed while the chosen move is on its way. */
  picker: 'closed' | 'open' | 'moving';
  /** Why the last move failed, in the worker's words (Grist's, the site named); shown in the picker. */
  error: string | null;
  outcome: MoveOutcome | null;
  /**
   * True once a move was made: from then on a rename goes by the document's id and its current
   * site (`renameDocument`), since the page's URL may no longer lead to it.
   */
  moved: boolean;
  /**
   * True once it went to another site (even if moved back since): Grist dropped its urlId and does
   * not give it back (grist-api.md "Moving a document"), so the tab's address leads nowhere.
   */
  linksBroken: boolean;
}

export interface DialogStore {
  readonly state: ReadonlySignal<DialogState>;
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
  /** The Move to… of the document: null unless it is a document the user owns whose workspace is known. */
  readonly move: ReadonlySignal<MoveState | null>;
  /**
   * Where the document can be moved, from the cached listing (moveDestinations): every workspace of
   * its Grist server the user may add documents to, but its own. Empty without a listing.
   */
  readonly destinations: ReadonlySignal<MoveDestination[]>;
  /**
   * True while a move or its undo is on its way: the document's site is about to change, so no
   * rename is sent and the window does not close (its answer would go unseen).
   */
  readonly moveUnderway: ReadonlySignal<boolean>;

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
  /** Opens the destination picker, once the cached listing is read. Not while a rename, a move or its undo is on its way. */
  openMovePicker(): Promise<void>;
  /** Closes the destination picker (Escape, or Move to… again); not while the move is on its way. */
  closeMovePicker(): void;
  /**
   * Moves the document to `destination` (chosen, and confirmed if on another site) through the
   * worker. Once Grist confirms, the picker closes and the window says where it is, with Undo; a
   * refusal stays in the picker.
   */
  moveTo(destination: MoveDestination): Promise<void>;
  /** Undoes the move just made (`force`: even though it was moved elsewhere since). */
  undoMove(force?: boolean): Promise<void>;
}

/** The heading and window title before a document is known (also the page's `<title>`). */
export const DEFAULT_TITLE = t('dialogTitle');

/** What the keyboard shortcut on a tab the extension cannot read comes to. */
export const NO_DOCUMENT_MESSAGE = t('noDocumentInTab');


/** Creates the dialog's store. Nothing is asked of the background until `start()` is called. */
export function createDialogStore({ backend, readCachedListing, pageUrl, tabId, source = 'page', closeWindow, reloadTab, openOptions }: DialogStoreDependencies): DialogStore {
  const state = signal<DialogState>({ kind: 'loading' });
  const draft = signal('');
  const title = computed(() => {
    const current = state.value;
    return 'document' in current ? t('dialogRenameNamed', plainTextName(current.document.name)) : DEFAULT_TITLE;
  });
  const move = signal<MoveState | null>(null);
  const listing = signal<Listing | null>(null);
  /** Settles once the cached listing is read (or could not be); set when a document to move is found. */
  let listingRead: Promise<void> | null = null;
  const place = computed(() => move.value?.place ?? null);
  const destinations = computed(() => {
    const from = place.value;
    const cached = listing.value;
    if (!from || !cached) return [];
    // The listing's own address of the site, which the listing's sites are told apart by.
    const account = move.value!.account;
    const site = cached.sites.find((entry) => entry.account === account && entry.orgId === from.site.orgId && serverOf(entry.siteUrl) === serverOf(from.site.url));
    return moveDestinations(cached, { account, orgId: from.site.orgId, siteUrl: site?.siteUrl ?? from.site.url, workspaceId: from.workspace.id });
  });
  const canReloadTab = computed(() => tabId !== null && !move.value?.linksBroken);

  /** The Move to… of a document found at the URL, when it is the user's and Grist said where it is. */
  function moveStateFor(document: DocumentAtUrl): MoveState | null {
    if (document.kind !== 'document' || !document.canRename || !document.workspace) return null;
    const from: MovePlace = { site: { orgId: document.orgId, name: document.siteName ?? '', url: document.siteUrl }, workspace: document.workspace };
    return { account: document.account, place: from, picker: 'closed', error: null, outcome: null, moved: false, linksBroken: false };
  }

  const moveUnderway = computed(() => {
    const current = move.value;
    return current?.picker === 'moving' || (current?.outcome?.kind === 'moved' && current.outcome.undo.kind === 'undoing');
  });

  async function start(): Promise<void> {
    if (!pageUrl) {
      state.value = { kind: 'unavailable', message: NO_DOCUMENT_MESSAGE, fixInOptions: false };
      return;
    }
    state.value = { kind: 'loading' };
    const reply = await settle(backend.getDocumentAtUrl({ pageUrl }));
    batch(() => {
      if (!reply.ok) {
        state.value = { kind: 'unavailable', message: reply.error.message, fixInOptions: FIXED_IN_OPTIONS.has(reply.error.kind) };
      } else if (!reply.value.canRename) {
        state.value = { kind: 'not-owner', document: reply.value };
      } else {
        draft.value = reply.value.name;
        state.value = { kind: 'editing', document: reply.value, saving: false, nameError: null, renameError: null };
        move.value = moveStateFor(reply.value);
      }
    });
    if (move.value) {
      listingRead = readCachedListing().then(
        (cached) => void (listing.value = cached),
        // Without it the picker says there is no other workspace; the rename is not affected.
        () => undefined,
      );
    }
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
    const moved = move.value;
    batch(() => {
      state.value = { ...current, saving: true, nameError: null, renameError: null };
      if (moved?.picker === 'open') move.value = { ...moved, picker: 'closed' };
    });
    // Once moved, the page's URL may lead nowhere (another site drops the urlId): the rename goes by
    // the document's id and the site it is on now, which the worker's listing has followed.
    const reply = await settle(
      moved?.moved
        ? backend.renameDocument({ orgId: moved.place.site.orgId, siteUrl: moved.place.site.url, docId: current.document.docId, name: check.name, source })
        : backend.renameDocumentAtUrl({ pageUrl, name: check.name, source }),
    );
    state.value = reply.ok
      ? // Grist may store the name differently from what was typed; show what it stored.
        { kind: 'renamed', document: current.document, name: reply.value.name, entryId: reply.value.entryId, undo: { kind: 'offered' }, reloadError: null }
      : { ...current, saving: false, nameError: null, renameError: reply.error.message };
  }

  async function undo(force = false): Promise<void> {
    const current = state.value;
    if (current.kind !== 'renamed' || !current.entryId || current.undo.kind === 'undoing') return;
    state.value = { ...current, undo: { kind: 'undoing' } };
    const result = undoResult(await settle(backend.undoChange({ entryId: current.entryId, docId: current.document.docId, force })));
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

  async function openMovePicker(): Promise<void> {
    const current = state.value;
    if (current.kind !== 'editing' || current.saving || !move.value || moveUnderway.value) return;
    // Read at start; waited for here so the picker never shows "no other workspace" for a moment.
    await listingRead;
    const now = move.value;
    const after = state.value;
    if (after.kind === 'editing' && !after.saving && now?.picker === 'closed') move.value = { ...now, picker: 'open', error: null };
  }

  function closeMovePicker(): void {
    const current = move.value;
    if (current?.picker === 'open') move.value = { ...current, picker: 'closed', error: null };
  }

  async function moveTo(destination: MoveDestination): Promise<void> {
    const current = state.value;
    const before = move.value;
    if (current.kind !== 'editing' || current.saving || before?.picker !== 'open' || moveUnderway.value) return;
    const from = before.place;
    move.value = { ...before, picker: 'moving', error: null };
    const reply = await settle(
      backend.moveDocument({ account: before.account, orgId: from.site.orgId, siteUrl: from.site.url, docId: current.document.docId, to: { orgId: destination.site.orgId, workspaceId: destination.workspace.id }, source }),
    );
    if (!reply.ok) {
      move.value = { ...before, picker: 'open', error: reply.error.message };
      return;
    }
    const { to, entryId } = reply.value;
    move.value = {
      account: before.account,
      place: to,
      picker: 'closed',
      error: null,
      outcome: { kind: 'moved', from, to, entryId, undo: { kind: 'offered' } },
      moved: true,
      linksBroken: before.linksBroken || to.site.orgId !== from.site.orgId,
    };
  }

  async function undoMove(force = false): Promise<void> {
    const current = state.value;
    const before = move.value;
    const outcome = before?.outcome;
    if (current.kind !== 'editing' || current.saving || !before || outcome?.kind !== 'moved' || !outcome.entryId || moveUnderway.value) return;
    move.value = { ...before, outcome: { ...outcome, undo: { kind: 'undoing' } } };
    const result = undoResult(await settle(backend.undoChange({ entryId: outcome.entryId, docId: current.document.docId, force })));
    move.value =
      'restored' in result
        ? { ...before, place: outcome.from, outcome: { kind: 'moved-back', from: outcome.from, to: outcome.to } }
        : { ...before, outcome: { ...outcome, undo: result } };
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
    move,
    destinations,
    moveUnderway,
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
    openMovePicker,
    closeMovePicker,
    moveTo,
    undoMove,
  };
}
