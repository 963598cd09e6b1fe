/**
 * shared/storage/backup-run-items.ts: a backup run of MAX_BULK_ITEMS documents is stored and read
 * back whole, with each storage area holding what Chrome lets it hold (`storage.session`: 10 MB,
 * its QUOTA_BYTES), and a run does not outlive the browser's session.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, expect, it, vi } from 'vitest';
import { MAX_BULK_ITEMS } from '../../../../src/shared/protocol/bulk.ts';
import { backupRunsItem, type StoredBackupRun } from '../../../../src/shared/storage/backup-run-items.ts';

/** Chrome's `storage.session.QUOTA_BYTES`: 10 MB (its storage API reference). */
const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

/** The size Chrome counts for an area's contents: each key's length plus its value's JSON. */
const sizeOf = (contents: Record<string, unknown>) => Object.entries(contents).reduce((sum, [key, value]) => sum + key.length + JSON.stringify(value).length, 0);

beforeEach(() => {
  // The last test's spy first: spying on it again would wrap it around itself (an endless loop).
  vi.restoreAllMocks();
  // storage.session refuses a write that would take it over its quota, as Chrome does.
  const { session } = fakeBrowser.storage;
  const set = session.set.bind(session);
  vi.spyOn(session, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    if (sizeOf({ ...(await session.get(null)), ...items }) > SESSION_QUOTA_BYTES) throw new Error('Session storage quota bytes exceeded.');
    return set(items);
  });
});

/** A run of `count` documents under way, as the worker stores it: named as a real backup names them. */
function runOf(count: number): StoredBackupRun {
  const folder = 'Grist backup 2026-11-29 03.30';
  const items = Array.from({ length: count }, (_, index) => ({
    orgId: 3,
    siteUrl: 'https://acme.getgrist.com',
    docId: `doc${String(index).padStart(19, '0')}`,
    newName: `Quarterly report ${index}`,
    oldName: `Quarterly report ${index}`,
    siteName: 'Acme Corporation',
    workspaceName: 'Finance and planning',
    state: 'saved' as const,
    bytes: 204_800,
  }));
  const entries = items.map((item) => ({
    account: 'account-1',
    orgId: item.orgId,
    siteUrl: item.siteUrl,
    siteName: item.siteName,
    workspaceName: item.workspaceName,
    docId: item.docId,
    name: item.oldName,
    path: `${folder}/${item.siteName}/${item.workspaceName}/${item.oldName}.grist`,
    files: [{ path: `${folder}/${item.siteName}/${item.workspaceName}/${item.oldName}.grist`, downloadId: 100_000 + Number(item.docId.slice(3)), retried: false, bytes: 204_800 }],
    tablesRead: false,
    savedAt: 1_795_000_000_000,
  }));
  return { id: 'run-1', batchId: 'batch-1', format: 'grist', folder, startedAt: 1_795_000_000_000, stopped: false, done: false, items, entries };
}

// Sized from 100 documents, not stored whole: the test's worker ran out of memory at 50,000.
it(`keeps a run in storage.local, as one of ${MAX_BULK_ITEMS} documents is over storage.session's 10 MB`, async () => {
  const perDocument = JSON.stringify(runOf(100).entries).length / 100;
  expect(perDocument * MAX_BULK_ITEMS).toBeGreaterThan(SESSION_QUOTA_BYTES);
  const run = runOf(3);
  await backupRunsItem.set([run]);
  expect(await backupRunsItem.get()).toEqual([run]);
  expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).toContain('"run-1"');
  expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('"run-1"');
});

it('forgets the runs of an earlier browser session (the browser empties storage.session when it quits)', async () => {
  const run = runOf(3);
  await backupRunsItem.set([run]);
  expect(await backupRunsItem.get()).toEqual([run]);
  // The browser quit and started again: its session area is empty, its local area kept.
  await fakeBrowser.storage.session.clear();
  vi.resetModules();
  const again = await import('../../../../src/shared/storage/backup-run-items.ts');
  expect(await again.backupRunsItem.get()).toEqual([]);
  // A run of the new session is kept, and read back.
  await again.backupRunsItem.set([{ ...run, id: 'run-2' }]);
  expect((await again.backupRunsItem.get()).map((stored) => stored.id)).toEqual(['run-2']);
});
