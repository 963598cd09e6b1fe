/**
 * sharing/person-grants.ts and sharing/remove-person.ts, against the fake Grist: the preview names
 * only the sites the account owns and never the user; the removal is one request per site; a lost
 * answer is read back, not sent again; Undo this batch puts back the site role and the guest's
 * grants that are still absent, and keeps (names, sends nothing for) each one changed since.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { undoBatch } from '../../../../../src/background/bulk/batch-undo.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { readPersonGrants } from '../../../../../src/background/sharing/person-grants.ts';
import { removed as finished } from '../../../../setup/person-removal.ts';
import { testConnection } from '../../../../../src/background/settings/settings-service.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { ACCOUNT_1, OWNER_ACCOUNT, VIEWER_ACCOUNT, saveAccounts } from '../../../../setup/saved-key.ts';
import { calls, configure, failure, grist, patches, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ teamSiteUrls: [] });

const { owner, editor, sharedOnly, viewer } = USERS;
const { acme, globex } = ORGS;
const { bugTracker, campaignPlan, leads, projectAlpha, projectBeta } = DOCS;

/** Account 1 saved with `apiKey`, its user known (a connection check), and listed. */
async function signIn(apiKey: string): Promise<void> {
  await configure(apiKey);
  await testConnection({ account: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs` });
  await refreshListing();
  grist.clearRequests();
}

const acmeKey = () => ({ orgId: acme.id, siteUrl: `${grist.url}/o/acme` });
const globexKey = () => ({ orgId: globex.id, siteUrl: `${grist.url}/o/globex` });

/** Gives `users` their roles on `path` (an access path of the fake), as someone in Grist would: as Olivia, the owner. */
async function share(path: string, users: Record<string, string | null>): Promise<void> {
  await fetch(`${grist.url}${path}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ delta: { users } }),
  });
}

/** The PATCH requests sent, as [path, body]. */
const sent = () => patches().map(({ path, body }) => [path, JSON.parse(body)]);

describe('what a person has on your sites', () => {
  beforeEach(() => signIn(owner.apiKey));

  it("names their site role and their document grant, on the one site they are on", async () => {
    const grants = await readPersonGrants({ email: editor.email });
    expect(grants).toEqual({
      email: editor.email,
      previewId: expect.any(String),
      sites: [
        {
          account: ACCOUNT_1,
          ...acmeKey(),
          siteName: 'Acme Corp',
          role: 'editors',
          workspaces: [],
          // Ed owns Leads and the user is not a direct owner of it: removing Ed makes them one (grist-core scrubUserFromOrg).
          documents: [{ id: leads.id, name: leads.name, role: 'owners', workspaceId: leads.workspaceId, makesYouOwner: true }],
        },
      ],
      unread: [],
    });
    expect(patches()).toEqual([]);
  });

  it('reads the one site asked for (a site\'s People panel), and no other', async () => {
    grist.clearRequests();
    const grants = await readPersonGrants({ email: viewer.email, site: acmeKey() });
    expect(grants.sites.map(({ siteName }) => siteName)).toEqual(['Acme Corp']);
    expect(grist.requests.filter(({ path }) => path.endsWith('/access') && !path.startsWith('/o/acme/'))).toEqual([]);
    // Without it, every site the user owns is read.
    await readPersonGrants({ email: viewer.email });
    expect(grist.requests.filter(({ path }) => path.endsWith('/access') && !path.startsWith('/o/acme/')).length).toBeGreaterThan(0);
  });

  it("reads a guest's documents only in the workspaces that list them", async () => {
    const grants = await readPersonGrants({ email: sharedOnly.email });
    expect(grants.sites).toEqual([expect.objectContaining({ siteName: 'Globex Inc', role: 'guests', workspaces: [], documents: [expect.objectContaining({ id: projectBeta.id, role: 'owners' })] })]);
    // The workspaces that list Sam (Projects) have their documents read; each workspace once.
    const read = grist.requests.filter(({ path }) => path.startsWith('/o/globex/api/')).map(({ path }) => path);
    expect(read.sort()).toEqual(
      [`/o/globex/api/orgs/${globex.id}/access`, '/o/globex/api/orgs/current/workspaces?showRemoved=1', ...[WORKSPACES.globexHome, WORKSPACES.projects].map(({ id }) => `/o/globex/api/workspaces/${id}/access`), ...[projectAlpha, projectBeta].map(({ id }) => `/o/globex/api/docs/${id}/access`)].sort(),
    );
  });

  it('never offers the user themselves', async () => {
    const error = await failure(readPersonGrants({ email: 'OWNER@example.com' }));
    expect(error.kind).toBe('invalid-input');
    expect(grist.requests).toEqual([]);
  });
});

describe('a site the account does not own', () => {
  beforeEach(() => signIn(editor.apiKey));

  it('is never named by the preview, and a removal naming it sends nothing', async () => {
    // Ed edits Acme, where Victor is a viewer: Acme is not Ed's to change.
    expect((await readPersonGrants({ email: viewer.email })).sites).toEqual([]);
    const removed = await finished({ email: viewer.email, sites: [acmeKey()] });
    expect(removed.sites).toEqual([{ ...acmeKey(), outcome: 'failed', kind: 'forbidden', message: 'Only the owners of “Acme Corp” can remove people from it.' }]);
    expect(patches()).toEqual([]);
    expect(grist.org(acme.id)?.members[viewer.id]).toBe('viewers');
  });
});

describe('two accounts that both list a site', () => {
  it('reads and removes with the key of the account that owns it, though the viewer’s account comes first', async () => {
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: VIEWER_ACCOUNT, settings, apiKey: viewer.apiKey, user: { name: viewer.name, email: viewer.email } },
      { id: OWNER_ACCOUNT, settings, apiKey: owner.apiKey, user: { name: owner.name, email: owner.email } },
    ]);
    await refreshListing();
    grist.clearRequests();
    const grants = await readPersonGrants({ email: editor.email });
    expect(grants.sites.map(({ account, siteName }) => [account, siteName])).toEqual([[OWNER_ACCOUNT, 'Acme Corp']]);
    await finished({ email: editor.email, sites: grants.sites });
    expect(grist.org(acme.id)?.members[editor.id]).toBeUndefined();
    // Acme is read and changed with Olivia's key only (Victor's own personal site, with his).
    const acmeRequests = grist.requests.filter(({ path }) => path.startsWith('/o/acme/') && path.endsWith('/access'));
    expect(acmeRequests.length).toBeGreaterThan(0);
    expect(new Set(acmeRequests.map(({ apiKey }) => apiKey))).toEqual(new Set([owner.apiKey]));
  });
});

describe('removing a person from all your sites, and Undo', () => {
  beforeEach(() => signIn(owner.apiKey));

  it('is one request per site, and Undo puts back their site role, then their document grant', async () => {
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    expect(removed.sites).toEqual([{ ...acmeKey(), outcome: 'removed', entryId: expect.any(String) }]);
    expect(sent()).toEqual([[`/o/acme/api/orgs/${acme.id}/access`, { delta: { users: { [editor.email]: null } } }]]);
    expect(grist.org(acme.id)?.members[editor.id]).toBeUndefined();
    expect(grist.doc(leads.id)?.shares[editor.id]).toBeUndefined();
    const [entry] = await readChangeLog();
    expect(entry).toMatchObject({ kind: 'person', target: { kind: 'site' }, batchId: removed.batchId, person: { email: editor.email, removed: true, role: 'editors' } });

    grist.clearRequests();
    expect(await undoBatch({ batchId: removed.batchId })).toEqual([expect.objectContaining({ outcome: 'restored' })]);
    expect(sent()).toEqual([
      [`/o/acme/api/orgs/${acme.id}/access`, { delta: { users: { [editor.email]: 'editors' } } }],
      [`/o/acme/api/docs/${leads.id}/access`, { delta: { users: { [editor.email]: 'owners' } } }],
    ]);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it("puts a guest's document grants back, and no site role", async () => {
    const removed = await finished({ email: sharedOnly.email, sites: [globexKey()] });
    expect(grist.doc(projectBeta.id)?.shares[sharedOnly.id]).toBeUndefined();
    grist.clearRequests();
    await undoBatch({ batchId: removed.batchId });
    expect(sent()).toEqual([[`/o/globex/api/docs/${projectBeta.id}/access`, { delta: { users: { [sharedOnly.email]: 'owners' } } }]]);
    expect(grist.doc(projectBeta.id)?.shares[sharedOnly.id]).toBe('owners');
    expect(grist.org(globex.id)?.members[sharedOnly.id]).toBeUndefined();
  });

  it('is one request per site the person is on, each site with its own grants logged', async () => {
    // Ed is also given a Globex document: two sites to remove him from.
    await share(`/o/globex/api/docs/${projectAlpha.id}/access`, { [editor.email]: 'viewers' });
    grist.clearRequests();
    const grants = await readPersonGrants({ email: editor.email });
    expect(grants.sites.map(({ siteName, role }) => [siteName, role])).toEqual([
      ['Acme Corp', 'editors'],
      ['Globex Inc', 'guests'],
    ]);
    const removed = await finished({ email: editor.email, sites: grants.sites });
    expect(removed.sites.map(({ outcome }) => outcome)).toEqual(['removed', 'removed']);
    expect(sent().map(([path]) => path)).toEqual(expect.arrayContaining([`/o/acme/api/orgs/${acme.id}/access`, `/o/globex/api/orgs/${globex.id}/access`]));
    expect(patches()).toHaveLength(2);
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBeUndefined();
    await undoBatch({ batchId: removed.batchId });
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBe('viewers');
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
  });

  it('puts back a site role of members, which gives nothing inside the site', async () => {
    await share(`/o/acme/api/orgs/${acme.id}/access`, { [viewer.email]: 'members' });
    const removed = await finished({ email: viewer.email, sites: [acmeKey()] });
    expect(grist.org(acme.id)?.members[viewer.id]).toBeUndefined();
    grist.clearRequests();
    expect(await undoBatch({ batchId: removed.batchId })).toEqual([expect.objectContaining({ outcome: 'restored' })]);
    expect(sent()).toEqual([[`/o/acme/api/orgs/${acme.id}/access`, { delta: { users: { [viewer.email]: 'members' } } }]]);
    expect(grist.org(acme.id)?.members[viewer.id]).toBe('members');
  });

  it('keeps other people’s emails out of storage: only the change log’s undo holds them', async () => {
    await readPersonGrants({ email: sharedOnly.email });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(sharedOnly.email);
    const removed = await finished({ email: sharedOnly.email, sites: [globexKey()] });
    const stored = await fakeBrowser.storage.local.get(null);
    const holding = Object.keys(stored).filter((key) => JSON.stringify(stored[key]).includes(sharedOnly.email));
    // A batch's entries are stored apart, under its id (change-log-items.ts batchLogItem).
    expect(holding).toEqual([`changeLog:${removed.batchId}`]);
  });

  it('after a lost answer: reads the site back, reports it removed, sends it once', async () => {
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${acme.id}/access`, loseAnswer: true, times: 1 });
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    expect(removed.sites).toEqual([{ ...acmeKey(), outcome: 'removed', entryId: expect.any(String) }]);
    expect(patches()).toHaveLength(1);
    expect(calls('GET', `/o/acme/api/orgs/${acme.id}/access`)).toBe(2);
  });

  it('after a proxy’s 504 that Grist never saw: reads the site back once, says they were not removed, sends it once', async () => {
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${acme.id}/access`, status: 504, times: 1 });
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    expect(removed.sites).toEqual([{ ...acmeKey(), outcome: 'failed', kind: 'network', message: 'The answer was lost, and Grist still lists editor@example.com on “Acme Corp”: they were not removed.' }]);
    expect(patches()).toHaveLength(1);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(await readChangeLog()).toEqual([]);
    // What they have read first, and the site read back once: not once per layer that met the lost answer.
    expect(calls('GET', `/o/acme/api/orgs/${acme.id}/access`)).toBe(2);
  });

  it('an Undo whose last answer was lost reads every grant back, claims it, and sends nothing twice', async () => {
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    grist.clearRequests();
    grist.injectFault({ method: 'PATCH', path: `/api/docs/${leads.id}/access`, loseAnswer: true, times: 1 });
    expect(await undoBatch({ batchId: removed.batchId })).toEqual([expect.objectContaining({ outcome: 'restored' })]);
    expect(patches()).toHaveLength(2);
    // Read first (still absent: put back), then read back once after the lost answer.
    expect(calls('GET', `/o/acme/api/docs/${leads.id}/access`)).toBe(2);
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it('puts back a document that went to the trash since, and names the one deleted for good, left out', async () => {
    await share(`/o/acme/api/docs/${bugTracker.id}/access`, { [editor.email]: 'viewers' });
    await share(`/o/acme/api/docs/${campaignPlan.id}/access`, { [editor.email]: 'editors' });
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    const asOwner = { Authorization: `Bearer ${owner.apiKey}` };
    await fetch(`${grist.url}/o/acme/api/docs/${leads.id}/remove`, { method: 'POST', headers: asOwner });
    await fetch(`${grist.url}/o/acme/api/docs/${bugTracker.id}/remove`, { method: 'POST', headers: asOwner });
    await fetch(`${grist.url}/o/acme/api/docs/${bugTracker.id}`, { method: 'DELETE', headers: asOwner });
    const [result] = await undoBatch({ batchId: removed.batchId });
    expect(result).toMatchObject({ outcome: 'restored', message: 'Not put back, as Grist no longer has them: “Bug Tracker”.' });
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(campaignPlan.id)?.shares[editor.id]).toBe('editors');
    // Grist answers the access of a document in its trash: its grant goes back with it.
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it('names what it left out when all that was still absent is gone: a guest whose one document was deleted for good', async () => {
    const removed = await finished({ email: sharedOnly.email, sites: [globexKey()] });
    const asOwner = { Authorization: `Bearer ${owner.apiKey}` };
    await fetch(`${grist.url}/o/globex/api/docs/${projectBeta.id}/remove`, { method: 'POST', headers: asOwner });
    await fetch(`${grist.url}/o/globex/api/docs/${projectBeta.id}`, { method: 'DELETE', headers: asOwner });
    expect(grist.doc(projectBeta.id)).toBeUndefined();
    grist.clearRequests();
    const [result] = await undoBatch({ batchId: removed.batchId });
    expect(result).toMatchObject({ outcome: 'restored', message: 'Not put back, as Grist no longer has them: “Project Beta”.' });
    expect(patches()).toEqual([]);
  });

  it('resumes a put-back that stopped halfway, rather than call it changed elsewhere', async () => {
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    grist.injectFault({ method: 'PATCH', path: `/api/docs/${leads.id}/access`, status: 500, times: 1 });
    expect((await undoBatch({ batchId: removed.batchId }))[0]).toMatchObject({ outcome: 'failed' });
    // The site role went back before the document's PATCH failed.
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBeUndefined();
    expect(await undoBatch({ batchId: removed.batchId })).toEqual([expect.objectContaining({ outcome: 'restored' })]);
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it('after the site role’s answer is lost on the way back: reads it back and goes on to the document grant', async () => {
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    grist.clearRequests();
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${acme.id}/access`, loseAnswer: true, times: 1 });
    expect(await undoBatch({ batchId: removed.batchId })).toEqual([expect.objectContaining({ outcome: 'restored' })]);
    expect(patches()).toHaveLength(2);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it('keeps the site role someone gave them since, and puts back the document grant still absent', async () => {
    const removed = await finished({ email: editor.email, sites: [acmeKey()] });
    await share(`/o/acme/api/orgs/${acme.id}/access`, { [editor.email]: 'viewers' });
    grist.clearRequests();
    const [result] = await undoBatch({ batchId: removed.batchId });
    expect(result).toMatchObject({
      outcome: 'restored',
      message: 'Kept as changed since (the History puts each back anyway): editor@example.com is on the site again since, as Viewer; the removal took Editor.',
    });
    expect(sent()).toEqual([[`/o/acme/api/docs/${leads.id}/access`, { delta: { users: { [editor.email]: 'owners' } } }]]);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('viewers');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });
});
