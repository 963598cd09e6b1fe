/**
 * sharing/removal-run.ts's start-up resume against the fake Grist (issue 48, after review): it
 * finishes only the removals an earlier worker left pending, never a run of its own worker (one
 * started by the message that woke it), and it drops an entry whose account has no key any more
 * instead of leaving it pending for ever; and Undo this batch, asked while the resume confirms an
 * entry, waits for it and puts it back. A worker is restarted as in removal-run.test.ts: its
 * modules afresh, storage as it was.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, expect, it, vi } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readPersonGrants } from '../../../../src/background/sharing/person-grants.ts';
import { testConnection } from '../../../../src/background/settings/settings-service.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { shareAsOwner, storedEntries, removalOf } from '../../../setup/person-removal.ts';
import { configure, grist, patches, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ teamSiteUrls: [] });

const { owner, editor, viewer } = USERS;
const { acme, globex } = ORGS;
const { projectAlpha } = DOCS;

/** The worker as it starts (again, after a stop): its modules afresh, storage as it was. */
async function restartedWorker() {
  vi.resetModules();
  const [run, settings, undo] = await Promise.all([
    import('../../../../src/background/changes/removal-run.ts'),
    import('../../../../src/background/settings/settings-service.ts'),
    import('../../../../src/background/bulk/batch-undo.ts'),
  ]);
  return { ...run, ...settings, ...undo };
}

/** Ed removed from Globex by a worker stopped while its PATCH was on its way (it never reached Grist): his entry left pending. Out: its batch id. */
async function edLeftPending(): Promise<string> {
  await shareAsOwner(`/o/globex/api/docs/${projectAlpha.id}/access`, { [editor.email]: 'viewers' });
  const ed = await readPersonGrants({ email: editor.email });
  grist.clearRequests();
  grist.injectFault({ method: 'PATCH', path: `/api/orgs/${globex.id}/access`, times: 1, hang: true });
  const { batchId } = await (await restartedWorker()).removePerson(removalOf(ed, ({ orgId }) => orgId === globex.id));
  await vi.waitFor(async () => {
    expect(patches()).toHaveLength(1);
    expect((await storedEntries()).map(({ pending }) => pending)).toEqual([true]);
  });
  return batchId;
}

beforeEach(async () => {
  await configure(owner.apiKey);
  await testConnection({ account: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs` });
  await refreshListing();
  grist.clearRequests();
});

it('leaves a run of its own worker alone: a site the run dropped is not removed behind its back', async () => {
  const left = await edLeftPending();
  const victor = await readPersonGrants({ email: viewer.email });
  expect(victor.sites.map(({ siteName }) => siteName)).toEqual(['Acme Corp']);
  // The worker starts, woken by Victor's removal: the message is handled before the start-up
  // resume reads the log (index.ts starts it once the worker is ready), so Victor's entry is
  // written ahead, pending, by then.
  const worker = await restartedWorker();
  grist.clearRequests();
  // The run's one read of Acme's access is refused (once): it drops its entry and sends nothing.
  grist.injectFault({ method: 'GET', path: `/api/orgs/${acme.id}/access`, times: 1, status: 403, body: '{"error":"access denied"}', contentType: 'application/json' });
  const live = await worker.removePerson(removalOf(victor));
  await worker.resumePersonRemovals();
  const waitDone = async (batchId: string) =>
    vi.waitFor(async () => {
      const now = await worker.getPersonRemoval({ batchId });
      expect(now.done).toBe(true);
      return now;
    });
  const run = await waitDone(live.batchId);
  await waitDone(left);
  expect(run.sites).toEqual([expect.objectContaining({ outcome: 'failed' })]);
  // Victor is still on Acme, and only Ed's Globex PATCH was sent (by the resume).
  expect(grist.org(acme.id)?.members[viewer.id]).toBe('viewers');
  expect(patches().map(({ path }) => path)).toEqual([`/o/globex/api/orgs/${globex.id}/access`]);
  expect((await storedEntries()).map((entry) => [entry.kind === 'person' ? entry.person.email : undefined, entry.site.name, entry.pending ?? 'done'])).toEqual([[editor.email, 'Globex Inc', 'done']]);
});

it('drops an entry whose account has no key any more: nothing sent, no email kept, nothing left to resume', async () => {
  const left = await edLeftPending();
  const worker = await restartedWorker();
  await worker.removeApiKey({ account: ACCOUNT_1 });
  grist.clearRequests();
  await worker.resumePersonRemovals();
  const run = await vi.waitFor(async () => {
    const now = await worker.getPersonRemoval({ batchId: left });
    expect(now.done).toBe(true);
    return now;
  });
  expect(run.sites).toEqual([expect.objectContaining({ outcome: 'failed', kind: 'no-key' })]);
  expect(grist.requests).toEqual([]);
  expect(await storedEntries()).toEqual([]);
  expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(editor.email);
  expect(await fakeBrowser.storage.local.get('changeLogPending')).toEqual({ changeLogPending: [] });
});

it('lets Undo this batch, asked while the resume is confirming a site, put that site back once confirmed', async () => {
  const left = await edLeftPending();
  const worker = await restartedWorker();
  // The resume's read of Globex's access is slow: Undo is asked while the entry is still pending.
  grist.injectFault({ method: 'GET', path: `/api/orgs/${globex.id}/access`, times: 1, delayMs: 300 });
  await worker.resumePersonRemovals();
  const results = await worker.undoBatch({ batchId: left });
  expect(results.map(({ outcome, message }) => [outcome, message])).toEqual([['restored', undefined]]);
  expect(grist.doc(projectAlpha.id)?.shares[editor.id]).toBe('viewers');
});
