/**
 * `unlimitedStorage` (issue 16, and the bulk rename's history): the built extension keeps more
 * than the 10 MB `storage.local` otherwise allows. A listing of 100,000 documents takes about 15 MB,
 * and a bulk rename's batch is kept whole in the history.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadExtension, type LoadedExtension } from './extension.ts';

let extension: LoadedExtension;
beforeAll(async () => {
  extension = await loadExtension();
});
afterAll(async () => {
  await extension?.close();
});

it('stores 12 MB in storage.local, past the 10 MB quota an extension has without unlimitedStorage', async () => {
  const stored = await extension.worker.evaluate(async () => {
    const value = 'x'.repeat(12 * 1024 * 1024);
    await chrome.storage.local.set({ quotaProbe: value });
    const bytes = await chrome.storage.local.getBytesInUse('quotaProbe');
    await chrome.storage.local.remove('quotaProbe');
    return bytes;
  });
  expect(stored).toBeGreaterThan(12 * 1024 * 1024);
});
