/**
 * The document window's Move to… of a document the user owns (issue 18), beside the rename form: where
 * the document is, the workspaces it can go to (from the cached listing), the destination picker,
 * the move through the worker and its undo.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { runPageChange, type PageChange } from '../page-shared/change-lifecycle.ts';
import type { Backend } from '../page-shared/backend-client.ts';
import type { WindowSource } from '../shared/protocol/change-log.ts';
import { undoResult, type UndoState } from '../shared/protocol/undo-outcome.ts';
import { settle } from '../shared/protocol/errors.ts';
import type { DocumentPlace, Listing } from '../shared/protocol/listing.ts';
import type { DocumentAtUrl } from '../shared/protocol/messages.ts';
import { type MoveDestination, moveDestinations, placeSite, serverOf } from '../shared/rules/move.ts';
import type { MovedDocument } from '../shared/protocol/listing.ts';

/** What the last move made in this window came to, for the status region and its Undo. */
export type MoveOutcome =
  /** Grist confirmed it; `entryId`: its history entry, to undo it (null when there is none). */
  | { kind: 'moved'; from: DocumentPlace; to: DocumentPlace; entryId: string | null; undo: UndoState }
  /** Its undo put the document back in `from`. */
  | { kind: 'moved-back'; from: DocumentPlace; to: DocumentPlace };

/**
 * The Move to… of a document the user owns (issue 18), beside the rename form: where the document
 * is, the destination picker, and the last move.
 */
export interface MoveState {
  /** The account the lookup found it with: its destinations are that account's workspaces. */
  account: string;
  /** Where the document is now: as the lookup found it, then where the last move or its undo put it. */
  place: DocumentPlace;
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
   * not give it back (docs/grist-api.md "Moving a document"), so the tab's address leads nowhere.
   */
  linksBroken: boolean;
}

/** The window's Move to…: its state, and what the window's views and its rename do with it. */
export interface WindowMove {
  /** The Move to… of the document: null unless it is a document the user owns whose workspace is known. */
  readonly move: Signal<MoveState | null>;
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
  /** Offers the Move to… of `document`, found at the page's URL, when it is the user's and Grist said where it is; reads the cached listing for its destinations. */
  offer(document: DocumentAtUrl): void;
}

/** What the window's move writes: its Move to…, and the backend it sends with. */
interface WindowMoveContext {
  backend: Pick<Backend, 'moveDocument'>;
  move: Signal<MoveState | null>;
}

/** A move asked from the open picker (`before`, the Move to… as it was): document `docId` to `destination`. */
interface WindowMoveVars {
  before: MoveState;
  docId: string;
  destination: MoveDestination;
  source: WindowSource;
}

/**
 * The window's move, in the pages' one lifecycle (page-shared/change-lifecycle.ts): the picker
 * says Moving… at once; a refusal puts it back open, the worker's words in it, for another place;
 * once Grist confirms, the picker closes and the window says where the document is, with Undo.
 */
const moveChange: PageChange<WindowMoveContext, WindowMoveVars, MovedDocument> = {
  onMutate({ move }, { before }) {
    move.value = { ...before, picker: 'moving', error: null };
  },
  send: (backend, { before, docId, destination, source }) =>
    backend.moveDocument({ account: before.account, orgId: before.place.site.orgId, siteUrl: before.place.site.url, docId, to: { orgId: destination.site.orgId, workspaceId: destination.workspace.id }, source }),
  onError({ move }, error, { before }) {
    move.value = { ...before, picker: 'open', error: error.message };
  },
  onSuccess({ move }, { to, entryId }, { before }) {
    const from = before.place;
    move.value = {
      account: before.account,
      place: to,
      picker: 'closed',
      error: null,
      outcome: { kind: 'moved', from, to, entryId, undo: { kind: 'offered' } },
      moved: true,
      linksBroken: before.linksBroken || to.site.orgId !== from.site.orgId,
    };
  },
};

/**
 * Creates the window's Move to…. In: the backend, the cached listing's reader, how the window was
 * opened (for the change log), and `editing`: the document of the rename form while it is open and
 * no rename is on its way (null otherwise: no move starts then).
 */
export function createWindowMove({
  backend,
  readCachedListing,
  source,
  editing,
}: {
  backend: Pick<Backend, 'moveDocument' | 'undoChange'>;
  readCachedListing: () => Promise<Listing | null>;
  source: WindowSource;
  editing: () => DocumentAtUrl | null;
}): WindowMove {
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

  /** The Move to… of a document found at the URL, when it is the user's and Grist said where it is. */
  function moveStateFor(document: DocumentAtUrl): MoveState | null {
    if (document.kind !== 'document' || !document.canRename || !document.workspace) return null;
    const from: DocumentPlace = { site: { orgId: document.orgId, name: document.siteName ?? '', url: document.siteUrl }, workspace: document.workspace };
    return { account: document.account, place: from, picker: 'closed', error: null, outcome: null, moved: false, linksBroken: false };
  }

  const moveUnderway = computed(() => {
    const current = move.value;
    return current?.picker === 'moving' || (current?.outcome?.kind === 'moved' && current.outcome.undo.kind === 'undoing');
  });

  async function openMovePicker(): Promise<void> {
    if (!editing() || !move.value || moveUnderway.value) return;
    // Read at start; waited for here so the picker never shows "no other workspace" for a moment.
    await listingRead;
    const now = move.value;
    if (editing() && now?.picker === 'closed') move.value = { ...now, picker: 'open', error: null };
  }

  function closeMovePicker(): void {
    const current = move.value;
    if (current?.picker === 'open') move.value = { ...current, picker: 'closed', error: null };
  }

  async function moveTo(destination: MoveDestination): Promise<void> {
    const current = editing();
    const before = move.value;
    if (!current || before?.picker !== 'open' || moveUnderway.value) return;
    await runPageChange({ backend, move }, moveChange, { before, docId: current.docId, destination, source });
  }

  async function undoMove(force = false): Promise<void> {
    const current = editing();
    const before = move.value;
    const outcome = before?.outcome;
    if (!current || !before || outcome?.kind !== 'moved' || !outcome.entryId || moveUnderway.value) return;
    move.value = { ...before, outcome: { ...outcome, undo: { kind: 'undoing' } } };
    const result = undoResult(await settle(backend.undoChange({ entryId: outcome.entryId, target: { kind: 'document', id: current.docId }, force })));
    move.value =
      'restored' in result
        ? { ...before, place: outcome.from, outcome: { kind: 'moved-back', from: outcome.from, to: outcome.to } }
        : { ...before, outcome: { ...outcome, undo: result } };
  }

  return {
    move,
    destinations,
    moveUnderway,
    openMovePicker,
    closeMovePicker,
    moveTo,
    undoMove,
    offer(document) {
      move.value = moveStateFor(document);
      if (!move.value) return;
      listingRead = readCachedListing().then(
        (cached) => {
          listing.value = cached;
          // Grist's answer names every personal site "Personal": the listing's entry says whose it is.
          const current = move.value;
          const entry = current && cached?.sites.find((site) => site.account === current.account && site.orgId === current.place.site.orgId && serverOf(site.siteUrl) === serverOf(current.place.site.url));
          if (current && entry) move.value = { ...current, place: { ...current.place, site: { ...placeSite(entry), url: current.place.site.url } } };
        },
        // Without it the picker says there is no other workspace; the rename is not affected.
        () => undefined,
      );
    },
  };
}
