/**
 * The run engine runs operations (operation.ts), of which a change is one (issue 50): a run whose
 * operation only reads (as a backup's will) goes through the same engine, against the fake Grist
 * server. Each item's read goes with its account's key, at most BULK_IN_FLIGHT_PER_HOST at once
 * per host, a 429 pauses the host, Stop and Retry failed work; and nothing is written: no change-log
 * entry, nothing in the cached listing, no Undo this batch.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Operation } from '../../../../src/background/bulk/operation.ts';
import { retryFailedBulk, startOperation, stopBulkRun } from '../../../../src/background/bulk/run-engine.ts';
import { BULK_IN_FLIGHT_PER_HOST } from '../../../../src/background/bulk/run-sending.ts';
import { documentIndex } from '../../../../src/background/changes/listed-documents.ts';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { anyJsonSchema } from '../../../../src/background/grist/grist-schemas.ts';
import { expectNothingWritten, storedNow } from '../../../setup/read-only-run.ts';
import { finished } from '../../../setup/finished-run.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../setup/bulk-grist.ts';

/** A document's read, after its `/o/<domain>` prefix. */
const READS = /\/api\/docs\/[^/]+$/;
const reads = () => grist!.requests.filter((request) => request.method === 'GET' && READS.test(request.path));

useBulkGrist();

/**
 * A read-only operation, as a backup's will be: reads each document with its account's client and
 * keeps what it read here (`read`: the ids, in the order their reads were answered). It writes
 * nothing: no log, no cache, no undo. Its items end as `copied` (a copy kept on this side); the
 * backup brings a state and a kind of run of its own.
 */
function readOnly(): { operation: Operation; read: string[] } {
  const read: string[] = [];
  const operation: Operation = {
    confirmed: 'copied',
    unchanged: 'bulkUnchanged',
    retriesRefusal: false,
    undoable: false,
    perform: async (client, target) => {
      await client.get(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}`, anyJsonSchema);
      read.push(target.key);
      return true;
    },
  };
  return { operation, read };
}

/** Starts a run of `operation` on `documents` (as a page names them), each looked up in the worker's listing. */
function startReads(operation: Operation, documents: ReturnType<typeof documentsOf>) {
  return startOperation('copy', operation, crypto.randomUUID(), ({ listing, add }) => {
    const find = documentIndex(listing);
    for (const key of documents) {
      const found = find(key)!;
      const name = found.document.name;
      add({ ...key, oldName: name, newName: name, siteName: found.site.name, workspaceName: found.workspace.name, state: 'queued' }, { target: { account: found.site.account, key: key.docId, siteUrl: found.site.siteUrl } }, null);
    }
  });
}

describe('a run of a read-only operation', () => {
  it('reads every document, 2 at once per host; logs nothing, caches nothing, offers no undo', async () => {
    await connect();
    const before = await storedNow();
    const documents = [...documentsOf(1, 6), ...documentsOf(2, 4)];
    const { operation, read } = readOnly();
    grist!.injectFault({ method: 'GET', path: READS, delayMs: 100 });
    const run = await finished((await startReads(operation, documents)).id);
    expect(run.items.map(({ state }) => state)).toEqual(documents.map(() => 'copied'));
    expect(read.toSorted()).toEqual(documents.map(({ docId }) => docId).toSorted());
    expect(grist!.requests.map(({ method }) => method)).toEqual(documents.map(() => 'GET'));
    expect(grist!.mostInFlight(new URL(grist!.url).host)).toBe(BULK_IN_FLIGHT_PER_HOST);
    // Nothing written: the change log and the cached listing are as they were, and the page is told there is nothing to undo.
    await expectNothingWritten(run, before);
  });

  it('a 429 pauses the host, then the same read again; a failed read fails its item, and Retry failed reads only it', async () => {
    await connect();
    const [paused, failing, fine] = documentsOf(1, 3);
    const { operation, read } = readOnly();
    // The client's own retries of a GET (3 tries) meet the 429 first; then the engine waits out the pause.
    grist!.injectFault({ method: 'GET', path: `/api/docs/${paused!.docId}`, status: 429, headers: { 'Retry-After': '1' }, times: 3 });
    grist!.injectFault({ method: 'GET', path: `/api/docs/${failing!.docId}`, status: 404, body: '{"error":"not found"}', contentType: 'application/json', times: 1 });
    const run = await finished((await startReads(operation, [paused!, failing!, fine!])).id);
    expect(run.items.map(({ state }) => state)).toEqual(['copied', 'failed', 'copied']);
    expect(run.items[1]!.message).toBeTruthy();
    expect(reads().filter(({ path }) => path.endsWith(paused!.docId)).map(({ answer }) => answer?.status)).toEqual([429, 429, 429, 200]);

    grist!.clearRequests();
    const retried = await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(retried.items.map(({ state }) => state)).toEqual(['copied', 'copied', 'copied']);
    expect(reads().map(({ path }) => path.split('/').at(-1))).toEqual([failing!.docId]);
    expect(read.filter((docId) => docId === failing!.docId)).toHaveLength(1);
    expect(await readChangeLog()).toEqual([]);
  });

  it('Stop: the reads on their way finish, the rest are not sent', async () => {
    await connect();
    const documents = documentsOf(1, 8);
    const { operation, read } = readOnly();
    grist!.injectFault({ method: 'GET', path: READS, holdAnswerMs: 300 });
    const started = await startReads(operation, documents);
    await vi.waitFor(() => expect(reads().length).toBeGreaterThan(0));
    expect((await stopBulkRun({ runId: started.id })).stopped).toBe(true);
    const run = await finished(started.id);
    const copied = run.items.filter(({ state }) => state === 'copied');
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.length).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST * 2);
    expect(run.items.filter(({ state }) => state === 'not-sent').map(({ message }) => message)).toEqual(Array.from({ length: documents.length - copied.length }, () => 'Not sent: the run was stopped.'));
    expect(reads()).toHaveLength(copied.length);
    expect(read).toHaveLength(copied.length);
  });
});
