/**
 * sharing/removal-run.ts, against the fake Grist (issue 48): the preview's reads are the removal's
 * (each document's and workspace's access read once in all, each site's own access once more just
 * before its PATCH, and a site whose role changed since the preview is not removed); what a site's
 * PATCH takes is in the change log before the PATCH reaches Grist, pending until confirmed and not
 * offered for Undo meanwhile; and a removal whose worker was stopped mid-run is finished by the
 * next start (the worker's modules afresh, storage as it was), after which Undo this batch puts
 * everything back.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { readChangeLogItems } from '../../../../src/background/changes/undo.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readPersonGrants } from '../../../../src/background/sharing/person-grants.ts';
import { removePerson } from '../../../../src/background/changes/removal-run.ts';
import { undoBatch } from '../../../../src/background/bulk/batch-undo.ts';
import { testConnection } from '../../../../src/background/settings/settings-service.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { settled, shareAsOwner, storedEntries, removalOf } from '../../../setup/person-removal.ts';
import { configure, grist, patches, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ teamSiteUrls: [] });

const { owner, editor } = USERS;
const { acme, globex } = ORGS;
const { leads, projectAlpha } = DOCS;

/** The preview of Ed, an editor of Acme (owner of Leads) and a guest of Globex (viewer of Project Alpha): two sites; read with `read` (a restarted worker's). */
async function previewOfEd(read = readPersonGrants) {
  await shareAsOwner(`/o/globex/api/docs/${projectAlpha.id}/access`, { [editor.email]: 'viewers' });
  grist.clearRequests();
  const grants = await read({ email: editor.email });
  expect(grants.sites.map(({ siteName, role }) => [siteName, role])).toEqual([
    ['Acme Corp', 'editors'],
    ['Globex Inc', 'guests'],
  ]);
  return grants;
}

/** Ed has everything back in the fake's store: his Acme role, his Leads grant, his Project Alpha grant. */
function expectEdBack() {
  expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
  expect(grist.doc(leads.id)?.shares[editor.id]).toBe('owners');
  expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBe('viewers');
}

beforeEach(async () => {
  await configure(owner.apiKey);
  await testConnection({ account: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs` });
  await refreshListing();
  grist.clearRequests();
});

describe('the preview’s reads are the removal’s', () => {
  it('reads each workspace’s and document’s access once for the preview; before each site’s PATCH, the site’s own once more and those the person has a grant on', async () => {
    const grants = await previewOfEd();
    const run = await settled((await removePerson(removalOf(grants))).batchId);
    expect(run.sites.map(({ outcome }) => outcome)).toEqual(['removed', 'removed']);
    const gets = new Map<string, number>();
    for (const { method, path } of grist.requests) if (method === 'GET') gets.set(path, (gets.get(path) ?? 0) + 1);
    const inside = [...gets].filter(([path]) => /\/api\/(docs|workspaces)\/[^/]+\/access$/.test(path));
    expect(inside.length).toBeGreaterThan(2);
    expect(inside.filter(([, count]) => count > 1).sort()).toEqual([
      [`/o/acme/api/docs/${leads.id}/access`, 2],
      [`/o/globex/api/docs/${projectAlpha.id}/access`, 2],
    ]);
    expect([gets.get(`/o/acme/api/orgs/${acme.id}/access`), gets.get(`/o/globex/api/orgs/${globex.id}/access`)]).toEqual([2, 2]);
    expect(patches().map(({ path }) => path).sort()).toEqual([`/o/acme/api/orgs/${acme.id}/access`, `/o/globex/api/orgs/${globex.id}/access`]);
    expect(grist.org(acme.id)?.members[editor.id]).toBeUndefined();
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBeUndefined();
  });

  it('does not remove them from a site where their role changed since the preview, and says why; the other site is removed', async () => {
    const grants = await previewOfEd();
    await shareAsOwner(`/o/acme/api/orgs/${acme.id}/access`, { [editor.email]: 'viewers' });
    grist.clearRequests();
    const run = await settled((await removePerson(removalOf(grants))).batchId);
    expect(run.sites).toEqual([
      { orgId: acme.id, siteUrl: `${grist.url}/o/acme`, outcome: 'changed', message: 'Not removed from “Acme Corp”: editor@example.com is Viewer there now, not Editor as read before. Open the preview again to remove them.' },
      expect.objectContaining({ orgId: globex.id, outcome: 'removed' }),
    ]);
    expect(patches().map(({ path }) => path)).toEqual([`/o/globex/api/orgs/${globex.id}/access`]);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('viewers');
    // Only the site removed from is in the log: nothing to undo on Acme.
    expect((await readChangeLog()).map(({ site }) => site.name)).toEqual(['Globex Inc']);
  });
});

describe('what a removal takes is what Grist has as it is sent', () => {
  it('a grant someone else took since the preview is not recorded as taken, one changed is recorded as it is now: Undo gives back no more than the removal took', async () => {
    const grants = await previewOfEd();
    // Between the preview and the removal, in Grist: Leads is no longer Ed's; Project Alpha is his to edit.
    await shareAsOwner(`/o/acme/api/docs/${leads.id}/access`, { [editor.email]: null });
    await shareAsOwner(`/o/globex/api/docs/${projectAlpha.id}/access`, { [editor.email]: 'editors' });
    const run = await settled((await removePerson(removalOf(grants))).batchId);
    expect(run.sites.map(({ outcome }) => outcome)).toEqual(['removed', 'removed']);
    expect((await readChangeLog()).map((entry) => [entry.site.name, entry.kind === 'person' ? entry.person.documents.map(({ id, role }) => [id, role]) : undefined]).sort()).toEqual([
      ['Acme Corp', []],
      ['Globex Inc', [[projectAlpha.id, 'editors']]],
    ]);
    expect((await undoBatch({ batchId: run.batchId })).map(({ outcome }) => outcome)).toEqual(['restored', 'restored']);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(leads.id)?.shares[editor.id]).toBeUndefined();
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBe('editors');
  });

  it('a preview the worker does not have (restarted since, or an id no preview had) is read afresh: what Grist has now is taken', async () => {
    await previewOfEd();
    await shareAsOwner(`/o/acme/api/docs/${leads.id}/access`, { [editor.email]: null });
    grist.clearRequests();
    const run = await settled((await removePerson({ email: editor.email, previewId: 'no-such-preview', sites: [{ orgId: acme.id, siteUrl: `${grist.url}/o/acme` }] })).batchId);
    expect(run.sites.map(({ outcome }) => outcome)).toEqual(['removed']);
    // Every workspace of the site read again, as a preview reads it.
    expect(grist.requests.filter(({ method, path }) => method === 'GET' && /\/api\/workspaces\/\d+\/access$/.test(path)).length).toBeGreaterThan(0);
    expect((await readChangeLog()).map((entry) => (entry.kind === 'person' ? entry.person.documents : undefined))).toEqual([[]]);
  });
});

describe('a preview’s removal is one run', () => {
  it('sent again (Remove pressed again after the page lost track of the first, or the message twice), it answers where the first stands, and nothing is sent twice', async () => {
    const grants = await previewOfEd();
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${acme.id}/access`, delayMs: 300, times: 1 });
    const [first, again] = await Promise.all([removePerson(removalOf(grants)), removePerson(removalOf(grants))]);
    expect(again.batchId).toBe(first.batchId);
    const later = await removePerson(removalOf(grants));
    expect(later.batchId).toBe(first.batchId);
    expect((await settled(first.batchId)).sites.map(({ outcome }) => outcome)).toEqual(['removed', 'removed']);
    expect((await removePerson(removalOf(grants))).batchId).toBe(first.batchId);
    expect(patches().map(({ path }) => path).sort()).toEqual([`/o/acme/api/orgs/${acme.id}/access`, `/o/globex/api/orgs/${globex.id}/access`]);
    expect(new Set((await readChangeLog()).map(({ batchId }) => batchId))).toEqual(new Set([first.batchId]));
  });
});

describe('write-ahead', () => {
  it('stores what the PATCH takes before the PATCH reaches Grist, pending and not offered for Undo; done once confirmed', async () => {
    const grants = await previewOfEd();
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${acme.id}/access`, delayMs: 400, times: 1 });
    const started = await removePerson(removalOf(grants, ({ orgId }) => orgId === acme.id));
    expect(started).toMatchObject({ done: false, sites: [{ outcome: 'waiting' }] });
    await vi.waitFor(() => expect(patches()).toHaveLength(1), { interval: 2 });
    // The PATCH is at Grist, not answered: the stored log holds what it takes.
    expect(await storedEntries()).toEqual([
      expect.objectContaining({ pending: true, batchId: started.batchId, person: { email: editor.email, removed: true, role: 'editors', workspaces: [], documents: [expect.objectContaining({ id: leads.id, role: 'owners' })] } }),
    ]);
    expect((await readChangeLogItems()).map(({ cannotUndo }) => cannotUndo)).toEqual(['Not confirmed by Grist yet: it can be undone once it is.']);
    await settled(started.batchId);
    const [entry] = await storedEntries();
    expect(entry).not.toHaveProperty('pending');
    expect((await readChangeLogItems()).map(({ cannotUndo }) => cannotUndo)).toEqual([null]);
  });

  it('drops the entry written ahead when Grist refuses the PATCH: nothing to undo', async () => {
    const grants = await previewOfEd();
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${acme.id}/access`, status: 500, times: 1 });
    const run = await settled((await removePerson(removalOf(grants, ({ orgId }) => orgId === acme.id))).batchId);
    expect(run.sites).toEqual([expect.objectContaining({ outcome: 'failed' })]);
    expect(await storedEntries()).toEqual([]);
    expect(grist.org(acme.id)?.members[editor.id]).toBe('editors');
  });
});

describe('a removal whose worker was stopped mid-run', () => {
  /** The worker as it starts (again, after a stop): its modules afresh, storage as it was. */
  async function restartedWorker() {
    vi.resetModules();
    const [run, undo, grants] = await Promise.all([
      import('../../../../src/background/changes/removal-run.ts'),
      import('../../../../src/background/bulk/batch-undo.ts'),
      import('../../../../src/background/sharing/person-grants.ts'),
    ]);
    return { ...run, ...undo, ...grants };
  }

  /**
   * Removes Ed from Acme and Globex; Globex's PATCH meets `fault` (its answer never comes back while
   * the test runs: the worker stopped then). Out: the batch id, once Acme is confirmed and Globex's
   * PATCH is at Grist.
   */
  async function stoppedMidRun(fault: { hang: true } | { holdAnswerMs: number }): Promise<string> {
    // A worker of its own, left waiting when the test moves on: no later test's queue waits behind it.
    const worker = await restartedWorker();
    const grants = await previewOfEd(worker.readPersonGrants);
    grist.injectFault({ method: 'PATCH', path: `/api/orgs/${globex.id}/access`, times: 1, ...fault });
    const { batchId } = await worker.removePerson(removalOf(grants));
    await vi.waitFor(async () => {
      expect(patches()).toHaveLength(2);
      expect((await storedEntries()).map(({ site, pending }) => [site.name, pending ?? 'done'])).toEqual([
        ['Globex Inc', true],
        ['Acme Corp', 'done'],
      ]);
    });
    // What the next start reads first: the batch to resume, no email.
    expect(await fakeBrowser.storage.local.get('changeLogPending')).toEqual({ changeLogPending: [batchId] });
    return batchId;
  }

  /** A worker started again resumes the removal `batchId` (its requests counted from then). Out: that worker, and the run once done. */
  async function resumedAfterRestart(batchId: string) {
    const worker = await restartedWorker();
    grist.clearRequests();
    await worker.resumePersonRemovals();
    const run = await vi.waitFor(async () => {
      const now = await worker.getPersonRemoval({ batchId });
      expect(now.done).toBe(true);
      return now;
    });
    return { worker, run };
  }

  it('whose PATCH had landed: the next start finds them gone, marks it done, sends nothing; Undo puts everything back', async () => {
    const batchId = await stoppedMidRun({ holdAnswerMs: 60_000 });
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBeUndefined();
    const { worker, run } = await resumedAfterRestart(batchId);
    expect(run.sites.map(({ outcome }) => outcome)).toEqual(['removed', 'removed']);
    expect(patches()).toEqual([]);
    expect((await storedEntries()).filter(({ pending }) => pending)).toEqual([]);
    expect(await fakeBrowser.storage.local.get('changeLogPending')).toEqual({ changeLogPending: [] });
    expect((await worker.undoBatch({ batchId })).map(({ outcome }) => outcome)).toEqual(['restored', 'restored']);
    expectEdBack();
  });

  it('whose PATCH never reached Grist: the next start sends it, then Undo puts everything back', async () => {
    const batchId = await stoppedMidRun({ hang: true });
    expect(grist.org(globex.id)).toBeDefined();
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBe('viewers');
    const { worker, run } = await resumedAfterRestart(batchId);
    expect(run.sites.map(({ outcome }) => outcome)).toEqual(['removed', 'removed']);
    // One read of Globex's own access, then of the one grant the removal takes there (it may have
    // changed while the worker was stopped), then its PATCH: nothing else inside the site is read again.
    expect(grist.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /o/globex/api/orgs/${globex.id}/access`,
      `GET /o/globex/api/docs/${projectAlpha.id}/access`,
      `PATCH /o/globex/api/orgs/${globex.id}/access`,
    ]);
    expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBeUndefined();
    expect((await worker.undoBatch({ batchId })).map(({ outcome }) => outcome)).toEqual(['restored', 'restored']);
    expectEdBack();
  });
});
