/**
 * The popup's listing kept in step with the worker (src/popup/sync/listing-sync.ts): the cache's
 * first screen at once, then the fresh listing; the popup's own changes kept over a refresh already
 * under way; a failed refresh leaving the whole cache shown; the sentence a refresh ends with.
 */
import { signal } from '@preact/signals';
import { describe, expect, test, vi } from 'vitest';
import { createListingSync, type ListingSyncDependencies } from '../../../src/popup/sync/listing-sync.ts';
import { withRenamed } from '../../../src/popup/changes/listing-edits.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { PREVIEW_REVISION, type Listing } from '../../../src/shared/protocol/listing.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc, listingOf, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';

const BUDGET = doc('budgetDoc000000000000', 'Budget');
const PLAN = doc('planDoc00000000000000', 'Plan');
const REF = { orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id };

/** Personal (Home: the given documents) and Acme (Sales: Plan), at `revision`. */
function listing(documents = [BUDGET], revision = 'r1'): Listing {
  return listingOf([personalSiteEntry([workspaceEntry(10, 'Home', documents)]), siteEntry(2, 'Acme', [workspaceEntry(20, 'Sales', [PLAN])])], { revision });
}

/** The document names shown, site by site. */
const names = (shown: Listing | null) => shown?.sites.map((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((document) => document.name)).join(', '));

/** A listing sync whose refresh the test answers; the cache holds `cached`, its first screen `preview`. */
function sync({ cached = null, preview }: { cached?: Listing | null; preview?: Listing | null } = {}) {
  const refreshed = deferred<Reply<'refreshListing'>>();
  const announcement = signal('');
  const summarize = vi.fn<ListingSyncDependencies['summarize']>((shown, say) => say(`Listed ${names(shown)!.join(' / ')}`));
  const readCachedListing = vi.fn(async () => cached);
  const listingSync = createListingSync({
    backend: { refreshListing: vi.fn(() => refreshed.promise) },
    readCachedListing,
    ...(preview === undefined ? {} : { readCachedPreview: async () => preview }),
    announcement,
    summarize,
  });
  return { listingSync, refreshed, announcement, summarize, readCachedListing };
}

describe('what is shown', () => {
  test('the cache’s first screen at once, then the fresh listing, said in one sentence', async () => {
    const cached = listing([BUDGET], 'r1');
    const preview = { ...cached, revision: `${PREVIEW_REVISION}r1` };
    const { listingSync, refreshed, announcement } = sync({ cached, preview });
    const started = listingSync.start();
    await vi.waitFor(() => expect(listingSync.loaded.value).toBe(true));
    expect(names(listingSync.listing.value)).toEqual(['Budget', 'Plan']);
    expect(listingSync.partial.value).toBe(true);
    refreshed.resolve({ ok: true, value: listing([BUDGET, doc('newDoc000000000000000', 'New')], 'r2') });
    await started;
    expect(names(listingSync.listing.value)).toEqual(['Budget, New', 'Plan']);
    expect(listingSync.partial.value).toBe(false);
    expect(listingSync.revision.value).toBe('r2');
    expect(announcement.value).toBe('Listed Budget, New / Plan');
  });

  test('a failed refresh leaves the whole cache shown, and says nothing more than its error', async () => {
    const { listingSync, refreshed, announcement, summarize } = sync({ cached: listing([BUDGET], 'r1') });
    const started = listingSync.start();
    refreshed.resolve({ ok: false, error: { kind: 'network', message: 'Grist could not be reached.' } });
    await started;
    expect(names(listingSync.listing.value)).toEqual(['Budget', 'Plan']);
    expect(listingSync.listingError.value?.message).toBe('Grist could not be reached.');
    expect(summarize).not.toHaveBeenCalled();
    expect(announcement.value).toBe('');
  });

  test('a sentence said while the refresh ran is not replaced by its summary', async () => {
    const { listingSync, refreshed, announcement } = sync();
    const started = listingSync.start();
    announcement.value = 'Name saved.';
    refreshed.resolve({ ok: true, value: listing() });
    await started;
    expect(announcement.value).toBe('Name saved.');
  });
});

describe('the popup’s own changes and a refresh under way', () => {
  test('a change confirmed while a refresh runs stays shown over the listing it brings', async () => {
    const { listingSync, refreshed } = sync();
    const started = listingSync.start();
    listingSync.confirm('budget', (shown) => withRenamed(shown, REF, 'Budget 2027'));
    // The refresh began before the rename: it brings the old name.
    refreshed.resolve({ ok: true, value: listing([BUDGET], 'r2') });
    await started;
    expect(names(listingSync.listing.value)).toEqual(['Budget 2027', 'Plan']);
    // Changed by the popup, the listing shown is no longer the worker's revision.
    expect(listingSync.revision.value).toBeUndefined();
  });

  test('an edit shown only now is replaced by the fresh listing', async () => {
    const { listingSync, refreshed } = sync({ cached: listing() });
    const started = listingSync.start();
    await vi.waitFor(() => expect(listingSync.listing.value).not.toBeNull());
    listingSync.edit((shown) => withRenamed(shown, REF, 'Budget 2027'));
    expect(names(listingSync.listing.value)).toEqual(['Budget 2027', 'Plan']);
    refreshed.resolve({ ok: true, value: listing([BUDGET], 'r2') });
    await started;
    expect(names(listingSync.listing.value)).toEqual(['Budget', 'Plan']);
  });

  test('a later change of the same row replaces the earlier one', async () => {
    const { listingSync, refreshed } = sync();
    const started = listingSync.start();
    listingSync.confirm('budget', (shown) => withRenamed(shown, REF, 'First'));
    listingSync.confirm('budget', (shown) => withRenamed(shown, REF, 'Second'));
    refreshed.resolve({ ok: true, value: listing([BUDGET], 'r2') });
    await started;
    expect(names(listingSync.listing.value)).toEqual(['Second', 'Plan']);
  });
});
