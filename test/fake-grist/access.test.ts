/**
 * Tests of the fake Grist's Access API: each behaviour docs/grist-api.md "Access" lists, refusals
 * included, asserted on the answers and on what the fake ended up storing.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, ORGS, USERS, WORKSPACES } from './sample-data.ts';
import { errorAnswer, type Call } from './api-calls.ts';
import { fake, send, useFreshFake } from './fresh-fake.ts';

const { owner, editor, viewer, sharedOnly } = USERS;
const { roadmap, bugTracker, campaignPlan, leads, projectBeta } = DOCS;
const { acme, globex } = ORGS;

useFreshFake();

/** A PATCH of `path`'s access with `delta`. */
const patch = (path: string, delta: unknown, call: Call = {}) => send(`${path}/access`, { method: 'PATCH', json: { delta }, ...call });

const roadmapPath = `/o/acme/api/docs/${roadmap.id}`;

/** An entry of an access list as the samples show it. */
function entry(user: { id: number; email: string; name: string }, access: string | null, parentAccess: string | null, isMember: boolean | null) {
  return { id: user.id, email: user.email, name: user.name, picture: null, ref: expect.any(String), access, parentAccess, isMember };
}

/** The documents of a site's listing, as `{name, public?}`. */
async function listed(site: string): Promise<Array<{ name: string; public?: boolean }>> {
  const { body } = await send(`/o/${site}/api/orgs/current/workspaces`);
  return (body as Array<{ docs: Array<{ name: string; public?: boolean }> }>).flatMap((workspace) => workspace.docs);
}

describe('reading access', () => {
  it("answers a document's access to its owner with every user, in the sample's shape", async () => {
    const { status, body } = await send(`${roadmapPath}/access`);
    expect(status).toBe(200);
    expect(body).toEqual({
      maxInheritedRole: 'owners',
      users: [entry(owner, null, 'owners', true), entry(viewer, null, 'viewers', true), entry(editor, null, 'editors', true)],
    });
    const first = (body as { users: object[] }).users[0]!;
    expect(Object.keys(first)).toEqual(['id', 'email', 'name', 'picture', 'ref', 'access', 'parentAccess', 'isMember']);
  });

  it('answers an editor of a document everyone who can open it, marked personal and not public (grist-core getDocAccess)', async () => {
    const { body } = await send(`${roadmapPath}/access`, { user: editor });
    expect(body).toMatchObject({ public: false, personal: true, maxInheritedRole: 'owners' });
    expect((body as { users: Array<{ email: string }> }).users.map(({ email }) => email)).toEqual([owner.email, viewer.email, editor.email]);
  });

  it('leaves out of a document editor’s answer a member who cannot open it', async () => {
    await patch(`/o/acme/api/orgs/${acme.id}`, { users: { 'member@example.com': 'members' } });
    expect(JSON.stringify((await send(`${roadmapPath}/access`)).body)).toContain('member@example.com');
    expect(JSON.stringify((await send(`${roadmapPath}/access`, { user: editor })).body)).not.toContain('member@example.com');
  });

  it('answers a viewer only themselves, marked personal and not public', async () => {
    const { body } = await send(`${roadmapPath}/access`, { user: viewer });
    expect(body).toEqual({ public: false, personal: true, maxInheritedRole: 'owners', users: [entry(viewer, null, 'viewers', true)] });
    expect(Object.keys(body as object)).toEqual(['public', 'personal', 'maxInheritedRole', 'users']);
  });

  it("lists in a workspace's access a guest who has a document in it", async () => {
    const { body } = await send(`/o/globex/api/workspaces/${WORKSPACES.projects.id}/access`);
    expect(body).toEqual({ maxInheritedRole: 'owners', users: [entry(owner, null, 'owners', true), entry(sharedOnly, 'guests', null, false)] });
  });

  it("answers a site's access without maxInheritedRole nor parentAccess, guests included", async () => {
    const { body } = await send(`/o/globex/api/orgs/${globex.id}/access`);
    expect(body).toEqual({
      users: [
        { id: owner.id, email: owner.email, name: owner.name, picture: null, ref: owner.ref, access: 'owners', isMember: true },
        { id: sharedOnly.id, email: sharedOnly.email, name: sharedOnly.name, picture: null, ref: sharedOnly.ref, access: 'guests', isMember: false },
      ],
    });
  });

  it("answers 404 for a document addressed on another site's host", async () => {
    expect(await send(`/o/globex/api/docs/${roadmap.id}/access`)).toEqual(errorAnswer(404, 'document not found'));
  });

  it('refuses a key sent with a foreign Origin, as a rename', async () => {
    const answer = await send(`${roadmapPath}/access`, { headers: { Origin: 'https://evil.example' } });
    expect(answer).toEqual(errorAnswer(403, 'Credentials not supported for cross-origin requests'));
  });
});

describe('changing access', () => {
  it('gives a role to a user matched without regard to case, and stores it', async () => {
    expect(await patch(`/o/globex/api/docs/${projectBeta.id}`, { users: { 'VIEWER@Example.COM': 'editors' } })).toEqual({ status: 200, body: null });
    expect(fake.doc(projectBeta.id)?.shares).toEqual({ [sharedOnly.id]: 'owners', [viewer.id]: 'editors' });
    const { body } = await send(`/o/globex/api/docs/${projectBeta.id}/access`);
    expect((body as { users: object[] }).users).toContainEqual(entry(viewer, 'editors', null, false));
  });

  it('creates a guest for an email without an account, listed as a guest of the site', async () => {
    expect(await patch(roadmapPath, { users: { 'new.person@example.com': 'viewers' } })).toEqual({ status: 200, body: null });
    const created = fake.user('new.person@example.com');
    expect(created).toMatchObject({ email: 'new.person@example.com', name: '' });
    expect(fake.doc(roadmap.id)?.shares).toEqual({ [created!.id]: 'viewers' });
    const { body } = await send(`/o/acme/api/orgs/${acme.id}/access`);
    expect((body as { users: Array<{ email: string; access: string; isMember: boolean }> }).users).toContainEqual(
      expect.objectContaining({ email: 'new.person@example.com', access: 'guests', isMember: false }),
    );
  });

  it('is idempotent: the same delta again, or removing someone absent, changes nothing', async () => {
    const delta = { users: { [sharedOnly.email]: 'viewers' } };
    await patch(roadmapPath, delta);
    const stored = fake.doc(roadmap.id);
    expect(await patch(roadmapPath, delta)).toEqual({ status: 200, body: null });
    expect(await patch(roadmapPath, { users: { 'nobody@example.com': null } })).toEqual({ status: 200, body: null });
    expect(fake.doc(roadmap.id)).toEqual(stored);
    expect(fake.user('nobody@example.com')).toBeUndefined();
  });

  it('stores maxInheritedRole, which caps what team members inherit', async () => {
    expect(await patch(roadmapPath, { maxInheritedRole: 'viewers' })).toEqual({ status: 200, body: null });
    expect(fake.doc(roadmap.id)?.maxInheritedRole).toBe('viewers');
    const { body } = await send(`${roadmapPath}/access`);
    expect(body).toMatchObject({ maxInheritedRole: 'viewers' });
    expect((body as { users: object[] }).users).toContainEqual(entry(editor, null, 'viewers', true));
    expect((await send(roadmapPath, { user: editor })).body).toMatchObject({ access: 'viewers' });
  });

  it('answers a maxInheritedRole of null (nothing inherited) as null, not as the default owners', async () => {
    expect(await patch(roadmapPath, { maxInheritedRole: null })).toEqual({ status: 200, body: null });
    expect((await send(`${roadmapPath}/access`)).body).toMatchObject({ maxInheritedRole: null });
  });

  it('gives and takes a workspace role, stored on the workspace', async () => {
    const path = `/o/acme/api/workspaces/${WORKSPACES.engineering.id}`;
    expect(await patch(path, { users: { [sharedOnly.email]: 'editors' } })).toEqual({ status: 200, body: null });
    expect(fake.workspace(WORKSPACES.engineering.id)?.shares).toEqual({ [sharedOnly.id]: 'editors' });
    expect((await send(`/o/acme/api/docs/${bugTracker.id}`, { user: sharedOnly })).body).toMatchObject({ access: 'editors' });
    await patch(path, { users: { [sharedOnly.email]: null } });
    expect(fake.workspace(WORKSPACES.engineering.id)?.shares).toEqual({});
  });
});

describe('refusals', () => {
  const unchanged = () => expect(fake.doc(roadmap.id)).toEqual(expect.objectContaining({ shares: {} }));

  it('lets owners only change access: an editor gets "access denied"', async () => {
    expect(await patch(roadmapPath, { users: { [sharedOnly.email]: 'viewers' } }, { user: editor })).toEqual(errorAnswer(403, 'access denied'));
    unchanged();
  });

  it.each(['', 'not an email'])('refuses the invalid email %j, storing nothing of the delta', async (email) => {
    const answer = await patch(roadmapPath, { users: { [sharedOnly.email]: 'viewers', [email]: 'viewers' } });
    expect(answer).toEqual(errorAnswer(400, 'Invalid email address included'));
    unchanged();
  });

  it.each(['admins', 'members'])('refuses the unknown document role %s', async (role) => {
    expect(await patch(roadmapPath, { users: { [sharedOnly.email]: role } })).toEqual(errorAnswer(400, `Invalid user role ${role}`));
    unchanged();
  });

  it("refuses a change of the caller's own permissions, whatever the case", async () => {
    expect(await patch(roadmapPath, { users: { 'Owner@Example.com': 'viewers' } })).toEqual(errorAnswer(400, 'Bad request: cannot update own permissions'));
    unchanged();
  });

  it('refuses maxInheritedRole on a site', async () => {
    expect(await patch(`/o/acme/api/orgs/${acme.id}`, { maxInheritedRole: 'viewers' })).toEqual(errorAnswer(400, 'invalid permission delta'));
  });

  it('refuses a delta sent without the JSON Content-Type', async () => {
    const answer = await patch(roadmapPath, { users: { [sharedOnly.email]: 'viewers' } }, { contentType: null });
    expect(answer).toEqual(errorAnswer(400, 'Bad request: missing permission delta'));
    unchanged();
  });
});

describe('public link', () => {
  it('marks a document public in the site listing while everyone@getgrist.com views it, and only then', async () => {
    expect((await listed('acme')).find(({ name }) => name === roadmap.name)).not.toHaveProperty('public');
    await patch(roadmapPath, { users: { 'everyone@getgrist.com': 'viewers' } });
    const docs = await listed('acme');
    expect(docs.find(({ name }) => name === roadmap.name)?.public).toBe(true);
    expect(docs.find(({ name }) => name === bugTracker.name)).not.toHaveProperty('public');
    const { body } = await send(`${roadmapPath}/access`);
    expect((body as { users: object[] }).users).toContainEqual(entry({ id: fake.user('everyone@getgrist.com')!.id, email: 'everyone@getgrist.com', name: 'Everyone' }, 'viewers', null, null));
    await patch(roadmapPath, { users: { 'everyone@getgrist.com': null } });
    expect((await listed('acme')).find(({ name }) => name === roadmap.name)).not.toHaveProperty('public');
  });
});

describe('access of what is in the trash', () => {
  it('is answered and changed for a document in the trash, and 404 once it is deleted for good', async () => {
    expect((await send(`/o/acme/api/docs/${leads.id}/remove`, { method: 'POST' })).status).toBe(200);
    expect((await send(`/o/acme/api/docs/${leads.id}/access`)).status).toBe(200);
    expect(await patch(`/o/acme/api/docs/${leads.id}`, { users: { [viewer.email]: 'viewers' } })).toEqual({ status: 200, body: null });
    expect(fake.doc(leads.id)?.shares[viewer.id]).toBe('viewers');
    expect((await send(`/o/acme/api/docs/${leads.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await send(`/o/acme/api/docs/${leads.id}/access`)).toEqual(errorAnswer(404, 'document not found'));
  });

  it('is answered for a workspace in the trash and its documents', async () => {
    expect((await send(`/o/acme/api/workspaces/${WORKSPACES.engineering.id}/remove`, { method: 'POST' })).status).toBe(200);
    expect((await send(`/o/acme/api/workspaces/${WORKSPACES.engineering.id}/access`)).status).toBe(200);
    expect((await send(`/o/acme/api/docs/${bugTracker.id}/access`)).status).toBe(200);
  });
});

describe('removing someone from a whole site', () => {
  it("removes a guest's workspace and document grants on that site, and nowhere else", async () => {
    const guest = 'guest@example.com';
    await patch(`/o/acme/api/workspaces/${WORKSPACES.engineering.id}`, { users: { [guest]: 'editors' } });
    await patch(`/o/acme/api/docs/${campaignPlan.id}`, { users: { [guest]: 'viewers' } });
    await patch(`/o/globex/api/docs/${projectBeta.id}`, { users: { [guest]: 'viewers' } });
    const id = fake.user(guest)!.id;
    expect(await patch(`/o/acme/api/orgs/${acme.id}`, { users: { [guest]: null } })).toEqual({ status: 200, body: null });
    expect(fake.workspace(WORKSPACES.engineering.id)?.shares).toEqual({});
    expect(fake.doc(campaignPlan.id)?.shares).toEqual({});
    expect(fake.doc(projectBeta.id)?.shares).toMatchObject({ [id]: 'viewers' });
    const { body } = await send(`/o/acme/api/orgs/${acme.id}/access`);
    expect((body as { users: Array<{ email: string }> }).users.map(({ email }) => email)).not.toContain(guest);
  });

  it("removes a member's role and the documents given to them there; the remover takes their place as an owner (grist-core scrubUserFromOrg)", async () => {
    expect(await patch(`/o/acme/api/orgs/${acme.id}`, { users: { [editor.email]: null } })).toEqual({ status: 200, body: null });
    expect(fake.org(acme.id)?.members).toEqual({ [owner.id]: 'owners', [viewer.id]: 'viewers' });
    // Ed owned Leads: the owner who removed him is its owner right there now.
    expect(fake.doc(leads.id)?.shares).toEqual({ [owner.id]: 'owners' });
    expect(await send(`/o/acme/api/docs/${leads.id}`, { user: editor })).toEqual(errorAnswer(403, 'access denied'));
  });

  it('makes the remover an owner only where the person removed was one, and not where the remover is one already', async () => {
    const guest = 'guest@example.com';
    await patch(`/o/acme/api/workspaces/${WORKSPACES.engineering.id}`, { users: { [guest]: 'owners' } });
    await patch(`/o/acme/api/docs/${campaignPlan.id}`, { users: { [guest]: 'editors' } });
    await patch(`/o/acme/api/docs/${bugTracker.id}`, { users: { [guest]: 'owners', [viewer.email]: 'owners' } });
    await patch(`/o/acme/api/orgs/${acme.id}`, { users: { [guest]: null } });
    expect(fake.workspace(WORKSPACES.engineering.id)?.shares).toEqual({ [owner.id]: 'owners' });
    expect(fake.doc(campaignPlan.id)?.shares).toEqual({});
    // Another owner there changes nothing: Grist does not ask whether the owner removed was the only one.
    expect(fake.doc(bugTracker.id)?.shares).toEqual({ [viewer.id]: 'owners', [owner.id]: 'owners' });
    // Already a direct owner there (no one may give themselves a role: stored as Grist would have it): kept as it is.
    await patch(`/o/acme/api/docs/${campaignPlan.id}`, { users: { [guest]: 'owners', [viewer.email]: 'editors' } });
    fake.doc(campaignPlan.id)!.shares[owner.id] = 'owners';
    await patch(`/o/acme/api/orgs/${acme.id}`, { users: { [guest]: null } });
    expect(fake.doc(campaignPlan.id)?.shares).toEqual({ [viewer.id]: 'editors', [owner.id]: 'owners' });
  });
});
