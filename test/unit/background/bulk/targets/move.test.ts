/**
 * Bulk move runs in the worker (issue 18), against the fake Grist server: documents of two team
 * sites moved to one workspace, each through the site it is on, at most 2 at once per host; Stop,
 * Retry failed, a 429 with Retry-After waited out; a plan's refusals said per document and never
 * sent twice; moves the listing forbids never sent; Undo this batch; the cached listing written once.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { undoBatch } from '../../../../../src/background/bulk/batch-undo.ts';
import { getBulkRun, retryFailedBulk, stopBulkRun } from '../../../../../src/background/bulk/run-engine.ts';
import { BULK_IN_FLIGHT_PER_HOST } from '../../../../../src/background/bulk/run-sending.ts';
import { startBulkMove } from '../../../../../src/background/bulk/targets/move.ts';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { moveDocument } from '../../../../../src/background/changes/kinds/move.ts';
import { listingItem } from '../../../../../src/shared/storage/storage-items.ts';
import { generateSeed, USERS, type Seed, type SeedOrg } from '../../../../fake-grist/sample-data.ts';
import { finished } from '../../../../setup/finished-run.ts';
import { ACCOUNT_1 } from '../../../../setup/saved-key.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../../setup/bulk-grist.ts';

/** generateSeed's team sites: team `n` is org 99 + n, its "Home" workspace 2 × org, its "Documents" (12 documents) the next. */
const TEAM_1 = { orgId: 100, home: 200, documents: 201 };
const TEAM_2 = { orgId: 101, home: 202, documents: 203 };
const MOVES = /\/move$/;

/** generateSeed's data, team 2's site with `plan`. */
function team2With(plan: NonNullable<SeedOrg['plan']>): Seed {
  const seed = generateSeed({ teams: 2, docsPerTeam: 12 });
  return { ...seed, orgs: seed.orgs.map((org) => (org.id === TEAM_2.orgId ? { ...org, plan } : org)) };
}


const patches = () => grist!.requests.filter((request) => request.method === 'PATCH');

/** The address of generateSeed's team `team` on the fake: a bulk move names its destination's site by id and address. */
const teamUrl = (team: 1 | 2) => `${grist!.url}/o/team-${team}`;

/** Every document of the cached listing: `<org id>/<workspace id>` where it is listed, and its urlId. */
async function cachedPlaces(): Promise<Map<string, { at: string; urlId: string | null }>> {
  const stored = await listingItem.get();
  return new Map(
    (stored?.sites ?? []).flatMap((site) =>
      site.workspaces.flatMap((workspace) => workspace.documents.map((document) => [document.id, { at: `${site.orgId}/${workspace.id}`, urlId: document.urlId }] as const)),
    ),
  );
}

useBulkGrist();

describe('a bulk move run', () => {
  it('moves documents of two sites to one workspace, each through its own site, at most 2 at once per host, in one history batch', async () => {
    const server = await connect();
    const wanted = [...documentsOf(1, 6), ...documentsOf(2, 6)];
    // Answers slow to come, so that the run has all it may in flight.
    server.injectFault({ method: 'PATCH', path: MOVES, holdAnswerMs: 40 });
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const started = await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } });
    const to = { site: { orgId: TEAM_1.orgId, name: 'Team 1', url: `${server.url}/o/team-1` }, workspace: { id: TEAM_1.home, name: 'Home' } };
    expect(started).toMatchObject({ kind: 'move', to, done: false });
    const run = await finished(started.id);
    expect(run.items.map((item) => item.state)).toEqual(wanted.map(() => 'moved'));
    expect(run.items[6]).toEqual({ ...wanted[6], oldName: 'Document 2.1', newName: 'Document 2.1', siteName: 'Team 2', workspaceName: 'Documents', state: 'moved' });

    // Grist has them there; the ones from the other site lost their urlId (docs/grist-api.md "Moving a document").
    for (const { docId } of wanted) expect(server.doc(docId)?.workspaceId).toBe(TEAM_1.home);
    expect(documentsOf(1, 6).map(({ docId }) => server.doc(docId)?.urlId)).toEqual(documentsOf(1, 6).map(({ docId }) => docId.slice(0, 12)));
    expect(documentsOf(2, 6).map(({ docId }) => server.doc(docId)?.urlId)).toEqual(documentsOf(2, 6).map(() => null));
    // One PATCH each, through the site the document was on; never more than 2 at once on the host.
    expect(patches().map((request) => request.path).sort()).toEqual(wanted.map(({ orgId, docId }) => `/o/team-${orgId - 99}/api/docs/${docId}/move`).sort());
    expect(server.mostInFlight(new URL(server.url).host)).toBe(BULK_IN_FLIGHT_PER_HOST);

    const batch = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId);
    expect(batch).toHaveLength(12);
    expect(batch.find((entry) => entry.target.id === wanted[6]!.docId)).toMatchObject({
      account: ACCOUNT_1,
      kind: 'move',
      source: 'bulk',
      site: { orgId: TEAM_2.orgId, name: 'Team 2', url: `${server.url}/o/team-2` },
      workspace: { id: TEAM_2.documents, name: 'Documents' },
      to,
      name: 'Document 2.1',
    });

    // The cached listing has them under the new site and workspace, reached by id when they
    // changed site, all in one write at the run's end.
    await vi.waitFor(async () => expect((await cachedPlaces()).get(wanted[11]!.docId)?.at).toBe(`${TEAM_1.orgId}/${TEAM_1.home}`));
    const places = await cachedPlaces();
    for (const { docId, orgId } of wanted) {
      expect(places.get(docId)).toEqual({ at: `${TEAM_1.orgId}/${TEAM_1.home}`, urlId: orgId === TEAM_1.orgId ? docId.slice(0, 12) : docId });
    }
    expect(writes.mock.calls.filter(([items]) => listingItem.key in (items as object))).toHaveLength(1);
    // And a refresh agrees with what was recorded.
    await refreshListing();
    expect(await cachedPlaces()).toEqual(places);
  });

  it('says why a move is not sent, and sends nothing: not listed, not owned, in that workspace already, a destination not listed', async () => {
    const seed = generateSeed({ teams: 2, docsPerTeam: 12 });
    // Olivia is an editor of team 2 here, so she owns none of its documents.
    const server = await connect({ ...seed, orgs: seed.orgs.map((org) => (org.id === TEAM_2.orgId ? { ...org, members: { ...org.members, [USERS.owner.id]: 'editors' } } : org)) });
    const [first, second] = documentsOf(1, 2);
    const [notOwned] = documentsOf(2, 1);
    const run = await finished(
      (
        await startBulkMove({
          requestId: crypto.randomUUID(),
          items: [{ orgId: TEAM_1.orgId, docId: 'notListedDocument00000' }, { orgId: 999, docId: first!.docId }, notOwned!, first!],
          to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.documents },
        })
      ).id,
    );
    expect(run.items.map((item) => [item.state, item.message])).toEqual([
      ['not-sent', 'This document is not in the list any more. Reopen the list to refresh it.'],
      ['not-sent', 'This document is not in the list any more. Reopen the list to refresh it.'],
      ['not-sent', 'Only the owners of “Document 2.1” can move it.'],
      ['not-sent', '“Document 1.1” is in “Documents” already.'],
    ]);
    const nowhere = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: [second!], to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: 9999 } })).id);
    expect(nowhere.to).toBeUndefined();
    expect(nowhere.items).toEqual([expect.objectContaining({ state: 'not-sent', message: 'That workspace is not in the list of your sites. Refresh the list and try again.' })]);
    // The right ids, but the address of a site on another server (org ids are per server): not listed either.
    const elsewhere = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: [second!], to: { orgId: TEAM_1.orgId, siteUrl: 'https://grist.other.example.com/o/team-1', workspaceId: TEAM_1.home } })).id);
    expect(elsewhere.to).toBeUndefined();
    expect(elsewhere.items).toEqual([expect.objectContaining({ state: 'not-sent', message: 'That workspace is not in the list of your sites. Refresh the list and try again.' })]);
    expect(server.requests).toEqual([]);
  });

  it('a plan’s refusal is said per document in Grist’s words with the site named', async () => {
    const server = await connect(team2With({ maxDocs: 14 }));
    const wanted = documentsOf(1, 4);
    const run = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_2.orgId, siteUrl: teamUrl(2), workspaceId: TEAM_2.home } })).id);
    // Team 2 had 12 documents: room for 2 more.
    const moved = run.items.filter((item) => item.state === 'moved');
    expect(moved.map(({ docId }) => server.doc(docId)?.workspaceId)).toEqual([TEAM_2.home, TEAM_2.home]);
    // Not sent again by Retry failed: the plan would refuse it the same way.
    expect(run.items.filter((item) => item.state === 'not-sent').map((item) => item.message)).toEqual([
      'Team 2 did not accept the document: No more documents permitted (limit 14).',
      'Team 2 did not accept the document: No more documents permitted (limit 14).',
    ]);
    expect(patches()).toHaveLength(4);
  });

  it.each([
    ['the billing 429', 'billing', 429, 'Site is in readonly mode due to billing issues'],
    ['a 402', 'yes', 402, 'Site is in readonly mode'],
  ] as const)('%s is never sent again', async (_name, readonly, status, words) => {
    const server = await connect(team2With({ readonly }));
    const wanted = documentsOf(1, 3);
    const run = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_2.orgId, siteUrl: teamUrl(2), workspaceId: TEAM_2.home } })).id);
    expect(run.items.map((item) => [item.state, item.message])).toEqual(wanted.map(() => ['not-sent', `Team 2 did not accept the document: ${words}.`]));
    // One request each, answered with the refusal: none waited for and sent again, nor by Retry failed.
    await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(patches().map((request) => request.answer?.status)).toEqual([status, status, status]);
    for (const { docId } of wanted) expect(server.doc(docId)?.workspaceId).toBe(TEAM_1.documents);
  });

  it('a 429 with Retry-After pauses the host, then the same move is sent again', async () => {
    const server = await connect();
    const [first] = documentsOf(1, 1);
    server.injectFault({ method: 'PATCH', path: MOVES, status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    const started = Date.now();
    const run = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: [first!], to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } })).id);
    expect(run.items[0]?.state).toBe('moved');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(patches().map((request) => request.answer?.status)).toEqual([429, 200]);
  });

  it('Stop: what is on its way finishes, the rest is not sent; Retry failed sends only the failed ones', async () => {
    const server = await connect();
    const wanted = documentsOf(1, 8);
    const to = { orgId: TEAM_2.orgId, siteUrl: teamUrl(2), workspaceId: TEAM_2.home };
    server.injectFault({ method: 'PATCH', path: MOVES, holdAnswerMs: 300 });
    const started = await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to });
    await vi.waitFor(() => expect(patches().length).toBeGreaterThan(0));
    expect((await stopBulkRun({ runId: started.id })).stopped).toBe(true);
    const run = await finished(started.id);
    const moved = run.items.filter((item) => item.state === 'moved');
    expect(moved.length).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST * 2);
    expect(run.items.filter((item) => item.state === 'not-sent').map((item) => item.message)).toEqual(
      Array.from({ length: wanted.length - moved.length }, () => 'Not sent: the run was stopped.'),
    );
    expect(patches()).toHaveLength(moved.length);

    server.clearFaults();
    server.injectFault({ method: 'PATCH', path: MOVES, status: 500, times: 1 });
    const second = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: documentsOf(2, 2), to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } })).id);
    expect(second.items.map((item) => item.state).sort()).toEqual(['failed', 'moved']);
    server.clearRequests();
    const retried = await finished((await retryFailedBulk({ runId: second.id })).id);
    expect(retried.items.map((item) => item.state)).toEqual(['moved', 'moved']);
    expect(patches()).toHaveLength(1);
    for (const { docId } of documentsOf(2, 2)) expect(server.doc(docId)?.workspaceId).toBe(TEAM_1.home);
  });

  it('a document moved in the popup while its run goes on: sent through the site the run took it to, and kept where the popup put it', async () => {
    const server = await connect();
    const wanted = documentsOf(2, 8);
    server.injectFault({ method: 'PATCH', path: MOVES, holdAnswerMs: 150 });
    const started = await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } });
    await vi.waitFor(async () => expect((await getBulkRun({ runId: started.id }))!.items[0]!.state).toBe('moved'));
    // The run writes the cache at its end; the worker checks the move where the run put it already.
    const { docId } = wanted[0]!;
    await moveDocument({ orgId: TEAM_1.orgId, docId, to: { orgId: TEAM_1.orgId, workspaceId: TEAM_1.documents } });
    expect(patches().filter((request) => request.path.startsWith('/o/team-1/'))).toEqual([expect.objectContaining({ path: `/o/team-1/api/docs/${docId}/move` })]);
    await finished(started.id);
    await vi.waitFor(async () => expect((await cachedPlaces()).get(wanted[7]!.docId)?.at).toBe(`${TEAM_1.orgId}/${TEAM_1.home}`));
    expect((await cachedPlaces()).get(docId)).toEqual({ at: `${TEAM_1.orgId}/${TEAM_1.documents}`, urlId: docId });
    expect(server.doc(docId)?.workspaceId).toBe(TEAM_1.documents);
  });

  it('a document moved elsewhere before its turn is not sent: that move stands, in Grist and in the cache', async () => {
    const server = await connect();
    const wanted = documentsOf(2, 6);
    // Each of team 2's moves waits: the last one's turn comes well after the popup's move.
    server.injectFault({ method: 'PATCH', path: MOVES, holdAnswerMs: 150 });
    const started = await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } });
    const last = wanted[5]!.docId;
    await moveDocument({ orgId: wanted[5]!.orgId, docId: last, to: { orgId: TEAM_1.orgId, workspaceId: TEAM_1.documents } });
    const run = await finished(started.id);
    expect(run.items[5]).toMatchObject({ state: 'failed', message: `“Document 2.6” was moved elsewhere after the run started: not sent, so that move stands.` });
    expect(run.items.slice(0, 5).map((item) => item.state)).toEqual(['moved', 'moved', 'moved', 'moved', 'moved']);
    expect(server.doc(last)?.workspaceId).toBe(TEAM_1.documents);
    expect(patches().filter((request) => request.path.endsWith(`/${last}/move`))).toHaveLength(1);
    await vi.waitFor(async () => expect((await cachedPlaces()).get(wanted[4]!.docId)?.at).toBe(`${TEAM_1.orgId}/${TEAM_1.home}`));
    expect((await cachedPlaces()).get(last)?.at).toBe(`${TEAM_1.orgId}/${TEAM_1.documents}`);
  });

  it('Undo this batch moves every document back, and leaves one moved elsewhere since where it is', async () => {
    const server = await connect();
    const wanted = documentsOf(2, 5);
    const run = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } })).id);
    // Moved on within its new site, behind the run's back.
    await moveDocument({ orgId: TEAM_1.orgId, docId: wanted[4]!.docId, to: { orgId: TEAM_1.orgId, workspaceId: TEAM_1.documents } });
    server.clearRequests();
    const results = await undoBatch({ batchId: run.batchId });
    const byDocument = new Map(results.map((result) => [result.docId, result]));
    expect(wanted.map(({ docId }) => [byDocument.get(docId)?.outcome, byDocument.get(docId)?.message])).toEqual([
      ...wanted.slice(0, 4).map(() => ['restored', undefined]),
      // Where it is now: the workspace of the site the run took it to.
      ['moved-since', 'Documents'],
    ]);
    expect(byDocument.get(wanted[0]!.docId)).toMatchObject({ oldName: 'Document 2.1', newName: 'Document 2.1' });
    // Back on their own site, each through the site the move took it to; their old links stay broken.
    for (const { docId } of wanted.slice(0, 4)) expect(server.doc(docId)).toMatchObject({ workspaceId: TEAM_2.documents, urlId: null });
    expect(server.doc(wanted[4]!.docId)?.workspaceId).toBe(TEAM_1.documents);
    expect(patches().map((request) => request.path).sort()).toEqual(wanted.slice(0, 4).map(({ docId }) => `/o/team-1/api/docs/${docId}/move`).sort());
    await vi.waitFor(async () => expect((await cachedPlaces()).get(wanted[3]!.docId)?.at).toBe(`${TEAM_2.orgId}/${TEAM_2.documents}`));
    // The undo's own moves are one batch too, and every undone move is marked.
    const history = await readChangeLog();
    const undos = history.filter((entry) => entry.source === 'undo');
    expect(undos).toHaveLength(4);
    expect(new Set(undos.map((entry) => entry.batchId)).size).toBe(1);
    expect(history.filter((entry) => entry.batchId === run.batchId && entry.undoneBy)).toHaveLength(4);
  });
});
