/**
 * Bulk trash and bulk copy runs in the worker (issue 29), against the fake Grist server: each
 * document through its own site, at most 2 at once per host; the change log's batch undone as one;
 * a copy whose answer was lost never sent twice, Retry failed reading the destination first; a
 * plan's refusal said per document and never sent again.
 */
import { describe, expect, it } from 'vitest';
import { undoBatch } from '../../../../../src/background/bulk/batch-undo.ts';
import { retryFailedBulk } from '../../../../../src/background/bulk/run-engine.ts';
import { BULK_IN_FLIGHT_PER_HOST } from '../../../../../src/background/bulk/run-sending.ts';
import { startBulkCopy } from '../../../../../src/background/bulk/targets/copy.ts';
import { startBulkTrash } from '../../../../../src/background/bulk/targets/trash.ts';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { deleteDocument } from '../../../../../src/background/changes/kinds/delete-forever.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import { generatedDocId, generateSeed, USERS } from '../../../../fake-grist/sample-data.ts';
import { finished } from '../../../../setup/finished-run.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../../setup/bulk-grist.ts';
import { whenRequested } from '../../../../setup/worker-grist.ts';

/** generateSeed's team sites: team `n` is org 99 + n, its "Home" workspace 2 × org, its "Documents" the next. */
const TEAM_2 = { orgId: 101, home: 202 };
const COPIES = /\/copy$/;

const posts = (pattern: RegExp) => grist!.requests.filter((request) => request.method === 'POST' && pattern.test(request.path));
const toTeam2Home = () => ({ orgId: TEAM_2.orgId, siteUrl: `${grist!.url}/o/team-2`, workspaceId: TEAM_2.home });
/** Ids of the fake's documents of team 2's Home named `name`. */
async function inTeam2Home(name: string): Promise<string[]> {
  const response = await fetch(`${grist!.url}/o/team-2/api/workspaces/${TEAM_2.home}`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  return ((await response.json()) as { docs: Array<{ id: string; name: string }> }).docs.filter((doc) => doc.name === name).map((doc) => doc.id);
}

useBulkGrist();

/**
 * Starts copying `items` (one) to team 2's Home: Grist makes the copy, but its answer is lost, and
 * the next `drops` reads of the destination after the POST (each attempt of a retried GET) are
 * dropped. Out: the run as it starts.
 */
async function startLostCopy(items: ReturnType<typeof documentsOf>, drops: number) {
  grist!.injectFault({ method: 'POST', path: COPIES, delayMs: 200, loseAnswer: true, times: 1 });
  const started = await startBulkCopy({ requestId: crypto.randomUUID(), items, to: toTeam2Home() });
  // The run's read of the destination went before the POST; the read-back after it fails.
  await whenRequested('POST', COPIES, grist);
  grist!.injectFault({ method: 'GET', path: `/api/workspaces/${TEAM_2.home}`, drop: true, times: drops });
  return started;
}

describe('a bulk trash run', () => {
  it('moves each document to the trash through its own site, 2 at once per host, logs them as one batch, and Undo this batch restores them', async () => {
    await connect();
    const items = [...documentsOf(1, 10), ...documentsOf(2, 10)];
    const run = await finished((await startBulkTrash({ requestId: crypto.randomUUID(), items })).id);
    expect(run.kind).toBe('trash');
    expect(run.items.map(({ state }) => state)).toEqual(items.map(() => 'trashed'));
    expect(items.every(({ docId }) => grist!.doc(docId)?.removedAt !== undefined)).toBe(true);
    expect(grist!.mostInFlight(new URL(grist!.url).host)).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST);
    const listed = new Set((await readListing())?.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map(({ id }) => id))));
    expect(items.filter(({ docId }) => listed.has(docId))).toEqual([]);
    const entries = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId);
    expect(entries).toHaveLength(20);
    expect(entries.every((entry) => entry.kind === 'remove' && entry.source === 'bulk')).toBe(true);

    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map(({ outcome }) => outcome)).toEqual(items.map(() => 'restored'));
    expect(items.every(({ docId }) => grist!.doc(docId)?.removedAt === undefined)).toBe(true);
  });

  it('Undo this batch with a document deleted forever since: that one says why and is not even read; the others come back', async () => {
    await connect();
    const items = documentsOf(1, 3);
    const run = await finished((await startBulkTrash({ requestId: crypto.randomUUID(), items })).id);
    const gone = items[1]!.docId;
    await deleteDocument(items[1]!);
    grist!.clearRequests();
    const results = await undoBatch({ batchId: run.batchId });
    const outcomes = new Map(results.map(({ docId, outcome, message }) => [docId, [outcome, message]]));
    expect(items.map(({ docId }) => outcomes.get(docId))).toEqual([['restored', undefined], ['failed', 'Deleted forever since: it cannot be brought back.'], ['restored', undefined]]);
    expect(grist!.requests.filter((request) => request.path.includes(gone))).toEqual([]);
    expect(items.filter(({ docId }) => docId !== gone).every(({ docId }) => grist!.doc(docId)?.removedAt === undefined)).toBe(true);
  });

  it('sends nothing for a document the user does not own', async () => {
    const seed = generateSeed({ teams: 1, docsPerTeam: 3 });
    await connect({ ...seed, orgs: seed.orgs.map((org) => (org.id === 100 ? { ...org, members: { ...org.members, [USERS.owner.id]: 'editors' } } : org)) });
    const run = await finished((await startBulkTrash({ requestId: crypto.randomUUID(), items: documentsOf(1, 3) })).id);
    expect(run.items.map(({ state }) => state)).toEqual(['not-sent', 'not-sent', 'not-sent']);
    expect(posts(/\/remove$/)).toEqual([]);
  });
});

describe('a bulk copy run', () => {
  it('copies each document to one workspace, named as Grist names a copy, logged as one batch; Undo this batch moves the copies to the trash', async () => {
    await connect();
    const items = documentsOf(1, 4);
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items, to: toTeam2Home() })).id);
    expect(run.kind).toBe('copy');
    expect(run.items.map(({ state, newName }) => [state, newName])).toEqual(items.map((_, index) => ['copied', `Document 1.${index + 1} (copy)`]));
    expect(posts(COPIES).every(({ contentType }) => contentType === 'application/json')).toBe(true);
    const copies = await Promise.all(items.map((_, index) => inTeam2Home(`Document 1.${index + 1} (copy)`)));
    expect(copies.map((ids) => ids.length)).toEqual([1, 1, 1, 1]);
    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map(({ outcome }) => outcome)).toEqual(['restored', 'restored', 'restored', 'restored']);
    expect(copies.flat().every((id) => grist!.doc(id)?.removedAt !== undefined)).toBe(true);
    expect(items.every(({ docId }) => grist!.doc(docId)?.removedAt === undefined)).toBe(true);
  });

  it('a copy whose answer was lost is never sent again: read back and found, it is copied; Retry failed reads first too', async () => {
    await connect();
    // Made, answer lost: the read-back finds it.
    grist!.injectFault({ method: 'POST', path: COPIES, loseAnswer: true, times: 1 });
    const first = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: documentsOf(1, 1), to: toTeam2Home() })).id);
    expect(first.items[0]?.state).toBe('copied');
    expect(posts(COPIES)).toHaveLength(1);
    expect(await inTeam2Home('Document 1.1 (copy)')).toHaveLength(1);

    // Made, answer lost, and the read-back fails too: "did not say whether … was copied"; Retry failed reads
    // the destination again, finds it, and sends nothing.
    grist!.clearRequests();
    const second = await finished((await startLostCopy(documentsOf(1, 2).slice(1), 3)).id);
    expect(second.items[0]).toMatchObject({ state: 'failed', message: expect.stringContaining('did not say whether') });
    const retried = await finished((await retryFailedBulk({ runId: second.id })).id);
    expect(retried.items[0]?.state).toBe('copied');
    expect(posts(COPIES)).toHaveLength(1);
    expect(await inTeam2Home('Document 1.2 (copy)')).toHaveLength(1);
  });

  it('Retry failed whose own read fails sends nothing: the copy is still unknown, not made twice', async () => {
    await connect();
    const run = await finished((await startLostCopy(documentsOf(1, 1), 6)).id);
    expect(run.items[0]?.state).toBe('failed');
    const retried = await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(retried.items[0]).toMatchObject({ state: 'failed', message: expect.stringContaining('did not say whether') });
    expect(posts(COPIES)).toHaveLength(1);
    expect(await inTeam2Home('Document 1.1 (copy)')).toHaveLength(1);
  });

  it('Retry failed sends a copy whose read-back found nothing, once', async () => {
    await connect();
    grist!.injectFault({ method: 'POST', path: COPIES, drop: true, times: 1 });
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: documentsOf(1, 1), to: toTeam2Home() })).id);
    expect(run.items[0]?.state).toBe('failed');
    const retried = await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(retried.items[0]?.state).toBe('copied');
    expect(posts(COPIES)).toHaveLength(2);
    expect(await inTeam2Home('Document 1.1 (copy)')).toHaveLength(1);
  });

  it('a plan’s refusal is said per document and never sent again', async () => {
    const seed = generateSeed({ teams: 2, docsPerTeam: 12 });
    await connect({ ...seed, orgs: seed.orgs.map((org) => (org.id === TEAM_2.orgId ? { ...org, plan: { readonly: 'billing' as const } } : org)) });
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: documentsOf(1, 2), to: toTeam2Home() })).id);
    expect(run.items.map(({ state }) => state)).toEqual(['not-sent', 'not-sent']);
    expect(run.items[0]?.message).toContain('Site is in readonly mode due to billing issues');
    expect(posts(COPIES)).toHaveLength(2);
  });
});

describe('a bulk copy run’s reads of its destination', () => {
  it('what the destination holds is read once as the run starts, for all its copies', async () => {
    await connect();
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: documentsOf(1, 6), to: toTeam2Home() })).id);
    expect(run.items.every(({ state }) => state === 'copied')).toBe(true);
    expect(grist!.requests.filter(({ method, path }) => method === 'GET' && path.endsWith(`/api/workspaces/${TEAM_2.home}`))).toHaveLength(1);
  });

  it('a copy leaves only once that read answered: with the read slow and the copy’s answer lost, the read-back still finds it, and it is copied', async () => {
    await connect();
    grist!.injectFault({ method: 'GET', path: `/api/workspaces/${TEAM_2.home}`, delayMs: 300, times: 1 });
    grist!.injectFault({ method: 'POST', path: COPIES, loseAnswer: true, times: 1 });
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: documentsOf(1, 1), to: toTeam2Home() })).id);
    expect(run.items[0]).toMatchObject({ state: 'copied', newName: 'Document 1.1 (copy)' });
    const reads = grist!.requests.filter(({ method, path }) => method === 'GET' && path.endsWith(`/api/workspaces/${TEAM_2.home}`));
    const [post] = posts(COPIES);
    expect(grist!.requests.indexOf(post!)).toBeGreaterThan(grist!.requests.indexOf(reads[0]!));
    expect(posts(COPIES)).toHaveLength(1);
    expect(await inTeam2Home('Document 1.1 (copy)')).toHaveLength(1);
  });

  it('two copies of one name, one answered 502 unmade while the other is unsettled: the lost one takes nothing; Retry failed then makes its own, once', async () => {
    // Team 2's first document is named as team 1's: both copies are "Document 1.1 (copy)".
    const seed = generateSeed({ teams: 2, docsPerTeam: 12 });
    const twin = generatedDocId(2, 1);
    await connect({ ...seed, docs: seed.docs.map((doc) => (doc.id === twin ? { ...doc, name: 'Document 1.1' } : doc)) });
    const [lost, other] = [generatedDocId(1, 1), twin];
    // The other copy is made at once, answered late; the lost one is answered 502, unmade, first.
    grist!.injectFault({ method: 'POST', path: new RegExp(`${other}/copy$`), holdAnswerMs: 800, times: 1 });
    grist!.injectFault({ method: 'POST', path: new RegExp(`${lost}/copy$`), delayMs: 200, status: 502, times: 1 });
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: [{ orgId: 100, docId: lost }, { orgId: 101, docId: other }], to: toTeam2Home() })).id);
    expect(run.items.map(({ state }) => state)).toEqual(['failed', 'copied']);
    expect(run.items[0]?.message).toContain('did not say whether');
    expect(await inTeam2Home('Document 1.1 (copy)')).toHaveLength(1);

    const retried = await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(retried.items.map(({ state }) => state)).toEqual(['copied', 'copied']);
    expect(await inTeam2Home('Document 1.1 (copy)')).toHaveLength(2);
    const logged = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId).map(({ target }) => target.id);
    expect(new Set(logged).size).toBe(2);
  });
});
