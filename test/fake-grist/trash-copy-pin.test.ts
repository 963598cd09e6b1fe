/**
 * Tests of the fake Grist's trash, restore, delete, pin, copy and new-document endpoints: each
 * behaviour docs/grist-api.md "Trash, restore, delete, pin, copy, create" lists, traps included.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, ORGS, sampleSeed, USERS, WORKSPACES } from './sample-data.ts';
import { startFakeGrist } from './server.ts';
import { errorAnswer, sendTo } from './api-calls.ts';
import { fake, send, useFreshFake } from './fresh-fake.ts';

const { owner, editor, viewer } = USERS;
const { roadmap, bugTracker, projectAlpha } = DOCS;
const { engineering, marketing, projects, ownerHome } = WORKSPACES;

useFreshFake();

/** The names of the documents of a site's listing, by workspace; `showRemoved` asks for the trash too. */
async function listed(site: string, showRemoved = false, user = owner): Promise<Array<{ name: string; removedAt?: string }>> {
  const { body } = await send(`/o/${site}/api/orgs/current/workspaces${showRemoved ? '?showRemoved=1' : ''}`, { user });
  return (body as Array<{ docs: Array<{ name: string; removedAt?: string }> }>).flatMap((workspace) => workspace.docs);
}

describe('remove to trash, restore, delete forever', () => {
  it('removes a document: it leaves the listing and reads as not found, and the trash listing has it with removedAt', async () => {
    const before = Date.now();
    expect(await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST' })).toEqual({ status: 200, body: null });
    expect((await listed('acme')).map(({ name }) => name)).not.toContain(roadmap.name);
    expect(await send(`/o/acme/api/docs/${roadmap.id}`)).toEqual(errorAnswer(404, 'document not found'));
    const trashed = (await listed('acme', true)).find(({ name }) => name === roadmap.name);
    expect(Date.parse(trashed?.removedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await listed('acme', true)).find(({ name }) => name === bugTracker.name)?.removedAt).toBeUndefined();
  });

  it('lets owners only remove: an editor gets "access denied", a viewer "No write access"', async () => {
    expect(await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST', user: editor })).toEqual(errorAnswer(403, 'access denied'));
    expect(await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST', user: viewer })).toEqual(errorAnswer(403, 'No write access'));
    expect(fake.doc(roadmap.id)?.removedAt).toBeUndefined();
  });

  it('restores a removed document where it was', async () => {
    await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST' });
    expect(await send(`/o/acme/api/docs/${roadmap.id}/unremove`, { method: 'POST' })).toEqual({ status: 200, body: null });
    expect(fake.doc(roadmap.id)).toMatchObject({ workspaceId: engineering.id });
    expect(fake.doc(roadmap.id)?.removedAt).toBeUndefined();
    expect((await listed('acme')).map(({ name }) => name)).toContain(roadmap.name);
  });

  it('deletes a document forever, from the trash or not; owners only', async () => {
    expect(await send(`/o/acme/api/docs/${roadmap.id}`, { method: 'DELETE', user: editor })).toEqual(errorAnswer(403, 'access denied'));
    await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST' });
    expect(await send(`/o/acme/api/docs/${roadmap.id}`, { method: 'DELETE' })).toEqual({ status: 200, body: null });
    expect(fake.doc(roadmap.id)).toBeUndefined();
    expect((await listed('acme', true)).map(({ name }) => name)).not.toContain(roadmap.name);
    expect(await send(`/o/acme/api/docs/${roadmap.id}/unremove`, { method: 'POST' })).toEqual(errorAnswer(404, 'document not found'));
    expect((await send(`/o/acme/api/docs/${bugTracker.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(fake.doc(bugTracker.id)).toBeUndefined();
  });

  it('refuses a key with a foreign Origin, as every write', async () => {
    const response = await fetch(`${fake.url}/o/acme/api/docs/${roadmap.id}/remove`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.apiKey}`, Origin: 'chrome-extension://abcdef' },
    });
    expect([response.status, await response.json()]).toEqual([403, { error: 'Credentials not supported for cross-origin requests' }]);
    expect(fake.doc(roadmap.id)?.removedAt).toBeUndefined();
  });
});

describe('pin and unpin', () => {
  it('pins and unpins for owners and editors (200 null), and refuses viewers', async () => {
    expect(await send(`/o/acme/api/docs/${bugTracker.id}/pin`, { method: 'PATCH', user: editor })).toEqual({ status: 200, body: null });
    expect(fake.doc(bugTracker.id)?.isPinned).toBe(true);
    expect(await send(`/o/acme/api/docs/${bugTracker.id}/unpin`, { method: 'PATCH' })).toEqual({ status: 200, body: null });
    expect(fake.doc(bugTracker.id)?.isPinned).toBe(false);
    expect(await send(`/o/acme/api/docs/${bugTracker.id}/pin`, { method: 'PATCH', user: viewer })).toEqual(errorAnswer(403, 'access denied'));
    expect(fake.doc(bugTracker.id)?.isPinned).toBe(false);
  });
});

describe('copy', () => {
  it('copies into a workspace of another site of the server: a new document with its own id, the source unchanged', async () => {
    const answer = await send(`/o/acme/api/docs/${roadmap.id}/copy`, { method: 'POST', json: { workspaceId: projects.id, documentName: 'Roadmap copy', asTemplate: true } });
    expect(answer.status).toBe(200);
    const copyId = answer.body as string;
    expect(copyId).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(fake.doc(copyId)).toMatchObject({ name: 'Roadmap copy', workspaceId: projects.id, copyOf: { docId: roadmap.id, asTemplate: true } });
    expect(fake.doc(roadmap.id)).toMatchObject({ name: roadmap.name, workspaceId: engineering.id });
    expect((await listed('globex')).map(({ name }) => name)).toContain('Roadmap copy');
  });

  it('falls into the trap without Content-Type: 200 with an unsaved new~ id, and nothing stored', async () => {
    const answer = await send(`/o/acme/api/docs/${roadmap.id}/copy`, { method: 'POST', json: { workspaceId: marketing.id, documentName: 'Lost copy' }, contentType: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^new~[A-Za-z0-9]+~\d+$/);
    expect((await listed('acme')).map(({ name }) => name)).not.toContain('Lost copy');
  });

  it('a statusAfterWork fault makes the copy, then answers that status with no body (a proxy after Grist did it)', async () => {
    fake.injectFault({ method: 'POST', path: /\/copy$/, statusAfterWork: 502, times: 1 });
    const response = await fetch(`${fake.url}/o/acme/api/docs/${roadmap.id}/copy`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspaceId: marketing.id, documentName: 'Made anyway', asTemplate: false }),
    });
    expect([response.status, await response.text()]).toEqual([502, '']);
    expect((await listed('acme')).filter(({ name }) => name === 'Made anyway')).toHaveLength(1);
  });

  it('is not idempotent: sent twice, it makes two copies', async () => {
    for (let time = 0; time < 2; time++) await send(`/o/acme/api/docs/${roadmap.id}/copy`, { method: 'POST', json: { workspaceId: marketing.id, documentName: 'Twice', asTemplate: false } });
    expect((await listed('acme')).filter(({ name }) => name === 'Twice')).toHaveLength(2);
  });

  it('needs read access to the source and write access to the destination: a viewer copies into their own site, not into a team they view', async () => {
    const own = await send(`/o/acme/api/docs/${roadmap.id}/copy`, { method: 'POST', user: viewer, json: { workspaceId: WORKSPACES.viewerHome.id, documentName: 'Mine now', asTemplate: false } });
    expect(own.status).toBe(200);
    expect(fake.doc(own.body as string)?.workspaceId).toBe(WORKSPACES.viewerHome.id);
    expect(await send(`/o/acme/api/docs/${roadmap.id}/copy`, { method: 'POST', user: viewer, json: { workspaceId: marketing.id, documentName: 'No', asTemplate: false } })).toEqual(
      errorAnswer(403, 'access denied'),
    );
    expect(await send(`/o/globex/api/docs/${projectAlpha.id}/copy`, { method: 'POST', user: editor, json: { workspaceId: ownerHome.id, documentName: 'No' } })).toEqual(
      errorAnswer(403, 'access denied'),
    );
  });

  it('is refused by the destination’s plan as a move is, and stores nothing', async () => {
    const seed = { ...sampleSeed, orgs: sampleSeed.orgs.map((org) => (org.id === ORGS.globex.id ? { ...org, plan: { maxDocs: 2 } } : org)) };
    const planned = await startFakeGrist({ mode: 'org-in-path', seed });
    try {
      expect(await sendTo(planned, `/o/acme/api/docs/${roadmap.id}/copy`, { method: 'POST', json: { workspaceId: projects.id, documentName: 'Too many' } })).toEqual({
        status: 403,
        body: { error: 'No more documents permitted', details: { limit: 2 } },
      });
    } finally {
      await planned.close();
    }
  });
});

describe('new document', () => {
  it('creates an empty document in a workspace the caller may add to; without Content-Type 400 "name required"', async () => {
    const answer = await send(`/o/acme/api/workspaces/${marketing.id}/docs`, { method: 'POST', user: editor, json: { name: 'Fresh' } });
    expect(answer.status).toBe(200);
    expect(fake.doc(answer.body as string)).toMatchObject({ name: 'Fresh', workspaceId: marketing.id, shares: { [editor.id]: 'owners' } });
    expect(await send(`/o/acme/api/workspaces/${marketing.id}/docs`, { method: 'POST', json: { name: 'Untyped' }, contentType: null })).toEqual(
      errorAnswer(400, 'Bad request: name required'),
    );
    expect(await send(`/o/acme/api/workspaces/${marketing.id}/docs`, { method: 'POST', user: viewer, json: { name: 'No' } })).toEqual(errorAnswer(403, 'access denied'));
    expect((await listed('acme')).filter(({ name }) => name === 'Untyped' || name === 'No')).toEqual([]);
  });
});
