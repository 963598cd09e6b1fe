/**
 * Undo this batch in the worker (src/background/bulk/batch-undo.ts), against the fake Grist server:
 * what it says happened to each document changed elsewhere since, by the kind of the run, and which
 * document of the run each result is about (a copy's undo changes the copy, the run named the
 * document copied).
 */
import { describe, expect, it } from 'vitest';
import { undoBatch } from '../../../../src/background/bulk/batch-undo.ts';
import { startBulkCopy } from '../../../../src/background/bulk/targets/copy.ts';
import { startBulkMove } from '../../../../src/background/bulk/targets/move.ts';
import { getBulkRun } from '../../../../src/background/bulk/run-engine.ts';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { USERS } from '../../../fake-grist/sample-data.ts';
import { finished } from '../../../setup/finished-run.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../setup/bulk-grist.ts';

/** generateSeed's team sites: team `n` is org 99 + n, its "Home" workspace 2 × org, its "Documents" the next. */
const TEAM_1 = { orgId: 100, home: 200 };
const teamUrl = (team: 1 | 2) => `${grist!.url}/o/team-${team}`;

useBulkGrist();

/** Renames document `docId` of team `team` as another Grist client would: behind the worker's back. */
async function renameElsewhere(team: 1 | 2, docId: string, name: string): Promise<void> {
  const response = await fetch(`${teamUrl(team)}/api/docs/${docId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
}

describe('Undo this batch', () => {
  it('of a move run: a document renamed where the run took it is said renamed since, with its name, and stays there', async () => {
    const server = await connect();
    const wanted = documentsOf(2, 2);
    const run = await finished((await startBulkMove({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: TEAM_1.orgId, siteUrl: teamUrl(1), workspaceId: TEAM_1.home } })).id);
    await renameElsewhere(1, wanted[1]!.docId, 'Kept here, renamed');
    const results = await undoBatch({ batchId: run.batchId });
    const byDocument = new Map(results.map((result) => [result.docId, [result.outcome, result.message]]));
    expect(wanted.map(({ docId }) => byDocument.get(docId))).toEqual([
      ['restored', undefined],
      ['renamed-since', 'Kept here, renamed'],
    ]);
    expect(server.doc(wanted[1]!.docId)?.workspaceId).toBe(TEAM_1.home);
  });

  it('of a copy run: each result names the copy it moved to the trash (or not) and the document copied; a copy renamed since stays', async () => {
    const server = await connect();
    const wanted = documentsOf(1, 2);
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: 101, siteUrl: teamUrl(2), workspaceId: 202 } })).id);
    expect(run.items.map((item) => item.state)).toEqual(['copied', 'copied']);
    const copies = new Map((await readChangeLog()).flatMap((entry) => (entry.batchId === run.batchId && entry.kind === 'copy' ? [[entry.copyOf.docId, entry.target.id] as const] : [])));
    const copyOf = (index: number) => copies.get(wanted[index]!.docId)!;
    await renameElsewhere(2, copyOf(1), 'A copy worth keeping');
    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map(({ docId, copyOf: copied, outcome, message }) => ({ docId, copyOf: copied, outcome, message })).sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
      { docId: copyOf(1), copyOf: wanted[1]!.docId, outcome: 'renamed-since', message: 'A copy worth keeping' },
      { docId: copyOf(0), copyOf: wanted[0]!.docId, outcome: 'restored', message: undefined },
    ]);
    expect(server.doc(copyOf(0))?.removedAt).toBeDefined();
    expect(server.doc(copyOf(1))?.removedAt).toBeUndefined();
  });

  it('is kept with its run: a page that looks at the run later (reloaded, another tab) reads each document’s last result, by the run’s own documents', async () => {
    const server = await connect();
    const wanted = documentsOf(1, 2);
    const run = await finished((await startBulkCopy({ requestId: crypto.randomUUID(), items: wanted, to: { orgId: 101, siteUrl: teamUrl(2), workspaceId: 202 } })).id);
    expect((await getBulkRun({ runId: null }))?.undone).toBeUndefined();
    // The first copy's undo fails (its site does not answer), the second's is done.
    const copies = new Map((await readChangeLog()).flatMap((entry) => (entry.batchId === run.batchId && entry.kind === 'copy' ? [[entry.copyOf.docId, entry.target.id] as const] : [])));
    server.injectFault({ method: 'POST', path: new RegExp(`${copies.get(wanted[0]!.docId)}/remove$`), status: 500, times: 1 });
    await undoBatch({ batchId: run.batchId });
    const outcomes = async () => new Map((await getBulkRun({ runId: null }))?.undone?.map(({ copyOf, outcome }) => [copyOf, outcome]));
    expect(await outcomes()).toEqual(new Map([[wanted[0]!.docId, 'failed'], [wanted[1]!.docId, 'restored']]));
    // Undo asked again tries the one left: its result replaces the first.
    await undoBatch({ batchId: run.batchId });
    expect(await outcomes()).toEqual(new Map([[wanted[0]!.docId, 'restored'], [wanted[1]!.docId, 'restored']]));
  });
});
