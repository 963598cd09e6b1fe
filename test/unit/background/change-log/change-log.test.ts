/**
 * change-log/change-log.ts: the change log as stored: what is kept, its shape version, read once,
 * each bulk run's entries stored apart, a bad entry dropped alone, Clear history.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { addLogEntry, forgetChangeLog, markUndone, readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { renameDocumentAtUrl } from '../../../../src/background/document-window/document-at-url.ts';
import { clearChangeLog, readChangeLogItems, undoChange } from '../../../../src/background/changes/undo.ts';
import { saveSettings } from '../../../../src/background/settings/settings-service.ts';
import { MAX_BULK_ITEMS } from '../../../../src/shared/protocol/bulk.ts';
import { entryName, MAX_LOG_CHANGES, MAX_LOG_RECORDS } from '../../../../src/shared/protocol/change-log-reads.ts';
import { batchLogItem, changeLogItem, CHANGE_LOG_VERSION } from '../../../../src/shared/storage/change-log-items.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { grist, patches, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };

/** Adds a rename entry of document `docId`, of bulk run `batchId` if given. */
const addEntry = (docId: string, batchId?: string) =>
  addLogEntry({ kind: 'rename', target: { kind: 'document', id: docId }, site: { orgId: 1, name: 'S', url: grist.url }, workspace: null, oldName: 'a', newName: 'b', source: batchId ? 'bulk' : 'popup', batchId });

/** What storage holds under the log's keys, by key. */
async function storedLog(): Promise<Record<string, unknown>> {
  const all = await fakeBrowser.storage.local.get(null);
  return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('changeLog')));
}

/** The keys of each storage.local.set call made while `action` runs. */
async function keysWritten(action: () => Promise<unknown>): Promise<string[][]> {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  try {
    await action();
    return set.mock.calls.map(([items]) => Object.keys(items).sort());
  } finally {
    set.mockRestore();
  }
}

/** The log as the worker reads it when it starts again: its memory of the log dropped, storage as it was. */
async function readAfterRestart() {
  const stored = await fakeBrowser.storage.local.get(null);
  await forgetChangeLog();
  await fakeBrowser.storage.local.set(stored);
  return readChangeLog();
}

describe('the history', () => {
  it('records each rename Grist confirmed, newest first, with its site, workspace, names and source', async () => {
    const first = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await renameDocumentAtUrl({ pageUrl: `${grist.url}/o/acme/${DOCS.roadmap.urlId}/Roadmap`, name: 'Roadmap 2027', source: 'shortcut' });
    const entries = await readChangeLog();
    expect(entries).toMatchObject([
      { target: { kind: 'document', id: DOCS.roadmap.id }, oldName: 'Roadmap 2026', newName: 'Roadmap 2027', source: 'shortcut' },
      { target: { kind: 'document', id: DOCS.bugTracker.id }, oldName: 'Bug Tracker', newName: 'Bugs', source: 'popup' },
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
      await addEntry(`d${index}`);
    }
    const entries = await readChangeLog();
    expect(entries).toHaveLength(MAX_LOG_CHANGES);
    expect(entries[0]?.target.id).toBe(`d${MAX_LOG_CHANGES + 4}`);
    expect(entries.at(-1)?.target.id).toBe('d5');
  });

  it(`counts a bulk batch as one rename of the ${MAX_LOG_CHANGES}, and keeps the newest batch whole`, async () => {
    for (let index = 0; index < MAX_LOG_CHANGES; index++) await addEntry(`single${index}`);
    // Confirmed at once, as a run confirms them.
    await Promise.all(Array.from({ length: 30 }, (_, index) => addEntry(`small${index}`, 'small-batch')));
    let entries = await readChangeLog();
    expect(entries.filter((kept) => kept.batchId === 'small-batch')).toHaveLength(30);
    expect(entries[0]?.target.id).toBe('small29');
    // The batch took one place of the 200: only the oldest single rename went.
    expect(entries.filter((kept) => !kept.batchId)).toHaveLength(MAX_LOG_CHANGES - 1);
    expect(entries.at(-1)?.target.id).toBe('single1');

    // A batch larger than the most entries kept in all stays whole; older entries make room.
    await Promise.all(Array.from({ length: MAX_LOG_RECORDS + 10 }, (_, index) => addEntry(`large${index}`, 'large-batch')));
    entries = await readChangeLog();
    expect(entries).toHaveLength(MAX_LOG_RECORDS + 10);
    expect(entries.every((kept) => kept.batchId === 'large-batch')).toBe(true);
  });

  it('is read from storage once: a write does not read it again, the worker alone writes it', async () => {
    await renameDocument({ ...bugTracker, name: 'Bugs' });
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    try {
      await renameDocument({ ...bugTracker, name: 'Bugs 2' });
      expect((await readChangeLog()).map((entry) => entryName(entry))).toEqual(['Bugs 2', 'Bugs']);
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
      await expect(addEntry('refused')).rejects.toThrow('quota');
    } finally {
      vi.restoreAllMocks();
    }
    expect((await readChangeLog()).map((entry) => entryName(entry))).toEqual(['Bugs']);
    await renameDocument({ ...bugTracker, name: 'Bugs 2' });
    expect((await changeLogItem.get()).entries.map((entry) => entryName(entry))).toEqual(['Bugs 2', 'Bugs']);
  });

  it('is stored with its shape version, and never holds the key', async () => {
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
    await expect(undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).rejects.toMatchObject({ kind: 'not-configured' });
    expect(patches()).toHaveLength(1);
  });

  it('Clear history forgets every entry, each bulk run\'s too, and touches nothing in Grist', async () => {
    await renameDocument({ ...bugTracker, name: 'Bugs' });
    await Promise.all(['a', 'b'].map((docId) => addEntry(docId, 'run-1')));
    grist.clearRequests();
    await clearChangeLog();
    expect(await changeLogItem.get()).toEqual({ version: CHANGE_LOG_VERSION, entries: [] });
    expect(await readChangeLog()).toEqual([]);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('changeLog'))).toEqual([]);
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
  });
});

describe('each bulk run stored apart', () => {
  it('stores a run\'s entries under a key of its own, so that its writes store that run and the small list of the rest, never the other runs', async () => {
    await addEntry('single');
    await Promise.all(['a', 'b', 'c'].map((docId) => addEntry(docId, 'run-1')));
    expect(await keysWritten(() => Promise.all(['d', 'e'].map((docId) => addEntry(docId, 'run-2'))))).toEqual([['changeLog', 'changeLog:run-2']]);
    expect(await keysWritten(() => addEntry('f', 'run-2'))).toEqual([['changeLog', 'changeLog:run-2']]);
    const stored = await storedLog();
    expect(stored.changeLog).toMatchObject({ version: CHANGE_LOG_VERSION, batches: ['run-2', 'run-1'] });
    expect((stored.changeLog as { entries: { target: { id: string } }[] }).entries.map((entry) => entry.target.id)).toEqual(['single']);
    expect((await batchLogItem('run-2').get()).map((entry) => entry.target.id)).toEqual(['f', 'e', 'd']);
    expect((await batchLogItem('run-1').get()).map((entry) => entry.target.id)).toEqual(['c', 'b', 'a']);
  });

  it('reads back as it was written when the worker starts again, newest first, even what was confirmed in one millisecond', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await addEntry('first');
      for (const docId of ['a', 'b']) await addEntry(docId, 'run-1');
      await addEntry('between');
      for (const docId of ['c', 'd']) await addEntry(docId, 'run-2');
      await addEntry('last');
    } finally {
      now.mockRestore();
    }
    const written = await readChangeLog();
    expect(written.map((entry) => entry.target.id)).toEqual(['last', 'd', 'c', 'between', 'b', 'a', 'first']);
    expect(await readAfterRestart()).toEqual(written);
  });

  it('marking a run\'s entries undone writes that run, not the others', async () => {
    await Promise.all(['a', 'b'].map((docId) => addEntry(docId, 'run-1')));
    const [second] = await Promise.all(['c', 'd'].map((docId) => addEntry(docId, 'run-2')));
    const [undo] = await Promise.all([addEntry('a'), addEntry('b')]);
    const firstRun = (await readChangeLog()).filter((entry) => entry.batchId === 'run-1');
    // Marked at once, as Undo this batch marks them.
    const keys = await keysWritten(() => Promise.all(firstRun.map((entry) => markUndone(entry.id, undo!.id))));
    expect(keys).toEqual([['changeLog', 'changeLog:run-1']]);
    expect((await readAfterRestart()).filter((entry) => entry.undoneBy).map((entry) => entry.target.id)).toEqual(['b', 'a']);
    expect((await readChangeLog()).find((entry) => entry.id === second!.id)?.undoneBy).toBeUndefined();
  });

  it(`removes a run from storage once it is no longer kept (older than the newest ${MAX_LOG_CHANGES} changes)`, async () => {
    await Promise.all(['a', 'b'].map((docId) => addEntry(docId, 'old-run')));
    await Promise.all(['c', 'd'].map((docId) => addEntry(docId, 'kept-run')));
    for (let index = 0; index < MAX_LOG_CHANGES - 2; index++) await addEntry(`single${index}`);
    expect(Object.keys(await storedLog()).sort()).toEqual(['changeLog', 'changeLog:kept-run', 'changeLog:old-run']);
    await addEntry('one more');
    expect(Object.keys(await storedLog()).sort()).toEqual(['changeLog', 'changeLog:kept-run']);
    expect((await storedLog()).changeLog).toMatchObject({ batches: ['kept-run'] });
    expect((await readAfterRestart()).filter((entry) => entry.batchId)).toHaveLength(2);
  });

  it('a log with every entry in one item (version 2’s, as the storage migration turns it) reads as it was; its next write stores each run apart', async () => {
    const entry = (docId: string, at: number, batchId?: string) => ({
      kind: 'rename', target: { kind: 'document', id: docId }, id: `id-${docId}`, at, account: ACCOUNT_1, site: { orgId: 1, name: 'S', url: grist.url }, workspace: null,
      oldName: 'a', newName: 'b', source: batchId ? 'bulk' : 'popup', ...(batchId ? { batchId } : {}),
    });
    const entries = [entry('single', 5), entry('b', 4, 'run-1'), entry('a', 3, 'run-1'), entry('older', 2)];
    await fakeBrowser.storage.local.set({ changeLog: { version: CHANGE_LOG_VERSION, entries } });
    expect(await readChangeLog()).toEqual(entries);
    await addEntry('new');
    const stored = await storedLog();
    expect(Object.keys(stored).sort()).toEqual(['changeLog', 'changeLog:run-1']);
    expect(stored.changeLog).toMatchObject({ version: CHANGE_LOG_VERSION, batches: ['run-1'] });
    expect((stored.changeLog as { entries: { target: { id: string } }[] }).entries.map((kept) => kept.target.id)).toEqual(['new', 'single', 'older']);
    expect((await readAfterRestart()).map((kept) => kept.target.id)).toEqual(['new', 'single', 'b', 'a', 'older']);
  });

  it('a removal the browser refuses leaves the change logged (with its Undo), and Clear history removes what it left', async () => {
    await Promise.all(['a', 'b'].map((docId) => addEntry(docId, 'old-run')));
    for (let index = 0; index < MAX_LOG_CHANGES - 1; index++) await addEntry(`single${index}`);
    const refused = vi.spyOn(fakeBrowser.storage.local, 'remove').mockRejectedValueOnce(new Error('refused'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const added = await addEntry('one more');
      expect(refused).toHaveBeenCalledWith(['changeLog:old-run']);
      expect((await readChangeLog())[0]?.id).toBe(added.id);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('trimming the change log'), 'Error');
    } finally {
      vi.restoreAllMocks();
    }
    // Named by no log: never read.
    expect(Object.keys(await storedLog()).sort()).toEqual(['changeLog', 'changeLog:old-run']);
    expect((await readAfterRestart()).some((entry) => entry.batchId)).toBe(false);
    await clearChangeLog();
    expect(await storedLog()).toEqual({});
  });

  it('a corrupt log naming a run \'\' keeps its own entries', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    const stored = await storedLog();
    await forgetChangeLog();
    await fakeBrowser.storage.local.set({ changeLog: { ...(stored.changeLog as object), batches: [''] }, 'changeLog:': [] });
    expect((await readChangeLog()).map((entry) => entry.id)).toEqual([entryId]);
  });

  it(`a corrupt log naming 10,000 runs reads only the newest ${MAX_LOG_CHANGES} of them, and its next write removes the others`, async () => {
    await Promise.all(['a', 'b'].map((docId) => addEntry(docId, 'run-0')));
    const stored = await storedLog();
    await forgetChangeLog();
    const batches = Array.from({ length: 10_000 }, (_, index) => `run-${index}`);
    // Runs it names beyond the bound, stored: never read, and kept by no write.
    const beyond = Object.fromEntries([`run-${MAX_LOG_CHANGES}`, 'run-9999'].map((id) => [`changeLog:${id}`, stored['changeLog:run-0']]));
    await fakeBrowser.storage.local.set({ ...stored, ...beyond, changeLog: { ...(stored.changeLog as object), batches } });
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    try {
      expect((await readChangeLog()).map((entry) => entry.target.id)).toEqual(['b', 'a']);
      const runsRead = read.mock.calls.filter(([keys]) => String(keys).startsWith('changeLog:'));
      expect(runsRead).toHaveLength(MAX_LOG_CHANGES);
      expect(runsRead[0]).toEqual(['changeLog:run-0']);
    } finally {
      read.mockRestore();
    }
    // Its next write names the runs it keeps, and removes every other it named.
    await addEntry('c');
    expect((await storedLog()).changeLog).toMatchObject({ batches: ['run-0'] });
    expect(Object.keys(await storedLog()).sort()).toEqual(['changeLog', 'changeLog:run-0']);
  });

  it(`a run with more than ${MAX_BULK_ITEMS} entries (stored wrong) keeps its newest ${MAX_BULK_ITEMS}, read and written`, async () => {
    const entry = (index: number) => ({
      kind: 'rename', target: { kind: 'document', id: `d${index}` }, id: `id-${index}`, at: index + 1, account: ACCOUNT_1, site: { orgId: 1, name: 'S', url: grist.url }, workspace: null,
      oldName: 'a', newName: 'b', source: 'bulk', batchId: 'long-run',
    });
    // Newest first, as stored.
    const entries = Array.from({ length: MAX_BULK_ITEMS + 5 }, (_, index) => entry(MAX_BULK_ITEMS + 4 - index));
    await fakeBrowser.storage.local.set({ changeLog: { version: CHANGE_LOG_VERSION, entries: [], batches: ['long-run'] }, 'changeLog:long-run': entries });
    const read = await readChangeLog();
    expect(read).toHaveLength(MAX_BULK_ITEMS);
    expect(read[0]?.target.id).toBe(`d${MAX_BULK_ITEMS + 4}`);
    expect(read.at(-1)?.target.id).toBe('d5');
    await addEntry('one more', 'long-run');
    const run = await batchLogItem('long-run').get();
    expect(run).toHaveLength(MAX_BULK_ITEMS);
    expect(run[0]?.target.id).toBe('one more');
    expect(run.at(-1)?.target.id).toBe('d6');
  });
});
