/**
 * The shapes of the popup store's state, and its lookups in the listing: shared by the store
 * (store.ts) and its actions loaded on demand (popup-actions.ts), which the store imports.
 */
import type { UndoState } from '../shared/history.ts';
import type { DocumentEntry, Listing, WorkspaceEntry } from '../shared/listing.ts';
import type { MovePlace } from '../shared/move.ts';
import type { DocumentRef, WorkspaceRef } from '../listing-view/listing-rows.ts';

/** What a rename in the popup renames: a document, or a workspace. */
export type RenameRef = DocumentRef | WorkspaceRef;

/** A document being renamed: the field's text, whether the new name is on its way, the last error. */
export interface RenameState {
  draft: string;
  /** True while Grist has not answered; the row then shows `draft` trimmed as the name. */
  saving: boolean;
  error: string | null;
}

/** The document whose destination picker is open (one at a time), and where its move stands. */
export interface MoveState {
  ref: DocumentRef;
  /** True while Grist has not answered. */
  saving: boolean;
  /** Why the last move failed (shown in the picker); null before. */
  error: string | null;
}

/** The last rename made in this popup, and where its undo stands. */
export interface LastRename {
  ref: RenameRef;
  entryId: string;
  oldName: string;
  newName: string;
  /** `conflict`: renamed elsewhere since, now `current`; nothing was sent. */
  undo: UndoState;
  /** For a move (`ref` then names the document on its new site): where it was and where it went. */
  move?: { from: MovePlace; to: MovePlace };
}

/** Finds a document of the listing by site and id. */
export function findDocument(listing: Listing | null, ref: DocumentRef): DocumentEntry | undefined {
  const site = listing?.sites.find((entry) => entry.orgId === ref.orgId);
  for (const workspace of site?.workspaces ?? []) {
    const document = workspace.documents.find((entry) => entry.id === ref.docId);
    if (document) return document;
  }
  return undefined;
}

/** Finds a workspace of the listing by site and id. */
export function findWorkspace(listing: Listing | null, ref: WorkspaceRef): WorkspaceEntry | undefined {
  return listing?.sites.find((entry) => entry.orgId === ref.orgId)?.workspaces.find((workspace) => workspace.id === ref.workspaceId);
}
