/**
 * listing-cache.ts: the cached listing as the worker stores it: a fetched listing with its preview
 * and ETags in one write (and not again when unchanged), nothing from a refresh started before a
 * forgetting, an account's part forgotten alone, and the changes Grist confirmed written in.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { cacheEpoch, forgetAccounts, forgetListing, readCachedListing, readListing, storeFetchedListing, type AccountTags } from '../../../../src/background/listing/listing-cache.ts';
import { forgetDocument, recordDocumentAdded, recordPin, recordPublic, recordWorkspaceRename, storeNotedMoves, storeNotedRename } from '../../../../src/background/listing/cache-records.ts';
import { noteMove, noteRename, pendingMoves } from '../../../../src/background/listing/confirmed-changes.ts';
import type { Listing } from '../../../../src/shared/protocol/listing.ts';
import { firstScreenItem, listingItem, listingPreviewItem, listingTagsItem } from '../../../../src/shared/storage/storage-items.ts';
import { documentEntry, listingOf, personalSiteEntry, siteEntry, workspaceEntry } from '../../../setup/listings.ts';

const ACME = 'https://acme.example.com';

/**
 * Account a1's personal site (Home: Budget) and Acme (Sales: Plan; Archive, empty), and account
 * a2's Acme, which lists Plan too.
 */
function fetched(): Listing {
  return listingOf([
    personalSiteEntry([workspaceEntry(1, 'Home', [documentEntry('budget00000000000001', 'Budget')])]),
    siteEntry(2, 'Acme', [workspaceEntry(3, 'Sales', [documentEntry('plan0000000000000001', 'Plan')]), workspaceEntry(4, 'Archive')]),
    siteEntry(2, 'Acme', [workspaceEntry(3, 'Sales', [documentEntry('plan0000000000000001', 'Plan')])], { account: 'a2' }),
  ]);
}

const TAGS: AccountTags = { a1: { 'personal/workspaces': '"p1"', 'acme/workspaces': '"a1"' }, a2: { 'acme/workspaces': '"a2"' } };
const tagOf = (siteUrl: string) => `${siteUrl === ACME ? 'acme' : 'personal'}/workspaces`;

/** Stores `listing` as a refresh does, and waits for the write (readListing waits for the queue). */
async function store(listing: Listing, tags: AccountTags = TAGS): Promise<Listing> {
  const stored = await storeFetchedListing(listing, tags, tagOf, readCachedListing(), cacheEpoch());
  await readListing();
  return stored;
}

/** Every document of the stored listing as `account/site/workspace: name`, in order. */
async function storedDocuments(): Promise<string[]> {
  const listing = await listingItem.get();
  return (listing?.sites ?? []).flatMap((site) =>
    site.workspaces.flatMap((workspace) => workspace.documents.map((document) => `${site.account}/${site.name}/${workspace.name}: ${document.name}${document.isPinned ? ' (pinned)' : ''}`)),
  );
}

describe('the cached listing', () => {
  it('stores a fetched listing with its first screen and ETags in one write, paired by revision', async () => {
    const write = vi.spyOn(fakeBrowser.storage.local, 'set');
    const stored = await store(fetched());
    expect(write).toHaveBeenCalledOnce();
    expect(stored.revision).toMatch(/^[0-9a-f]{24}$/);
    expect((await listingItem.get())?.revision).toBe(stored.revision);
    expect((await listingPreviewItem.get())?.sites).toHaveLength(3);
    expect(await listingTagsItem.get()).toEqual({ revision: stored.revision, tags: TAGS });
    vi.restoreAllMocks();
  });

  it('does not write again a listing it holds already with the same ETags', async () => {
    const first = await store(fetched());
    const cache = readCachedListing();
    expect((await cache.listing())?.revision).toBe(first.revision);
    const write = vi.spyOn(fakeBrowser.storage.local, 'set');
    const again = await storeFetchedListing(fetched(), TAGS, tagOf, cache, cacheEpoch());
    await readListing();
    expect(again.revision).toBe(first.revision);
    expect(write).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('stores nothing a refresh fetched when the cache was forgotten since it started', async () => {
    const started = cacheEpoch();
    await forgetListing();
    await storeFetchedListing(fetched(), TAGS, tagOf, readCachedListing(), started);
    expect(await readListing()).toBeNull();
  });

  it('forgets an account’s sites and ETags and the first screen, keeping the other account’s, still paired', async () => {
    await store(fetched());
    await firstScreenItem.set({ previewRevision: 'preview:r', made: '0.1.0 en', tree: ['main', {}, ['Plan']] });
    await forgetAccounts(['a1']);
    await readListing();
    expect(await storedDocuments()).toEqual(['a2/Acme/Sales: Plan']);
    const listing = await listingItem.get();
    expect(await listingTagsItem.get()).toEqual({ revision: listing?.revision, tags: { a2: TAGS.a2 } });
    expect(await firstScreenItem.get()).toBeNull();
  });

  it('writes a rename Grist confirmed in every account that lists the document, only while it is its last', async () => {
    await store(fetched());
    const first = noteRename('plan0000000000000001', 'Plan 2026');
    const second = noteRename('plan0000000000000001', 'Plan 2027');
    await storeNotedRename('plan0000000000000001', first);
    expect(await storedDocuments()).toContain('a1/Acme/Sales: Plan');
    await storeNotedRename('plan0000000000000001', second);
    expect(await storedDocuments()).toEqual(['a1/Personal/Home: Budget', 'a1/Acme/Sales: Plan 2027', 'a2/Acme/Sales: Plan 2027']);
    const listing = await listingItem.get();
    expect((await listingTagsItem.get())?.revision).toBe(listing?.revision);
  });

  it('shows a move Grist confirmed to the worker’s reads at once, and stores it once written', async () => {
    await store(fetched());
    const mark = noteMove('plan0000000000000001', { account: 'a1', siteUrl: ACME, workspaceId: 4 });
    const read = await readListing();
    expect(read?.sites[1]?.workspaces.map((workspace) => workspace.documents.map((document) => document.name))).toEqual([[], ['Plan']]);
    expect(await storedDocuments()).toContain('a1/Acme/Sales: Plan');
    await storeNotedMoves([{ docId: 'plan0000000000000001', mark }]);
    expect(await storedDocuments()).toEqual(['a1/Personal/Home: Budget', 'a1/Acme/Archive: Plan', 'a2/Acme/Sales: Plan']);
    expect(pendingMoves()).toEqual([]);
  });

  it('records a pin, a document added (once), a workspace renamed and a document gone', async () => {
    await store(fetched());
    await recordPin('budget00000000000001', true);
    await recordDocumentAdded('a1', ACME, 4, documentEntry('copy0000000000000001', 'Plan (copy)'));
    await recordDocumentAdded('a1', ACME, 4, documentEntry('copy0000000000000001', 'Plan (copy)'));
    await recordWorkspaceRename(ACME, 3, 'Revenue');
    await forgetDocument('plan0000000000000001');
    expect(await storedDocuments()).toEqual(['a1/Personal/Home: Budget (pinned)', 'a1/Acme/Archive: Plan (copy)']);
    expect((await listingItem.get())?.sites.map((site) => site.workspaces.map((workspace) => workspace.name))).toEqual([['Home'], ['Revenue', 'Archive'], ['Revenue']]);
  });

  it('records a document made public in every account that lists it, and takes the mark away again', async () => {
    await store(fetched());
    await recordPublic('plan0000000000000001', true);
    const marked = (listing: Listing | null) => listing?.sites.map((site) => site.workspaces.flatMap((workspace) => workspace.documents.filter((document) => document.isPublic).map((document) => document.name)));
    expect(marked(await listingItem.get())).toEqual([[], ['Plan'], ['Plan']]);
    // The first screen is written with it: the next popup opens on the mark.
    expect(marked(await listingPreviewItem.get())).toEqual([[], ['Plan'], ['Plan']]);
    await recordPublic('plan0000000000000001', false);
    const stored = await listingItem.get();
    expect(marked(stored)).toEqual([[], [], []]);
    // Absent, not false: a listing Grist sent has no field either, and the cache stays as small.
    expect(stored?.sites[1]?.workspaces[0]?.documents[0]).not.toHaveProperty('isPublic');
  });
});
