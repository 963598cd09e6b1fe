/**
 * sharing/access-owner-index.ts through the access messages: the cached listing read once for many
 * lookups (the People view sends one `readAccess` per site at once), and every write of the listing
 * followed, so no request goes with a key the cache no longer gives it.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteMove } from '../../../../src/background/listing/confirmed-changes.ts';
import { forgetAccounts, queuedWritesDone } from '../../../../src/background/listing/listing-cache.ts';
import { BUILD_AHEAD_MS } from '../../../../src/background/listing/build-ahead.ts';
import { forgetDocument, recordWorkspaceRename, storeNotedMoves } from '../../../../src/background/listing/cache-records.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { findAccessOwner } from '../../../../src/background/sharing/access-api.ts';
import { followIndexedWrites } from '../../../../src/background/omnibox/omnibox.ts';
import { readAccess } from '../../../../src/background/sharing/access.ts';
import { apiKeysItem, listingItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { failure, granted, grist, renameInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';
import { acmeAt, acmeUrl, engineeringAt, roadmapAt } from '../../../setup/access-resources.ts';

useWorkerGrist({ listed: true });

const { roadmap } = DOCS;

/** How many times the cached listing was read from storage since `reads` was made. */
function listingReads(): () => number {
  const get = vi.spyOn(fakeBrowser.storage.local, 'get');
  get.mockClear();
  return () => get.mock.calls.filter(([keys]) => ([keys].flat() as unknown[]).includes(listingItem.key)).length;
}

const NOT_LISTED = 'This document, workspace or site is not in the list any more. Reopen the list to refresh it.';

beforeEach(() => {
  grist.clearRequests();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the access checks’ index of the listing', () => {
  it('reads the cached listing once for many access reads sent at once, and not again for later ones', async () => {
    // The first listing's write, queued by the refresh before the test, done: a build after it is kept.
    await queuedWritesDone();
    const reads = listingReads();
    const lists = await Promise.all(Array.from({ length: 12 }, (_, index) => readAccess([acmeAt(), roadmapAt(), engineeringAt()][index % 3]!)));
    expect(lists.map((list) => list.canChange)).toEqual(Array(12).fill(true));
    expect(grist.requests.filter(({ path }) => path.endsWith('/access'))).toHaveLength(12);
    expect(grist.requests.filter(({ path }) => path.endsWith('/access')).map(({ apiKey }) => apiKey)).toEqual(Array(12).fill(USERS.owner.apiKey));
    await readAccess(acmeAt());
    expect(reads()).toBe(1);
  });

  it('asks the browser once for the accounts and their keys, and once for the hosts’ permissions, for access reads sent together', async () => {
    // Once, so the account's user is known (ownEmailOf asks Grist and records it), as a connection check does.
    await readAccess(acmeAt());
    grist.clearRequests();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    get.mockClear();
    granted.mockClear();
    const sites = [acmeAt(), roadmapAt(), engineeringAt(), { kind: 'site', orgId: ORGS.ownerPersonal.id, siteUrl: `${grist.url}/o/docs` } as const];
    await Promise.all(Array.from({ length: 12 }, (_, index) => readAccess(sites[index % sites.length]!)));
    expect(get.mock.calls.filter(([keys]) => ([keys].flat() as unknown[]).includes(apiKeysItem.key))).toHaveLength(1);
    expect(granted).toHaveBeenCalledTimes(1);
    expect(grist.requests.filter(({ path }) => path.endsWith('/access')).map(({ apiKey }) => apiKey)).toEqual(Array(12).fill(USERS.owner.apiKey));
  });

  it('follows each write of the listing: a refresh, a rename, a document gone, an account forgotten', async () => {
    expect((await findAccessOwner(roadmapAt())).name).toBe(roadmap.name);
    await renameInGrist(roadmap.id, 'Roadmap 2027');
    await refreshListing();
    expect((await findAccessOwner(roadmapAt())).name).toBe('Roadmap 2027');
    await recordWorkspaceRename(acmeUrl(), WORKSPACES.engineering.id, 'Engineering 2');
    expect((await findAccessOwner(engineeringAt())).name).toBe('Engineering 2');
    await forgetDocument(roadmap.id);
    expect((await failure(findAccessOwner(roadmapAt()))).message).toBe(NOT_LISTED);
    await forgetAccounts([ACCOUNT_1]);
    expect((await failure(findAccessOwner(acmeAt()))).message).toBe(NOT_LISTED);
  });

  it('is built again ahead after a write of the listing, from the address bar’s read: the next access read reads no listing', async () => {
    // As the worker's entry wires them: the address bar's index follows the writes, and the access
    // checks' from its first build (at the worker's start) on.
    const unfollow = followIndexedWrites();
    await findAccessOwner(acmeAt());
    vi.useFakeTimers();
    try {
      // A write of the listing that changes none of its sites (an account it does not list forgotten).
      await forgetAccounts(['not-an-account']);
      const reads = listingReads();
      await vi.advanceTimersByTimeAsync(BUILD_AHEAD_MS);
      expect(reads()).toBe(1);
      vi.useRealTimers();
      expect((await readAccess(acmeAt())).canChange).toBe(true);
      expect(reads()).toBe(1);
    } finally {
      vi.useRealTimers();
      unfollow();
    }
  });

  it('waits for a write of the listing already queued, as a read of it does', async () => {
    await queuedWritesDone();
    expect((await findAccessOwner(roadmapAt())).name).toBe(roadmap.name);
    const gone = forgetDocument(roadmap.id);
    expect((await failure(findAccessOwner(roadmapAt()))).message).toBe(NOT_LISTED);
    await gone;
  });

  it('sees a move Grist confirmed that the cached listing does not have yet, and after it is written', async () => {
    expect((await findAccessOwner(roadmapAt())).place.workspace).toEqual({ id: WORKSPACES.engineering.id, name: 'Engineering' });
    const to = { id: WORKSPACES.marketing.id, name: 'Marketing' };
    const mark = noteMove(roadmap.id, { account: ACCOUNT_1, siteUrl: acmeUrl(), workspaceId: to.id });
    expect((await findAccessOwner(roadmapAt())).place.workspace).toEqual(to);
    await storeNotedMoves([{ docId: roadmap.id, mark }]);
    expect((await findAccessOwner(roadmapAt())).place.workspace).toEqual(to);
  });
});
