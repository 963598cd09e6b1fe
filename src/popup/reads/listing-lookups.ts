/**
 * Finding what a ref names in the listing, for the popup's changes (this folder): loaded with them,
 * not in every popup.
 */
import { canRename, type DocumentEntry, type DocumentPlace, type Listing, type WorkspaceEntry } from '../../shared/protocol/listing.ts';
import { placeIn } from '../../shared/rules/move.ts';
import type { DocumentRef, WorkspaceRef } from '../../listing-view/row-identity.ts';
import { isSiteOf, type RowRef } from './row-ref.ts';

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
export function renameSubject(listing: Listing | null, ref: RowRef): { name: string; renamable: boolean } | undefined {
  const entry = 'docId' in ref ? rowDocument(listing, ref) : rowWorkspace(listing, ref);
  return entry && { name: entry.name, renamable: canRename(entry) };
}

/** Where document `ref` is in the listing: its site and workspace. */
export function placeOf(listing: Listing | null, ref: DocumentRef): DocumentPlace | undefined {
  for (const site of listing?.sites ?? []) {
    const workspace = isSiteOf(site, ref) && site.workspaces.find((entry) => entry.documents.some((document) => document.id === ref.docId));
    if (workspace) return placeIn(site, workspace);
  }
  return undefined;
}
