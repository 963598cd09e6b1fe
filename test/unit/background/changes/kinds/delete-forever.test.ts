/**
 * changes/delete-forever.ts and changes/trashed-documents.ts: the trash listing, one request per
 * site; a delete forever of a document it holds, never undoable.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { deleteDocument } from '../../../../../src/background/changes/kinds/delete-forever.ts';
import { readTrash } from '../../../../../src/background/changes/trashed-documents.ts';
import { readChangeLogItems, undoChange } from '../../../../../src/background/changes/undo.ts';
import { DOCS, ORGS, USERS } from '../../../../fake-grist/sample-data.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { OWNER_ACCOUNT, saveViewerThenOwner } from '../../../../setup/saved-key.ts';
import { failure, grist, removeInGrist, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { leads, roadmap, readingList } = DOCS;

beforeEach(() => {
  grist.clearRequests();
});

describe('the trash listing', () => {
  it('asks each listed site once for its workspaces with showRemoved=1, and lists only removed documents, newest removal first', async () => {
    await removeInGrist(leads.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await removeInGrist(roadmap.id);
    await removeInGrist(readingList.id, 'docs');
    grist.clearRequests();
    const trash = await readTrash();
    expect(grist.requests.map(({ path }) => path).sort()).toEqual(['/o/acme', '/o/docs', '/o/globex'].map((site) => `${site}/api/orgs/current/workspaces?showRemoved=1`));
    expect(trash.find((site) => site.orgId === ORGS.acme.id)?.documents.map(({ name }) => name)).toEqual([roadmap.name, leads.name]);
    expect(trash.find((site) => site.orgId === ORGS.ownerPersonal.id)?.documents.map(({ name }) => name)).toEqual([readingList.name]);
    expect(trash.find((site) => site.orgId === ORGS.globex.id)?.documents).toEqual([]);
  });

  it('a site that fails carries its error; the others are listed', async () => {
    await removeInGrist(leads.id);
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', status: 500 });
    const trash = await readTrash();
    expect(trash.find((site) => site.orgId === ORGS.globex.id)?.error?.kind).toBe('server');
    expect(trash.find((site) => site.orgId === ORGS.acme.id)?.documents.map(({ name }) => name)).toEqual([leads.name]);
  });
});

describe('deleting a document forever', () => {
  it('one DELETE of a document the trash holds; Grist no longer has it; logged, and never undoable', async () => {
    await removeInGrist(leads.id);
    await readTrash();
    grist.clearRequests();
    const { entryId } = await deleteDocument({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: leads.id });
    expect(grist.requests.filter(({ method }) => method !== 'GET').map(({ method, path }) => [method, path])).toEqual([['DELETE', `/o/acme/api/docs/${leads.id}`]]);
    expect(grist.doc(leads.id)).toBeUndefined();
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'delete', target: { kind: 'document', id: leads.id } });
    expect((await readChangeLogItems())[0]?.cannotUndo).toBe('A document deleted forever cannot be brought back.');
    expect((await failure(undoChange({ entryId: entryId!, target: { kind: 'document', id: leads.id } }))).kind).toBe('invalid-input');
  });

  it('refuses a document that is not in the trash, with nothing sent', async () => {
    const error = await failure(deleteDocument({ orgId: ORGS.acme.id, docId: roadmap.id }));
    expect(error.kind).toBe('not-found');
    expect(grist.requests.filter(({ method }) => method === 'DELETE')).toEqual([]);
    expect(grist.doc(roadmap.id)).toBeDefined();
  });
});

describe('a delete forever of a document restored elsewhere since the trash was read', () => {
  it('reads the trash again first: not there, nothing is deleted', async () => {
    await removeInGrist(leads.id);
    await readTrash();
    await fetch(`${grist.url}/o/acme/api/docs/${leads.id}/unremove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    grist.clearRequests();
    const error = await failure(deleteDocument({ orgId: ORGS.acme.id, docId: leads.id }));
    expect(error.kind).toBe('not-found');
    expect(grist.requests.filter(({ method }) => method === 'DELETE')).toEqual([]);
    expect(grist.doc(leads.id)).toBeDefined();
  });
});

describe('a delete forever with two accounts that both list the document (issue 41)', () => {
  it('is sent with the owner’s key, though the first account, a viewer’s, lists it in its trash too', async () => {
    await saveViewerThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    await removeInGrist(leads.id);
    grist.clearRequests();
    const { entryId } = await deleteDocument({ orgId: ORGS.acme.id, docId: leads.id });
    expect(grist.requests.filter(({ method }) => method === 'DELETE').map(({ path, apiKey }) => [path, apiKey])).toEqual([[`/o/acme/api/docs/${leads.id}`, USERS.owner.apiKey]]);
    expect(grist.doc(leads.id)).toBeUndefined();
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'delete', account: OWNER_ACCOUNT, target: { kind: 'document', id: leads.id } });
  });
});
