/**
 * sharing/person-grants.ts's reads against the fake Grist (issue 48): what "Remove <email> from
 * all your sites…" previews is what Grist holds now, its trash included; a document gone since the
 * listing was read is skipped and named, never the whole site; a site whose account's user is not
 * known yet is read after asking Grist whose key it is, or named as not read.
 */
import { describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { undoChange } from '../../../../src/background/changes/undo.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readPersonGrants } from '../../../../src/background/sharing/person-grants.ts';
import { removed as removePerson } from '../../../setup/person-removal.ts';
import { testConnection } from '../../../../src/background/settings/settings-service.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { removePerson as removePersonRun } from '../../../../src/background/changes/removal-run.ts';
import { configure, grist, useWorkerGrist, savedWithUncheckedEditor } from '../../../setup/worker-grist.ts';

useWorkerGrist({ teamSiteUrls: [] });

const { owner, editor } = USERS;
const { acme } = ORGS;
const { bugTracker, campaignPlan, leads } = DOCS;
const acmeKey = () => ({ orgId: acme.id, siteUrl: `${grist.url}/o/acme` });

/** Account 1 with Olivia's key, its user known only when `checked` (a connection check), and listed. */
async function signIn(checked = true): Promise<void> {
  await configure(owner.apiKey);
  if (checked) await testConnection({ account: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs` });
  await refreshListing();
  grist.clearRequests();
}

/** Sends `method` to `path` of the fake as Olivia, as someone would in Grist; `users`: an access delta (or `body`, as JSON). */
async function asOwner(method: string, path: string, users?: Record<string, string | null>, body?: object): Promise<unknown> {
  const response = await fetch(`${grist.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
    ...(users || body ? { body: JSON.stringify(body ?? { delta: { users } }) } : {}),
  });
  expect(response.status).toBe(200);
  return response.json();
}

const acmeOf = async (email: string) => (await readPersonGrants({ email })).sites.find(({ siteName }) => siteName === 'Acme Corp');

describe('a document gone since the listing was read', () => {
  it('is skipped and named, and the person is still removed from the site', async () => {
    await asOwner('PATCH', `/o/acme/api/docs/${bugTracker.id}/access`, { [editor.email]: 'viewers' });
    await signIn();
    // Deleted for good in Grist after the worker's listing was read.
    await asOwner('POST', `/o/acme/api/docs/${campaignPlan.id}/remove`);
    await asOwner('DELETE', `/o/acme/api/docs/${campaignPlan.id}`);
    const grants = await readPersonGrants({ email: editor.email });
    expect(grants.unread).toEqual([]);
    expect(grants.sites).toEqual([
      expect.objectContaining({
        siteName: 'Acme Corp',
        documents: expect.arrayContaining([expect.objectContaining({ id: leads.id }), expect.objectContaining({ id: bugTracker.id })]),
        skipped: [{ kind: 'document', name: campaignPlan.name, reason: 'gone' }],
      }),
    ]);
    expect((await removePerson({ email: editor.email, sites: [acmeKey()] })).sites).toEqual([expect.objectContaining({ outcome: 'removed' })]);
    expect(grist.org(acme.id)?.members[editor.id]).toBeUndefined();
  });

  it('answering 404 while its access is read is skipped and named, the site still read', async () => {
    await signIn();
    grist.injectFault({ method: 'GET', path: `/api/docs/${bugTracker.id}/access`, status: 404, body: '{"error":"document not found"}', contentType: 'application/json' });
    const acmeSite = await acmeOf(editor.email);
    expect(acmeSite).toMatchObject({ role: 'editors', documents: [expect.objectContaining({ id: leads.id })], skipped: [{ kind: 'document', name: bugTracker.name, reason: 'gone' }] });
  });
});

describe('grants in the trash and on documents the listing does not have yet', () => {
  it('are previewed, taken by the removal, and put back by Undo', async () => {
    await signIn();
    // After the listing was read: a new document given to Ed; the Engineering workspace given to
    // him, then moved to the trash; Leads (his) moved to the trash on its own.
    const newId = (await asOwner('POST', `/o/acme/api/workspaces/${WORKSPACES.marketing.id}/docs`, undefined, { name: 'Forecast' })) as string;
    await asOwner('PATCH', `/o/acme/api/docs/${newId}/access`, { [editor.email]: 'editors' });
    await asOwner('PATCH', `/o/acme/api/workspaces/${WORKSPACES.engineering.id}/access`, { [editor.email]: 'owners' });
    await asOwner('POST', `/o/acme/api/workspaces/${WORKSPACES.engineering.id}/remove`);
    await asOwner('POST', `/o/acme/api/docs/${leads.id}/remove`);
    const acmeSite = await acmeOf(editor.email);
    expect(acmeSite?.workspaces).toEqual([{ id: WORKSPACES.engineering.id, name: 'Engineering', role: 'owners', trashed: true, makesYouOwner: true }]);
    expect(acmeSite?.documents).toEqual(
      expect.arrayContaining([
        { id: leads.id, name: leads.name, role: 'owners', workspaceId: WORKSPACES.marketing.id, trashed: true, makesYouOwner: true },
        { id: newId, name: 'Forecast', role: 'editors', workspaceId: WORKSPACES.marketing.id },
      ]),
    );
    expect(acmeSite?.skipped).toBeUndefined();

    await removePerson({ email: editor.email, sites: [acmeKey()] });
    expect(grist.workspace(WORKSPACES.engineering.id)?.shares?.[editor.id]).toBeUndefined();
    expect(grist.doc(leads.id)?.shares[editor.id]).toBeUndefined();
    expect(grist.doc(newId)?.shares[editor.id]).toBeUndefined();
    // As the preview said: the owner who removed him owns what he owned, right there.
    expect(grist.workspace(WORKSPACES.engineering.id)?.shares?.[owner.id]).toBe('owners');
    expect(grist.doc(leads.id)?.shares[owner.id]).toBe('owners');
    const [entry] = await readChangeLog();
    expect(await undoChange({ entryId: entry!.id, target: entry!.target })).toMatchObject({ outcome: 'restored' });
    expect(grist.workspace(WORKSPACES.engineering.id)?.shares?.[editor.id]).toBe('owners');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
    expect(grist.doc(newId)?.shares[editor.id]).toBe('editors');
    // Undo leaves the user an owner of what he owned (Grist refuses a change of one's own access):
    // removing him again makes them an owner of nothing new.
    const again = await acmeOf(editor.email);
    expect([...again!.workspaces, ...again!.documents].filter((grant) => grant.makesYouOwner)).toEqual([]);
    expect(again?.documents).toContainEqual({ id: leads.id, name: leads.name, role: 'owners', workspaceId: WORKSPACES.marketing.id, trashed: true });
  });
});

describe('a saved account whose user no check named yet (issue 48 review)', () => {
  const refused = `Your saved accounts’ access is changed in Grist itself, not here: ${editor.email} (Account 2). Nothing was sent.`;

  it('its user is refused by the preview and by the removal: nothing read or sent', async () => {
    await savedWithUncheckedEditor();
    await expect(readPersonGrants({ email: editor.email })).rejects.toThrow(refused);
    // Recorded by the preview's asking: clear it, as a saved account brought over would be.
    await savedWithUncheckedEditor();
    await expect(removePersonRun({ email: editor.email, sites: [acmeKey()] })).rejects.toThrow(refused);
    expect(grist.requests.filter(({ path }) => path.endsWith('/access'))).toEqual([]);
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });
});

describe("a site whose account's user is not known yet", () => {
  it('is read once Grist said whose key it is', async () => {
    await signIn(false);
    expect((await acmeOf(editor.email))?.documents).toEqual([expect.objectContaining({ id: leads.id, role: 'owners' })]);
    expect(grist.requests.filter(({ path }) => path.endsWith('/api/profile/user'))).toHaveLength(1);
    // Recorded as a connection check records it: the removal finds the site's owner too.
    expect((await removePerson({ email: editor.email, sites: [acmeKey()] })).sites).toEqual([expect.objectContaining({ outcome: 'removed' })]);
  });

  it('is found by a removal asked before any preview, once Grist said whose key it is', async () => {
    await signIn(false);
    expect((await removePerson({ email: editor.email, sites: [acmeKey()] })).sites).toEqual([expect.objectContaining({ outcome: 'removed' })]);
    expect(grist.org(acme.id)?.members[editor.id]).toBeUndefined();
  });

  it('refuses the preview when Grist would not say, naming the account: the person could be its user', async () => {
    await signIn(false);
    grist.injectFault({ path: '/api/profile/user', status: 401, body: '{"error":"Bad request: invalid API key"}', contentType: 'application/json' });
    await expect(readPersonGrants({ email: editor.email })).rejects.toThrow(
      'Grist would not say whose key Account 1 holds, so it is not known whether this change names your own account. Check Account 1’s connection in the options first. Nothing was sent.',
    );
    expect(grist.requests.filter(({ path }) => path.endsWith('/access'))).toEqual([]);
  });
});
