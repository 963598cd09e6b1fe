/**
 * The descriptor of one kind of change the popup makes (a rename, a move, a trash, a pin, a copy,
 * a new document, a restore, an access change), the popup's counterpart of the worker's (background/changes/
 * kind-module.ts), as the runner (runner.ts) carries it through the lifecycle of TanStack Query's
 * mutations: `onMutate` shows it at once and answers what puts it back, `send` asks the worker's
 * change pipeline, `onError` shows a refusal, `onSuccess` offers its undo in the status; the
 * runner then settles the listing shown (onSettled). Each kind is one module of kinds/
 * describing only these, and, for the registry (registry.ts, one line per kind: RegisteredChange),
 * which change-log entries it is logged as, what its undo shows in the listing, the actions that
 * run it and the words its status says; the runner does the rest the same way for all.
 */
import type { ReadonlySignal, Signal } from '@preact/signals';
import type { Backend } from '../../page-shared/backend-client.ts';
import type { ChangeEntry, ChangeKind, EntryTarget } from '../../shared/protocol/change-log.ts';
import type { UndoState } from '../../shared/protocol/undo-outcome.ts';
import type { ErrorValue, Result } from '../../shared/protocol/errors.ts';
import type { MessageKey } from '../../shared/i18n.ts';
import type { Listing } from '../../shared/protocol/listing.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import type { MoveState, RenameState } from './edit-states.ts';
import type { RowRef } from '../reads/row-ref.ts';

/**
 * A change to the listing shown: with `key` (a row's rowKey), kept over any refresh already under
 * way, which would otherwise bring back what was before it (the listing sync's confirm); without,
 * shown now only (its edit).
 */
export interface ListingEdit {
  change: (shown: Listing) => Listing;
  key?: string;
}

/** What the status says of a change, and of its undo. */
export interface ChangeWords {
  /** "Renamed … to …", "Moved … to trash." */
  message: string;
  /** The Undo button's accessible name ("Undo rename of …"). */
  undoLabel: string;
  /** What it says once undone; `restored`: the name Grist answered for the document. */
  undoneMessage: (restored: string) => string;
}

/** A change Grist confirmed, as the status offers its undo. */
export interface UndoOffered {
  /** The row it changed (a moved document's, on its new site); null for a site's access, which has none. */
  row: RowRef | null;
  /** What its undo is asked of, where it is not its row's document or workspace (an access change's: kinds/share.ts). */
  undoTarget?: EntryTarget;
  words: ChangeWords;
  /** The name its undo puts back: what "Restore … anyway" names when it was changed elsewhere since. */
  oldName: string;
  /** True for a move: its conflict reads "moved to …", "Move … back anyway". */
  move?: true;
  /** True for an access change: its conflict reads "Access to … was changed elsewhere since", "Put access … back anyway". */
  access?: true;
  /** A document it made: its page (Open) and name. */
  open?: { url: string; name: string };
  /** True when its undo brings its row back: the row's link then takes the focus. */
  bringsRowBack?: true;
  /** True when the Undo button takes the focus the row held (no other row was left to take it). */
  undoTakesFocus?: true;
  /** What the listing shows once it is undone (`restored`: the name Grist answered). */
  undone: (restored: string) => ListingEdit;
}

/** The last change made in this popup (by its change-log entry), offered for undo, and where its undo stands. */
export interface LastChange extends UndoOffered {
  entryId: string;
  /** `conflict`: changed elsewhere since; nothing was sent. */
  undo: UndoState;
}

/**
 * What the changes read and write: the store's signals and the listing sync's edits, handed over by
 * the store (not the store itself).
 */
export interface ChangeContext {
  listing: ReadonlySignal<Listing | null>;
  /** Shows the listing as `change` makes it, now (the listing sync's edit). */
  edit: (change: (shown: Listing) => Listing) => void;
  /** Shows a change Grist confirmed, now and over any refresh already under way (the listing sync's confirm). */
  confirm: (key: string, change: (shown: Listing) => Listing) => void;
  /** The status line's sentence. */
  announcement: Signal<string>;
  lastChange: Signal<LastChange | null>;
  /** How many of the status line's undos Grist confirmed (PopupStore.undone). */
  undone: Signal<number>;
  /** The last document taken out because Grist said it is gone: the view moves the focus it held. */
  removedDocument: Signal<DocumentRef | null>;
  /** Documents and workspaces in edit mode or saving, by rowKey. */
  renames: Signal<ReadonlyMap<string, RenameState>>;
  /** The destination picker or copy form open, if any. */
  moving: Signal<MoveState | null>;
  /**
   * The worker's messages. The store is handed only those registry.ts's ChangeBackend names (what
   * each registered change sends, and what the other actions and the History ask), and the
   * changes ask for no other.
   */
  backend: Backend;
}

/**
 * A kind of change, asked with `V`, answered `A` by the worker, `M` what its onMutate answers (what
 * puts back what it showed at once). Every hook but send runs in one batch with the runner's own
 * writes, so the list and the status change in the same render.
 */
export interface ChangeDescriptor<V, A extends { entryId: string | null }, M extends { putBack?: ListingEdit } = { putBack?: ListingEdit }> {
  /** Shows the change at once (nothing, for a change shown once made: a copy). Out: what puts it back. */
  onMutate?(context: ChangeContext, vars: V): M;
  /**
   * Asks the worker for it. Out: its answer, or its error (a rejection: no worker). A registered
   * kind types `backend` as the messages it sends (`Pick<Backend, ...>`): the registry's
   * ChangeBackend is made of them.
   */
  send(backend: Backend, vars: V): Promise<Result<A>>;
  /**
   * Shows Grist's refusal (default: the status says it, and what was shown at once is put back).
   * Out: what the listing shows now, if anything.
   */
  onError?(context: ChangeContext, error: ErrorValue, vars: V, mutated: M): ListingEdit | null;
  /** Shows what Grist confirmed. Out: what the listing shows now, if anything, and its offer of undo. */
  onSuccess(context: ChangeContext, answer: A, vars: V, mutated: M): { shown?: ListingEdit; offer: UndoOffered };
}

/** A change-log entry as the registry tells kinds apart: what was done, and to what. */
export interface LoggedAs {
  kind: ChangeKind;
  target: ChangeEntry['target']['kind'];
}

/** An action views ask for by name (`store.act`): it is handed the change context, then their arguments. */
export type Act = (context: ChangeContext, ...args: never[]) => unknown;

/**
 * A kind of change as the registry lists it (registry.ts): its descriptor, and what the popup
 * knows of it besides running it.
 */
export interface RegisteredChange<V, A extends { entryId: string | null }, M extends { putBack?: ListingEdit } = { putBack?: ListingEdit }> extends ChangeDescriptor<V, A, M> {
  /** The change-log entries its changes are logged as: the History's undo of one finds it by these. */
  logged: readonly LoggedAs[];
  /**
   * How the listing looks once a change of it, logged as `entry`, is undone from the History
   * (`restored`: the name Grist answered); null when the listing shows nothing of it. The status
   * line's Undo says its own (UndoOffered.undone), from what was asked.
   */
  undone(entry: ChangeEntry, restored: string): ListingEdit | null;
  /** The actions that run it, by the name views ask for them (`store.act`, ActName). */
  acts: Readonly<Record<string, Act>>;
  /** The locale keys of what the status says of it: what was done, its Undo's name, what its undo did. */
  words: readonly MessageKey[];
}
