/**
 * The popup store's shape (store.ts makes it): what the views read and call. Apart from the store
 * itself, so the views name it without depending on the store.
 */
import type { ReadonlySignal } from '@preact/signals';
import type { HistoryStore } from '../history/history-store.ts';
import type { DocumentRef } from '../listing-view/row-identity.ts';
import type { DocumentItemRow, Row } from '../listing-view/listing-rows.ts';
import type { ListingSync } from './sync/listing-sync.ts';
import type { LastChange } from './changes/change-descriptor.ts';
import type { ActName, ActOf } from './changes/registry.ts';
import type { MoveState, RenameState, ShareTarget } from './changes/edit-states.ts';
import type { RowRef } from './reads/row-ref.ts';
import type { DocumentPlace } from '../shared/protocol/listing.ts';
import type { BulkRunSnapshot } from '../shared/protocol/bulk.ts';
import type { DownloadFormat } from '../shared/protocol/downloads.ts';
import type { DownloadLine } from './reads/downloads.ts';
import type { PageEntry } from '../shared/protocol/pages.ts';

export type { LastChange } from './changes/change-descriptor.ts';
export type { MoveState, RenameState, ShareTarget } from './changes/edit-states.ts';
export type { RowRef } from './reads/row-ref.ts';

/** The changes of the menus, the forms and the Trash view, which views ask for by name (`act`): changes/registry.ts. */
export type { ActName } from './changes/registry.ts';
/** A change's arguments after its context, which `act` passes itself. */
export type ActionArguments<K extends ActName> = Parameters<ActOf<K>> extends [unknown, ...infer Rest] ? Rest : never;

/** The popup's state: its listing (listing-sync.ts), and on top of it the search, the edits and the undo offer. */
export interface PopupStore extends Omit<ListingSync, 'partial' | 'edit' | 'confirm'> {
  /**
   * What the list shows: the listing as rows (documents sorted), only the matches while `query`
   * holds a search. Empty without a listing.
   */
  readonly rows: ReadonlySignal<readonly Row[]>;
  /**
   * True while the listing shown is the cache's first screen only, the whole cache not read yet: a
   * search then asks for it and waits for it (no results yet), and the status says so.
   */
  readonly searchWaits: ReadonlySignal<boolean>;
  readonly query: ReadonlySignal<string>;
  /** The search's folded terms (see searchTerms): what the view marks in the names it shows. */
  readonly terms: ReadonlySignal<readonly string[]>;
  /** The last result worth announcing ("Listing updated…", "Name saved.", "… no longer exists…"). */
  readonly announcement: ReadonlySignal<string>;
  /**
   * The last document taken out of the listing because Grist said it no longer exists, when its
   * rename was refused with 404. Its row is gone, so the view moves focus elsewhere.
   */
  readonly removedDocument: ReadonlySignal<DocumentRef | null>;
  /** Documents and workspaces in edit mode or saving, by `rowKey`. */
  readonly renames: ReadonlySignal<ReadonlyMap<string, RenameState>>;
  /**
   * The last change (a rename, a move, a move to the trash, a pin, a copy, a new document), offered
   * for undo until the popup closes or another change replaces it; with what its undo came to.
   */
  readonly lastChange: ReadonlySignal<LastChange | null>;
  /**
   * How many of the status line's undos (its Undo, Ctrl+Z) Grist has confirmed: the History and the
   * Trash view read again when it grows, or they would still offer what the undo took back.
   */
  readonly undone: ReadonlySignal<number>;
  /** The destination picker open, if any. */
  readonly moving: ReadonlySignal<MoveState | null>;
  /** What the Share panel is open on, if anything (the people it lists are the panel's own, never kept here). */
  readonly sharing: ReadonlySignal<ShareTarget | null>;
  /**
   * The change history's view state, made when the history is first shown: its code loads then,
   * not with every popup. The same store each time.
   */
  loadHistory(): Promise<HistoryStore>;
  /**
   * Sets the search. Until `wholeResults`, `rows` may hold only its first results: those up to the
   * document that brings them to FIRST_SCREEN_ROWS (row-window.ts), or all, where known already.
   */
  setQuery(text: string): void;
  /** Puts every result of the search in `rows`: the list asks whenever it renders whole (once the first screen is painted, as it scrolls, as it is shown). */
  wholeResults(): void;
  /** Puts a document or workspace the user owns in edit mode, prefilled with its name. */
  beginRename(ref: RowRef): void;
  /** Updates the edit field's text. */
  setDraft(ref: RowRef, text: string): void;
  /**
   * Saves the typed name (trimmed); empty is refused and an unchanged name just leaves edit mode.
   * A document Grist no longer has leaves the listing; other failures go back to edit mode.
   */
  commitRename(ref: RowRef): Promise<void>;
  /** Leaves edit mode without saving. */
  cancelRename(ref: RowRef): void;
  /** Opens the destination picker of a document the user owns (closing any other). */
  beginMove(ref: DocumentRef): void;
  /** Closes the picker, unless its move is on its way. */
  cancelMove(): void;
  /**
   * Moves the document of the open picker to `to` (`moveDocument`). Once Grist confirms, the
   * listing shows it there at once and the status offers Undo; a failure stays in the picker.
   */
  commitMove(to: DocumentPlace): Promise<void>;
  /** Opens the Share panel on `target` (in place of any other). */
  openShare(target: ShareTarget): void;
  /** Closes the Share panel (which gives the focus back to the button that opened it). */
  closeShare(): void;
  /**
   * Undoes the last change (`force`: even though the document was changed elsewhere since;
   * `grants`: for a person's removal, the grant changed since to put back all the same).
   */
  undoLastChange(force?: boolean, grants?: string[]): Promise<void>;
  /**
   * Runs one of the changes of the menus, the forms and the Trash view (changes/registry.ts ACTS,
   * see ActName), loaded with the popup's changes. Out: what the change answers.
   */
  act<K extends ActName>(name: K, ...args: ActionArguments<K>): Promise<Awaited<ReturnType<ActOf<K>>>>;
  openOptions(): void;
  openBulkChanges(): void;
  /** The documents whose pages are unfolded under them, by row key. */
  readonly unfoldedPages: ReadonlySignal<ReadonlySet<string>>;
  /**
   * Unfolds a document's pages under it (`show`), or folds them. Pages not known are read
   * (`readPages`), "Reading pages…" under the document meanwhile, why not if the read fails.
   */
  showPages(row: DocumentItemRow, show: boolean): void;
  /**
   * Opens `page` of `document` through the worker (`openPage`: in a new tab, the open noted), from
   * its row under the document or in Recently opened. Gone since it was read, the worker opened the
   * document instead: the status line says so, and the pages known become Grist's now.
   */
  openDocumentPage(document: DocumentItemRow, page: PageEntry): void;
  /** What the status line says of the last download (reads/downloads.ts), if anything. */
  readonly download: ReadonlySignal<DownloadLine | null>;
  /** The backup run the status line follows (a heading's Back up…, or one under way as the popup opened), if any. */
  readonly backup: ReadonlySignal<BulkRunSnapshot | null>;
  /**
   * Downloads a document (named `name`) as `format` (a CSV: its table `tableId`): asks the optional
   * permission first, in the caller's click (call it from one), then the worker; see `download`.
   */
  downloadDocument(ref: DocumentRef, name: string, format: DownloadFormat, tableId?: string): void;
  /** The tables of a document, in Grist's order; or why they could not be read, in words. */
  readDocumentTables(ref: DocumentRef): Promise<string[] | { error: string }>;
  /** Shows a file the status line says was saved in its folder. */
  showDownload(downloadId: number): void;
  /**
   * Shows the worker's latest run if it is a backup under way (a popup opened while one runs), and
   * follows it. The popup asks once idle (main.tsx), not before its first screen.
   */
  followLatestBackup(): Promise<void>;
  /** Backs up `documents` (a heading's) as `.grist` without history: asks the permission in the caller's click, then starts the run; see `backup`. */
  backUp(documents: readonly DocumentRef[]): void;
  /** Tells the worker the user opened this row's document from the popup (its link opens it), under the row's account: Recently opened and the address bar rank by it. Nothing is waited for. */
  noteOpened(row: DocumentItemRow): void;
}
