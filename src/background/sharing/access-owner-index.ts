/**
 * The worker's index of what the access checks (access-api.ts) need of its cached listing: each
 * account's sites with its user's role, and their workspaces and documents with theirs, by id, with
 * the names a change and its words give. No more: a few megabytes at 100,000 documents, where the
 * cached listing is 15 MB of JSON to read and parse, which every `readAccess` message read before
 * its one request (the People view reads every site at once: 201 parses of the whole listing).
 * Built from the cached listing at its first use in a worker's life, shared by every lookup that
 * comes while it is being built, and dropped at each write of the listing (storage-writes.ts
 * followWrites: the worker alone writes it), so it is never staler than the cache.
 */
import { listingItem } from '../../shared/storage/storage-items.ts';
import type { DocumentEntry, Listing, SiteEntry } from '../../shared/protocol/listing.ts';
import type { AccessResource } from '../../shared/protocol/sharing.ts';
import { mostAccess } from '../listing/most-access.ts';
import { pendingMoves } from '../listing/confirmed-changes.ts';
import { queuedWritesDone, readListing, readListingShared } from '../listing/listing-cache.ts';
import { aheadOfUse } from '../listing/build-ahead.ts';
import { followWrites } from '../storage-writes.ts';

/** A site of the listing as the index keeps it. */
export type IndexedSite = Pick<SiteEntry, 'account' | 'orgId' | 'name' | 'siteUrl' | 'access'>;

/** A workspace or document of one site: its name and its user's role on it. */
interface Named {
  name: string;
  access: string | null | undefined;
}

/** One account's copy of a site: its workspaces by id, and its documents by id with their workspace (and the listing's entry: a page's address needs its urlId). */
interface SiteCopy {
  site: IndexedSite;
  workspaces: Map<number, Named & { id: number }>;
  documents: Map<string, Named & { workspace: { id: number; name: string }; entry: DocumentEntry }>;
}

/** The index: every account's copy of each site, by its org and address, in the listing's order (the options'). */
export type AccessOwnerIndex = ReadonlyMap<string, readonly SiteCopy[]>;

/** One account's copy of a resource in the listing: its site, its user's role on it, its name and its workspace; a document's listing entry. */
export interface ListedCopy {
  site: IndexedSite;
  access: string | null | undefined;
  name: string;
  workspace: { id: number; name: string } | null;
  document?: DocumentEntry;
}

const siteKey = ({ orgId, siteUrl }: { orgId: number; siteUrl: string }) => `${orgId} ${siteUrl}`;

/** The index of `listing` (null: an empty one). One walk; the first of a workspace or document listed twice in a site wins. */
export function accessOwnerIndex(listing: Listing | null): AccessOwnerIndex {
  const index = new Map<string, SiteCopy[]>();
  for (const { account, orgId, name, siteUrl, access, workspaces } of listing?.sites ?? []) {
    const copy: SiteCopy = { site: { account, orgId, name, siteUrl, access }, workspaces: new Map(), documents: new Map() };
    for (const workspace of workspaces) {
      if (copy.workspaces.has(workspace.id)) continue;
      copy.workspaces.set(workspace.id, { id: workspace.id, name: workspace.name, access: workspace.access });
      const where = { id: workspace.id, name: workspace.name };
      for (const document of workspace.documents) {
        if (!copy.documents.has(document.id)) copy.documents.set(document.id, { name: document.name, access: document.access, workspace: where, entry: document });
      }
    }
    const copies = index.get(siteKey(copy.site));
    if (copies) copies.push(copy);
    else index.set(siteKey(copy.site), [copy]);
  }
  return index;
}

/**
 * Where the index has `resource`: each account's copy (in the options' order), with its user's
 * role on it (a document's or workspace's `access`, a site's own); of one account's several copies
 * (a site listed twice), the one with the most access. `account`: only that account's.
 */
export function listedCopies(index: AccessOwnerIndex, resource: AccessResource, account?: string): ListedCopy[] {
  const sites = (index.get(siteKey(resource)) ?? []).filter((copy) => account === undefined || copy.site.account === account);
  return [...new Set(sites.map((copy) => copy.site.account))].flatMap((id): ListedCopy[] => {
    const mine = sites.filter((copy) => copy.site.account === id);
    const found = mine.flatMap(({ site, workspaces, documents }): ListedCopy[] => {
      switch (resource.kind) {
        case 'document': {
          const document = documents.get(resource.docId);
          return document ? [{ site, access: document.access, name: document.name, workspace: document.workspace, document: document.entry }] : [];
        }
        case 'workspace': {
          const workspace = workspaces.get(resource.workspaceId);
          return workspace ? [{ site, access: workspace.access, name: workspace.name, workspace: { id: workspace.id, name: workspace.name } }] : [];
        }
        case 'site':
          // A site without its role (a listing cached before sites kept it) is claimed by no one: its
          // next refresh asks the site list in full (listSites), so no fallback guesses it here.
          return [{ site, access: site.access, name: site.name, workspace: null }];
      }
    });
    const best = resource.kind === 'site' ? (found[0] ?? null) : mostAccess(found, (copy) => copy.access);
    return best ? [best] : [];
  });
}

/** The index of the cached listing, once built; null until then and after each write of the listing. */
let built: Promise<AccessOwnerIndex> | null = null;
let following = false;

/**
 * Forgets the index (the listing was written, or the storage emptied behind the worker): the next
 * lookup builds it again from the cached listing.
 */
export function forgetAccessOwnerIndex(): void {
  built = null;
}

/**
 * Builds the index a moment from now (listing-cache.ts aheadOfUse), with the address bar's, from
 * the same read: after the worker's start and each write of the listing, so a Share panel or the
 * People view need not wait for a read of the whole listing before its first request.
 */
export const buildAccessOwnerIndexAhead = aheadOfUse(currentAccessOwnerIndex, 'the access checks');

/** A write of the listing: the index is built again, ahead. */
function listingWritten(): void {
  forgetAccessOwnerIndex();
  buildAccessOwnerIndexAhead();
}

/**
 * The index of the worker's cached listing, once the writes of it already queued are done (as
 * readListing answers). Built at the first call (or ahead) and kept until the listing is written,
 * one build for every call made while it is under way; while a bulk move's confirmed moves are not
 * in the cache yet, built afresh from readListing, which applies them, and not kept. A build that
 * failed is tried again at the next call.
 */
export async function currentAccessOwnerIndex(): Promise<AccessOwnerIndex> {
  if (!following) {
    following = true;
    followWrites([listingItem.key], listingWritten);
  }
  // The writes queued before this call are waited for, as readListing does: by a build, which reads
  // after them; by a kept index, which such a write drops.
  if (built) await queuedWritesDone();
  if (pendingMoves().length > 0) return accessOwnerIndex(await readListing());
  if (built) return built;
  const building = readListingShared().then(accessOwnerIndex);
  built = building;
  building.catch(() => {
    if (built === building) built = null;
  });
  return building;
}
