/**
 * The cached listing, written only through here. Writes are queued, so a refresh that lands while
 * a rename is being recorded cannot overwrite it with what it fetched before the rename; and a
 * rename confirmed while a refresh was in flight is re-applied to that refresh's listing (confirmed-changes.ts holds them).
 * Every stored listing carries a revision (see Listing.revision), made from the ETags Grist sent
 * for it, which name their bodies' content, so no 3 MB listing has to be hashed.
 * The listing, its first screen and its ETags are written in one storage call, so they are stored
 * together or not at all; the ETags name the revision they were stored with, and are paired with
 * no other listing. Each forgetting (new settings, key removed) starts a new epoch: what a refresh
 * started before it fetched is never stored. What a change records in it goes through updateCached
 * (cache-records.ts); indexes built from it are built ahead of use by build-ahead.ts.
 */
import { listingPreview, type Listing } from '../../shared/protocol/listing.ts';
import { firstScreenItem, listingItem, listingPreviewItem, listingTagsItem } from '../../shared/storage/storage-items.ts';
import { removeTogether, storeTogether } from '../storage-writes.ts';
import { logFailure } from '../log-failure.ts';
import { batchedWrites, serialQueue } from '../pacing.ts';
import { applyMoves, forgetConfirmedMoves, pendingMoves } from './confirmed-changes.ts';

/** Rows in the preview: a popup's height of them and its overscan, with room to spare. */
const PREVIEW_ROWS = 60;

const serial = serialQueue(logFailure('storing the listing'));
/** Tasks queued so far: a read shared by readListingShared is not given to a call made after a write was queued behind it. */
let queuedTasks = 0;
const queue: typeof serial = (task) => {
  queuedTasks += 1;
  return serial(task);
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** SHA-256 of a text, as 24 hex digits. */
async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...bytes.slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The ETags of a listing: by account id, then by request URL (see ListingTags). */
export type AccountTags = Record<string, Record<string, string>>;

/**
 * The revision of a fetched listing: from the ETag of each response it was built from and each
 * site's error and the user's role on it, or, for a site whose response had no ETag, from its
 * content; and the accounts' headings, errors included.
 */
function revisionOf(listing: Listing, tags: AccountTags, tagOf: (siteUrl: string) => string): Promise<string> {
  const parts = listing.sites.map((site) => {
    const tag = tags[site.account]?.[tagOf(site.siteUrl)];
    const content = tag ?? JSON.stringify(site.workspaces);
    // The user's role on the site comes from the site list, not the site's own answer: it counts apart.
    return JSON.stringify([site.account, site.orgId, site.name, site.owner ?? null, site.siteUrl, site.access ?? null, content, site.error ?? null]);
  });
  return digest([...parts, JSON.stringify(listing.accounts ?? null)].join('\n'));
}

/** Stores a listing, its first screen and the ETags it goes with, in one write. */
function storeWithPreview(listing: Listing & { revision: string }, tags: AccountTags): Promise<void> {
  return storeTogether(
    listingItem.entry(listing),
    listingPreviewItem.entry(listingPreview(listing, PREVIEW_ROWS)),
    listingTagsItem.entry({ revision: listing.revision, tags }),
  );
}

/** Bumped by every forgetListing and forgetAccounts, at once (not in the queue): see cacheEpoch. */
let epoch = 0;

/**
 * The cache's epoch now. A refresh takes it before it reads the accounts and their keys; if the
 * cache was forgotten since, in whole or an account's part (an account's key or sites changed, a
 * key or an account was removed), what it fetched is out of date and is not stored.
 */
export function cacheEpoch(): number {
  return epoch;
}

/**
 * Forgets what the cached listing holds of some accounts (an account removed, its key or sites
 * changed): their sites, headings and ETags; and the popup's drawing of its first screen. The other
 * accounts' part stays, with its ETags. Like forgetListing, it starts a new epoch at once.
 */
export function forgetAccounts(ids: readonly string[]): Promise<unknown> {
  if (ids.length === 0) return Promise.resolve();
  epoch += 1;
  const gone = new Set(ids);
  return queue(async () => {
    generation += 1;
    const [listing, stored] = await Promise.all([listingItem.get(), listingTagsItem.get()]);
    const sites = listing?.sites.filter((site) => !gone.has(site.account)) ?? [];
    if (!listing || sites.length === 0) return removeTogether(listingItem, listingPreviewItem, listingTagsItem, firstScreenItem);
    const accounts = listing.accounts?.filter((account) => !gone.has(account.id));
    const kept: Listing = { fetchedAt: listing.fetchedAt, sites, ...(accounts && accounts.length > 1 ? { accounts } : {}) };
    const revision = await digest(`${listing.revision ?? ''}\n${JSON.stringify(['accounts forgotten', ...ids])}`);
    const paired = stored !== null && stored.revision === listing.revision;
    const tags = paired ? Object.fromEntries(Object.entries(stored.tags).filter(([account]) => !gone.has(account))) : {};
    await firstScreenItem.remove();
    await storeWithPreview({ ...kept, revision }, tags);
  });
}

/**
 * Forgets the cached listing, its preview, its ETags and the popup's drawing of its first screen
 * (a new schema: the storage migration). Refreshes started before the call store nothing.
 */
export function forgetListing(): Promise<unknown> {
  epoch += 1;
  // The next listing is fetched afresh: it has every move made until then.
  forgetConfirmedMoves();
  return queue(() => {
    generation += 1;
    return removeTogether(listingItem, listingPreviewItem, listingTagsItem, firstScreenItem);
  });
}

/**
 * The cached listing, once the writes already queued are done, with the moves Grist confirmed that
 * a bulk run has yet to write (see noteMove): the worker checks a move or rename against where
 * each document is now.
 */
export function readListing(): Promise<Listing | null> {
  return queue(async () => {
    const listing = await listingItem.get();
    const pending = pendingMoves();
    // Walks the whole listing: only when there is something to apply.
    if (listing && pending.length > 0) applyMoves(listing, pending);
    return listing;
  });
}

/** The read under way for readListingShared, while it is, and queuedTasks once it was queued. */
let sharedRead: { read: Promise<Listing | null>; at: number } | null = null;

/**
 * readListing for what only indexes the listing, never changing it (the address bar's index, the
 * access checks'): one read for every call made while it is under way with no write queued behind
 * it, so indexes built ahead at the same moment read its megabytes once.
 */
export function readListingShared(): Promise<Listing | null> {
  if (sharedRead?.at === queuedTasks) return sharedRead.read;
  const read = readListing();
  const shared = { read, at: queuedTasks };
  sharedRead = shared;
  const done = () => {
    if (sharedRead === shared) sharedRead = null;
  };
  read.then(done, done);
  return read;
}

/**
 * Resolves once the writes of the cache queued before the call are done: for what the worker keeps
 * of the listing (sharing/access-owner-index.ts), so it is read no earlier than readListing would be.
 */
export function queuedWritesDone(): Promise<void> {
  return queue(() => Promise.resolve());
}

/** The cached listing and the ETags it was built from, as a refresh reads them. */
export interface CachedListing {
  /** ETag by account, then by request URL: a few KB. */
  tags: Promise<AccountTags>;
  /** The revision of the listing those ETags were stored with: what a site Grist answers 304 for is as in it. */
  revision: Promise<string | undefined>;
  /**
   * The listing those ETags were built from, read on first call: it is megabytes at 20,000
   * documents and only needed for what Grist answers 304 (or fails) to. Null when there is none,
   * or when it was replaced since the ETags were read, so a 304 is never paired with another body.
   */
  listing: () => Promise<Listing | null>;
  /**
   * True when the cache still holds exactly `fetched` with `tags`: the listing was read for this
   * refresh, has not been replaced since, and has the same revision and ETags. Call it only from a
   * queued write (it waits for the queued read).
   */
  holds: (fetched: Listing, tags: AccountTags) => Promise<boolean>;
}

/**
 * Counts the listings stored or forgotten (in queue order), so a late read can tell whether the
 * listing is still the one some ETags were read with. Recording a rename does not count: the
 * listing keeps its origin and only gains what Grist confirmed.
 */
let generation = 0;

/** The cached ETags now, and the listing they describe when it is needed (see CachedListing). */
export function readCachedListing(): CachedListing {
  let readAt = -1;
  const stored = queue(() => {
    readAt = generation;
    return listingTagsItem.get();
  });
  const tags = stored.then((item) => item?.tags ?? {});
  let listing: Promise<Listing | null> | undefined;
  /** The cached listing if it is the one the ETags were stored with. */
  const readPaired = async () => {
    if (generation !== readAt) return null;
    const [cached, item] = await Promise.all([listingItem.get(), stored]);
    return cached && item && cached.revision === item.revision ? cached : null;
  };
  return {
    tags,
    revision: stored.then((item) => item?.revision),
    listing: () => (listing ??= queue(readPaired)),
    holds: async (fetched, fetchedTags) =>
      listing !== undefined &&
      generation === readAt &&
      (await listing.catch(() => null))?.revision === fetched.revision &&
      sameTags(await tags, fetchedTags),
  };
}

function sameTags(a: AccountTags, b: AccountTags): boolean {
  const same = (x: Record<string, string>, y: Record<string, string> | undefined) => {
    const keys = Object.keys(x);
    return y !== undefined && keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key]);
  };
  const accounts = Object.keys(a);
  return accounts.length === Object.keys(b).length && accounts.every((account) => same(a[account]!, b[account]));
}

/**
 * Takes a freshly fetched listing with the ETags it was built from, the renames confirmed during
 * the fetch already applied to it (applyConfirmedRenames). In: the listing, the tags, the request
 * URL of a site's workspaces (to find its tag), the cache as the refresh read it, and the
 * cacheEpoch() the refresh started in. Out: the listing with its
 * revision, at once; storing it is queued and not waited for (it takes longer than the rest of
 * the refresh at 20,000 documents, and the cache is only read by later popups). A listing the
 * cache already holds is not written again: an unchanged refresh, the usual one, would rewrite
 * 3 MB for nothing, in the way of the next popup's reads. Nothing is stored when the cache was
 * forgotten since `startedInEpoch`.
 */
export async function storeFetchedListing(
  listing: Listing,
  tags: AccountTags,
  tagOf: (siteUrl: string) => string,
  cache: Pick<CachedListing, 'holds'>,
  startedInEpoch: number,
): Promise<Listing> {
  const stored = { ...listing, revision: await revisionOf(listing, tags, tagOf) };
  // Its place in the queue is taken now, but the write starts a task later: encoding 3 MB for
  // storage would otherwise run on this thread before the reply carrying the listing is sent.
  void queue(async () => {
    await nextTask();
    if (startedInEpoch !== epoch || (await cache.holds(stored, tags))) return;
    generation += 1;
    await storeWithPreview(stored, tags);
  });
  return stored;
}

/**
 * Changes the cached listing in place, if there is one, and stores it under a new revision with
 * the ETags it was stored with: they still describe what Grist holds, now with the change in it.
 * ETags that were not the listing's stay unpaired. Each change says what it changed (null:
 * nothing). Changes made together are applied in one write (see batchedWrites): a bulk rename
 * confirms dozens a second, and each write stores the whole listing (megabytes at 20,000 documents).
 */
export const updateCached = batchedWrites<(listing: Listing) => string | null>(queue, async (changes) => {
  const [listing, stored] = await Promise.all([listingItem.get(), listingTagsItem.get()]);
  if (!listing) return;
  const what = changes.map((apply) => apply(listing)).filter((done) => done !== null);
  if (what.length === 0) return;
  const revision = await digest(`${listing.revision ?? ''}\n${what.join('\n')}`);
  const paired = stored !== null && stored.revision === listing.revision;
  const updated = { ...listing, revision };
  await storeTogether(
    listingItem.entry(updated),
    listingPreviewItem.entry(listingPreview(updated, PREVIEW_ROWS)),
    listingTagsItem.entry(paired ? { revision, tags: stored.tags } : stored),
  );
});

