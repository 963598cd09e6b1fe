/**
 * sharing/shared-clients.ts: the accounts, keys and clients shared by the access checks made while
 * they are read, and never given to a check made after a key was written.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedClients } from '../../../../src/background/sharing/shared-clients.ts';
import { storeTogether } from '../../../../src/background/storage-writes.ts';
import { apiKeysItem } from '../../../../src/shared/storage/storage-items.ts';
import { USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { deferred } from '../../../setup/deferred.ts';
import { useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist();

afterEach(() => {
  vi.restoreAllMocks();
});

const keyOf = async (read: ReturnType<typeof sharedClients>) => (await read).accounts.find(({ account }) => account.id === ACCOUNT_1)?.apiKey;

describe('sharedClients', () => {
  it('is one read and one client per account for the calls made while it is read', async () => {
    const [first, second] = await Promise.all([sharedClients(), sharedClients()]);
    expect(second).toBe(first);
    expect(first.clientOf(ACCOUNT_1)).toBe(second.clientOf(ACCOUNT_1));
    // Once read, not kept: the next call reads again.
    expect(await sharedClients()).not.toBe(first);
  });

  it('gives a call made after a key was written a read of its own, with the new key', async () => {
    // The first read held up until the key is written.
    const held = deferred<void>();
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce((async (keys: string) => {
      await held.promise;
      return get(keys);
    }) as never);
    const before = sharedClients();
    await storeTogether(apiKeysItem.entry({ [ACCOUNT_1]: USERS.editor.apiKey }));
    const after = sharedClients();
    held.resolve();
    expect(await keyOf(after)).toBe(USERS.editor.apiKey);
    await before;
  });
});
