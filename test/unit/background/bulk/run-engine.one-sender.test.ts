/**
 * A bulk run has one sender (issue 41): Retry failed asked twice (two Bulk pages on one run, or the
 * message sent twice), even while the first one still reads the accounts, sends each failed item
 * once more, never a second time while it waits for its host's turn; a copy is made once, a rename
 * sent and logged once. A start message that comes twice (the same request id) is one run. Against
 * the fake Grist server.
 */
import { describe, expect, it } from 'vitest';
import { retryFailedBulk } from '../../../../src/background/bulk/run-engine.ts';
import { startBulkCopy } from '../../../../src/background/bulk/targets/copy.ts';
import { startBulkRename } from '../../../../src/background/bulk/targets/rename.ts';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { finished } from '../../../setup/finished-run.ts';
import { documentsNamed } from '../../../setup/stored-documents.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../setup/bulk-grist.ts';

/** generateSeed's team 2 "Home" (org 101): the copies' destination. */
const TEAM_2_HOME = 202;
const COPIES = /\/copy$/;
const RENAMES = /^\/api\/docs\/[^/]+$/;

const copyPosts = () => grist!.requests.filter((request) => request.method === 'POST' && COPIES.test(request.path));
const toTeam2Home = () => ({ orgId: 101, siteUrl: `${grist!.url}/o/team-2`, workspaceId: TEAM_2_HOME });

useBulkGrist();

/**
 * A copy run of team 1's first `count` documents (one host: 2 at once, the rest waiting) whose
 * POSTs all fail before Grist makes anything; then each POST is slow, so that a retry's copies wait
 * for their turn. Out: the run's id.
 */
async function failedCopies(count: number): Promise<string> {
  await connect();
  grist!.injectFault({ method: 'POST', path: COPIES, status: 400, body: '{"error":"busy"}', contentType: 'application/json', times: count });
  const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: documentsOf(1, count), to: toTeam2Home() })).id);
  expect(run.items.map(({ state }) => state)).toEqual(Array.from({ length: count }, () => 'failed'));
  grist!.clearRequests();
  grist!.injectFault({ method: 'POST', path: COPIES, delayMs: 150 });
  return run.id;
}

describe('Retry failed asked twice on one run', () => {
  it('at once (two pages, even while the accounts are read): each failed copy is sent once more, and Grist has one copy of each', async () => {
    const runId = await failedCopies(6);
    await Promise.all([retryFailedBulk({ runId }), retryFailedBulk({ runId })]);
    const run = await finished(runId);
    expect(run.items.map(({ state }) => state)).toEqual(Array.from({ length: 6 }, () => 'copied'));
    expect(copyPosts()).toHaveLength(6);
    const counts = documentsOf(1, 6).map((_, index) => documentsNamed(grist!, TEAM_2_HOME, `Document 1.${index + 1} (copy)`).length);
    expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('the second while the first one’s copies wait for their host: it adds nothing', async () => {
    const runId = await failedCopies(6);
    const first = await retryFailedBulk({ runId });
    expect(first.items.filter(({ state }) => state === 'queued' || state === 'sending')).toHaveLength(6);
    await retryFailedBulk({ runId });
    await finished(runId);
    expect(copyPosts()).toHaveLength(6);
    const counts = documentsOf(1, 6).map((_, index) => documentsNamed(grist!, TEAM_2_HOME, `Document 1.${index + 1} (copy)`).length);
    expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('a rename run: each failed rename is sent once more and logged once', async () => {
    await connect();
    const items = documentsOf(1, 6).map((item, index) => ({ ...item, newName: `Renamed ${index + 1}` }));
    grist!.injectFault({ method: 'PATCH', path: RENAMES, status: 400, body: '{"error":"busy"}', contentType: 'application/json', times: 6 });
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items })).id);
    expect(run.items.every(({ state }) => state === 'failed')).toBe(true);
    grist!.clearRequests();
    grist!.injectFault({ method: 'PATCH', path: RENAMES, delayMs: 150 });
    await Promise.all([retryFailedBulk({ runId: run.id }), retryFailedBulk({ runId: run.id })]);
    expect((await finished(run.id)).items.every(({ state }) => state === 'renamed')).toBe(true);
    expect(grist!.requests.filter((request) => request.method === 'PATCH')).toHaveLength(6);
    expect((await readChangeLog()).filter((entry) => entry.batchId === run.batchId)).toHaveLength(6);
  });
});

describe('the same start message twice', () => {
  it('a copy run, both at once (the second while the first still reads the accounts): one run, each copy sent once', async () => {
    await connect();
    const start = { requestId: crypto.randomUUID(), items: documentsOf(1, 4), to: toTeam2Home() };
    const [first, second] = await Promise.all([startBulkCopy(start), startBulkCopy(start)]);
    expect(second.id).toBe(first.id);
    expect((await finished(first.id)).items.map(({ state }) => state)).toEqual(['copied', 'copied', 'copied', 'copied']);
    expect(copyPosts()).toHaveLength(4);
    const counts = documentsOf(1, 4).map((_, index) => documentsNamed(grist!, TEAM_2_HOME, `Document 1.${index + 1} (copy)`).length);
    expect(counts).toEqual([1, 1, 1, 1]);
  });

  it('a rename run, the second once the first was answered: the run as it stands, each rename sent and logged once', async () => {
    await connect();
    const start = { requestId: crypto.randomUUID(), items: documentsOf(1, 3).map((item, index) => ({ ...item, newName: `Once ${index + 1}` })) };
    const first = await startBulkRename(start);
    const again = await startBulkRename(start);
    expect(again.id).toBe(first.id);
    const run = await finished(first.id);
    expect(run.items.map(({ state }) => state)).toEqual(['renamed', 'renamed', 'renamed']);
    expect(grist!.requests.filter((request) => request.method === 'PATCH')).toHaveLength(3);
    expect((await readChangeLog()).filter((entry) => entry.batchId === run.batchId)).toHaveLength(3);
  });
});
