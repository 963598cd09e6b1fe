/**
 * What each kind of change Grist confirmed records in the cached listing (a rename, a move, a
 * document or workspace added or gone, a pin, a public mark), each as one change applied by the
 * cache's one write queue (listing-cache.ts updateCached), so changes made together are stored in
 * one write.
 */
import type { DocumentEntry, Listing, WorkspaceEntry } from '../../shared/protocol/listing.ts';
import { applyMoves, latestMoves, latestRename } from './confirmed-changes.ts';
import { updateCached } from './listing-cache.ts';

/** Every document of a listing, in every account, site and workspace. */
function documentsOf(listing: Listing): DocumentEntry[] {
  return listing.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents));
}

/**
 * Writes a noted rename (see noteRename) to the cache, if it is still the document's last one: in
 * every account that lists the document.
 */
export function storeNotedRename(docId: string, mark: number): Promise<void> {
  return updateCached((listing) => {
    const noted = latestRename(docId, mark);
    const copies = noted ? documentsOf(listing).filter((entry) => entry.id === docId) : [];
    if (!noted || copies.length === 0) return null;
    for (const document of copies) {
      document.name = noted.name;
      document.updatedAt = new Date(noted.at).toISOString();
    }
    return JSON.stringify(['renamed', docId, noted.name]);
  });
}

/**
 * Records a workspace rename Grist confirmed in the cached listing. In: the workspace's site URL
 * too: workspace ids are numbers per server, so two servers may each have a workspace 3.
 */
export function recordWorkspaceRename(siteUrl: string, workspaceId: number, name: string): Promise<void> {
  return updateCached((listing) => {
    const workspaces = listing.sites.filter((site) => site.siteUrl === siteUrl).flatMap((site) => site.workspaces).filter((workspace) => workspace.id === workspaceId);
    for (const workspace of workspaces) workspace.name = name;
    return workspaces.length > 0 ? JSON.stringify(['workspace renamed', workspaceId, name]) : null;
  });
}

/**
 * Records a workspace Grist now lists (a new one, one restored from the trash) in the cached
 * listing, in the site at `siteUrl` as account `account` lists it, after the others. Nothing is
 * written when the cache has no such site, or has the workspace already.
 */
export function recordWorkspaceAdded(account: string, siteUrl: string, workspace: WorkspaceEntry): Promise<void> {
  return updateCached((listing) => {
    const site = listing.sites.find((entry) => entry.account === account && entry.siteUrl === siteUrl);
    if (!site || site.workspaces.some((entry) => entry.id === workspace.id)) return null;
    site.workspaces.push(workspace);
    return JSON.stringify(['workspace added', siteUrl, workspace.id]);
  });
}

/** Removes a workspace Grist says is gone (or moved to the trash, with its documents) from the cached listing, in every account. */
export function forgetWorkspace(siteUrl: string, workspaceId: number): Promise<void> {
  return updateCached((listing) => {
    const sites = listing.sites.filter((site) => site.siteUrl === siteUrl && site.workspaces.some((workspace) => workspace.id === workspaceId));
    for (const site of sites) site.workspaces = site.workspaces.filter((workspace) => workspace.id !== workspaceId);
    return sites.length > 0 ? JSON.stringify(['workspace gone', siteUrl, workspaceId]) : null;
  });
}

/**
 * Writes noted moves (see noteMove) to the cached listing, in one write, each that is still its
 * document's last move: a move of it noted since (the popup's, an undo's) is written by its own call.
 */
export function storeNotedMoves(moves: ReadonlyArray<{ docId: string; mark: number }>): Promise<void> {
  return updateCached((listing) => {
    const done = applyMoves(listing, latestMoves(moves));
    return done.length > 0 ? done.join('\n') : null;
  }).finally(() => {
    // Written, or no cache to write to (the next one is fetched with them): no longer pending
    // either way, also when the write was skipped.
    for (const [, move] of latestMoves(moves)) move.pending = false;
  });
}

/** Removes a document Grist says is gone (or moved to the trash) from the cached listing. */
export function forgetDocument(docId: string): Promise<void> {
  return updateCached((listing) => {
    for (const workspace of listing.sites.flatMap((site) => site.workspaces)) {
      workspace.documents = workspace.documents.filter((document) => document.id !== docId);
    }
    return JSON.stringify(['gone', docId]);
  });
}

/**
 * Records a document Grist now lists (a copy, a new document, one restored from the trash) in the
 * cached listing, in workspace `workspaceId` of the site at `siteUrl` as account `account` lists it.
 * Nothing is written when the cache has no such workspace, or has the document already.
 */
export function recordDocumentAdded(account: string, siteUrl: string, workspaceId: number, document: DocumentEntry): Promise<void> {
  return updateCached((listing) => {
    const site = listing.sites.find((entry) => entry.account === account && entry.siteUrl === siteUrl);
    const workspace = site?.workspaces.find((entry) => entry.id === workspaceId);
    if (!site || !workspace || site.workspaces.some((entry) => entry.documents.some((listed) => listed.id === document.id))) return null;
    workspace.documents.push(document);
    return JSON.stringify(['added', document.id, siteUrl, workspaceId]);
  });
}

/** Records a pin or unpin Grist confirmed in the cached listing, in every account that lists the document. */
export function recordPin(docId: string, pinned: boolean): Promise<void> {
  return updateCached((listing) => {
    const copies = documentsOf(listing).filter((entry) => entry.id === docId && entry.isPinned !== pinned);
    for (const document of copies) document.isPinned = pinned;
    return copies.length > 0 ? JSON.stringify(['pinned', docId, pinned]) : null;
  });
}

/**
 * Records a document's public mark (anyone with the link may open it) Grist confirmed, in every
 * account that lists the document; `isPublic` false takes the mark away (the field is then absent,
 * as a listing without it has it).
 */
export function recordPublic(docId: string, isPublic: boolean): Promise<void> {
  return updateCached((listing) => {
    const copies = documentsOf(listing).filter((entry) => entry.id === docId && (entry.isPublic === true) !== isPublic);
    for (const document of copies) {
      if (isPublic) document.isPublic = true;
      else delete document.isPublic;
    }
    return copies.length > 0 ? JSON.stringify(['public', docId, isPublic]) : null;
  });
}
