/**
 * The popup's listing as a change Grist confirmed makes it: a document or workspace renamed, a
 * document gone or moved (and moved back), added (a copy, a new one, one restored) or pinned, a
 * workspace added (a new one, one restored) or gone to the trash.
 * Pure: each answers a new listing in which every site, workspace and document the change does not
 * touch is the same object as before, so the rows built for them are reused.
 */

import type { DocumentEntry, DocumentPlace, Listing, SiteEntry, WorkspaceEntry } from '../../shared/protocol/listing.ts';
import type { DocumentRef, WorkspaceRef } from '../../listing-view/row-identity.ts';
import type { ListingEdit } from './change-descriptor.ts';
import { rowKey, type RowRef } from '../reads/row-ref.ts';

/**
 * A copy of the listing with the workspaces of the sites `isSite` picks passed through `change`.
 * Every site, workspace and document a change does not touch is kept as the same object, so the
 * rows built for them (listing-rows.ts caches by object) are reused.
 */
function withWorkspaces(listing: Listing, isSite: (site: SiteEntry) => boolean, change: (workspace: WorkspaceEntry) => WorkspaceEntry): Listing {
  return {
    ...listing,
    sites: listing.sites.map((site) => {
      if (!isSite(site)) return site;
      const workspaces = site.workspaces.map(change);
      return workspaces.some((workspace, index) => workspace !== site.workspaces[index]) ? { ...site, workspaces } : site;
    }),
  };
}

/**
 * The listing with `ref` renamed to `name`: under every account that lists it (Grist's name is the
 * same for all its users), whichever account's row `ref` names.
 */
export function withRenamed(listing: Listing, ref: RowRef, name: string): Listing {
  if ('workspaceId' in ref) {
    return withWorkspaces(listing, (site) => site.orgId === ref.orgId && site.siteUrl === ref.siteUrl, (workspace) => (workspace.id === ref.workspaceId ? { ...workspace, name } : workspace));
  }
  return withDocuments(listing, ref, (documents) => documents.map((document) => (document.id === ref.docId ? { ...document, name } : document)));
}

/** The listing with `ref` called `name`, kept over refreshes under way (see ListingEdit). */
export function renamedTo(ref: RowRef, name: string): ListingEdit {
  return { key: rowKey(ref), change: (shown) => withRenamed(shown, ref, name) };
}

/** The listing without document `ref` (gone to the trash, or from Grist), under every account that lists it. */
export function withoutDocument(listing: Listing, ref: DocumentRef): Listing {
  return withDocuments(listing, ref, (documents) => documents.filter((document) => document.id !== ref.docId));
}

/** The listing without document `ref`, kept over refreshes under way (see ListingEdit). */
export function removedDocument(ref: DocumentRef): ListingEdit {
  return { key: rowKey(ref), change: (shown) => withoutDocument(shown, ref) };
}

/** True when `site` is the one workspace `ref` is on (any account's when `ref` names none). */
const onSiteOf = (site: SiteEntry, ref: WorkspaceRef) => site.orgId === ref.orgId && site.siteUrl === ref.siteUrl && (ref.account === undefined || site.account === ref.account);

/**
 * The listing with `workspace` added, after the others, to the site `ref` names (and of its account,
 * when it names one); unchanged when that site lists it already.
 */
export function withWorkspaceAdded(listing: Listing, ref: WorkspaceRef, workspace: WorkspaceEntry): Listing {
  return {
    ...listing,
    sites: listing.sites.map((site) => (!onSiteOf(site, ref) || site.workspaces.some((entry) => entry.id === workspace.id) ? site : { ...site, workspaces: [...site.workspaces, workspace] })),
  };
}

/** The listing without workspace `ref` and its documents (gone to the trash), under every account that lists it. */
export function withoutWorkspace(listing: Listing, ref: WorkspaceRef): Listing {
  return {
    ...listing,
    sites: listing.sites.map((site) =>
      onSiteOf(site, { ...ref, account: undefined }) && site.workspaces.some((entry) => entry.id === ref.workspaceId) ? { ...site, workspaces: site.workspaces.filter((entry) => entry.id !== ref.workspaceId) } : site,
    ),
  };
}

/** The listing with the documents of each workspace that holds document `ref` passed through `change`. */
function withDocuments(listing: Listing, ref: DocumentRef, change: (documents: readonly DocumentEntry[]) => DocumentEntry[]): Listing {
  return withWorkspaces(listing, (site) => site.orgId === ref.orgId, (workspace) =>
    workspace.documents.some((document) => document.id === ref.docId) ? { ...workspace, documents: change(workspace.documents) } : workspace,
  );
}

/**
 * The listing with document `ref` moved to `to` (its site and workspace): under each account that
 * lists it, its entry there leaves its place and, if that account lists the destination, goes
 * there; every other site is kept as the same object. Moved to another site, it is reached by its
 * id from then on (Grist drops its urlId, docs/grist-api.md "Moving a document"). Unchanged when the
 * listing does not have it.
 */
export function withMoved(listing: Listing, ref: DocumentRef, to: DocumentPlace): Listing {
  /** The document's entry under each account that lists it, as it will be at its destination. */
  const moved = new Map<string, DocumentEntry>();
  const takenOut = listing.sites.map((site) => {
    if (site.orgId !== ref.orgId) return site;
    let found: DocumentEntry | undefined;
    const workspaces = site.workspaces.map((workspace) => {
      const document = workspace.documents.find((entry) => entry.id === ref.docId);
      if (!document) return workspace;
      found = document;
      return { ...workspace, documents: workspace.documents.filter((entry) => entry !== document) };
    });
    if (!found) return site;
    moved.set(site.account, to.site.orgId === ref.orgId ? found : { ...found, urlId: found.id });
    return { ...site, workspaces };
  });
  if (moved.size === 0) return listing;
  const sites = takenOut.map((site) => {
    const document = moved.get(site.account);
    if (!document || site.orgId !== to.site.orgId || site.siteUrl !== to.site.url) return site;
    return { ...site, workspaces: site.workspaces.map((workspace) => (workspace.id === to.workspace.id ? { ...workspace, documents: [...workspace.documents, document] } : workspace)) };
  });
  return { ...listing, sites };
}

/**
 * The listing with `document` added to workspace `place.workspace` of the site at `place.site`
 * (and of `account`, when given); unchanged when it lists no such workspace or has the document there.
 */
export function withAdded(listing: Listing, place: DocumentPlace, document: DocumentEntry, account?: string): Listing {
  return withWorkspaces(
    listing,
    (site) => site.orgId === place.site.orgId && site.siteUrl === place.site.url && (account === undefined || site.account === account),
    (workspace) =>
      workspace.id !== place.workspace.id || workspace.documents.some((entry) => entry.id === document.id) ? workspace : { ...workspace, documents: [...workspace.documents, document] },
  );
}

/**
 * The listing with document `ref` passed through `change` under every account that lists it (a
 * pin, a public mark: Grist's are the same for all its users), where `differs` says it changes it.
 */
function withDocumentChanged(listing: Listing, ref: DocumentRef, differs: (document: DocumentEntry) => boolean, change: (document: DocumentEntry) => DocumentEntry): Listing {
  return withWorkspaces(listing, (site) => site.orgId === ref.orgId, (workspace) =>
    !workspace.documents.some((document) => document.id === ref.docId && differs(document))
      ? workspace
      : { ...workspace, documents: workspace.documents.map((document) => (document.id === ref.docId ? change(document) : document)) },
  );
}

/** The listing with document `ref` pinned (or not), under every account that lists it. */
export function withPinned(listing: Listing, ref: DocumentRef, pinned: boolean): Listing {
  return withDocumentChanged(listing, ref, (document) => document.isPinned !== pinned, (document) => ({ ...document, isPinned: pinned }));
}

/** The listing with document `ref` marked public (anyone with the link can view) or not (the field absent, as Grist's listing has it). */
export function withPublic(listing: Listing, ref: DocumentRef, isPublic: boolean): Listing {
  return withDocumentChanged(listing, ref, (document) => (document.isPublic === true) !== isPublic, ({ isPublic: _dropped, ...document }) => (isPublic ? { ...document, isPublic: true } : document));
}
