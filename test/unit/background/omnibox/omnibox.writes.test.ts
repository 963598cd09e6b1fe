/**
 * omnibox.ts: the address bar's index is told of exactly the writes it reads (issue 42): the
 * worker's writes of the listing and the keys build it again; its other writes (the accounts, the
 * change log, the ETags, the preview, the schema version...) leave it as it was, so a keystroke
 * after them does not wait for the listing to be read and indexed again (issue 49).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followIndexedWrites, onInputChanged, onStorageWritten } from '../../../../src/background/omnibox/omnibox.ts';
import { removeTogether, storeTogether } from '../../../../src/background/storage-writes.ts';
import { batchLogItem, changeLogItem, CHANGE_LOG_VERSION } from '../../../../src/shared/storage/change-log-items.ts';
import { accountsItem, apiKeysItem, firstScreenItem, listingItem, listingPreviewItem, listingTagsItem, schemaVersionItem, type Account } from '../../../../src/shared/storage/storage-items.ts';
import { documentEntry, listingOf, personalSiteEntry, workspaceEntry } from '../../../setup/listings.ts';
import { ACCOUNT_1, saveSettingsWithKey } from '../../../setup/saved-key.ts';

const SITE = 'https://docs.getgrist.com';

/** A cached listing of one document named `name`. */
const listingWith = (name: string) => listingOf([personalSiteEntry([workspaceEntry(1, 'Home', [documentEntry('doc00000000000000001', name)])], { account: ACCOUNT_1 })]);

/** The names of the documents the keyword suggests for `text`, as the drop-down shows them. */
async function suggested(text: string): Promise<string[]> {
  let shown: Array<{ description: string }> = [];
  await onInputChanged(text, (results) => (shown = results));
  return shown.map(({ description }) => description.replace(/<[^>]+>/g, ''));
}

/** Stores `listing` behind the index's back (not through the worker's writes), so a rebuild would show it. */
const storeBehindItsBack = (name: string) => fakeBrowser.storage.local.set({ [listingItem.key]: listingItem.entry(listingWith(name))[1] });

describe('the address bar’s index and the worker’s writes', () => {
  let unfollow = (): void => undefined;
  beforeEach(async () => {
    Object.assign(fakeBrowser, { omnibox: { setDefaultSuggestion: () => undefined } });
    await saveSettingsWithKey({ personalSiteUrl: SITE, teamSiteUrls: [] }, 'a'.repeat(40));
    await storeTogether(listingItem.entry(listingWith('Budget')));
    unfollow = followIndexedWrites();
    // The storage emptied and filled again for this test, behind the index's back.
    onStorageWritten();
    expect(await suggested('bud')).toEqual([expect.stringContaining('Budget')]);
  });
  afterEach(() => unfollow());

  it('is not built again by a write of anything else it does not read', async () => {
    await storeBehindItsBack('Roadmap');
    await storeTogether(listingTagsItem.entry({ revision: 'r2', tags: {} }));
    await storeTogether(listingPreviewItem.entry(listingWith('Roadmap')));
    await storeTogether(changeLogItem.entry({ version: CHANGE_LOG_VERSION, entries: [] }), batchLogItem('batch-1').entry([]));
    await storeTogether(schemaVersionItem.entry(6));
    await removeTogether(firstScreenItem, listingTagsItem);
    expect(await suggested('bud')).toEqual([expect.stringContaining('Budget')]);
    expect(await suggested('road')).toEqual([]);
  });

  it('is built again by a write of the listing, stored or removed', async () => {
    await storeTogether(listingItem.entry(listingWith('Roadmap')), listingTagsItem.entry(null));
    expect(await suggested('bud')).toEqual([]);
    expect(await suggested('road')).toEqual([expect.stringContaining('Roadmap')]);
    await removeTogether(listingItem, listingPreviewItem);
    expect(await suggested('road')).toEqual([]);
  });

  it('is not built again by a write of the accounts (a key’s user learned, team sites listed): the next keystroke reads no listing', async () => {
    await storeBehindItsBack('Roadmap');
    const accounts: Account[] = await accountsItem.get();
    await storeTogether(accountsItem.entry(accounts.map((account) => ({ ...account, user: { name: 'Olivia', email: 'olivia@example.com' } }))));
    await storeTogether(accountsItem.entry(accounts.map((account) => ({ ...account, hosts: { ...account.hosts, listed: ['https://team-1.getgrist.com'] } }))));
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    try {
      expect(await suggested('bud')).toEqual([expect.stringContaining('Budget')]);
      expect(await suggested('road')).toEqual([]);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('is built again by a write of the keys: with none left, nothing is suggested', async () => {
    await storeTogether(apiKeysItem.entry({}));
    expect(await suggested('bud')).toEqual([]);
  });
});
