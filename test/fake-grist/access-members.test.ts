/**
 * The fake Grist's site role `members` (docs/grist-api.md "Access": on an org also `members`; refused on
 * a document): given and listed on a site, giving nothing inside it, refused elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, ORGS, USERS, WORKSPACES } from './sample-data.ts';
import { errorAnswer } from './api-calls.ts';
import { fake, send, useFreshFake } from './fresh-fake.ts';

const { viewer } = USERS;
const { acme } = ORGS;

useFreshFake();

const patchSite = (users: Record<string, string | null>) => send(`/o/acme/api/orgs/${acme.id}/access`, { method: 'PATCH', json: { delta: { users } } });

describe('the site role members', () => {
  it('is given on a site, stored and listed there', async () => {
    expect(await patchSite({ [viewer.email]: 'members' })).toEqual({ status: 200, body: null });
    expect(fake.org(acme.id)?.members[viewer.id]).toBe('members');
    const { body } = await send(`/o/acme/api/orgs/${acme.id}/access`);
    expect((body as { users: object[] }).users).toContainEqual(expect.objectContaining({ email: viewer.email, access: 'members', isMember: true }));
  });

  it('gives nothing inside the site: its workspaces and documents no longer come down to them', async () => {
    await patchSite({ [viewer.email]: 'members' });
    const { body } = await send(`/o/acme/api/docs/${DOCS.roadmap.id}/access`);
    expect((body as { users: object[] }).users).toContainEqual(expect.objectContaining({ email: viewer.email, access: null, parentAccess: null }));
    const workspace = await send(`/o/acme/api/workspaces/${WORKSPACES.engineering.id}/access`);
    expect((workspace.body as { users: object[] }).users).toContainEqual(expect.objectContaining({ email: viewer.email, parentAccess: null }));
  });

  it('is refused on a workspace, as on a document', async () => {
    const answer = await send(`/o/acme/api/workspaces/${WORKSPACES.engineering.id}/access`, { method: 'PATCH', json: { delta: { users: { [viewer.email]: 'members' } } } });
    expect(answer).toEqual(errorAnswer(400, 'Invalid user role members'));
  });
});
