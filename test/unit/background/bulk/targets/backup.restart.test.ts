/**
 * A bulk backup run across a stop of the worker (targets/backup.ts resumeBackupRuns): the browser
 * stops a worker idle for 30 s and goes on downloading what it started; the run is stored
 * (backupRunsItem, storage.session), so the worker started again takes it up under its id: each
 * download started is followed by its id, never started a second time; what was queued is sent.
 * And the progress a page is shown: bytes read from the browser's downloads when it asks, and only
 * then. The downloads here end when the test says (test/setup/backup-downloads.ts, not fetching).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { getBulkRun, retryFailedBulk } from '../../../../../src/background/bulk/run-engine.ts';
import { startBulkBackup } from '../../../../../src/background/bulk/targets/backup.ts';
import { BACKUP_IN_FLIGHT_PER_HOST } from '../../../../../src/background/downloads/backup-operation.ts';
import { backupRunsItem } from '../../../../../src/shared/storage/backup-run-items.ts';
import type { BulkRunSnapshot } from '../../../../../src/shared/protocol/bulk.ts';
import { generateSeed, USERS } from '../../../../fake-grist/sample-data.ts';
import { connect, documentsOf, useBulkGrist } from '../../../../setup/bulk-grist.ts';
import { downloads, restartedWorker, useBackupDownloads } from '../../../../setup/backup-downloads.ts';

useBulkGrist();
useBackupDownloads();

/**
 * Each test ends once its workers are idle, as the browser stops only an idle worker: every stored
 * run done, which is each worker's last write (run-sending.ts go: `settled` comes last). Each test
 * started a worker again (restartedWorker), and a worker of one test writing its runs after the
 * next test began would put them in place of that test's (seen in whole unit runs under load: the
 * last test read no run of its id, or the run of the test before).
 */
afterEach(async () => {
  await vi.waitFor(async () => expect((await backupRunsItem.get()).filter((run) => !run.done)).toEqual([]));
});

/** The stored run of id `runId`. */
const storedRun = async (runId: string) => (await backupRunsItem.get()).find((run) => run.id === runId);

/** The download ids the stored run of id `runId` holds, by item. */
const storedIds = async (runId: string) => (await storedRun(runId))?.entries.map((entry) => entry?.files[0]?.downloadId ?? null) ?? [];

it('a worker stopped mid-run takes the run up again at its start: each download followed by its id, none started twice, the queued ones sent; the stored run holds no key and no email', async () => {
  // More documents on the host than the downloads it takes at once.
  await connect(generateSeed({ teams: 2, docsPerTeam: BACKUP_IN_FLIGHT_PER_HOST + 3 }));
  downloads.fetching = false;
  const documents = documentsOf(1, BACKUP_IN_FLIGHT_PER_HOST + 2);
  const started = await startBulkBackup({ requestId: crypto.randomUUID(), items: documents, format: 'xlsx' });
  await vi.waitFor(async () => expect((await storedIds(started.id)).filter((id) => id !== null)).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST));
  const paths = downloads.started.map(({ filename }) => filename);
  downloads.complete(1, 100);
  await vi.waitFor(async () => expect((await getBulkRun({ runId: started.id }))!.items[0]!.state).toBe('saved'));
  await vi.waitFor(() => expect(downloads.started).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST + 1));
  // Stored as it stands (the browser stops a worker only after it was idle for 30 s).
  await vi.waitFor(async () => expect((await storedIds(started.id)).filter((id) => id !== null)).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST + 1));
  await vi.waitFor(async () => expect((await storedRun(started.id))!.items[0]!.state).toBe('saved'));
  const stored = JSON.stringify(await backupRunsItem.get());
  expect(stored).not.toContain(USERS.owner.apiKey);
  expect(stored).not.toContain('@');

  // The worker stops; the browser finishes one download meanwhile.
  const { getBulkRun: getAfter, resumeBackupRuns } = await restartedWorker();
  downloads.complete(2, 200);
  await resumeBackupRuns();
  const resumed = (await getAfter({ runId: started.id }))!;
  expect(resumed.id).toBe(started.id);
  expect(resumed.backup).toEqual(started.backup);
  expect(resumed.items[0]).toMatchObject({ state: 'saved', bytes: 100 });
  // The last queued one is sent; those started are followed, not started again.
  await vi.waitFor(() => expect(downloads.started).toHaveLength(documents.length));
  expect(new Set(downloads.started.map(({ filename }) => filename)).size).toBe(documents.length);
  expect(downloads.started.slice(0, paths.length).map(({ filename }) => filename)).toEqual(paths);

  // One interrupted by the network: started once more, into the same file.
  downloads.interrupt(3, 'NETWORK_FAILED');
  await vi.waitFor(() => expect(downloads.started).toHaveLength(documents.length + 1));
  expect(downloads.started.at(-1)).toMatchObject({ filename: downloads.started[2]!.filename, conflictAction: 'overwrite' });
  // Download ids: item k got k + 1, the one retried the next after them all.
  const retriedId = documents.length + 1;
  for (let id = 4; id <= retriedId; id++) downloads.complete(id, 10 * id);
  let run!: BulkRunSnapshot;
  await vi.waitFor(async () => {
    run = (await getAfter({ runId: started.id }))!;
    expect(run.done).toBe(true);
  });
  expect(run.items.map(({ state }) => state)).toEqual(documents.map(() => 'saved'));
  expect(run.items.map(({ bytes }) => bytes)).toEqual([100, 200, 10 * retriedId, ...documents.slice(3).map((_, index) => 10 * (index + 4))]);
  // backup.json, once, listing them all; the stored run is done (a later start does not take it up).
  const manifest = JSON.parse(downloads.written(`${started.backup!.folder}/backup.json`)!) as { saved: Array<{ id: string; bytes: number }> };
  expect(manifest.saved.map(({ id, bytes }) => [id, bytes])).toEqual(documents.map(({ docId }, index) => [docId, run.items[index]!.bytes]));
  await vi.waitFor(async () => expect((await storedRun(started.id))!.done).toBe(true));
  const count = downloads.started.length;
  await (await restartedWorker()).resumeBackupRuns();
  expect(downloads.started).toHaveLength(count);
});

it('a page asking where a run stands is shown each download’s bytes, from one search of the browser’s downloads; nobody asking, nothing is read', async () => {
  await connect();
  downloads.fetching = false;
  // Team 2's: the stopped worker of the test before still holds team 1's first documents' turns.
  const started = await startBulkBackup({ requestId: crypto.randomUUID(), items: documentsOf(2, 2), format: 'grist' });
  await vi.waitFor(() => expect(downloads.started).toHaveLength(2));
  downloads.receive(1, 50, 200);
  downloads.receive(2, 7);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The searches of the bytes in progress (each wait reads its own download by id, once a second: not these).
  const progressSearches = () => downloads.search.mock.calls.filter(([query]) => (query as { id?: number }).id === undefined);
  const searches = progressSearches().length;
  // Nobody asks: no search.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(progressSearches()).toHaveLength(searches);
  const run = (await getBulkRun({ runId: started.id }))!;
  expect(run.items.map(({ bytes, totalBytes }) => [bytes, totalBytes])).toEqual([
    [50, 200],
    [7, undefined],
  ]);
  expect(progressSearches().slice(searches)).toEqual([[{ state: 'in_progress' }]]);
  downloads.complete(1, 200);
  downloads.complete(2, 9);
  await vi.waitFor(async () => expect((await getBulkRun({ runId: started.id }))!.done).toBe(true));
  expect((await getBulkRun({ runId: started.id }))!.items.map(({ bytes }) => bytes)).toEqual([200, 9]);
});

it('a Retry failed under way when the worker stops is taken up again too: its download followed by its id', async () => {
  const server = await connect();
  downloads.fetching = false;
  // Team 2's third: the stopped workers of the tests before still hold the others' turns.
  const document = documentsOf(2, 3)[2]!;
  server.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${document.docId}/download`), status: 404, body: '{"error":"Document is deleted"}', contentType: 'application/json', times: 1 });
  const started = await startBulkBackup({ requestId: crypto.randomUUID(), items: [document], format: 'grist' });
  await vi.waitFor(() => expect(downloads.started).toHaveLength(1));
  downloads.interrupt(1, 'SERVER_BAD_CONTENT');
  await vi.waitFor(async () => expect((await storedRun(started.id))).toMatchObject({ done: true, items: [{ state: 'failed', message: expect.stringContaining('Document is deleted') }] }));

  await retryFailedBulk({ runId: started.id });
  await vi.waitFor(() => expect(downloads.started.filter(({ url }) => !url.startsWith('data:'))).toHaveLength(2));
  await vi.waitFor(async () => expect((await storedRun(started.id))).toMatchObject({ done: false, entries: [{ files: [{ downloadId: 3 }] }] }));
  const { getBulkRun: getAfter, resumeBackupRuns } = await restartedWorker();
  await resumeBackupRuns();
  downloads.complete(3, 42);
  await vi.waitFor(async () => expect((await getAfter({ runId: started.id }))!.items[0]).toMatchObject({ state: 'saved', bytes: 42 }));
  expect(downloads.started.filter(({ url }) => !url.startsWith('data:'))).toHaveLength(2);
});

it('a worker stopped before the browser gave a download’s id finds that download at its next start and follows it, never asking Grist for the file again', async () => {
  await connect();
  downloads.fetching = false;
  // Chromium gives a download's id only once the server has answered: the worker stops before.
  downloads.answersIds = false;
  const documents = documentsOf(2, 5).slice(3);
  const started = await startBulkBackup({ requestId: crypto.randomUUID(), items: documents, format: 'grist' });
  await vi.waitFor(() => expect(downloads.started).toHaveLength(2));
  await vi.waitFor(async () => expect((await storedRun(started.id))?.items.map(({ state }) => state)).toEqual(['sending', 'sending']));
  expect(await storedIds(started.id)).toEqual([null, null]);

  const { getBulkRun: getAfter, resumeBackupRuns } = await restartedWorker();
  downloads.answersIds = true;
  await resumeBackupRuns();
  await vi.waitFor(async () => expect(await storedIds(started.id)).toEqual([1, 2]));
  downloads.complete(1, 11);
  downloads.complete(2, 22);
  let run!: BulkRunSnapshot;
  await vi.waitFor(async () => {
    run = (await getAfter({ runId: started.id }))!;
    expect(run.done).toBe(true);
  });
  expect(run.items.map(({ state, bytes }) => [state, bytes])).toEqual([
    ['saved', 11],
    ['saved', 22],
  ]);
  // Each file asked for once: no second download into the same path.
  expect(downloads.started.filter(({ url }) => !url.startsWith('data:')).map(({ filename }) => filename)).toEqual(downloads.started.slice(0, 2).map(({ filename }) => filename));
});

it('a run that ended just before the worker stopped is shown as it ended, under its id, with its backup.json; nothing is sent or written again, and Retry failed sends its failed one', async () => {
  const server = await connect();
  // Team 2's sixth and seventh: the stopped workers of the tests before still hold the others' turns.
  const documents = documentsOf(2, 7).slice(5);
  // The download and Grist asked why: the second document fails, once.
  server.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${documents[1]!.docId}/download`), status: 404, body: '{"error":"Document is deleted"}', contentType: 'application/json', times: 2 });
  const started = await startBulkBackup({ requestId: crypto.randomUUID(), items: documents, format: 'grist' });
  let ended!: BulkRunSnapshot;
  await vi.waitFor(async () => {
    ended = (await getBulkRun({ runId: started.id }))!;
    expect(ended.done).toBe(true);
  });
  expect(ended.items.map(({ state }) => state)).toEqual(['saved', 'failed']);
  expect(ended.backup!.manifestDownloadId).toEqual(expect.any(Number));
  await vi.waitFor(async () => expect((await storedRun(started.id))?.done).toBe(true));
  const count = downloads.started.length;

  const { getBulkRun: getAfter, retryFailedBulk: retryAfter, resumeBackupRuns } = await restartedWorker();
  await resumeBackupRuns();
  expect(await getAfter({ runId: started.id })).toEqual(ended);
  expect(downloads.started).toHaveLength(count);
  // Not the latest: a popup opened now follows no run (as before the stop, once this one was done).
  expect(await getAfter({ runId: null })).toBeNull();

  await retryAfter({ runId: started.id });
  let retried!: BulkRunSnapshot;
  await vi.waitFor(async () => {
    retried = (await getAfter({ runId: started.id }))!;
    expect(retried.done).toBe(true);
  });
  expect(retried.items.map(({ state }) => state)).toEqual(['saved', 'saved']);
  // The failed one's file, then backup.json written again.
  expect(downloads.started.slice(count).map(({ filename }) => filename)).toEqual([expect.stringMatching(/Document 2\.7\.grist$/), `${started.backup!.folder}/backup.json`]);
});
