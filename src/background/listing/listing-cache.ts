/**
 * The cached listing, written only through here. Writes are queued, so a refresh that lands while
 * a rename is being recorded cannot overwrite it with what it fetched before the rename; and a
 * rename confirmed while a refresh was in flight is re-applied to that refresh's listing (confirmed-changes.ts holds them).
 * Every stored listing carries a revision (see Listing.revision), made from the ETags Grist sent
 * for it, which name their bodies' content, so no 3 MB listing has to be hashed.
 * The listing, its first screen and its ETags are written in one storage call, so they are stored
 * together or not at all; the ETags name the revision they were stored with, and are paired with
 * no other listing. Each forgetting (new settings, key removed) starts a new epoch: what a refresh
 * started before it fetched is never stored.
 */
import { listingPreview, type DocumentEntry, type Listing, type WorkspaceEntry } from '../../shared/listing.ts';
import { firstScreenItem, listingItem, listingPreviewItem, listingTagsItem } from '../../shared/storage-items.ts';
import { removeTogether, storeTogether } from '../storage-writes.ts';
import { logFailure } from '../log-failure.ts';
import { batchedWrites, serialQueue } from '../pacing.ts';
import { applyMoves, forgetConfirmedMoves, latestMoves, latestRename, pendingMoves } from './confirmed-changes.ts';

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


function documentsOf(listing: Listing): DocumentEntry[] {
  return listing.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents));
}

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

/**
 * How long after the worker's start or a write of the listing the worker's indexes of it are built
 * ahead (ms): after the start-up's own work, and out of the way of the popup whose refresh stored
 * the listing.
 */
export const BUILD_AHEAD_MS = 1000;

/** The builds asked for by aheadOfUse's functions and not run yet, each with what it is for. */
const aheadBuilds = new Map<() => Promise<unknown>, string>();
let ahead: ReturnType<typeof setTimeout> | undefined;

/**
 * In: the build of an index of the listing (from readListingShared), and what it is for a failure's
 * log line. Out: a function that runs it BUILD_AHEAD_MS from its call (a call before then puts it
 * off). The builds asked for meanwhile run together, so they read the listing once.
 */
export function aheadOfUse(build: () => Promise<unknown>, what: string): () => void {
  return () => {
    aheadBuilds.set(build, what);
    clearTimeout(ahead);
    ahead = setTimeout(() => {
      const builds = [...aheadBuilds];
      aheadBuilds.clear();
      for (const [run, about] of builds) void run().catch(logFailure(about));
    }, BUILD_AHEAD_MS);
  };
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
const updateCached = batchedWrites<(listing: Listing) => string | null>(queue, async (changes) => {
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
