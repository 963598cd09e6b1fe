/**
 * sharing/remove-person.ts's undo against the fake Grist (issue 48): it puts back only what is
 * still as the removal left it (absent); each grant the person has again since, whatever its role
 * (lowered, raised, or the same given by someone else), is kept, named, and put back only by its
 * own "Put back anyway" (undoChange's `grants`), while it still has the role shown; a put-back that stopped halfway is told apart from
 * a colleague's change by what it wrote before sending.
 */
import { describe, expect, it, beforeEach } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { removed as removePerson } from '../../../../setup/person-removal.ts';
import { testConnection } from '../../../../../src/background/settings/settings-service.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { DOCS, ORGS, USERS } from '../../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../../setup/saved-key.ts';
import { configure, grist, patches, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ teamSiteUrls: [] });

const { owner, editor, sharedOnly } = USERS;
const { acme, globex } = ORGS;
const { leads, projectBeta } = DOCS;

beforeEach(async () => {
  await configure(owner.apiKey);
  await testConnection({ account: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs` });
  await refreshListing();
});

/** Gives `users` their roles on `path` (an access path of the fake), as a colleague would in Grist. */
async function share(path: string, users: Record<string, string | null>): Promise<void> {
  const response = await fetch(`${grist.url}${path}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ delta: { users } }),
  });
  expect(response.status).toBe(200);
}

/** Removes `email` from `site` and gives back the removal's log entry (its id and key). */
async function removed(email: string, site: { orgId: number; path: string }) {
  await removePerson({ email, sites: [{ orgId: site.orgId, siteUrl: `${grist.url}${site.path}` }] });
  const [entry] = await readChangeLog();
  expect(entry).toMatchObject({ kind: 'person', person: { email, removed: true } });
  return { entryId: entry!.id, target: entry!.target };
}

/** The removal's entry as the log has it now. */
const entryNow = async (id: string) => (await readChangeLog()).find((entry) => entry.id === id);

const acmeSite = { orgId: acme.id, path: '/o/acme' };

describe('undoing a removal after a colleague gave the person something again', () => {
  it('keeps a document role a colleague lowered, names it, puts back the rest; Put back anyway puts back that one', async () => {
    const removal = await removed(editor.email, acmeSite);
    // A colleague gives Ed Leads again, on purpose as a viewer (he owned it).
    await share(`/o/acme/api/docs/${leads.id}/access`, { [editor.email]: 'viewers' });
    grist.clearRequests();

    const outcome = await undoChange(removal);
    const words = 'editor@example.com is Viewer of the document “Leads” now; the removal took Owner';
    expect(outcome).toMatchObject({ outcome: 'restored', kept: [{ grant: `document:${leads.id}=viewers`, current: words }] });
    // His site role, absent since the removal, went back; Leads kept the colleague's role.
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('viewers');
    expect(patches().map(({ path }) => path)).toEqual([`/o/acme/api/orgs/${acme.id}/access`]);
    // Still to be undone: what was kept may be put back anyway.
    expect((await entryNow(removal.entryId))?.undoneBy).toBeUndefined();

    // Undo again: the site role is this undo's own (not a conflict), Leads still is; nothing sent.
    grist.clearRequests();
    expect(await undoChange(removal)).toEqual({ outcome: 'changed-elsewhere', current: words, conflicts: [{ grant: `document:${leads.id}=viewers`, current: words }] });
    expect(patches()).toEqual([]);

    grist.clearRequests();
    expect(await undoChange({ ...removal, grants: [`document:${leads.id}=viewers`] })).toMatchObject({ outcome: 'restored' });
    expect(patches().map(({ path }) => path)).toEqual([`/o/acme/api/docs/${leads.id}/access`]);
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
    expect((await entryNow(removal.entryId))?.undoneBy).toEqual(expect.any(String));
  });

  it('Put back anyway of a grant changed again since it was shown overwrites nothing: it is named again with its role now, and asked again', async () => {
    const removal = await removed(editor.email, acmeSite);
    await share(`/o/acme/api/docs/${leads.id}/access`, { [editor.email]: 'viewers' });
    const shown = await undoChange(removal);
    expect(shown).toMatchObject({ outcome: 'restored', kept: [{ current: 'editor@example.com is Viewer of the document “Leads” now; the removal took Owner' }] });
    const [asked] = (shown as { kept: Array<{ grant: string }> }).kept;
    // While the user reads it, a colleague makes Ed an editor of Leads.
    await share(`/o/acme/api/docs/${leads.id}/access`, { [editor.email]: 'editors' });
    grist.clearRequests();
    const words = 'editor@example.com is Editor of the document “Leads” now; the removal took Owner';
    const again = await undoChange({ ...removal, grants: [asked!.grant] });
    expect(again).toEqual({ outcome: 'changed-elsewhere', current: words, conflicts: [{ grant: expect.any(String), current: words }] });
    expect(patches()).toEqual([]);
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('editors');
    // Put back anyway of what is shown now puts it back.
    const [askedAgain] = (again as { conflicts: Array<{ grant: string }> }).conflicts;
    expect(await undoChange({ ...removal, grants: [askedAgain!.grant] })).toMatchObject({ outcome: 'restored' });
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });

  it('keeps a role raised since, and the same role given by someone else, each named', async () => {
    await share(`/o/acme/api/docs/${DOCS.bugTracker.id}/access`, { [editor.email]: 'viewers' });
    const removal = await removed(editor.email, acmeSite);
    await share(`/o/acme/api/docs/${DOCS.bugTracker.id}/access`, { [editor.email]: 'editors' });
    await share(`/o/acme/api/docs/${leads.id}/access`, { [editor.email]: 'owners' });
    const outcome = await undoChange(removal);
    expect(outcome).toMatchObject({
      outcome: 'restored',
      kept: [
        { grant: `document:${DOCS.bugTracker.id}=editors`, current: 'editor@example.com is Editor of the document “Bug Tracker” now; the removal took Viewer' },
        { grant: `document:${leads.id}=owners`, current: 'editor@example.com is Owner of the document “Leads” now; the removal took Owner' },
      ],
    });
    expect(grist.doc(DOCS.bugTracker.id)?.shares[editor.id]).toBe('editors');
  });

  it('sends nothing for a guest re-shared at a lower role, and names it', async () => {
    const removal = await removed(sharedOnly.email, { orgId: globex.id, path: '/o/globex' });
    await share(`/o/globex/api/docs/${projectBeta.id}/access`, { [sharedOnly.email]: 'viewers' });
    grist.clearRequests();
    const words = 'shared@example.com is Viewer of the document “Project Beta” now; the removal took Owner';
    expect(await undoChange(removal)).toEqual({ outcome: 'changed-elsewhere', current: words, conflicts: [{ grant: `document:${projectBeta.id}=viewers`, current: words }] });
    expect(patches()).toEqual([]);
    expect(grist.doc(projectBeta.id)?.shares[sharedOnly.id]).toBe('viewers');
  });
});

describe('a put-back that stopped halfway', () => {
  it('is resumed: what it sent before is its own, written before it left', async () => {
    const removal = await removed(editor.email, acmeSite);
    grist.injectFault({ method: 'PATCH', path: `/api/docs/${leads.id}/access`, status: 500, times: 1 });
    await expect(undoChange(removal)).rejects.toMatchObject({ status: 500 });
    const entryAfter = await entryNow(removal.entryId);
    expect(entryAfter?.kind === 'person' ? entryAfter.person.putBack : undefined).toEqual(['site', `document:${leads.id}`]);
    grist.clearRequests();
    expect(await undoChange(removal)).toMatchObject({ outcome: 'restored' });
    expect(await undoChange(removal).catch((error: Error) => error.message)).toBe('Already undone.');
    // Only what was still absent went the second time.
    expect(patches().map(({ path }) => path)).toEqual([`/o/acme/api/docs/${leads.id}/access`]);
    expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  });
});
