/**
 * The rename history and undo (issue 13) in the worker, against the fake Grist server: what is
 * recorded, and undo's outcomes, including a rename made elsewhere (directly on the fake) between
 * the rename and its undo.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshListing } from '../../src/background/listing/listing-service.ts';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import { addLogEntry, readChangeLog } from '../../src/background/change-log/change-log.ts';
import { renameDocument } from '../../src/background/changes/rename.ts';
import { renameDocumentAtUrl } from '../../src/background/rename-window/document-at-url.ts';
import { clearChangeLog, readChangeLogItems, undoChange } from '../../src/background/changes/undo.ts';
import { removeAccount, saveSettings } from '../../src/background/settings/settings-service.ts';
import { MAX_LOG_CHANGES, MAX_LOG_RECORDS } from '../../src/shared/change-log.ts';
import { accountsItem, changeLogItem, CHANGE_LOG_VERSION } from '../../src/shared/storage-items.ts';
import { DOCS, ORGS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { ACCOUNT_1, EDITOR_ACCOUNT, saveEditorThenOwner, saveSettingsWithKey } from '../setup/saved-key.ts';

let grist: FakeGrist;

beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  fakeBrowser.permissions.contains = (async () => true) as never;
  Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
  await refreshListing();
});
afterEach(async () => {
  await grist.close();
});

const patches = () => grist.requests.filter((request) => request.method === 'PATCH');
const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };

/** Renames a document in Grist itself, as someone would in Grist's own page. */
async function renameInGrist(docId: string, name: string): Promise<void> {
  const response = await fetch(`${grist.url}/o/acme/api/docs/${docId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
}

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
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
  });
});

describe('undo', () => {
  it('still the new name: one PATCH back to the old name, its own entry, the undone one marked', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).toMatchObject({ outcome: 'restored', name: 'Bug Tracker' });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    expect(grist.requests.map((request) => request.method)).toEqual(['GET', 'PATCH']);
    const [undo, undone] = await readChangeLogItems();
    expect(undo).toMatchObject({ source: 'undo', oldName: 'Bugs', newName: 'Bug Tracker' });
    expect(undone).toMatchObject({ id: entryId, undoneBy: undo!.id, cannotUndo: 'Already undone.' });
    // No second undo of the same entry.
    await expect(undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).rejects.toMatchObject({ kind: 'invalid-input' });
    // The cached listing shows the restored name.
    const cached = (await readListing())?.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents));
    expect(cached?.find((document) => document.id === DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('renamed elsewhere since: nothing is sent, the name it has now is said; Restore anyway restores it', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await renameInGrist(DOCS.bugTracker.id, 'Bugs (edited in Grist)');
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).toEqual({ outcome: 'changed-elsewhere', current: 'Bugs (edited in Grist)' });
    expect(patches()).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs (edited in Grist)');
    expect(await undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id, force: true })).toMatchObject({ outcome: 'restored', name: 'Bug Tracker' });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('the document is gone: nothing is sent, the entry stays', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.injectFault({ method: 'GET', path: /^\/o\/acme\/api\/docs\//, status: 404, body: '{"error":"document not found"}', contentType: 'application/json' });
    grist.clearRequests();
    await expect(undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).rejects.toMatchObject({ kind: 'not-found' });
    expect(patches()).toEqual([]);
    expect((await readChangeLogItems()).map((entry) => entry.id)).toContain(entryId);
  });

  it('no longer an owner, or a key Grist refuses: said, nothing is sent', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.viewer.apiKey);
    grist.clearRequests();
    await expect(undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).rejects.toMatchObject({ kind: 'forbidden' });
    grist.rotateKey(USERS.viewer.id);
    await expect(undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id })).rejects.toMatchObject({ kind: 'auth' });
    expect(patches()).toEqual([]);
  });

  it('a rename then an immediate undo send exactly two PATCHes, in that order', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.clearRequests();
    const rename = renameDocument({ ...bugTracker, name: 'Bugs 2' });
    const undo = undoChange({ entryId: entryId!, docId: DOCS.bugTracker.id }); // queued behind the rename: finds "Bugs 2", not "Bugs"
    expect(await rename).toMatchObject({ name: 'Bugs 2' });
    expect(await undo).toEqual({ outcome: 'changed-elsewhere', current: 'Bugs 2' });
    expect(patches().map((request) => request.body)).toEqual(['{"name":"Bugs 2"}']);

    const second = await renameDocument({ ...bugTracker, name: 'Bugs 3' });
    grist.clearRequests();
    // Asked for first, the undo goes first: the rename after it does not cross it.
    const [undone] = await Promise.all([undoChange({ entryId: second.entryId!, docId: DOCS.bugTracker.id }), renameDocument({ ...bugTracker, name: 'Bugs 4' })]);
    expect(undone).toMatchObject({ outcome: 'restored', name: 'Bugs 2' });
    expect(patches().map((request) => request.body)).toEqual(['{"name":"Bugs 2"}', '{"name":"Bugs 4"}']);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs 4');
  });
});

describe('undo with several accounts (issue 19)', () => {
  const leads = { orgId: ORGS.acme.id, docId: DOCS.leads.id };

  /** Ed's account, then Olivia's, on the one server; Ed owns Leads (given to him), Olivia all of Acme. */
  async function configureBoth(): Promise<void> {
    await saveEditorThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    await readListing(); // the refresh's own write
  }

  it('an entry made by one account is undone with that account’s key, whatever the options’ order is now', async () => {
    await configureBoth();
    const { entryId } = await renameDocument({ ...leads, name: 'Leads 2027' });
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, account: EDITOR_ACCOUNT });
    // The history names whose it is, as the options do: Ed's account has not been checked yet.
    expect((await readChangeLogItems())[0]).toMatchObject({ id: entryId, madeBy: 'Account 1' });
    // Olivia's account first now: she owns Leads too, but the rename was Ed's.
    const [editor, owner] = await accountsItem.get();
    await accountsItem.set([owner!, editor!]);
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, docId: DOCS.leads.id })).toMatchObject({ outcome: 'restored', name: 'Leads' });
    expect(grist.requests.map((request) => [request.method, request.path, request.apiKey])).toEqual([
      ['GET', `/o/acme/api/docs/${DOCS.leads.id}`, USERS.editor.apiKey],
      ['PATCH', `/o/acme/api/docs/${DOCS.leads.id}`, USERS.editor.apiKey],
    ]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads');
    // The undo is Ed's too.
    expect((await readChangeLog())[0]).toMatchObject({ source: 'undo', account: EDITOR_ACCOUNT, newName: 'Leads' });
  });

  it('an entry whose account was removed says it cannot be undone, and sends nothing, though another account could', async () => {
    await configureBoth();
    const { entryId } = await renameDocument({ ...leads, name: 'Leads 2027' });
    await removeAccount({ account: EDITOR_ACCOUNT });
    grist.clearRequests();
    const removed = 'The Grist account that made this change was removed from the options: it cannot be undone from here.';
    expect((await readChangeLogItems()).find((entry) => entry.id === entryId)).toMatchObject({ account: EDITOR_ACCOUNT, cannotUndo: removed });
    await expect(undoChange({ entryId: entryId!, docId: DOCS.leads.id })).rejects.toMatchObject({ kind: 'not-configured', message: removed });
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads 2027');
  });

  it('an entry that names no account (not made by this version) is not undone with any key', async () => {
    await configureBoth();
    await renameInGrist(DOCS.bugTracker.id, 'Bugs');
    const entry = await addLogEntry({ kind: 'rename', target: 'document', site: { orgId: ORGS.acme.id, name: 'Acme Corp', url: `${grist.url}/o/acme` }, workspace: null, docId: DOCS.bugTracker.id, oldName: 'Bug Tracker', newName: 'Bugs', source: 'popup' });
    grist.clearRequests();
    expect((await readChangeLogItems()).find((item) => item.id === entry.id)?.cannotUndo).toMatch(/account that made this change was removed/);
    await expect(undoChange({ entryId: entry.id, docId: DOCS.bugTracker.id })).rejects.toMatchObject({ kind: 'not-configured' });
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
  });
});
