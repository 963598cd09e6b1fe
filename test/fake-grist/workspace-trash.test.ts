/**
 * Tests of the fake Grist's new workspace and workspace trash (workspace-trash.ts): what docs/grist-api.md
 * "Workspaces" says, and what Grist answers for a removed workspace and its documents, refusals
 * included, asserted on the answers and on what the fake ended up storing.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, USERS, WORKSPACES } from './sample-data.ts';
import { errorAnswer } from './api-calls.ts';
import { fake, send, useFreshFake } from './fresh-fake.ts';

const { owner, editor, viewer } = USERS;
const { roadmap, bugTracker } = DOCS;
const { engineering } = WORKSPACES;

useFreshFake();

type ListedWorkspace = { id: number; name: string; removedAt?: string; docs: Array<{ name: string; removedAt?: string }> };

/** Acme's workspaces as its listing answers them; `showRemoved` asks for the trash too. */
async function acmeWorkspaces(showRemoved = false, user = owner): Promise<ListedWorkspace[]> {
  const { body } = await send(`/o/acme/api/orgs/current/workspaces${showRemoved ? '?showRemoved=1' : ''}`, { user });
  return body as ListedWorkspace[];
}

describe('new workspace', () => {
  it('makes a workspace named as asked, answers its id, and lists it, empty', async () => {
    const { status, body } = await send('/o/acme/api/orgs/current/workspaces', { method: 'POST', json: { name: 'Research' } });
    expect(status).toBe(200);
    expect(typeof body).toBe('number');
    expect(fake.workspace(body as number)).toMatchObject({ name: 'Research', orgId: engineering.orgId });
    expect((await acmeWorkspaces()).find(({ id }) => id === body)).toMatchObject({ name: 'Research', docs: [] });
    // Not idempotent: sent again, a second one.
    const again = await send('/o/acme/api/orgs/current/workspaces', { method: 'POST', json: { name: 'Research' } });
    expect(again.body).not.toBe(body);
    expect((await acmeWorkspaces()).filter(({ name }) => name === 'Research')).toHaveLength(2);
  });

  it('refuses a viewer of the site, and stores nothing', async () => {
    const before = (await acmeWorkspaces()).length;
    expect(await send('/o/acme/api/orgs/current/workspaces', { method: 'POST', json: { name: 'Research' }, user: viewer })).toEqual(errorAnswer(403, 'access denied'));
    expect(await acmeWorkspaces()).toHaveLength(before);
  });
});

describe('workspace to the trash and back', () => {
  it('removes a workspace with its documents: gone from the listing, read as not found, in the trash listing with removedAt and its documents', async () => {
    expect(await send(`/o/acme/api/workspaces/${engineering.id}/remove`, { method: 'POST', json: {} })).toEqual({ status: 200, body: null });
    expect((await acmeWorkspaces()).map(({ name }) => name)).not.toContain(engineering.name);
    expect(await send(`/o/acme/api/workspaces/${engineering.id}`)).toEqual(errorAnswer(404, 'workspace not found'));
    expect(await send(`/o/acme/api/docs/${roadmap.id}`)).toEqual(errorAnswer(404, 'document not found'));
    const trashed = (await acmeWorkspaces(true)).find(({ id }) => id === engineering.id);
    expect(trashed?.removedAt).toEqual(expect.any(String));
    // Its documents are there as they were: none removed on its own.
    expect(trashed?.docs.map(({ name, removedAt }) => [name, removedAt])).toEqual([
      [roadmap.name, undefined],
      [bugTracker.name, undefined],
    ]);
    expect(fake.workspace(engineering.id)?.removedAt).toEqual(trashed?.removedAt);
  });

  it('restores it: back in the listing with its documents, readable again', async () => {
    await send(`/o/acme/api/workspaces/${engineering.id}/remove`, { method: 'POST', json: {} });
    expect(await send(`/o/acme/api/workspaces/${engineering.id}/unremove`, { method: 'POST', json: {} })).toEqual({ status: 200, body: null });
    expect((await acmeWorkspaces()).find(({ id }) => id === engineering.id)?.docs.map(({ name }) => name)).toEqual([roadmap.name, bugTracker.name]);
    expect((await send(`/o/acme/api/docs/${roadmap.id}`)).status).toBe(200);
    expect(fake.workspace(engineering.id)).not.toHaveProperty('removedAt');
  });

  it('refuses an editor and a viewer, to remove and to restore, and changes nothing', async () => {
    for (const user of [editor, viewer]) expect(await send(`/o/acme/api/workspaces/${engineering.id}/remove`, { method: 'POST', json: {}, user })).toEqual(errorAnswer(403, 'access denied'));
    expect(fake.workspace(engineering.id)).not.toHaveProperty('removedAt');
    await send(`/o/acme/api/workspaces/${engineering.id}/remove`, { method: 'POST', json: {} });
    expect(await send(`/o/acme/api/workspaces/${engineering.id}/unremove`, { method: 'POST', json: {}, user: editor })).toEqual(errorAnswer(403, 'access denied'));
    expect(fake.workspace(engineering.id)?.removedAt).toEqual(expect.any(String));
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expect(await send('/o/acme/api/workspaces/999/remove', { method: 'POST', json: {} })).toEqual(errorAnswer(404, 'workspace not found'));
    expect(await send('/o/acme/api/workspaces/999/unremove', { method: 'POST', json: {} })).toEqual(errorAnswer(404, 'workspace not found'));
  });
});
