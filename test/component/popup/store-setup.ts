/**
 * What the tests of the popup store on its own share (store-*.test.ts): a one-site listing (org 7,
 * documents in Home), a backend whose refresh progress the test sends, and a store started on the
 * cache's first screen.
 */
import { expect, vi } from 'vitest';
import type { DocumentEntry, Listing } from '../../../src/shared/protocol/listing.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { createPopupStore } from '../../../src/popup/store.ts';
import type { RefreshProgress } from '../../../src/page-shared/backend-client.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry, listingOf, personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

/** A document the user owns unless `access` says otherwise. */
export const doc = (id: string, name: string, access: string | null = 'owners') => documentEntry(id, name, { access });

/** A listing of one site, the personal site as org 7 without a domain, the documents in its Home (workspace 1). */
export function listing(...documents: DocumentEntry[]): Listing {
  return listingOf([personalSiteEntry([workspaceEntry(1, 'Home', documents)], { orgId: 7, domain: null })]);
}

/** A backend whose refresh answers `reply`; `report` sends the refresh's progress to the store. */
export function reportingBackend(reply: Promise<Reply<'refreshListing'>>) {
  let onProgress!: (progress: RefreshProgress) => void;
  const backend = {
    ...popupBackendMocks(),
    refreshListing: vi.fn((_request: null, report?: (progress: RefreshProgress) => void) => {
      onProgress = report!;
      return reply;
    }),
  };
  return { backend, report: (progress: RefreshProgress) => onProgress(progress) };
}

export const PLAN = doc('planDoc0000000000000', 'Plan');
export const REF = { orgId: 7, docId: PLAN.id };

/** The whole cache of the tests that start on its first screen: Plan and Second, revision rev-1. */
export const WHOLE: Listing = { ...listing(PLAN, doc('secondDoc00000000000', 'Second')), revision: 'rev-1' };

/**
 * A store started on the cache's first screen (Plan only, revision preview:rev-1), its refresh and
 * its read of the whole cache left for the test to answer. Resolves once the first screen is shown.
 */
export async function startOnFirstScreen() {
  const whole = deferred<Listing | null>();
  const refreshed = deferred<Reply<'refreshListing'>>();
  const preview: Listing = { ...listing(PLAN), revision: 'preview:rev-1' };
  const { backend, report } = reportingBackend(refreshed.promise);
  const readCachedListing = vi.fn(() => whole.promise);
  const store = createPopupStore({ backend, readCachedListing, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
  const started = store.start();
  await vi.waitFor(() => expect(store.listing.value).toBe(preview));
  return { store, started, whole, refreshed, report, readCachedListing };
}
