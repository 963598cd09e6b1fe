/**
 * changes/trash.ts: moving a document to the trash and back through the change pipeline, checked
 * against the worker's listing (and the trash listing for a restore), read back after a lost
 * answer, and undone the safe way.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { removeDocument, restoreDocument } from '../../../../../src/background/changes/kinds/trash.ts';
import { readTrash } from '../../../../../src/background/changes/trashed-documents.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { cachedDocument } from '../../../../setup/cached-documents.ts';
import { ACCOUNT_1, OWNER_ACCOUNT, saveSettingsWithKey, saveViewerThenOwner, VIEWER_ACCOUNT } from '../../../../setup/saved-key.ts';
import { calls, configure, failure, grist, removeInGrist, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { roadmap, leads } = DOCS;
const roadmapKey = { orgId: ORGS.acme.id, docId: roadmap.id };
const posts = () => grist.requests.filter((request) => request.method === 'POST');

beforeEach(() => {
  grist.clearRequests();
});

describe('moving a document to the trash', () => {
  it('one POST …/remove to its own site, with no Origin; Grist has it in the trash, the cached listing no longer lists it, the log has it', async () => {
    const { entryId } = await removeDocument(roadmapKey);
    expect(posts().map(({ path, origin }) => [path, origin])).toEqual([[`/o/acme/api/docs/${roadmap.id}/remove`, undefined]]);
    expect(grist.doc(roadmap.id)?.removedAt).toEqual(expect.any(String));
    expect(await cachedDocument(roadmap.id)).toBeNull();
    expect((await readChangeLog())[0]).toMatchObject({
      id: entryId,
      kind: 'remove',
      target: { kind: 'document', id: roadmap.id },
      account: ACCOUNT_1,
      site: { orgId: ORGS.acme.id, url: `${grist.url}/o/acme` },
      workspace: { id: WORKSPACES.engineering.id, name: 'Engineering' },
      name: roadmap.name,
    });
  });

  it('is refused without a request for a document the user does not own (Grist would answer 403)', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(removeDocument(roadmapKey));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Only the owners of “Roadmap 2026” can move it to the trash, restore it or delete it.']);
    expect(posts()).toEqual([]);
    expect(grist.doc(roadmap.id)?.removedAt).toBeUndefined();
  });

  it('after a lost answer: read back (404: in the trash), reported done, sent once', async () => {
    grist.injectFault({ method: 'POST', path: /\/remove$/, loseAnswer: true, times: 1 });
    expect(await removeDocument(roadmapKey)).toEqual({ entryId: expect.any(String) });
    expect(posts()).toHaveLength(1);
    expect(calls('GET', `/o/acme/api/docs/${roadmap.id}`)).toBe(1);
  });

  it('after a connection reset before Grist did it: read back, the user is told it is not in the trash', async () => {
    grist.injectFault({ method: 'POST', path: /\/remove$/, drop: true, times: 1 });
    const error = await failure(removeDocument(roadmapKey));
    expect(error.message).toBe('Grist did not answer in time, and “Roadmap 2026” was not moved to the trash. Try again.');
    expect(posts()).toHaveLength(1);
    expect(grist.doc(roadmap.id)?.removedAt).toBeUndefined();
    expect(await cachedDocument(roadmap.id)).not.toBeNull();
  });

  it('is undone by a restore: the document is back in its workspace, in Grist and in the cached listing', async () => {
    const { entryId } = await removeDocument(roadmapKey);
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'restored', name: roadmap.name, entryId: expect.any(String) });
    expect(grist.doc(roadmap.id)).toMatchObject({ workspaceId: WORKSPACES.engineering.id });
    expect(grist.doc(roadmap.id)?.removedAt).toBeUndefined();
    expect((await cachedDocument(roadmap.id))?.at).toBe(`acme/${WORKSPACES.engineering.id}`);
    expect((await readChangeLog())[0]).toMatchObject({ kind: 'restore', source: 'undo', target: { kind: 'document', id: roadmap.id } });
  });

  it('its undo sends nothing when the document was restored elsewhere since', async () => {
    const { entryId } = await removeDocument(roadmapKey);
    await fetch(`${grist.url}/o/acme/api/docs/${roadmap.id}/unremove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'restored', name: roadmap.name, entryId: null });
    expect(posts()).toEqual([]);
  });
});

describe('restoring a document from the trash', () => {
  it('restores one the trash listing has: one POST …/unremove, back where it was, logged', async () => {
    await removeInGrist(leads.id);
    const trash = await readTrash();
    expect(trash.find((site) => site.orgId === ORGS.acme.id)?.documents).toEqual([
      { id: leads.id, name: leads.name, removedAt: expect.any(String), access: 'owners', workspace: { id: WORKSPACES.marketing.id, name: 'Marketing' } },
    ]);
    grist.clearRequests();
    const { entryId } = await restoreDocument({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: leads.id });
    expect(posts().map(({ path }) => path)).toEqual([`/o/acme/api/docs/${leads.id}/unremove`]);
    expect(grist.doc(leads.id)?.removedAt).toBeUndefined();
    expect((await cachedDocument(leads.id))?.at).toBe(`acme/${WORKSPACES.marketing.id}`);
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'restore', target: { kind: 'document', id: leads.id } });
  });

  it('reads the trash when it was not read yet (a worker started since), and refuses a document it does not hold, sending nothing', async () => {
    await removeInGrist(leads.id);
    grist.clearRequests();
    expect(await restoreDocument({ orgId: ORGS.acme.id, docId: leads.id })).toEqual({ entryId: expect.any(String) });
    grist.clearRequests();
    const error = await failure(restoreDocument({ orgId: ORGS.acme.id, docId: roadmap.id }));
    expect(error.kind).toBe('not-found');
    expect(posts()).toEqual([]);
  });

  it('is undone by moving it to the trash again, unless it was renamed since (asked first)', async () => {
    await removeInGrist(leads.id);
    const { entryId } = await restoreDocument({ orgId: ORGS.acme.id, docId: leads.id });
    await fetch(`${grist.url}/o/acme/api/docs/${leads.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Leads (kept)' }),
    });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: leads.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'Leads (kept)', renamed: true });
    expect(posts()).toEqual([]);
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: leads.id }, force: true })).toMatchObject({ outcome: 'restored' });
    expect(grist.doc(leads.id)?.removedAt).toEqual(expect.any(String));
  });
});

describe('restore with two accounts that both list the document (issue 41)', () => {
  it('restores with the owner’s key, though the first account, a viewer’s, lists it in its trash too', async () => {
    await saveViewerThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    await removeInGrist(leads.id);
    // Grist lists a removed document in a viewer's trash too (docs/grist-api.md "Trash listing").
    expect((await readTrash()).filter((site) => site.orgId === ORGS.acme.id).map((site) => [site.account, site.documents.map((document) => [document.name, document.access])])).toEqual([
      [VIEWER_ACCOUNT, [[leads.name, 'viewers']]],
      [OWNER_ACCOUNT, [[leads.name, 'owners']]],
    ]);
    grist.clearRequests();
    const { entryId } = await restoreDocument({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: leads.id });
    expect(posts().map(({ path, apiKey }) => [path, apiKey])).toEqual([[`/o/acme/api/docs/${leads.id}/unremove`, USERS.owner.apiKey]]);
    expect(grist.doc(leads.id)?.removedAt).toBeUndefined();
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'restore', account: OWNER_ACCOUNT, target: { kind: 'document', id: leads.id } });
  });

  it('with a viewer’s account alone, is refused, nothing sent', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.viewer.apiKey);
    await refreshListing();
    await removeInGrist(leads.id);
    grist.clearRequests();
    const error = await failure(restoreDocument({ orgId: ORGS.acme.id, docId: leads.id }));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Only the owners of “Leads” can move it to the trash, restore it or delete it.']);
    expect(posts()).toEqual([]);
    expect(grist.doc(leads.id)?.removedAt).toEqual(expect.any(String));
  });
});
