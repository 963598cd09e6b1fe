/**
 * The cached listing, written only through here. Writes are queued, so a refresh that lands while
 * a rename is being recorded cannot overwrite it with what it fetched before the rename; and a
 * rename confirmed while a refresh was in flight is re-applied to that refresh's listing.
 */
import type { DocumentEntry, Listing } from '../shared/listing.ts';
import { listingItem } from '../shared/storage-items.ts';

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

/**
 * Stores a freshly fetched listing. In: the listing and when its fetch started (ms since the
 * epoch); renames confirmed after that moment win over the names it holds.
 */
export function storeFetchedListing(listing: Listing, fetchStartedAt: number): Promise<Listing> {
  return queue(async () => {
    for (const document of documentsOf(listing)) {
      const renamed = confirmedRenames.get(document.id);
      if (renamed && renamed.at >= fetchStartedAt) document.name = renamed.name;
    }
    await listingItem.set(listing);
    return listing;
  });
}

/** Records a rename Grist confirmed, in the cache and for refreshes already under way. */
export function recordRename(docId: string, name: string): Promise<void> {
  const at = Date.now();
  confirmedRenames.set(docId, { name, at });
  return queue(async () => {
    const listing = await listingItem.get();
    const document = listing && documentsOf(listing).find((entry) => entry.id === docId);
    if (!listing || !document) return;
    document.name = name;
    document.updatedAt = new Date(at).toISOString();
    await listingItem.set(listing);
  });
}

/** Removes a document Grist says is gone from the cached listing. */
export function forgetDocument(docId: string): Promise<void> {
  return queue(async () => {
    const listing = await listingItem.get();
    if (!listing) return;
    for (const workspace of listing.sites.flatMap((site) => site.workspaces)) {
      workspace.documents = workspace.documents.filter((document) => document.id !== docId);
    }
    await listingItem.set(listing);
  });
}
