/**
 * change-log/change-log.ts: the change log as stored: what is kept, its shape version, read once,
 * a bad entry dropped alone, Clear history.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { addLogEntry, forgetChangeLog, readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { renameDocument } from '../../../../src/background/changes/rename.ts';
import { renameDocumentAtUrl } from '../../../../src/background/rename-window/document-at-url.ts';
import { clearChangeLog, readChangeLogItems, undoChange } from '../../../../src/background/changes/undo.ts';
import { saveSettings } from '../../../../src/background/settings/settings-service.ts';
import { MAX_LOG_CHANGES, MAX_LOG_RECORDS } from '../../../../src/shared/change-log.ts';
import { changeLogItem, CHANGE_LOG_VERSION } from '../../../../src/shared/storage-items.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { grist, patches, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };

describe('the history', () => {
  it('records each rename Grist confirmed, newest first, with its site, workspace, names and source', async () => {
    const first = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await renameDocumentAtUrl({ pageUrl: `${grist.url}/o/acme/${DOCS.roadmap.urlId}/Roadmap`, name: 'Roadmap 2027', source: 'shortcut' });
    const entries = await readChangeLog();
    expect(entries.map(({ docId, oldName, newName, source }) => ({ docId, oldName, newName, source }))).toEqual([
      { docId: DOCS.roadmap.id, oldName: 'Roadmap 2026', newName: 'Roadmap 2027', source: 'shortcut' },
      { docId: DOCS.bugTracker.id, oldName: 'Bug Tracker', newName: 'Bugs', source: 'popup' },
    ]);
    // Each names the account whose key made it: its undo goes with that account.
    expect(entries.map((entry) => entry.account)).toEqual([ACCOUNT_1, ACCOUNT_1]);
    expect(entries[1]).toMatchObject({
      id: first.entryId,
      site: { orgId: ORGS.acme.id, name: 'Acme Corp', url: `${grist.url}/o/acme` },
      workspace: { name: 'Engineering' },
      at: expect.any(Number),
    });
    expect(entries[0]).toMatchObject({ site: { name: 'Acme Corp' }, workspace: { name: 'Engineering' } });
  });

  it('records nothing for a rename that changed nothing, or that Grist refused', async () => {
    await renameDocument({ ...bugTracker, name: 'Bug Tracker' });
    grist.injectFault({ method: 'PATCH', path: /^\/o\/acme\/api\/docs\//, status: 403, body: '{"error":"access denied"}', contentType: 'application/json' });
    await renameDocument({ ...bugTracker, name: 'Bugs' }).catch(() => undefined);
    expect(await readChangeLog()).toEqual([]);
  });

  it(`keeps the newest ${MAX_LOG_CHANGES} entries`, async () => {
    for (let index = 0; index < MAX_LOG_CHANGES + 5; index++) {
      await addLogEntry({ kind: 'rename', target: 'document', site: { orgId: 1, name: 'S', url: grist.url }, workspace: null, docId: `d${index}`, oldName: `a${index}`, newName: `b${index}`, source: 'bulk' });
    }
    const entries = await readChangeLog();
    expect(entries).toHaveLength(MAX_LOG_CHANGES);
    expect(entries[0]?.docId).toBe(`d${MAX_LOG_CHANGES + 4}`);
    expect(entries.at(-1)?.docId).toBe('d5');
  });

  it(`counts a bulk batch as one rename of the ${MAX_LOG_CHANGES}, and keeps the newest batch whole`, async () => {
    const entry = (docId: string, batchId?: string) =>
      addLogEntry({ kind: 'rename', target: 'document', site: { orgId: 1, name: 'S', url: grist.url }, workspace: null, docId, oldName: 'a', newName: 'b', source: batchId ? 'bulk' : 'popup', batchId });
    for (let index = 0; index < MAX_LOG_CHANGES; index++) await entry(`single${index}`);
    // Confirmed at once, as a run confirms them.
    await Promise.all(Array.from({ length: 30 }, (_, index) => entry(`small${index}`, 'small-batch')));
    let entries = await readChangeLog();
    expect(entries.filter((kept) => kept.batchId === 'small-batch')).toHaveLength(30);
    expect(entries[0]?.docId).toBe('small29');
    // The batch took one place of the 200: only the oldest single rename went.
    expect(entries.filter((kept) => !kept.batchId)).toHaveLength(MAX_LOG_CHANGES - 1);
    expect(entries.at(-1)?.docId).toBe('single1');

    // A batch larger than the most entries kept in all stays whole; older entries make room.
    await Promise.all(Array.from({ length: MAX_LOG_RECORDS + 10 }, (_, index) => entry(`large${index}`, 'large-batch')));
    entries = await readChangeLog();
    expect(entries).toHaveLength(MAX_LOG_RECORDS + 10);
    expect(entries.every((kept) => kept.batchId === 'large-batch')).toBe(true);
  });

  it('is read from storage once: a write does not read it again, the worker alone writes it', async () => {
    await renameDocument({ ...bugTracker, name: 'Bugs' });
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    try {
      await renameDocument({ ...bugTracker, name: 'Bugs 2' });
      expect((await readChangeLog()).map((entry) => entry.newName)).toEqual(['Bugs 2', 'Bugs']);
      expect(read.mock.calls.filter(([keys]) => JSON.stringify(keys).includes('changeLog'))).toEqual([]);
    } finally {
      read.mockRestore();
    }
    expect(((await fakeBrowser.storage.local.get('changeLog')).changeLog as { entries: unknown[] }).entries).toHaveLength(2);
  });

  it('a write the browser refuses (over quota) leaves the log as stored, and the next one writes on that', async () => {
    await renameDocument({ ...bugTracker, name: 'Bugs' });
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    try {
      await expect(addLogEntry({ kind: 'rename', target: 'document', site: { orgId: 1, name: 'S', url: grist.url }, workspace: null, docId: 'refused', oldName: 'a', newName: 'b', source: 'popup' })).rejects.toThrow('quota');
    } finally {
      vi.restoreAllMocks();
    }
    expect((await readChangeLog()).map((entry) => entry.newName)).toEqual(['Bugs']);
    await renameDocument({ ...bugTracker, name: 'Bugs 2' });
    expect((await changeLogItem.get()).entries.map((entry) => entry.newName)).toEqual(['Bugs 2', 'Bugs']);
  });

  it('is stored as one item with its shape version, and never holds the key', async () => {
    await renameDocument({ ...bugTracker, name: 'Bugs' });
    const stored = (await fakeBrowser.storage.local.get('changeLog')).changeLog as { version: number; entries: unknown[] };
    expect(stored.version).toBe(CHANGE_LOG_VERSION);
    expect(stored.entries).toHaveLength(1);
    expect(JSON.stringify(await fakeBrowser.storage.local.get('changeLog'))).not.toContain(USERS.owner.apiKey);
  });

  it('an entry that does not read back is dropped, not the whole history with it', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    const stored = (await fakeBrowser.storage.local.get('changeLog')).changeLog as { version: number; entries: unknown[] };
    // Stored so by an earlier version, say: found by the worker's first read of it.
    await forgetChangeLog();
    await fakeBrowser.storage.local.set({ changeLog: { ...stored, entries: [{ id: 7, broken: true }, ...stored.entries] } });
    expect((await readChangeLog()).map((entry) => entry.id)).toEqual([entryId]);
    await renameDocument({ ...bugTracker, name: 'Bugs 2' });
    expect(await readChangeLog()).toHaveLength(2);
  });

  it('a history of another shape reads as empty, never breaking a page', async () => {
    await fakeBrowser.storage.local.set({ changeLog: { version: 99, entries: 'x' } });
    expect(await readChangeLog()).toEqual([]);
    expect(await readChangeLogItems()).toEqual([]);
  });

  it('an entry of a site no longer configured stays readable, but says why it cannot be undone', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: 'https://grist.elsewhere.example/o/docs', teamSiteUrls: [] }] });
    const [entry] = await readChangeLogItems();
    expect(entry).toMatchObject({ id: entryId, newName: 'Bugs', cannotUndo: expect.stringContaining(`127.0.0.1:${grist.port}`) });
    await expect(undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).rejects.toMatchObject({ kind: 'not-configured' });
    expect(patches()).toHaveLength(1);
  });

  it('Clear history forgets every entry and touches nothing in Grist', async () => {
    await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.clearRequests();
    await clearChangeLog();
    expect(await changeLogItem.get()).toEqual({ version: CHANGE_LOG_VERSION, entries: [] });
    expect(await readChangeLog()).toEqual([]);
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
  });
});
