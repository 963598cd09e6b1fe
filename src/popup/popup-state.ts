/**
 * The shapes of the popup store's state, its keys and its lookups in the listing: shared by the
 * store (store.ts) and its actions loaded on demand (change-actions.ts), which the store imports.
 */
import type { UndoState } from '../shared/change-log.ts';
import { canRename, type DocumentEntry, type DocumentPlace, type Listing, type SiteEntry, type WorkspaceEntry } from '../shared/listing.ts';
import { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef } from '../listing-view/row-identity.ts';

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
   * Undo button's name, how the listing shows its undo and what the status says then, and the page
   * of what it made (Open).
   */
  other?: { message: string; undoLabel: string; undone: (shown: Listing) => Listing; undoneMessage: string; open?: string };
}

/** True when `site` is the one `ref` names: by org id and, when the ref names them, its address and account. */
export function isSiteOf(site: SiteEntry, ref: { orgId: number; siteUrl?: string; account?: string }): boolean {
  return site.orgId === ref.orgId && (ref.siteUrl === undefined || site.siteUrl === ref.siteUrl) && (ref.account === undefined || site.account === ref.account);
}

/** Finds a document of the listing by site (and account) and id: the entry of the row `ref` names. */
export function rowDocument(listing: Listing | null, ref: DocumentRef): DocumentEntry | undefined {
  for (const site of listing?.sites ?? []) {
    if (!isSiteOf(site, ref)) continue;
    for (const workspace of site.workspaces) {
      const document = workspace.documents.find((entry) => entry.id === ref.docId);
      if (document) return document;
    }
  }
  return undefined;
}

/** Finds a workspace of the listing by site (and account) and id. */
export function rowWorkspace(listing: Listing | null, ref: WorkspaceRef): WorkspaceEntry | undefined {
  return listing?.sites.find((site) => isSiteOf(site, ref))?.workspaces.find((workspace) => workspace.id === ref.workspaceId);
}

/** What a document or workspace of the listing is called, and whether the user may rename it; undefined when the listing has no such thing. */
export function renameSubject(listing: Listing | null, ref: RenameRef): { name: string; renamable: boolean } | undefined {
  const entry = 'docId' in ref ? rowDocument(listing, ref) : rowWorkspace(listing, ref);
  return entry && { name: entry.name, renamable: canRename(entry) };
}
