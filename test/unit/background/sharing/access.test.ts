/**
 * sharing/access.ts and access-kind.ts: the readAccess and changeAccess messages against the fake
 * Grist: one PATCH with only what changes, checked before anything is sent, read back after a lost
 * answer, logged with its inverse, undone the safe way, with the owning account's key only.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { undoChange } from '../../../../src/background/changes/undo.ts';
import { readKeyedAccounts } from '../../../../src/background/grist/grist-connection.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { changeAccess } from '../../../../src/background/changes/kinds/access.ts';
import { readAccess, readEachAccess } from '../../../../src/background/sharing/access.ts';
import type { AccessDelta, AccessList, AccessResource } from '../../../../src/shared/protocol/sharing.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1, OWNER_ACCOUNT, VIEWER_ACCOUNT, saveAccounts, saveSettingsWithKey, saveViewerThenOwner } from '../../../setup/saved-key.ts';
import { cachedDocument } from '../../../setup/cached-documents.ts';
import { failure, grist, patches, useWorkerGrist, savedWithUncheckedEditor } from '../../../setup/worker-grist.ts';
import { acmeAt, documentAt, engineeringAt, roadmapAt } from '../../../setup/access-resources.ts';

useWorkerGrist({ listed: true });

const { owner, editor, viewer } = USERS;
const { roadmap, leads } = DOCS;
const roadmapAccess = `/o/acme/api/docs/${roadmap.id}/access`;

/** The bodies of the PATCHes the server received, parsed, with their paths. */
const sentDeltas = () => patches().map(({ path, body }) => [path, (JSON.parse(body) as { delta: AccessDelta }).delta]);

/** `email`'s role given right here on Roadmap, as Grist has it now (read with Olivia's key). */
async function roleOnRoadmap(email: string): Promise<string | null | undefined> {
  const response = await fetch(`${grist.url}${roadmapAccess}`, { headers: { Authorization: `Bearer ${owner.apiKey}` } });
  const body = (await response.json()) as { users: Array<{ email: string; access: string | null }> };
  return body.users.find((user) => user.email === email)?.access;
}

/** Changes Roadmap's access in Grist itself, as someone would on Grist's own page. */
async function changeInGrist(delta: AccessDelta): Promise<void> {
  const response = await fetch(`${grist.url}${roadmapAccess}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ delta }),
  });
  expect(response.status).toBe(200);
}

/** Account 1 as Olivia, her email known (a connection check said whose key it is). */
async function signedInAsOlivia(): Promise<void> {
  await saveAccounts([{ id: ACCOUNT_1, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, apiKey: owner.apiKey, user: { name: owner.name, email: owner.email } }]);
}

beforeEach(() => {
  grist.clearRequests();
});

describe('readAccess', () => {
  it('answers who has access, with the owning account, which may change it', async () => {
    expect(await readAccess(roadmapAt())).toMatchObject({
      resource: roadmapAt(),
      account: ACCOUNT_1,
      canChange: true,
      onlySelf: false,
      publicRole: null,
      maxInheritedRole: 'owners',
      people: [{ email: owner.email }, { email: viewer.email }, { email: editor.email }],
    });
    // One request for the list; whose key it is is asked beside it, as no connection check said yet.
    expect(grist.requests.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([`GET ${roadmapAccess}`, 'GET /o/acme/api/profile/user']);
  });

  it("keeps other people's emails in memory only: nothing of them is written to the extension's storage", async () => {
    const people = (await readAccess(roadmapAt())).people.map(({ email }) => email);
    expect(people).toContain(editor.email);
    const stored = JSON.stringify({ ...(await fakeBrowser.storage.local.get(null)), ...(await fakeBrowser.storage.session.get(null)) });
    for (const email of people.filter((email) => email !== owner.email)) expect(stored).not.toContain(email);
  });

  it("gives the user's own email though no connection check said whose key it is (asked of Grist)", async () => {
    expect(await readAccess(roadmapAt())).toMatchObject({ ownEmail: owner.email });
  });

  it('answers a viewer only themselves, who cannot change it', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, viewer.apiKey);
    await refreshListing();
    expect(await readAccess(roadmapAt())).toMatchObject({ canChange: false, onlySelf: true, ownRole: 'viewers', people: [{ email: viewer.email, role: null, inherited: 'viewers' }] });
  });

  it('answers an editor everyone who can open it, marked as Grist marks it, with their role to say why it is read-only', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, editor.apiKey);
    await refreshListing();
    expect(await readAccess(roadmapAt())).toMatchObject({ canChange: false, onlySelf: true, ownRole: 'editors', people: [{ email: owner.email }, { email: viewer.email }, { email: editor.email }] });
  });
});

describe('readEachAccess (the People port)', () => {
  const site = (orgId: number, domain: string): AccessResource => ({ kind: 'site', orgId, siteUrl: `${grist.url}/o/${domain}` });

  it('reads each site, each given with its index as it starts, in order, each in a task of its own; a site no account lists fails alone', async () => {
    const resources = [site(ORGS.acme.id, 'acme'), site(999, 'nowhere'), site(ORGS.globex.id, 'globex')];
    const given: Array<[number, Promise<AccessList>]> = [];
    /** Each start (its index), and the timer set at it firing (-1 - its index). */
    const fired: number[] = [];
    await readEachAccess(resources, (index, read) => {
      given.push([index, read]);
      // Handled at once, as the People port does: a failed read is looked at after later starts.
      read.catch(() => undefined);
      fired.push(index);
      setTimeout(() => fired.push(-1 - index), 0);
    });
    expect(given.map(([index]) => index)).toEqual([0, 1, 2]);
    // A timer set as one read started fired before the next started: the event loop turned between the two.
    expect(fired).toEqual([0, -1, 1, -2, 2, -3]);
    const [acme, nowhere, globex] = await Promise.allSettled(given.map(([, read]) => read));
    expect(acme).toMatchObject({ status: 'fulfilled', value: { resource: resources[0], account: ACCOUNT_1 } });
    expect(globex).toMatchObject({ status: 'fulfilled', value: { resource: resources[2] } });
    expect(nowhere).toMatchObject({ status: 'rejected', reason: { kind: 'not-found' } });
    expect(grist.requests.filter(({ path }) => path.endsWith('/access')).map(({ path }) => path).sort()).toEqual([`/o/acme/api/orgs/${ORGS.acme.id}/access`, `/o/globex/api/orgs/${ORGS.globex.id}/access`]);
  });

  it('starts no more once it is no longer wanted', async () => {
    const given: number[] = [];
    await readEachAccess([site(ORGS.acme.id, 'acme'), site(ORGS.globex.id, 'globex')], (index, read) => {
      given.push(index);
      read.catch(() => undefined);
    }, () => given.length === 0);
    expect(given).toEqual([0]);
  });
});

describe('changeAccess', () => {
  it('sends one PATCH with only what changes; Grist has it; the log keeps it with its inverse', async () => {
    const delta = { users: { [editor.email]: 'editors' as const, 'new@example.com': 'viewers' as const }, maxInheritedRole: 'viewers' as const };
    await changeInGrist({ users: { [editor.email]: 'editors' } });
    grist.clearRequests();
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta });
    expect(sentDeltas()).toEqual([[roadmapAccess, { users: { 'new@example.com': 'viewers' }, maxInheritedRole: 'viewers' }]]);
    expect(await roleOnRoadmap('new@example.com')).toBe('viewers');
    expect((await readChangeLog())[0]).toMatchObject({
      id: entryId,
      kind: 'access',
      target: { kind: 'document', id: roadmap.id },
      name: roadmap.name,
      access: { delta: { users: { 'new@example.com': 'viewers' }, maxInheritedRole: 'viewers' }, before: { users: { 'new@example.com': null }, maxInheritedRole: 'owners' } },
    });
  });

  it('sends nothing, and logs nothing, when Grist has every role asked already', async () => {
    const before = (await readChangeLog()).length;
    expect(await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'nobody@example.com': null }, maxInheritedRole: 'owners' } })).toEqual({ entryId: null });
    expect(patches()).toEqual([]);
    expect(await readChangeLog()).toHaveLength(before);
  });

  it('refuses a list with bad emails, naming each, and sends nothing', async () => {
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'good@example.com': 'viewers', 'not an email': 'viewers', '': 'editors' } } }));
    expect([error.kind, error.message]).toEqual(['invalid-input', 'Not an email address: not an email, . Nothing was sent.']);
    expect(grist.requests).toEqual([]);
  });

  it('refuses one email given two roles (in two cases), and sends nothing', async () => {
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'Sam@example.com': 'viewers', 'sam@example.com': null } } }));
    expect([error.kind, error.message]).toEqual(['invalid-input', 'The same email is given two roles: sam@example.com. Nothing was sent.']);
    expect(grist.requests).toEqual([]);
  });

  it("refuses the user's own email, in any case, and sends nothing", async () => {
    await signedInAsOlivia();
    await refreshListing();
    grist.clearRequests();
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'OWNER@example.com': 'viewers' } } }));
    expect([error.kind, error.message]).toEqual(['invalid-input', 'You cannot change your own access: Grist refuses it. Ask another owner.']);
    expect(grist.requests).toEqual([]);
  });

  it("refuses the user's own email before sending though no connection check said whose key it is: asks Grist once, and records it", async () => {
    expect((await readKeyedAccounts())[0]!.account.user).toBeNull();
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { [owner.email]: 'viewers' } } }));
    expect([error.kind, error.message]).toEqual(['invalid-input', 'You cannot change your own access: Grist refuses it. Ask another owner.']);
    expect(patches()).toEqual([]);
    expect((await readKeyedAccounts())[0]!.account.user).toEqual({ name: owner.name, email: owner.email });
    grist.clearRequests();
    await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { [owner.email]: 'viewers' } } }));
    expect(grist.requests.filter(({ path }) => path.endsWith('/api/profile/user'))).toEqual([]);
  });

  it('refuses everyone@getgrist.com as a person (Editor would let anyone with the link edit), on a workspace too, and sends nothing', async () => {
    for (const [resource, role] of [
      [roadmapAt(), 'editors'],
      [roadmapAt(), 'owners'],
      [engineeringAt(), 'viewers'],
    ] as const) {
      const error = await failure(changeAccess({ resource, account: ACCOUNT_1, delta: { users: { 'Everyone@GetGrist.com': role } } }));
      expect([error.kind, error.message]).toEqual([
        'invalid-input',
        'everyone@getgrist.com is Grist’s public link, not a person: only a document has one, and only for viewers (anyone with the link can view). Turn it on or off with the document’s public link switch. Nothing was sent.',
      ]);
    }
    expect(grist.requests).toEqual([]);
    expect(await roleOnRoadmap('everyone@getgrist.com')).toBeUndefined();
  });

  it('sends the public link as its switch does: on as a viewer, then off', async () => {
    await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'everyone@getgrist.com': 'viewers' } } });
    expect(await roleOnRoadmap('everyone@getgrist.com')).toBe('viewers');
    await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'everyone@getgrist.com': null } } });
    expect(await roleOnRoadmap('everyone@getgrist.com')).toBeUndefined();
  });

  it("refuses the user's other saved account, in any case, naming it, and sends nothing: neither demoted nor removed", async () => {
    // Victor's account first (Account 1), then Olivia's, who owns Roadmap and sends the change.
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: VIEWER_ACCOUNT, settings, apiKey: viewer.apiKey, user: { name: viewer.name, email: viewer.email } },
      { id: OWNER_ACCOUNT, settings, apiKey: owner.apiKey, user: { name: owner.name, email: owner.email } },
    ]);
    await refreshListing();
    await changeInGrist({ users: { [viewer.email]: 'editors' } });
    grist.clearRequests();
    for (const role of [null, 'viewers'] as const) {
      const error = await failure(changeAccess({ resource: roadmapAt(), account: OWNER_ACCOUNT, delta: { users: { 'new@example.com': 'viewers', 'VIEWER@example.com': role } } }));
      expect([error.kind, error.message]).toEqual([
        'invalid-input',
        'Your saved accounts’ access is changed in Grist itself, not here: VIEWER@example.com (Account 1). Nothing was sent.',
      ]);
    }
    expect(grist.requests).toEqual([]);
    expect(await roleOnRoadmap(viewer.email)).toBe('editors');
    // Its list says whose the saved accounts are, so the panel refuses them before sending.
    expect((await readAccess(roadmapAt())).savedUsers).toEqual([
      { email: viewer.email, number: 1 },
      { email: owner.email, number: 2 },
    ]);
  });

  it('refuses inherited access on a site before sending; changes a site role', async () => {
    const error = await failure(changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { maxInheritedRole: 'viewers' } }));
    expect(error.kind).toBe('invalid-input');
    expect(grist.requests).toEqual([]);
    await changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { users: { [viewer.email]: 'editors' } } });
    expect(sentDeltas()).toEqual([[`/o/acme/api/orgs/${ORGS.acme.id}/access`, { users: { [viewer.email]: 'editors' } }]]);
    expect((await readChangeLog())[0]).toMatchObject({ target: { kind: 'site', id: ORGS.acme.id }, name: 'Acme Corp' });
  });

  it('refuses to remove someone from a site, whose workspace and document grants would go unread, and sends nothing', async () => {
    // Ed edits Acme and owns Leads: a null at the site would take Leads from him too (docs/grist-api.md "Guests and whole sites").
    const error = await failure(changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { users: { [editor.email]: null } } }));
    expect([error.kind, error.message]).toEqual([
      'invalid-input',
      'Removing someone from a site also takes what they have in its workspaces and documents: remove them with Remove in the site’s People panel, or from the People view, which read that first so Undo can put it back. Nothing was sent.',
    ]);
    expect(grist.requests).toEqual([]);
    expect(grist.org(ORGS.acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it('refuses the members role on a document before sending (Grist knows it on a site only)', async () => {
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'members' } } }));
    expect([error.kind, error.message]).toEqual(['invalid-input', 'Member is a role on a site only: give a document or workspace Owner, Editor or Viewer. Nothing was sent.']);
    expect(grist.requests).toEqual([]);
  });

  it('says in words that a document is gone from Grist, sends nothing, and takes it out of the cached listing', async () => {
    const response = await fetch(`${grist.url}/o/acme/api/docs/${roadmap.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${owner.apiKey}` } });
    expect(response.status).toBe(200);
    grist.clearRequests();
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'viewers' } } }));
    expect([error.kind, error.message]).toEqual(['not-found', `“${roadmap.name}” is no longer on ${new URL(grist.url).host}, or you no longer have access to it.`]);
    expect(patches()).toEqual([]);
    expect(await cachedDocument(roadmap.id)).toBeNull();
  });

  it('refuses an editor before sending; and says in words what Grist refuses a listing that is out of date', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, editor.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'viewers' } } }));
    expect([error.kind, error.message]).toEqual(['forbidden', `Only the owners of “${roadmap.name}” can change who has access to it.`]);
    expect(grist.requests).toEqual([]);
    // Ed owns Leads in his listing; Olivia takes that back in Grist since.
    const response = await fetch(`${grist.url}/o/acme/api/docs/${leads.id}/access`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ delta: { users: { [editor.email]: 'viewers' } } }),
    });
    expect(response.status).toBe(200);
    grist.clearRequests();
    const refused = await failure(changeAccess({ resource: documentAt(leads.id), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'viewers' } } }));
    expect([refused.kind, refused.message]).toEqual(['forbidden', `Only the owners of “${leads.name}” can change who has access to it.`]);
    expect(await roleOnRoadmap('new@example.com')).toBeUndefined();
  });

  it('after a lost answer: reads the access back, claims the change it finds, never sends it again', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/access$/, loseAnswer: true, times: 1 });
    expect(await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'editors' } } })).toEqual({ entryId: expect.any(String) });
    expect(patches()).toHaveLength(1);
    expect(grist.requests.filter(({ method, path }) => method === 'GET' && path === roadmapAccess)).toHaveLength(2);
  });

  it('after a lost answer: claims nothing when the read-back does not find the change', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/access$/, drop: true, times: 1 });
    const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'editors' } } }));
    expect([error.kind, error.message]).toEqual([
      'network',
      `The answer from Grist was lost. Reading back who has access to “${roadmap.name}” shows the change was not made. Nothing was sent again: try again.`,
    ]);
    expect(patches()).toHaveLength(1);
    expect(await roleOnRoadmap('new@example.com')).toBeUndefined();
    expect((await readChangeLog()).filter(({ kind }) => kind === 'access')).toEqual([]);
  });

  describe('a saved account whose user no connection check named yet (issue 48 review)', () => {
    it('is asked of Grist before the change, and its user is refused: nothing sent', async () => {
      await savedWithUncheckedEditor();
      const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { [editor.email]: 'viewers' } } }));
      expect([error.kind, error.message]).toEqual(['invalid-input', `Your saved accounts’ access is changed in Grist itself, not here: ${editor.email} (Account 2). Nothing was sent.`]);
      expect(patches()).toEqual([]);
      // Asked once, with its own key, and recorded as a connection check records it.
      expect(grist.requests.filter(({ path }) => path.endsWith('/api/profile/user')).map(({ apiKey }) => apiKey)).toEqual([editor.apiKey]);
      expect((await readKeyedAccounts())[1]?.account.user?.email).toBe(editor.email);
    });

    it('refuses every change, naming it, when Grist will not say whose key it is: nothing sent', async () => {
      await savedWithUncheckedEditor();
      grist.injectFault({ path: '/api/profile/user', status: 401, body: '{"error":"Bad request: invalid API key"}', contentType: 'application/json' });
      const error = await failure(changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'viewers' } } }));
      expect([error.kind, error.message]).toEqual([
        'auth',
        'Grist would not say whose key Account 2 holds, so it is not known whether this change names your own account. Check Account 2’s connection in the options first. Nothing was sent.',
      ]);
      expect(patches()).toEqual([]);
    });
  });

  it("sends with the owning account's key only: the one that does not own it never sends", async () => {
    await saveViewerThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(changeAccess({ resource: roadmapAt(), account: VIEWER_ACCOUNT, delta: { users: { 'new@example.com': 'viewers' } } }));
    expect(error.kind).toBe('forbidden');
    expect(grist.requests).toEqual([]);
    await changeAccess({ resource: roadmapAt(), account: OWNER_ACCOUNT, delta: { users: { 'new@example.com': 'viewers' } } });
    expect(grist.requests.length).toBeGreaterThan(0);
    // The other saved account's key only asks whose it is (withSavedUsers: its user is never in a delta).
    const reads = grist.requests.filter(({ path }) => !path.endsWith('/api/profile/user'));
    expect(new Set(reads.map(({ apiKey }) => apiKey))).toEqual(new Set([owner.apiKey]));
  });
});

describe('undoing an access change', () => {
  it('puts back what was there before: one PATCH of the inverse', async () => {
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { [viewer.email]: 'editors', 'new@example.com': 'viewers' } } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toMatchObject({ outcome: 'restored', name: roadmap.name });
    expect(sentDeltas()).toEqual([[roadmapAccess, { users: { [viewer.email]: null, 'new@example.com': null } }]]);
    expect(await roleOnRoadmap(viewer.email)).toBe(null);
    expect(await roleOnRoadmap('new@example.com')).toBeUndefined();
  });

  it('after a change elsewhere: says who changed, sends nothing; force sends the inverse anyway', async () => {
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'viewers' } } });
    await changeInGrist({ users: { 'new@example.com': 'owners' } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'new@example.com: Owner' });
    expect(patches()).toEqual([]);
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id }, force: true })).toMatchObject({ outcome: 'restored' });
    expect(await roleOnRoadmap('new@example.com')).toBeUndefined();
  });

  it('puts back only what still differs when part of the change was undone elsewhere: no conflict', async () => {
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'a@example.com': 'viewers', 'b@example.com': 'editors' } } });
    await changeInGrist({ users: { 'a@example.com': null } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toMatchObject({ outcome: 'restored', name: roadmap.name });
    expect(sentDeltas()).toEqual([[roadmapAccess, { users: { 'b@example.com': null } }]]);
    expect([await roleOnRoadmap('a@example.com'), await roleOnRoadmap('b@example.com')]).toEqual([undefined, undefined]);
  });

  it('sends nothing when it is as it was before already', async () => {
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'everyone@getgrist.com': 'viewers' } } });
    await changeInGrist({ users: { 'everyone@getgrist.com': null } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'restored', name: roadmap.name, entryId: null });
    expect(patches()).toEqual([]);
  });

  it('refuses to undo a site change of a guest, whose grants an undo would not give back', async () => {
    await changeInGrist({ users: { 'guest@example.com': 'viewers' } });
    const { entryId } = await changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { users: { 'guest@example.com': 'viewers' } } });
    grist.clearRequests();
    const error = await failure(undoChange({ entryId: entryId!, target: { kind: 'site', id: ORGS.acme.id } }));
    expect(error.message).toBe('This cannot be undone: guest@example.com had access only to part of this site, which an undo would not give back. Change it in Grist.');
    expect(grist.requests).toEqual([]);
  });

  it('puts a public link that had Editor back as Viewer only, and says so (issue 48 review)', async () => {
    await changeInGrist({ users: { 'everyone@getgrist.com': 'editors' } });
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'everyone@getgrist.com': null } } });
    expect(await roleOnRoadmap('everyone@getgrist.com')).toBeUndefined();
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toMatchObject({
      outcome: 'restored',
      leftOut: 'The public link is back as Viewer only, though it was Editor before: this extension never gives it more (give it more in Grist itself).',
    });
    expect(sentDeltas()).toEqual([[roadmapAccess, { users: { 'everyone@getgrist.com': 'viewers' } }]]);
    expect(await roleOnRoadmap('everyone@getgrist.com')).toBe('viewers');
  });
});

describe('undoing an addition to a site', () => {
  const acmeTarget = { kind: 'site' as const, id: ORGS.acme.id };
  const newcomer = 'new@example.com';

  it('sends nothing when the person was given documents on the site since, whose removal would take them unread; anyway removes them as the People view does, logged, and its Undo puts them back', async () => {
    const { entryId } = await changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { users: { [newcomer]: 'editors' } } });
    // Someone gives the newcomer Leads in Grist since.
    const leadsGrant = await fetch(`${grist.url}/o/acme/api/docs/${leads.id}/access`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ delta: { users: { [newcomer]: 'owners' } } }),
    });
    expect(leadsGrant.status).toBe(200);
    const newcomerId = grist.user(newcomer)!.id;
    grist.clearRequests();

    expect(await undoChange({ entryId: entryId!, target: acmeTarget })).toEqual({
      outcome: 'changed-elsewhere',
      current: `${newcomer} given workspaces or documents on Acme Corp since; the People view removes them with what they have, and Undo there puts it back`,
    });
    expect(patches()).toEqual([]);
    expect(grist.doc(leads.id)?.shares[newcomerId]).toBe('owners');

    expect(await undoChange({ entryId: entryId!, target: acmeTarget, force: true })).toMatchObject({ outcome: 'restored', name: 'Acme Corp' });
    expect(grist.org(ORGS.acme.id)?.members[newcomerId]).toBeUndefined();
    expect(grist.doc(leads.id)?.shares[newcomerId]).toBeUndefined();
    const removal = (await readChangeLog())[0]!;
    expect(removal).toMatchObject({ kind: 'person', source: 'undo', person: { email: newcomer, removed: true, role: 'editors', documents: [{ id: leads.id, role: 'owners' }] } });

    expect(await undoChange({ entryId: removal.id, target: acmeTarget })).toMatchObject({ outcome: 'restored' });
    expect(grist.org(ORGS.acme.id)?.members[newcomerId]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[newcomerId]).toBe('owners');
  });

  it('sends nothing, even anyway, while the site could not be listed: a workspace made since would go unread', async () => {
    const { entryId } = await changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { users: { [newcomer]: 'editors' } } });
    grist.injectFault({ path: '/o/acme/api/orgs/current/workspaces', status: 500 });
    await refreshListing();
    grist.clearRequests();
    const error = await failure(undoChange({ entryId: entryId!, target: acmeTarget, force: true }));
    expect([error.kind, error.message]).toEqual(['server', `The Grist server at ${new URL(grist.url).host} had a problem (HTTP 500). Try again later.`]);
    expect(patches()).toEqual([]);
    expect(grist.org(ORGS.acme.id)?.members[grist.user(newcomer)!.id]).toBe('editors');
  });

  it('takes them off the site with one PATCH when they were given nothing inside it since', async () => {
    const { entryId } = await changeAccess({ resource: acmeAt(), account: ACCOUNT_1, delta: { users: { [newcomer]: 'viewers' } } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: acmeTarget })).toMatchObject({ outcome: 'restored', name: 'Acme Corp' });
    expect(sentDeltas()).toEqual([[`/o/acme/api/orgs/${ORGS.acme.id}/access`, { users: { [newcomer]: null } }]]);
  });
});

describe("a document's public mark in the cached listing", () => {
  it('is set when the public link is switched on, and taken away by its undo, with no refresh', async () => {
    expect((await cachedDocument(roadmap.id))?.document.isPublic).toBeUndefined();
    const { entryId } = await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'Everyone@GetGrist.com': 'viewers' } } });
    expect((await cachedDocument(roadmap.id))?.document.isPublic).toBe(true);
    await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } });
    expect((await cachedDocument(roadmap.id))?.document.isPublic).toBeUndefined();
  });

  it('is left as it is by a change that does not touch the public link', async () => {
    await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'everyone@getgrist.com': 'viewers' } } });
    await changeAccess({ resource: roadmapAt(), account: ACCOUNT_1, delta: { users: { 'new@example.com': 'viewers' } } });
    expect((await cachedDocument(roadmap.id))?.document.isPublic).toBe(true);
  });
});

describe('a workspace', () => {
  it('is changed and undone under its workspaceKey', async () => {
    const { entryId } = await changeAccess({ resource: engineeringAt(), account: ACCOUNT_1, delta: { maxInheritedRole: null } });
    expect((await readChangeLog())[0]).toMatchObject({ target: { kind: 'workspace', id: WORKSPACES.engineering.id }, workspace: { id: WORKSPACES.engineering.id } });
    expect(await undoChange({ entryId: entryId!, target: { kind: 'workspace', id: WORKSPACES.engineering.id } })).toMatchObject({ outcome: 'restored' });
    expect(sentDeltas().map(([, delta]) => delta)).toEqual([{ maxInheritedRole: null }, { maxInheritedRole: 'owners' }]);
  });
});
