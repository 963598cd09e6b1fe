/**
 * The cached listing, written only through here. Writes are queued, so a refresh that lands while
 * a rename is being recorded cannot overwrite it with what it fetched before the rename; and a
 * rename confirmed while a refresh was in flight is re-applied to that refresh's listing.
 * Every stored listing carries a revision derived from its content (see Listing.revision).
 */
import type { DocumentEntry, Listing } from '../shared/listing.ts';
import { listingItem, listingTagsItem } from '../shared/storage-items.ts';

let writes: Promise<unknown> = Promise.resolve();
/** Renames confirmed by Grist: document id -> new name and when (ms since the epoch). */
const confirmedRenames = new Map<string, { name: string; at: number }>();

function queue<T>(write: () => Promise<T>): Promise<T> {
  const next = writes.then(write);
  writes = next.catch(() => undefined);
  return next;
}

function documentsOf(listing: Listing): DocumentEntry[] {
  return listing.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents));
}

/** SHA-256 of the sites as JSON, shortened: equal content, equal revision. */
async function withRevision(listing: Listing): Promise<Listing> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(listing.sites)));
  const hex = [...new Uint8Array(digest)].slice(0, 12).map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return { ...listing, revision: hex };
}

/**
 * Stores a freshly fetched listing with the ETags it was built from. In: the listing, the tags,
 * and when its fetch started (ms since the epoch): renames confirmed after that moment win over
 * the names it holds. Out: the listing as stored.
 */
export function storeFetchedListing(listing: Listing, tags: Record<string, string>, fetchStartedAt: number): Promise<Listing> {
  return queue(async () => {
    for (const document of documentsOf(listing)) {
      const renamed = confirmedRenames.get(document.id);
      if (renamed && renamed.at >= fetchStartedAt) document.name = renamed.name;
    }
    const stored = await withRevision(listing);
    await Promise.all([listingItem.set(stored), listingTagsItem.set(tags)]);
    return stored;
  });
}

/** Changes the cached listing in place, if there is one, and stores it with its new revision. */
function updateCached(change: (listing: Listing) => boolean): Promise<void> {
  return queue(async () => {
    const listing = await listingItem.get();
    if (listing && change(listing)) await listingItem.set(await withRevision(listing));
  });
}

/** Records a rename Grist confirmed, in the cache and for refreshes already under way. */
export function recordRename(docId: string, name: string): Promise<void> {
  const at = Date.now();
  confirmedRenames.set(docId, { name, at });
  return updateCached((listing) => {
    const document = documentsOf(listing).find((entry) => entry.id === docId);
    if (!document) return false;
    document.name = name;
    document.updatedAt = new Date(at).toISOString();
    return true;
  });
}

/** Removes a document Grist says is gone from the cached listing. */
export function forgetDocument(docId: string): Promise<void> {
  return updateCached((listing) => {
    for (const workspace of listing.sites.flatMap((site) => site.workspaces)) {
      workspace.documents = workspace.documents.filter((document) => document.id !== docId);
    }
    return true;
  });
}
