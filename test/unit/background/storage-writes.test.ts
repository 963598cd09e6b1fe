/**
 * storage-writes.ts: the worker's writes of several items at once, and its followers told, once
 * written, of the writes of the keys they follow, and of no other write, nor of a write refused.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { followWrites, removeTogether, storeTogether } from '../../../src/background/storage-writes.ts';
import { changeLogItem, CHANGE_LOG_VERSION } from '../../../src/shared/storage/change-log-items.ts';
import { apiKeysItem, listingItem, listingPreviewItem, listingTagsItem } from '../../../src/shared/storage/storage-items.ts';
import { listingOf, personalSiteEntry } from '../../setup/listings.ts';

const listing = listingOf([personalSiteEntry([], { account: 'account-1', orgId: 2 })]);

describe('the worker’s writes together', () => {
  it('tell the followers of a key written or removed, once written, and not of a write refused', async () => {
    const told = vi.fn(async () => expect(await fakeBrowser.storage.local.get(null)).toEqual(written.shift()));
    const written: unknown[] = [{ apiKeys: { a1: 'a'.repeat(40) }, listing: JSON.stringify(listing) }, { apiKeys: { a1: 'a'.repeat(40) } }];
    const unfollow = followWrites([listingItem.key], told);
    try {
      await storeTogether(listingItem.entry(listing), apiKeysItem.entry({ a1: 'a'.repeat(40) }));
      await removeTogether(listingItem, listingPreviewItem);
      expect(told).toHaveBeenCalledTimes(2);
      await Promise.all(told.mock.results.map((result) => result.value));
      vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
      await expect(storeTogether(listingItem.entry(listing))).rejects.toThrow('quota');
      expect(told).toHaveBeenCalledTimes(2);
    } finally {
      unfollow();
      vi.restoreAllMocks();
    }
  });

  it('tell no follower of a write of keys it does not follow, and none once it stopped', async () => {
    const told = vi.fn();
    const unfollow = followWrites([listingItem.key, apiKeysItem.key], told);
    await storeTogether(listingTagsItem.entry(null), changeLogItem.entry({ version: CHANGE_LOG_VERSION, entries: [] }));
    await removeTogether(listingPreviewItem);
    expect(told).not.toHaveBeenCalled();
    await storeTogether(apiKeysItem.entry({}));
    expect(told).toHaveBeenCalledOnce();
    unfollow();
    await storeTogether(apiKeysItem.entry({ a1: 'a'.repeat(40) }));
    expect(told).toHaveBeenCalledOnce();
  });
});
