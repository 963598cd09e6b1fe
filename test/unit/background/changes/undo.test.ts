/**
 * changes/undo.ts: undoing a change of the log, read first, refused when changed elsewhere, with
 * the account that made it.
 */
import { describe, expect, it } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import { addLogEntry, readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { copyDocument } from '../../../../src/background/changes/kinds/copy.ts';
import { deleteDocument } from '../../../../src/background/changes/kinds/delete-forever.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { removeDocument, restoreDocument } from '../../../../src/background/changes/kinds/trash.ts';
import { readChangeLogItems, undoChange } from '../../../../src/background/changes/undo.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { accountsItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { EDITOR_ACCOUNT, saveEditorThenOwner, saveSettingsWithKey } from '../../../setup/saved-key.ts';
import { failure, grist, patches, renameInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };

describe('undo', () => {
  it('still the new name: one PATCH back to the old name, its own entry, the undone one marked', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).toMatchObject({ outcome: 'restored', name: 'Bug Tracker' });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    expect(grist.requests.map((request) => request.method)).toEqual(['GET', 'PATCH']);
    const [undo, undone] = await readChangeLogItems();
    expect(undo).toMatchObject({ source: 'undo', oldName: 'Bugs', newName: 'Bug Tracker' });
    expect(undone).toMatchObject({ id: entryId, undoneBy: undo!.id, cannotUndo: 'Already undone.' });
    // No second undo of the same entry.
    await expect(undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).rejects.toMatchObject({ kind: 'invalid-input' });
    // The cached listing shows the restored name.
    const cached = (await readListing())?.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents));
    expect(cached?.find((document) => document.id === DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('renamed elsewhere since: nothing is sent, the name it has now is said; Restore anyway restores it', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await renameInGrist(DOCS.bugTracker.id, 'Bugs (edited in Grist)');
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'Bugs (edited in Grist)' });
    expect(patches()).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs (edited in Grist)');
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id }, force: true })).toMatchObject({ outcome: 'restored', name: 'Bug Tracker' });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('the document is gone: nothing is sent, the entry stays', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.injectFault({ method: 'GET', path: /^\/o\/acme\/api\/docs\//, status: 404, body: '{"error":"document not found"}', contentType: 'application/json' });
    grist.clearRequests();
    await expect(undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).rejects.toMatchObject({ kind: 'not-found' });
    expect(patches()).toEqual([]);
    expect((await readChangeLogItems()).map((entry) => entry.id)).toContain(entryId);
  });

  it('no longer an owner, or a key Grist refuses: said, nothing is sent', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.viewer.apiKey);
    grist.clearRequests();
    await expect(undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).rejects.toMatchObject({ kind: 'forbidden' });
    grist.rotateKey(USERS.viewer.id);
    await expect(undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } })).rejects.toMatchObject({ kind: 'auth' });
    expect(patches()).toEqual([]);
  });

  it('a rename then an immediate undo send exactly two PATCHes, in that order', async () => {
    const { entryId } = await renameDocument({ ...bugTracker, name: 'Bugs' });
    grist.clearRequests();
    const rename = renameDocument({ ...bugTracker, name: 'Bugs 2' });
    const undo = undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } }); // queued behind the rename: finds "Bugs 2", not "Bugs"
    expect(await rename).toMatchObject({ name: 'Bugs 2' });
    expect(await undo).toEqual({ outcome: 'changed-elsewhere', current: 'Bugs 2' });
    expect(patches().map((request) => request.body)).toEqual(['{"name":"Bugs 2"}']);

    const second = await renameDocument({ ...bugTracker, name: 'Bugs 3' });
    grist.clearRequests();
    // Asked for first, the undo goes first: the rename after it does not cross it.
    const [undone] = await Promise.all([undoChange({ entryId: second.entryId!, target: { kind: 'document', id: DOCS.bugTracker.id } }), renameDocument({ ...bugTracker, name: 'Bugs 4' })]);
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
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.leads.id } })).toMatchObject({ outcome: 'restored', name: 'Leads' });
    expect(grist.requests.map((request) => [request.method, request.path, request.apiKey])).toEqual([
      ['GET', `/o/acme/api/docs/${DOCS.leads.id}`, USERS.editor.apiKey],
      ['PATCH', `/o/acme/api/docs/${DOCS.leads.id}`, USERS.editor.apiKey],
    ]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads');
    // The undo is Ed's too.
    expect((await readChangeLog())[0]).toMatchObject({ source: 'undo', account: EDITOR_ACCOUNT, newName: 'Leads' });
  });

  it('an entry whose account was removed goes with it, and its undo sends nothing, though another account could', async () => {
    await configureBoth();
    const { entryId } = await renameDocument({ ...leads, name: 'Leads 2027' });
    expect((await readChangeLogItems()).find((entry) => entry.id === entryId)).toMatchObject({ account: EDITOR_ACCOUNT });
    await removeAccount({ account: EDITOR_ACCOUNT });
    grist.clearRequests();
    expect((await readChangeLogItems()).find((entry) => entry.id === entryId)).toBeUndefined();
    await expect(undoChange({ entryId: entryId!, target: { kind: 'document', id: DOCS.leads.id } })).rejects.toMatchObject({ kind: 'not-found' });
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads 2027');
  });

  it('an entry that names no account (not made by this version) is not undone with any key', async () => {
    await configureBoth();
    await renameInGrist(DOCS.bugTracker.id, 'Bugs');
    const entry = await addLogEntry({ kind: 'rename', target: { kind: 'document', id: DOCS.bugTracker.id }, site: { orgId: ORGS.acme.id, name: 'Acme Corp', url: `${grist.url}/o/acme` }, workspace: null, oldName: 'Bug Tracker', newName: 'Bugs', source: 'popup' });
    grist.clearRequests();
    expect((await readChangeLogItems()).find((item) => item.id === entry.id)?.cannotUndo).toMatch(/account that made this change was removed/);
    await expect(undoChange({ entryId: entry.id, target: { kind: 'document', id: DOCS.bugTracker.id } })).rejects.toMatchObject({ kind: 'not-configured' });
    expect(grist.requests).toEqual([]);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
  });
});

describe('an entry a later change overtook offers no undo (issue 41)', () => {
  const leads = { orgId: ORGS.acme.id, docId: DOCS.leads.id };
  const cannotUndo = async () => (await readChangeLogItems()).map((item) => [item.kind, item.cannotUndo]);

  it('a document since deleted forever: none of its entries, each saying why; an undo asked anyway sends nothing', async () => {
    const { entryId: renameId } = await renameDocument({ ...leads, name: 'Leads 2027' });
    await removeDocument(leads);
    await deleteDocument(leads);
    expect(await cannotUndo()).toEqual([
      ['delete', 'A document deleted forever cannot be brought back.'],
      ['remove', 'Deleted forever since: it cannot be brought back.'],
      ['rename', 'Deleted forever since: it cannot be brought back.'],
    ]);
    grist.clearRequests();
    expect((await failure(undoChange({ entryId: renameId!, target: { kind: 'document', id: DOCS.leads.id } }))).kind).toBe('invalid-input');
    expect(grist.requests).toEqual([]);
  });

  it('a move to the trash restored since from the Trash view: its undo is not offered, the restore’s is', async () => {
    const { entryId: removeId } = await removeDocument(leads);
    await restoreDocument(leads);
    expect(await cannotUndo()).toEqual([
      ['restore', null],
      ['remove', 'Restored from the trash since: nothing to undo.'],
    ]);
    grist.clearRequests();
    expect((await failure(undoChange({ entryId: removeId!, target: { kind: 'document', id: DOCS.leads.id } }))).message).toBe('Restored from the trash since: nothing to undo.');
    expect(grist.requests).toEqual([]);
  });

  it('a restore moved to the trash again since: its undo is not offered; both moves’ are, the document being in the trash', async () => {
    await removeDocument(leads);
    await restoreDocument(leads);
    await removeDocument(leads);
    expect(await cannotUndo()).toEqual([
      ['remove', null],
      ['restore', 'Moved to the trash since: nothing to undo.'],
      ['remove', null],
    ]);
  });

  it('a copy moved to the trash, that move undone: the copy is back, and its undo is offered and sent', async () => {
    const copied = await copyDocument({ orgId: ORGS.acme.id, docId: DOCS.roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: WORKSPACES.engineering.id }, name: 'Roadmap (copy)', asTemplate: false });
    const { entryId: removeId } = await removeDocument({ orgId: ORGS.acme.id, docId: copied.id });
    await undoChange({ entryId: removeId!, target: { kind: 'document', id: copied.id } });
    expect(await cannotUndo()).toEqual([
      ['restore', null],
      ['remove', 'Already undone.'],
      ['copy', null],
    ]);
    expect(await undoChange({ entryId: copied.entryId!, target: { kind: 'document', id: copied.id } })).toMatchObject({ outcome: 'restored' });
    expect(grist.doc(copied.id)?.removedAt).toBeTruthy();
  });

  it('a move to the trash restored since, that restore undone: the document is in the trash, and the move’s undo is offered again', async () => {
    const { entryId: removeId } = await removeDocument(leads);
    const { entryId: restoreId } = await restoreDocument(leads);
    await undoChange({ entryId: restoreId!, target: { kind: 'document', id: DOCS.leads.id } });
    expect(await cannotUndo()).toEqual([
      ['remove', null],
      ['restore', 'Already undone.'],
      ['remove', null],
    ]);
    expect(await undoChange({ entryId: removeId!, target: { kind: 'document', id: DOCS.leads.id } })).toMatchObject({ outcome: 'restored', name: 'Leads' });
    expect(grist.doc(DOCS.leads.id)?.removedAt).toBeFalsy();
  });
});
