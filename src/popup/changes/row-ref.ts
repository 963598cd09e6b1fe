/**
 * The shapes of the popup store's state, its keys, and which site a ref names: shared by the store
 * (store.ts) and its actions loaded on demand (change-actions.ts), which the store imports.
 */
import type { UndoState } from '../../shared/change-log.ts';
import type { DocumentPlace, Listing, SiteEntry } from '../../shared/listing.ts';
import { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef } from '../../listing-view/row-identity.ts';

/** What a rename in the popup renames: a document, or a workspace. */
export type RenameRef = DocumentRef | WorkspaceRef;

/** A rename's key in `renames`: its row's key. */
export function renameKey(ref: RenameRef): string {
  return 'docId' in ref ? documentKey(ref) : workspaceRowKey(ref);
}

/** A document being renamed: the field's text, whether the new name is on its way, the last error. */
export interface RenameState {
  draft: string;
  /** True while Grist has not answered; the row then shows `draft` trimmed as the name. */
  saving: boolean;
  error: string | null;
}

/** The document whose destination picker is open (one at a time), and where its move (or, `copy`, its copy) stands. */
export interface MoveState {
  ref: DocumentRef;
  copy?: true;
  /** A copy whose answer was lost and not found since: what "Copy again" sends again, if the user asks. */
  lost?: { to: DocumentPlace; name: string; asTemplate: boolean };
  /** True while Grist has not answered. */
  saving: boolean;
  /** Why the last move failed (shown in the picker); null before. */
  error: string | null;
}

/** The last rename made in this popup, and where its undo stands. */
export interface LastChange {
  ref: RenameRef;
  entryId: string;
  oldName: string;
  newName: string;
  /** `conflict`: renamed elsewhere since, now `current`; nothing was sent. */
  undo: UndoState;
  /** For a move (`ref` then names the document on its new site): where it was and where it went. */
  move?: { from: DocumentPlace; to: DocumentPlace };
  /**
   * For the other kinds (trash, copy, pin, new document, restore): what the status says of it, the
   * Undo button's name, how the listing shows its undo and what the status says then, the page of
   * what it made (Open), and (a trash) that its undo brings the document's row back, where the
   * focus then goes, and that the Undo button takes the focus the row held (no other row was left
   * to take it).
   */
  other?: { message: string; undoLabel: string; undone: (shown: Listing) => Listing; undoneMessage: string; open?: string; bringsRowBack?: true; focusUndo?: true };
}

/** True when `site` is the one `ref` names: by org id and, when the ref names them, its address and account. */
export function isSiteOf(site: SiteEntry, ref: { orgId: number; siteUrl?: string; account?: string }): boolean {
  return site.orgId === ref.orgId && (ref.siteUrl === undefined || site.siteUrl === ref.siteUrl) && (ref.account === undefined || site.account === ref.account);
}
