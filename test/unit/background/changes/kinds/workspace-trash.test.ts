/**
 * changes/workspace-trash.ts: moving a workspace to the trash (with its documents) and back through
 * the change pipeline, checked against the worker's listing (and the trash listing for a restore),
 * read back after a lost answer, refused in words, and undone the safe way.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { readTrash } from '../../../../../src/background/changes/trashed-documents.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { removeWorkspace, restoreWorkspace } from '../../../../../src/background/changes/kinds/workspace-trash.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { sendTo } from '../../../../fake-grist/api-calls.ts';
import { cachedDocument } from '../../../../setup/cached-documents.ts';
import { OWNER_ACCOUNT, saveViewerThenOwner } from '../../../../setup/saved-key.ts';
import { calls, configure, failure, grist, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { engineering } = WORKSPACES;
const { roadmap, bugTracker } = DOCS;
const engineeringKey = () => ({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: engineering.id });
const posts = () => grist.requests.filter((request) => request.method === 'POST');

/** The names of Acme's workspaces in the cached listing. */
async function cachedAcmeWorkspaces(): Promise<string[]> {
  return (await readListing())?.sites.find((site) => site.orgId === ORGS.acme.id)?.workspaces.map((workspace) => workspace.name) ?? [];
}

/** Moves Engineering to the trash in Grist itself, as someone would on Grist's own page. */
const removeInGrist = () => sendTo(grist, `/o/acme/api/workspaces/${engineering.id}/remove`, { method: 'POST', json: {} });

beforeEach(() => {
  grist.clearRequests();
});

describe('moving a workspace to the trash', () => {
  it('one POST …/workspaces/<id>/remove to its own site; Grist has it in the trash, the cached listing no longer lists it or its documents, the log has it', async () => {
    const { entryId } = await removeWorkspace(engineeringKey());
    expect(posts().map(({ path }) => path)).toEqual([`/o/acme/api/workspaces/${engineering.id}/remove`]);
    expect(grist.workspace(engineering.id)?.removedAt).toEqual(expect.any(String));
    expect(await cachedAcmeWorkspaces()).not.toContain('Engineering');
    expect(await cachedDocument(roadmap.id)).toBeNull();
    expect((await readChangeLog())[0]).toMatchObject({
      id: entryId,
      kind: 'remove',
      target: { kind: 'workspace', id: engineering.id },
      site: { orgId: ORGS.acme.id, url: `${grist.url}/o/acme` },
      workspace: { id: engineering.id, name: 'Engineering' },
    });
  });

  it('is refused without a request for a workspace the user does not own, or one the listing does not have', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(removeWorkspace(engineeringKey()));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Only the owners of “Engineering” can move it to the trash, restore it or delete it.']);
    expect((await failure(removeWorkspace({ ...engineeringKey(), orgId: ORGS.globex.id }))).kind).toBe('not-found');
    expect(posts()).toEqual([]);
    expect(grist.workspace(engineering.id)?.removedAt).toBeUndefined();
  });

  it('Grist’s 403 and 404 in words; a 404 also takes it out of the cached listing', async () => {
    grist.injectFault({ method: 'POST', path: /\/remove$/, status: 403, body: JSON.stringify({ error: 'access denied' }), contentType: 'application/json', times: 1 });
    expect((await failure(removeWorkspace(engineeringKey()))).message).toBe('Only the owners of “Engineering” can move it to the trash, restore it or delete it.');
    grist.injectFault({ method: 'POST', path: /\/remove$/, status: 404, body: JSON.stringify({ error: 'workspace not found' }), contentType: 'application/json', times: 1 });
    const gone = await failure(removeWorkspace(engineeringKey()));
    expect([gone.kind, gone.message]).toEqual(['not-found', `The workspace “Engineering” no longer exists on ${new URL(grist.url).host}.`]);
    expect(await cachedAcmeWorkspaces()).not.toContain('Engineering');
  });

  it('after a lost answer: read back (404: in the trash), reported done, sent once', async () => {
    grist.injectFault({ method: 'POST', path: /\/remove$/, loseAnswer: true, times: 1 });
    expect(await removeWorkspace(engineeringKey())).toEqual({ entryId: expect.any(String) });
    expect(posts()).toHaveLength(1);
    expect(calls('GET', `/o/acme/api/workspaces/${engineering.id}`)).toBe(1);
  });

  it('after a connection reset before Grist did it: read back, the user is told it is not in the trash', async () => {
    grist.injectFault({ method: 'POST', path: /\/remove$/, drop: true, times: 1 });
    const error = await failure(removeWorkspace(engineeringKey()));
    expect(error.message).toBe('Grist did not answer in time, and “Engineering” was not moved to the trash. Try again.');
    expect(posts()).toHaveLength(1);
    expect(grist.workspace(engineering.id)?.removedAt).toBeUndefined();
    expect(await cachedAcmeWorkspaces()).toContain('Engineering');
  });

  it('is undone by a restore, read in the site’s trash first: it is back with its documents, in Grist and in the cached listing', async () => {
    const { entryId } = await removeWorkspace(engineeringKey());
    expect(await undoChange({ entryId: entryId!, target: { kind: 'workspace', id: engineering.id } })).toEqual({ outcome: 'restored', name: 'Engineering', entryId: expect.any(String) });
    expect(grist.workspace(engineering.id)?.removedAt).toBeUndefined();
    expect(grist.docsIn(engineering.id).map(({ name }) => name)).toEqual([roadmap.name, bugTracker.name]);
    expect((await cachedDocument(roadmap.id))?.at).toBe(`acme/${engineering.id}`);
    expect((await cachedDocument(bugTracker.id))?.at).toBe(`acme/${engineering.id}`);
    expect((await readChangeLog())[0]).toMatchObject({ kind: 'restore', target: { kind: 'workspace' }, source: 'undo' });
  });

  it('its undo sends nothing when the workspace was restored elsewhere since', async () => {
    const { entryId } = await removeWorkspace(engineeringKey());
    await sendTo(grist, `/o/acme/api/workspaces/${engineering.id}/unremove`, { method: 'POST', json: {} });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'workspace', id: engineering.id } })).toEqual({ outcome: 'restored', name: 'Engineering', entryId: null });
    expect(posts()).toEqual([]);
  });
});

describe('moving a workspace to the trash with two accounts that both list it', () => {
  it('goes with the owner’s key, though the first account, a viewer’s, lists it too', async () => {
    await saveViewerThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    grist.clearRequests();
    const { entryId } = await removeWorkspace(engineeringKey());
    expect(posts().map(({ path, apiKey }) => [path, apiKey])).toEqual([[`/o/acme/api/workspaces/${engineering.id}/remove`, USERS.owner.apiKey]]);
    expect(grist.workspace(engineering.id)?.removedAt).toEqual(expect.any(String));
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'remove', account: OWNER_ACCOUNT });
  });
});

describe('restoring a workspace from the trash', () => {
  it('the trash lists it with its documents; restored by one POST …/unremove, back with them, logged', async () => {
    await removeInGrist();
    const acme = (await readTrash()).find((site) => site.orgId === ORGS.acme.id);
    expect(acme?.workspaces).toEqual([
      {
        id: engineering.id,
        name: 'Engineering',
        removedAt: expect.any(String),
        access: 'owners',
        documents: [
          { id: roadmap.id, name: roadmap.name },
          { id: bugTracker.id, name: bugTracker.name },
        ],
      },
    ]);
    // Its documents went with it: they are not listed one by one.
    expect(acme?.documents).toEqual([]);
    grist.clearRequests();
    const { entryId } = await restoreWorkspace(engineeringKey());
    expect(posts().map(({ path }) => path)).toEqual([`/o/acme/api/workspaces/${engineering.id}/unremove`]);
    expect(grist.workspace(engineering.id)?.removedAt).toBeUndefined();
    expect((await cachedDocument(roadmap.id))?.at).toBe(`acme/${engineering.id}`);
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'restore', target: { kind: 'workspace', id: engineering.id } });
  });

  it('reads the trash when it was not read yet, and refuses a workspace it does not hold, sending nothing', async () => {
    await removeInGrist();
    grist.clearRequests();
    expect(await restoreWorkspace(engineeringKey())).toEqual({ entryId: expect.any(String) });
    grist.clearRequests();
    const error = await failure(restoreWorkspace(engineeringKey()));
    expect([error.kind, error.message]).toEqual(['not-found', 'This workspace is not in the trash any more. Reopen the trash to see what it holds.']);
    expect(posts()).toEqual([]);
  });

  it('is refused without a request for an editor of the site (Grist would answer 403)', async () => {
    await removeInGrist();
    await configure(USERS.editor.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(restoreWorkspace(engineeringKey()));
    expect(error.kind).toBe('forbidden');
    expect(posts()).toEqual([]);
    expect(grist.workspace(engineering.id)?.removedAt).toEqual(expect.any(String));
  });
});
