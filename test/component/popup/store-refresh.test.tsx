/**
 * The popup store on its own (no DOM): its listing as refreshes and the caches come, in the
 * orderings and failures that are awkward to reach through the view.
 */
import { effect } from '@preact/signals';
import { describe, expect, test, vi } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { PROGRESS_DELAY_MS, PROGRESS_INTERVAL_MS } from '../../../src/popup/sync/listing-sync.ts';
import { createPopupStore } from '../../../src/popup/store.ts';
import { rowDocument } from '../../../src/popup/reads/listing-lookups.ts';
import type { RefreshProgress } from '../../../src/page-shared/backend-client.ts';
import { deferred } from '../../setup/deferred.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { doc, listing, reportingBackend, PLAN, REF, WHOLE, startOnFirstScreen } from './store-setup.ts';

describe('popup store', () => {
  test('a refresh under way while a rename is confirmed does not bring the old name back', async () => {
    const firstRefresh = deferred<Reply<'refreshListing'>>();
    const secondRefresh = deferred<Reply<'refreshListing'>>();
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn().mockReturnValueOnce(firstRefresh.promise).mockReturnValueOnce(secondRefresh.promise),
      renameDocument: vi.fn(async () => ({ ok: true as const, value: { name: 'Plan B', entryId: 'entry-1' } })),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => listing(PLAN), openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.loaded.value).toBe(true));
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan');

    store.beginRename(REF);
    store.setDraft(REF, 'Plan B');
    await store.commitRename(REF);
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan B');

    // Built before the rename reached Grist: still the old name.
    firstRefresh.resolve({ ok: true, value: listing(PLAN) });
    await started;
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan B');

    // A refresh started after the rename is believed as it is.
    const later = store.refresh();
    secondRefresh.resolve({ ok: true, value: listing(doc(PLAN.id, 'Renamed elsewhere')) });
    await later;
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Renamed elsewhere');
  });

  test('the cached first screen shows at once; the whole cache is read once asked for (issue 16), and then replaces it', async () => {
    const { store, started, whole, refreshed, readCachedListing } = await startOnFirstScreen();
    expect(store.loaded.value).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readCachedListing).not.toHaveBeenCalled();

    store.readWholeCache(); // the list was scrolled
    store.readWholeCache();
    expect(readCachedListing).toHaveBeenCalledOnce();
    whole.resolve(WHOLE);
    await vi.waitFor(() => expect(store.listing.value).toBe(WHOLE));
    refreshed.resolve({ ok: true, value: { ...WHOLE, fetchedAt: 2 } });
    await started;
    expect(store.listing.value).toBe(WHOLE);
  });

  test('a refresh whose every site changed shows the fresh sites and never reads the whole cache (issue 16)', async () => {
    const refreshed = deferred<Reply<'refreshListing'>>();
    const fresh: Listing = { ...listing(doc(PLAN.id, 'Fresh plan'), doc('secondDoc00000000000', 'Second')), revision: 'rev-2' };
    const preview: Listing = { ...listing(PLAN), revision: 'preview:rev-1' };
    const { backend, report } = reportingBackend(refreshed.promise);
    const readCachedListing = vi.fn(async () => ({ ...listing(PLAN), revision: 'rev-1' }));
    const store = createPopupStore({ backend, readCachedListing, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.listing.value).toBe(preview));
    // Shown as they come once the refresh is slow, without the whole cache under them.
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS + 20));
    report({ sites: fresh.sites, unchanged: [false], asShown: [false] });
    await vi.waitFor(() => expect(rowDocument(store.listing.value, REF)?.name).toBe('Fresh plan'));
    refreshed.resolve({ ok: true, value: fresh });
    await started;
    expect(store.listing.value?.sites[0]?.workspaces[0]?.documents.map((document) => document.name)).toEqual(['Fresh plan', 'Second']);
    store.readWholeCache();
    store.setQuery('plan');
    expect(store.searchWaits.value).toBe(false);
    expect(readCachedListing).not.toHaveBeenCalled();
  });

  test('the whole cache read during a slow refresh keeps the sites that answered shown in the same render (issue 16)', async () => {
    const { store, started, whole, refreshed, report } = await startOnFirstScreen();
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS + 20));
    report({ sites: listing(doc(PLAN.id, 'Fresh plan')).sites, unchanged: [false], asShown: [false] });
    await vi.waitFor(() => expect(rowDocument(store.listing.value, REF)?.name).toBe('Fresh plan'));
    // Every listing shown from now on: the cache's old name must never come back.
    const names: Array<string | undefined> = [];
    const stop = effect(() => void names.push(rowDocument(store.listing.value, REF)?.name));
    store.readWholeCache();
    whole.resolve(WHOLE);
    await whole.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(names.every((name) => name === 'Fresh plan')).toBe(true);
    refreshed.resolve({ ok: true, value: listing(doc(PLAN.id, 'Fresh plan')) });
    await started;
  });

  test('the whole cache, asked for by a search and read once a fresh listing arrived, does not replace it (issue 16)', async () => {
    const { store, started, whole, refreshed, readCachedListing } = await startOnFirstScreen();
    store.setQuery('plan');
    expect(readCachedListing).toHaveBeenCalledOnce();
    refreshed.resolve({ ok: true, value: listing(doc(PLAN.id, 'Fresh plan')) });
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    whole.resolve(WHOLE);
    await started;
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Fresh plan');
  });

  test('a Refresh clicked before the first screen was read: the whole cache is read, and stays shown when that refresh fails (issue 16)', async () => {
    const cached: Listing = { ...listing(PLAN, doc('secondDoc00000000000', 'Second')), revision: 'rev-1' };
    const preview = deferred<Listing | null>();
    const refreshed = deferred<Reply<'refreshListing'>>();
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(() => refreshed.promise) };
    const store = createPopupStore({ backend, readCachedListing: async () => cached, readCachedPreview: () => preview.promise, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    const clicked = store.refresh();
    preview.resolve({ ...listing(PLAN), revision: 'preview:rev-1' });
    // The cache is shown while the clicked refresh still runs; then it fails.
    await vi.waitFor(() => expect(store.listing.value).not.toBeNull());
    refreshed.resolve({ ok: false, error: { kind: 'network', message: 'Offline' } });
    await Promise.all([started, clicked]);
    expect(store.listing.value).toBe(cached);
    expect(store.searchWaits.value).toBe(false);
  });

  test('a refresh that fails shows the whole cache, read then (issue 16)', async () => {
    const { store, started, whole, refreshed, readCachedListing } = await startOnFirstScreen();
    whole.resolve(WHOLE);
    expect(readCachedListing).not.toHaveBeenCalled();
    refreshed.resolve({ ok: false, error: { kind: 'network', message: 'Offline' } });
    await started;
    expect(store.listingError.value?.message).toBe('Offline');
    expect(store.listing.value).toBe(WHOLE);
    expect(readCachedListing).toHaveBeenCalledOnce();
  });

  test('a refresh that fails while the whole cache is still read leaves a search waiting for the cache (issue 16)', async () => {
    const whole = deferred<Listing | null>();
    const cached: Listing = { ...listing(PLAN, doc('secondDoc00000000000', 'Second')), revision: 'rev-1' };
    const preview: Listing = { ...listing(PLAN), revision: 'preview:rev-1' };
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async () => ({ ok: false as const, error: { kind: 'network' as const, message: 'Offline' } })) };
    const store = createPopupStore({ backend, readCachedListing: () => whole.promise, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.listingError.value?.message).toBe('Offline'));
    expect(store.listing.value).toBe(preview);
    store.setQuery('second');
    expect(store.searchWaits.value).toBe(true);
    expect(store.rows.value).toEqual([]);
    whole.resolve(cached);
    await started;
    expect(store.searchWaits.value).toBe(false);
    expect(store.rows.value.filter((row) => row.kind === 'document').map((row) => (row.kind === 'document' ? row.document.name : ''))).toEqual(['Second']);
  });

  test('sites reported unchanged while only the first screen is shown: kept until the end, then the whole ones', async () => {
    const whole = deferred<Listing | null>(); // never read: no site comes as shown, nothing else asks
    const refreshed = deferred<Reply<'refreshListing'>>();
    const full = { ...listing(PLAN, doc('secondDoc00000000000', 'Second')), revision: 'rev-1' };
    const preview: Listing = { ...listing(PLAN), revision: 'preview:rev-1' };
    const { backend, report } = reportingBackend(refreshed.promise);
    const store = createPopupStore({ backend, readCachedListing: () => whole.promise, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.listing.value).toBe(preview));
    report({ sites: full.sites, unchanged: [true] });
    // The end, while the whole cache is still being read: the preview's cut-short site must not stay.
    refreshed.resolve({ ok: true, value: full });
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    expect(store.listing.value?.sites[0]?.workspaces[0]?.documents.map((document) => document.name)).toEqual(['Plan', 'Second']);
    whole.resolve(null);
    await started;
  });

  test('two accounts listing one site: a refresh keeps each account’s own copy, and the accounts’ headings', async () => {
    const refreshed = deferred<Reply<'refreshListing'>>();
    const site = listing(PLAN).sites[0]!;
    const accounts = [
      { id: 'a1', user: null, server: 'docs.getgrist.com' },
      { id: 'a2', user: null, server: 'docs.getgrist.com' },
    ];
    // Edith edits the document, Owen owns it: two copies of one site, told apart by account only.
    const cached: Listing = { fetchedAt: 1, accounts, sites: [{ ...site, workspaces: [{ id: 1, name: 'Home', documents: [doc(PLAN.id, 'Plan', 'editors')] }] }, { ...site, account: 'a2' }] };
    const { backend, report } = reportingBackend(refreshed.promise);
    const store = createPopupStore({ backend, readCachedListing: async () => cached, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.listing.value).toBe(cached));
    // Grist says both are as cached (304): the page keeps its own objects, each its account's.
    report({ sites: cached.sites.map((entry) => ({ ...entry })), unchanged: [true, true] });
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS + PROGRESS_INTERVAL_MS + 50));
    expect(store.listing.value?.sites[0]).toBe(cached.sites[0]);
    expect(store.listing.value?.sites[1]).toBe(cached.sites[1]);
    expect(store.listing.value?.accounts).toBe(accounts);
    refreshed.resolve({ ok: true, value: { ...cached, fetchedAt: 2 } });
    await started;
    expect(rowDocument(store.listing.value, { ...REF, account: 'a1' })?.access).toBe('editors');
    expect(rowDocument(store.listing.value, { ...REF, account: 'a2' })?.access).toBe('owners');
  });

  test('an unchanged refresh: the worker is told the cached revision, sends the sites without their workspaces, and the page keeps its own', async () => {
    const whole = deferred<Listing | null>(); // read after the refresh ended, as when the cache is slow
    const cached: Listing = { ...listing(PLAN, doc('secondDoc00000000000', 'Second')), revision: 'rev-1' };
    const preview: Listing = { ...listing(PLAN), revision: 'preview:rev-1' };
    const placeholder = { ...cached.sites[0]!, workspaces: [], pending: true as const };
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async (_request: null, onProgress?: (progress: RefreshProgress) => void, _shown?: string) => {
        onProgress!({ sites: [placeholder], unchanged: [true], asShown: [true] });
        return { ok: true as const, value: { fetchedAt: 3, revision: 'rev-1', sites: [placeholder] } };
      }),
    };
    const store = createPopupStore({ backend, readCachedListing: () => whole.promise, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(backend.refreshListing).toHaveBeenCalled());
    expect(backend.refreshListing.mock.calls[0]![2]).toBe('rev-1');
    // The refresh ended; it waits for the whole cache to take its sites from.
    whole.resolve(cached);
    await started;
    expect(store.listing.value?.sites[0]).toBe(cached.sites[0]);
    expect(store.listing.value?.sites[0]?.workspaces[0]?.documents.map((document) => document.name)).toEqual(['Plan', 'Second']);
    expect(backend.refreshListing).toHaveBeenCalledOnce();
  });

  test('sites sent as shown when the whole cache turned out to be another listing: asked again, for everything', async () => {
    const cached: Listing = { ...listing(PLAN, doc('secondDoc00000000000', 'Second')), revision: 'rev-2' };
    const preview: Listing = { ...listing(PLAN), revision: 'preview:rev-1' };
    const placeholder = { ...cached.sites[0]!, workspaces: [], pending: true as const };
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async (_request: null, onProgress?: (progress: RefreshProgress) => void, shown?: string) => {
        if (shown) {
          onProgress!({ sites: [placeholder], unchanged: [true], asShown: [true] });
          return { ok: true as const, value: { fetchedAt: 3, revision: 'rev-1', sites: [placeholder] } };
        }
        return { ok: true as const, value: { ...cached, fetchedAt: 4 } };
      }),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => cached, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    await vi.waitFor(() => expect(backend.refreshListing).toHaveBeenCalledTimes(2));
    expect(backend.refreshListing.mock.calls[1]![2]).toBeUndefined();
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    expect(store.listing.value?.sites[0]?.workspaces[0]?.documents.map((document) => document.name)).toEqual(['Plan', 'Second']);
  });

  test('a refresh that ended leaves no progress behind to show over the next one', async () => {
    const first = deferred<Reply<'refreshListing'>>();
    const second = deferred<Reply<'refreshListing'>>();
    let report!: (progress: RefreshProgress) => void;
    const backend = { ...popupBackendMocks(),
      refreshListing: vi
        .fn<(request: null, onProgress?: (progress: RefreshProgress) => void) => Promise<Reply<'refreshListing'>>>()
        .mockImplementationOnce((_request, onProgress) => {
          report = onProgress!;
          return first.promise;
        })
        .mockImplementationOnce(() => second.promise),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS + 20));
    const old = listing(doc(PLAN.id, 'Old progress'));
    report({ sites: old.sites, unchanged: [false] }); // shown a moment later…
    first.resolve({ ok: true, value: listing(doc(PLAN.id, 'Final')) }); // …but the refresh ends first
    await started;
    void store.refresh();
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_INTERVAL_MS + 50));
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Final');
    second.resolve({ ok: true, value: listing(doc(PLAN.id, 'Final')) });
  });

  test('neither cache replaces a fresh listing that arrived first', async () => {
    const fresh: Listing = { ...listing(doc(PLAN.id, 'Fresh')), revision: 'rev-2' };
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: fresh })) };
    const slow = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 20));
    const store = createPopupStore({
      backend,
      readCachedListing: () => slow({ ...listing(PLAN), revision: 'rev-1' }),
      readCachedPreview: () => slow({ ...listing(PLAN), revision: 'preview:rev-1' }),
      openOptions: vi.fn(),
      openBulkChanges: vi.fn(),
    });
    await store.start();
    expect(store.listing.value).toEqual(fresh);
  });

  test('a fresh listing with the revision already shown is not shown again, and the refresh still ends', async () => {
    const refreshed = deferred<Reply<'refreshListing'>>();
    const cached: Listing = { ...listing(PLAN), revision: 'rev-1' };
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(() => refreshed.promise) };
    const store = createPopupStore({ backend, readCachedListing: async () => cached, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.listing.value).toBe(cached));
    const rows = store.rows.value;
    let listingChanges = 0;
    const stop = effect(() => {
      void store.listing.value;
      listingChanges++;
    });
    expect(store.refreshing.value).toBe(true);

    refreshed.resolve({ ok: true, value: { ...listing(PLAN), fetchedAt: 2, revision: 'rev-1' } });
    await started;
    stop();

    expect(listingChanges).toBe(1); // the effect's own first run: no change since
    expect(store.listing.value).toBe(cached);
    expect(store.rows.value).toBe(rows);
    expect(store.refreshing.value).toBe(false);
    expect(store.announcement.value).toBe('Listing updated: 1 document in 1 site.');
  });

  test('a new revision replaces the listing shown', async () => {
    const fresh: Listing = { ...listing(doc(PLAN.id, 'Plan 2')), revision: 'rev-2' };
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: fresh })) };
    const store = createPopupStore({ backend, readCachedListing: async () => ({ ...listing(PLAN), revision: 'rev-1' }), openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    expect(store.listing.value).toEqual(fresh);
  });

  test('after a rename the shown listing is no longer its revision: a refresh carrying it is shown', async () => {
    const secondRefresh = deferred<Reply<'refreshListing'>>();
    const backend = { ...popupBackendMocks(),
      refreshListing: vi
        .fn()
        .mockResolvedValueOnce({ ok: true, value: { ...listing(PLAN), revision: 'rev-1' } })
        .mockReturnValueOnce(secondRefresh.promise),
      renameDocument: vi.fn(async () => ({ ok: true as const, value: { name: 'Plan B', entryId: 'entry-1' } })),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    store.beginRename(REF);
    store.setDraft(REF, 'Plan B');
    await store.commitRename(REF);
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan B');

    // Started after the rename, so believed as it is, though its revision is the one first shown.
    const later = store.refresh();
    secondRefresh.resolve({ ok: true, value: { ...listing(PLAN), revision: 'rev-1' } });
    await later;
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan');
  });

  test('a backend that throws instead of answering an error still ends the refresh', async () => {
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async () => {
        throw new Error('port closed');
      }),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    expect(store.refreshing.value).toBe(false);
    expect(store.listingError.value?.kind).toBe('network');
    expect(store.loaded.value).toBe(true);
  });

  test('an unreadable cache is the same as an empty one', async () => {
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(PLAN) })) };
    const store = createPopupStore({
      backend,
      readCachedListing: async () => {
        throw new Error('storage gone');
      },
      openOptions: vi.fn(),
      openBulkChanges: vi.fn(),
    });
    await store.start();
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan');
  });
});
