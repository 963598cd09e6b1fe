/**
 * settings/storage-migration.ts, schema version 10: the change log of version 9 (change log
 * version 3: `docId` for what an entry changed, a name before and after for every kind) turned into
 * entries that say what they changed (shared/protocol/change-log.ts ChangeEntry), entry by entry, a bulk
 * run's stored apart too; and undone from, as the worker's undo does (changes/undo.ts), against the
 * fake Grist server.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetChangeLog, readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { readChangeLogItems, undoChange } from '../../../../src/background/changes/undo.ts';
import { migrateStorage } from '../../../../src/background/settings/storage-migration.ts';
import { SCHEMA_VERSION, schemaVersionItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { grist, patches, renameInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { roadmap, bugTracker, leads, campaignPlan } = DOCS;
const { engineering, marketing } = WORKSPACES;
const acme = () => ({ orgId: ORGS.acme.id, name: 'Acme Corp', url: `${grist.url}/o/acme` });
const engineeringPlace = { id: engineering.id, name: 'Engineering' };
const marketingPlace = { id: marketing.id, name: 'Marketing' };
const delta = { users: { 'ann@example.com': 'editors' } };
const before = { users: { 'ann@example.com': null } };
const person = { email: 'ed@example.com', removed: true, role: 'editors', workspaces: [{ id: marketing.id, name: 'Marketing', role: 'viewers' }], documents: [{ id: leads.id, name: 'Leads', role: 'owners', workspaceId: marketing.id }], putBack: ['site'] };

/**
 * A log of every kind of entry exactly as version 9 wrote it (change log version 3): each kind's
 * logEntry of then (background/changes/*.ts, sharing/access-kind.ts, sharing/remove-person.ts):
 * `target` a word and `docId` a document's id, a workspaceKey or a siteKey; `oldName` and
 * `newName` the same but for a rename and a copy. A bulk move run's entry is stored apart.
 */
function version9Log() {
  const common = { account: ACCOUNT_1, site: acme(), source: 'popup' };
  const own = [
    { ...common, id: 'rename-1', at: 13, kind: 'rename', target: 'document', workspace: engineeringPlace, docId: bugTracker.id, oldName: 'Bug Tracker', newName: 'Bugs' },
    { ...common, id: 'rename-ws', at: 12, kind: 'rename', target: 'workspace', workspace: marketingPlace, docId: `workspace:${marketing.id}`, oldName: 'Marketing', newName: 'Sales', undoneBy: 'rename-ws-undo' },
    { ...common, id: 'remove-1', at: 10, kind: 'remove', target: 'document', workspace: marketingPlace, docId: campaignPlan.id, oldName: 'Campaign Plan', newName: 'Campaign Plan' },
    { ...common, id: 'restore-ws', at: 9, kind: 'restore', target: 'workspace', workspace: marketingPlace, docId: `workspace:${marketing.id}`, oldName: 'Marketing', newName: 'Marketing' },
    { ...common, id: 'pin-1', at: 8, kind: 'pin', target: 'document', workspace: engineeringPlace, docId: roadmap.id, oldName: 'Roadmap 2026', newName: 'Roadmap 2026', pinned: false },
    { ...common, id: 'copy-1', at: 7, kind: 'copy', target: 'document', workspace: marketingPlace, docId: 'copyOfLeads0000000000', oldName: 'Leads', newName: 'Leads (copy)', copyOf: { docId: leads.id, site: acme() } },
    { ...common, id: 'create-1', at: 6, kind: 'create', target: 'document', workspace: engineeringPlace, docId: 'newDocument0000000000', oldName: 'Q4 plan', newName: 'Q4 plan' },
    { ...common, id: 'create-ws', at: 5, kind: 'create', target: 'workspace', site: { orgId: ORGS.acme.id, name: 'Acme Corp', url: `${grist.url}/o/acme` }, workspace: { id: 99, name: 'Research' }, docId: 'workspace:99', oldName: 'Research', newName: 'Research' },
    { ...common, id: 'delete-1', at: 4, kind: 'delete', target: 'document', workspace: marketingPlace, docId: 'deletedDocument000000', oldName: 'Old plan', newName: 'Old plan' },
    { ...common, id: 'access-doc', at: 3, kind: 'access', target: 'document', workspace: engineeringPlace, docId: roadmap.id, oldName: 'Roadmap 2026', newName: 'Roadmap 2026', access: { delta, before } },
    { ...common, id: 'access-site', at: 2, kind: 'access', target: 'site', workspace: null, docId: `site:${ORGS.acme.id}`, oldName: 'Acme Corp', newName: 'Acme Corp', access: { delta, before, guests: ['ann@example.com'] } },
    { ...common, id: 'person-1', at: 1, kind: 'person', target: 'site', workspace: null, docId: `site:${ORGS.acme.id}`, oldName: 'ed@example.com', newName: 'ed@example.com', person, source: 'popup', batchId: 'removal-1' },
  ];
  const run = [
    { ...common, id: 'move-1', at: 11, kind: 'move', target: 'document', workspace: engineeringPlace, to: { site: acme(), workspace: marketingPlace }, docId: roadmap.id, oldName: 'Roadmap 2026', newName: 'Roadmap 2026', source: 'bulk', batchId: 'run-1' },
  ];
  return { changeLog: { version: 3, entries: own, batches: ['run-1'] }, 'changeLog:run-1': run };
}

/** The same log as version 10 has it: what each entry changed by kind and id, a name only where one was renamed. */
function version10Entries(): Array<Record<string, unknown>> {
  const common = { account: ACCOUNT_1, site: acme(), source: 'popup' };
  return [
    { ...common, id: 'rename-1', at: 13, kind: 'rename', target: { kind: 'document', id: bugTracker.id }, workspace: engineeringPlace, oldName: 'Bug Tracker', newName: 'Bugs' },
    { ...common, id: 'rename-ws', at: 12, kind: 'rename', target: { kind: 'workspace', id: marketing.id }, workspace: marketingPlace, oldName: 'Marketing', newName: 'Sales', undoneBy: 'rename-ws-undo' },
    { ...common, id: 'move-1', at: 11, kind: 'move', target: { kind: 'document', id: roadmap.id }, workspace: engineeringPlace, to: { site: acme(), workspace: marketingPlace }, name: 'Roadmap 2026', source: 'bulk', batchId: 'run-1' },
    { ...common, id: 'remove-1', at: 10, kind: 'remove', target: { kind: 'document', id: campaignPlan.id }, workspace: marketingPlace, name: 'Campaign Plan' },
    { ...common, id: 'restore-ws', at: 9, kind: 'restore', target: { kind: 'workspace', id: marketing.id }, workspace: marketingPlace, name: 'Marketing' },
    { ...common, id: 'pin-1', at: 8, kind: 'pin', target: { kind: 'document', id: roadmap.id }, workspace: engineeringPlace, name: 'Roadmap 2026', pinned: false },
    { ...common, id: 'copy-1', at: 7, kind: 'copy', target: { kind: 'document', id: 'copyOfLeads0000000000' }, workspace: marketingPlace, name: 'Leads (copy)', copyOf: { docId: leads.id, name: 'Leads', site: acme() } },
    { ...common, id: 'create-1', at: 6, kind: 'create', target: { kind: 'document', id: 'newDocument0000000000' }, workspace: engineeringPlace, name: 'Q4 plan' },
    { ...common, id: 'create-ws', at: 5, kind: 'create', target: { kind: 'workspace', id: 99 }, workspace: { id: 99, name: 'Research' }, name: 'Research' },
    { ...common, id: 'delete-1', at: 4, kind: 'delete', target: { kind: 'document', id: 'deletedDocument000000' }, workspace: marketingPlace, name: 'Old plan' },
    { ...common, id: 'access-doc', at: 3, kind: 'access', target: { kind: 'document', id: roadmap.id }, workspace: engineeringPlace, name: 'Roadmap 2026', access: { delta, before } },
    { ...common, id: 'access-site', at: 2, kind: 'access', target: { kind: 'site', id: ORGS.acme.id }, workspace: null, name: 'Acme Corp', access: { delta, before, guests: ['ann@example.com'] } },
    { ...common, id: 'person-1', at: 1, kind: 'person', target: { kind: 'site', id: ORGS.acme.id }, workspace: null, person, batchId: 'removal-1' },
  ];
}

/** Grist as the log leaves it: Bug Tracker renamed Bugs, Roadmap 2026 moved to Marketing (by someone with its key, as the extension did). */
async function gristAsLogged(): Promise<void> {
  await renameInGrist(bugTracker.id, 'Bugs');
  const moved = await fetch(`${grist.url}/o/acme/api/docs/${roadmap.id}/move`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ workspace: marketing.id }),
  });
  expect(moved.status).toBe(200);
}

describe('storage migration to version 10: the change log says what each entry changed', () => {
  beforeEach(async () => {
    // The worker as it starts: nothing of the log read yet; version 9's items stored.
    await forgetChangeLog();
    await fakeBrowser.storage.local.set({ schemaVersion: 9, ...version9Log() });
  });

  it('turns every kind of entry of version 9, a bulk run’s stored apart too, into one that names its target and only the names it changed', async () => {
    await migrateStorage();
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
    expect(await readChangeLog()).toEqual(version10Entries());
    // Stored so, the run's entry under its own key still: a worker started later reads the same.
    const stored = await fakeBrowser.storage.local.get(['changeLog', 'changeLog:run-1']);
    expect(stored).toEqual({ changeLog: { version: 4, entries: version10Entries().filter(({ batchId }) => batchId !== 'run-1'), batches: ['run-1'] }, 'changeLog:run-1': version10Entries().filter(({ batchId }) => batchId === 'run-1') });
    // Run again (every worker start), it changes nothing.
    await migrateStorage();
    expect(await fakeBrowser.storage.local.get(['changeLog', 'changeLog:run-1'])).toEqual(stored);
  });

  it('undoes a migrated rename and a migrated move, as the History asks (by the entry and its target): Grist has the old name and place again', async () => {
    await gristAsLogged();
    await migrateStorage();
    const items = await readChangeLogItems();
    expect(items.find(({ id }) => id === 'rename-1')?.cannotUndo).toBeNull();
    expect(items.find(({ id }) => id === 'move-1')?.cannotUndo).toBeNull();
    grist.clearRequests();
    expect(await undoChange({ entryId: 'rename-1', target: { kind: 'document', id: bugTracker.id } })).toEqual({ outcome: 'restored', name: 'Bug Tracker', entryId: expect.any(String) });
    expect(grist.doc(bugTracker.id)?.name).toBe('Bug Tracker');
    expect(await undoChange({ entryId: 'move-1', target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'restored', name: 'Roadmap 2026', entryId: expect.any(String) });
    expect(grist.doc(roadmap.id)?.workspaceId).toBe(engineering.id);
    expect(patches().map(({ path }) => path)).toEqual([`/o/acme/api/docs/${bugTracker.id}`, `/o/acme/api/docs/${roadmap.id}/move`]);
    // Both marked undone by their undo's own entry, in the new shape.
    const log = await readChangeLog();
    const [moveBack, renameBack] = log;
    expect(renameBack).toMatchObject({ kind: 'rename', source: 'undo', target: { kind: 'document', id: bugTracker.id }, oldName: 'Bugs', newName: 'Bug Tracker' });
    expect(moveBack).toMatchObject({ kind: 'move', source: 'undo', target: { kind: 'document', id: roadmap.id }, name: 'Roadmap 2026', to: { workspace: { id: engineering.id } } });
    expect(log.find(({ id }) => id === 'rename-1')?.undoneBy).toBe(renameBack!.id);
    expect(log.find(({ id }) => id === 'move-1')?.undoneBy).toBe(moveBack!.id);
  });
});
