/**
 * The trash as the place a restore or a delete forever is checked against, as the listing is for
 * every other change: each site's documents and workspaces in the trash (`GET {site}/api/orgs/
 * current/workspaces?showRemoved=1`, docs/grist-api.md "Trash listing"; a workspace in the trash has a
 * `removedAt`, its documents theirs only if removed on their own), read when the Trash view opens, with each
 * account's own key, and kept in memory (never in storage) until the worker stops. A page names a
 * document; only one found here, in a site of the worker's listing, is ever restored or deleted.
 */
import { siteNaming, type DocumentPlace, type SiteEntry, type SiteNaming } from '../../shared/protocol/listing.ts';
import { canTrash } from '../../shared/rules/document-rules.ts';
import { t } from '../../shared/i18n.ts';
import type { TrashedDocument, TrashedWorkspace, TrashSite } from '../../shared/protocol/trash.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import { workspaceListSchema } from '../grist/grist-schemas.ts';
import { listingAndClients } from './listed-documents.ts';

/** The trash listing's request (the workspaces with the documents in the trash beside the others). */
const TRASH_PATH = '/api/orgs/current/workspaces?showRemoved=1';

/** The last trash read of each site, by account and site address. */
const lastRead = new Map<string, TrashSite>();
const keyOf = (account: string, siteUrl: string) => `${account} ${siteUrl}`;

/**
 * One site's documents in the trash, newest removal first, read with `client`. Throws ApiError as
 * the request met it.
 */
export async function siteTrash(client: GristClient, site: Pick<SiteEntry, 'account' | 'orgId' | 'name' | 'siteUrl'> & Omit<SiteNaming, 'name'>): Promise<TrashSite> {
  const workspaces = await client.get(site.siteUrl, TRASH_PATH, workspaceListSchema);
  const documents: TrashedDocument[] = workspaces.flatMap((workspace) =>
    workspace.docs.flatMap((doc) => (doc.removedAt ? [{ id: doc.id, name: doc.name, removedAt: doc.removedAt, access: doc.access, workspace: { id: workspace.id, name: workspace.name } }] : [])),
  );
  documents.sort((a, b) => b.removedAt.localeCompare(a.removedAt));
  const removedWorkspaces: TrashedWorkspace[] = workspaces.flatMap(({ id, name, access, removedAt, docs }) =>
    removedAt ? [{ id, name, removedAt, access, documents: docs.map((doc) => ({ id: doc.id, name: doc.name })) }] : [],
  );
  removedWorkspaces.sort((a, b) => b.removedAt.localeCompare(a.removedAt));
  const trash = { account: site.account, orgId: site.orgId, name: site.name, ...siteNaming(site), siteUrl: site.siteUrl, documents, workspaces: removedWorkspaces };
  lastRead.set(keyOf(site.account, site.siteUrl), trash);
  return trash;
}

/**
 * The `readTrash` message: every site of the worker's listing, its trash read afresh, all sites at
 * once (the client keeps each host's limit). Out: in the listing's order; a site that could not be
 * read carries its error instead of documents.
 */
export async function readTrash(): Promise<TrashSite[]> {
  const [listing, clientOf] = await listingAndClients();
  return Promise.all(
    (listing?.sites ?? []).map((site) =>
      siteTrash(clientOf(site.account), site).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        return { account: site.account, orgId: site.orgId, name: site.name, ...siteNaming(site), siteUrl: site.siteUrl, documents: [], workspaces: [], error: error.toValue() };
      }),
    ),
  );
}

/** A document in the trash, with its site as the trash listing has it, where it goes back to, and a client of its account. */
export interface TrashedTarget {
  site: TrashSite;
  document: TrashedDocument;
  /** Its site and the workspace it was removed from. */
  place: DocumentPlace;
  client: GristClient;
}

/**
 * The document a page names in the trash: looked up in the last trash read of its site, read again
 * when that does not have it (the worker may have stopped since the Trash view opened, or the
 * document was removed since) or when `fresh` (a delete forever: Grist deletes a document in the
 * trash or not, so one restored elsewhere since must not be taken for one still in it), in a site
 * of the worker's listing only; its owners only restore or delete it (shared/rules/document-rules.ts
 * canTrash). Where several accounts list that site, the first of them that owns it, in the
 * options' order (the rule of findDocument): Grist lists a removed document in a viewer's trash
 * too (docs/grist-api.md "Trash listing"), so the first account that lists it may not be able to.
 * Throws ApiError `not-found` when the trash does not hold it, `forbidden` when no account owns it
 * (Grist would answer 403), or what a read met.
 */
export async function findTrashed(name: DocumentKey, fresh = false): Promise<TrashedTarget> {
  const [listing, clientOf] = await listingAndClients();
  const sites = (listing?.sites ?? []).filter((site) => site.orgId === name.orgId && (name.siteUrl === undefined || site.siteUrl === name.siteUrl));
  let notOwned: TrashedDocument | undefined;
  for (const site of sites) {
    const client = clientOf(site.account);
    let trash = fresh ? undefined : lastRead.get(keyOf(site.account, site.siteUrl));
    let document = trash?.documents.find((entry) => entry.id === name.docId);
    // Not in the last read, or none: removed since, perhaps; the site's trash is read again.
    if (!document) {
      trash = await siteTrash(client, site);
      document = trash.documents.find((entry) => entry.id === name.docId);
    }
    if (!trash || !document) continue;
    // Another account may own it: the next ones are looked at before it is refused.
    if (!canTrash(document)) {
      notOwned ??= document;
      continue;
    }
    return { site: trash, document, client, place: { site: { orgId: trash.orgId, name: trash.name, url: trash.siteUrl }, workspace: document.workspace } };
  }
  if (notOwned) throw new ApiError('forbidden', t('errorNotOwnerToTrash', notOwned.name), 403);
  throw new ApiError('not-found', t('errorNotInTrash'));
}

/** Forgets a document the trash no longer holds (restored, deleted), so it is not found there again. */
export function leftTrash(account: string, siteUrl: string, docId: string): void {
  const trash = lastRead.get(keyOf(account, siteUrl));
  if (trash) trash.documents = trash.documents.filter((document) => document.id !== docId);
}

/** A workspace in the trash, with its site as the trash listing has it, and a client of its account. */
export interface TrashedWorkspaceTarget {
  site: TrashSite;
  workspace: TrashedWorkspace;
  client: GristClient;
}

/**
 * The workspace a page names in the trash (`workspaceId` of the site `orgId` at `siteUrl`), as
 * findTrashed finds a document: in the last trash read of that site of the worker's listing, read
 * again when it does not have it; the first account that owns it. Throws ApiError `not-found` when
 * the trash does not hold it, `forbidden` when no account owns it, or what a read met.
 */
export async function findTrashedWorkspace({ orgId, siteUrl, workspaceId }: { orgId: number; siteUrl: string; workspaceId: number }): Promise<TrashedWorkspaceTarget> {
  const [listing, clientOf] = await listingAndClients();
  let notOwned: TrashedWorkspace | undefined;
  for (const site of (listing?.sites ?? []).filter((entry) => entry.orgId === orgId && entry.siteUrl === siteUrl)) {
    const client = clientOf(site.account);
    const find = (trash: TrashSite | undefined) => trash?.workspaces.find((entry) => entry.id === workspaceId);
    let trash = lastRead.get(keyOf(site.account, site.siteUrl));
    if (!find(trash)) trash = await siteTrash(client, site);
    const workspace = find(trash);
    if (!trash || !workspace) continue;
    if (workspace.access !== 'owners') {
      notOwned ??= workspace;
      continue;
    }
    return { site: trash, workspace, client };
  }
  if (notOwned) throw new ApiError('forbidden', t('errorNotOwnerToTrash', notOwned.name), 403);
  throw new ApiError('not-found', t('errorWorkspaceNotInTrash'));
}

/** Forgets a workspace the trash no longer holds (restored), so it is not found there again. */
export function workspaceLeftTrash(account: string, siteUrl: string, workspaceId: number): void {
  const trash = lastRead.get(keyOf(account, siteUrl));
  if (trash) trash.workspaces = trash.workspaces.filter((workspace) => workspace.id !== workspaceId);
}
