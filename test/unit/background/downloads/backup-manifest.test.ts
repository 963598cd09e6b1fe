/**
 * A backup's backup.json (backup-manifest.ts): what it lists of a run, and how the browser is
 * asked to write it into the backup's folder (a data: URL where there is no URL.createObjectURL, as
 * in Chrome's service worker; a blob URL where there is, as in Firefox's event page, whose
 * downloads refuse data: URLs), replacing the one before.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupManifest, writeManifest } from '../../../../src/background/downloads/backup-manifest.ts';
import type { BackupEntry, StoredBackupRun } from '../../../../src/shared/storage/backup-run-items.ts';
import type { BulkItemStatus } from '../../../../src/shared/protocol/bulk.ts';

const FOLDER = 'Grist backup 2026-11-29 02.10';
const SITE = 'https://acme.getgrist.com';

const item = (docId: string, name: string, state: BulkItemStatus['state'], message?: string): BulkItemStatus => ({ orgId: 7, docId, oldName: name, newName: name, siteName: 'Acme', workspaceName: 'Home', state, ...(message ? { message } : {}) });
const entry = (docId: string, name: string, files: Array<[string, number | null]>, savedAt: number | null): BackupEntry => ({
  account: 'a1',
  orgId: 7,
  siteUrl: SITE,
  siteName: 'Acme',
  workspaceName: 'Home',
  docId,
  name,
  path: `${FOLDER}/Acme/Home/${name}`,
  files: files.map(([path, bytes]) => ({ path: `${FOLDER}/${path}`, downloadId: 1, retried: false, bytes })),
  tablesRead: true,
  savedAt,
});

function run(items: BulkItemStatus[], entries: Array<BackupEntry | null>, format: StoredBackupRun['format'] = 'csv'): StoredBackupRun {
  return { id: 'r', batchId: 'b', format, folder: FOLDER, startedAt: Date.UTC(2026, 10, 29, 2, 10), stopped: false, done: false, items, entries };
}

describe('backupManifest', () => {
  it('lists each document saved with its site, workspace, files relative to the folder, bytes and time; each failed with Grist’s reason; none on its way', () => {
    const saved = Date.UTC(2026, 10, 29, 2, 11, 5);
    const manifest = backupManifest(
      run(
        [item('d1', 'Budget', 'saved'), item('d2', 'Old', 'failed', 'Document is deleted'), item('d3', 'Gone', 'not-sent', 'Not in the list.'), item('d4', 'Later', 'sending')],
        [entry('d1', 'Budget', [['Acme/Home/Budget/Expenses.csv', 1200], ['Acme/Home/Budget/People.csv', 34]], saved), entry('d2', 'Old', [], null), null, entry('d4', 'Later', [], null)],
      ),
      Date.UTC(2026, 10, 29, 2, 12),
    );
    expect(manifest).toEqual({
      version: 1,
      folder: FOLDER,
      format: 'csv',
      startedAt: '2026-11-29T02:10:00.000Z',
      writtenAt: '2026-11-29T02:12:00.000Z',
      saved: [
        {
          id: 'd1',
          site: { name: 'Acme', url: SITE },
          workspace: 'Home',
          name: 'Budget',
          format: 'csv',
          paths: ['Acme/Home/Budget/Expenses.csv', 'Acme/Home/Budget/People.csv'],
          bytes: 1234,
          savedAt: '2026-11-29T02:11:05.000Z',
        },
      ],
      failed: [
        { id: 'd2', site: { name: 'Acme', url: SITE }, workspace: 'Home', name: 'Old', format: 'csv', reason: 'Document is deleted' },
        { id: 'd3', site: { name: 'Acme', url: '' }, workspace: 'Home', name: 'Gone', format: 'csv', reason: 'Not in the list.' },
      ],
    });
  });
});

describe('writeManifest', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL: originalCreate, revokeObjectURL: originalRevoke });
  });

  /** A `browser.downloads` whose downloads complete at once, recording what each was asked. */
  function completingDownloads() {
    const asked: Array<{ url: string; filename?: string; conflictAction?: string }> = [];
    Object.assign(fakeBrowser, {
      downloads: {
        download: vi.fn(async (options: { url: string }) => {
          asked.push(options);
          return asked.length;
        }),
        search: vi.fn(async ({ id }: { id: number }) => [{ id, state: 'complete', filename: `/home/u/Downloads/${FOLDER}/backup.json`, bytesReceived: 10, totalBytes: 10 }]),
        onChanged: { addListener: () => undefined, removeListener: () => undefined, hasListener: () => false },
      },
    });
    return asked;
  }

  const manifest = () => backupManifest(run([item('d1', 'Café ☕', 'saved')], [entry('d1', 'Café ☕', [['Acme/Home/Café ☕.grist', 5]], 0)], 'grist'), 0);

  it('without URL.createObjectURL (Chrome’s service worker): a data: URL of the JSON, as <folder>/backup.json, overwriting', async () => {
    Object.assign(URL, { createObjectURL: undefined });
    const asked = completingDownloads();
    await writeManifest(manifest());
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ filename: `${FOLDER}/backup.json`, conflictAction: 'overwrite' });
    const [, base64] = asked[0]!.url.split('data:application/json;base64,');
    const text = new TextDecoder().decode(Uint8Array.from(atob(base64!), (char) => char.charCodeAt(0)));
    expect(JSON.parse(text)).toEqual(manifest());
  });

  it('with URL.createObjectURL (Firefox’s event page): a blob URL, let go once the browser has the file', async () => {
    const revoked: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:moz-extension://x/1', revokeObjectURL: (url: string) => revoked.push(url) });
    const asked = completingDownloads();
    await writeManifest(manifest());
    expect(asked.map(({ url }) => url)).toEqual(['blob:moz-extension://x/1']);
    expect(revoked).toEqual(['blob:moz-extension://x/1']);
  });
});
