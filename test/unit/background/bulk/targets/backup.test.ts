/**
 * A bulk backup run (targets/backup.ts, downloads/backup-operation.ts) through the run engine,
 * against the fake Grist server and a fake `browser.downloads` that fetches each download's URL
 * with the headers it was given (test/setup/backup-downloads.ts). The downloads' answers are the
 * fake's faults, as docs/grist-api.md "Downloads and exports" says Grist answers: a file, the 404
 * "Document is deleted" of a document in the trash, a 429 with Retry-After.
 */
import { describe, expect, it, vi } from 'vitest';
import { getBulkRun, retryFailedBulk, stopBulkRun } from '../../../../../src/background/bulk/run-engine.ts';
import { startBulkBackup } from '../../../../../src/background/bulk/targets/backup.ts';
import { BACKUP_IN_FLIGHT_PER_HOST } from '../../../../../src/background/downloads/backup-operation.ts';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import type { BackupManifest } from '../../../../../src/background/downloads/backup-manifest.ts';
import { generateSeed, USERS } from '../../../../fake-grist/sample-data.ts';
import { expectNothingWritten, storedNow } from '../../../../setup/read-only-run.ts';
import { finished } from '../../../../setup/finished-run.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../../setup/bulk-grist.ts';
import { downloads, useBackupDownloads } from '../../../../setup/backup-downloads.ts';
import { fakeBrowser } from '@webext-core/fake-browser';

useBulkGrist();
useBackupDownloads();

/** A document's download or export, after its `/o/<domain>` prefix. */
const DOWNLOADS = /\/api\/docs\/[^/]+\/download/;
/** What the fake answers for a document's file: a .grist starts so (docs/grist-api.md). */
const FILE = `SQLite format 3\u0000${'x'.repeat(200)}`;

const downloadsOf = (docId: string) => grist!.requests.filter(({ method, path }) => method === 'GET' && path.includes(`/api/docs/${docId}/download`));
const manifestOf = (folder: string): BackupManifest => JSON.parse(downloads.written(`${folder}/backup.json`) ?? 'null') as BackupManifest;
const start = (items: ReturnType<typeof documentsOf>, format: 'grist' | 'csv' = 'grist') => startBulkBackup({ requestId: crypto.randomUUID(), items, format });


describe('a bulk backup run', () => {
  it('saves each document into <folder>/<site>/<workspace>/<document>.grist with the key in the header only; a trashed one is reported in Grist’s words; a 429 pauses and the same file is downloaded again; nothing logged, no undo', async () => {
    await connect();
    const before = await storedNow();
    const documents = [...documentsOf(1, 5), ...documentsOf(2, 5)];
    const trashed = documents[2]!;
    const limited = documents[6]!;
    grist!.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${trashed.docId}/download`), status: 404, body: '{"error":"Document is deleted"}', contentType: 'application/json' });
    grist!.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${limited.docId}/download`), status: 429, body: '{"error":"Too many requests"}', contentType: 'application/json', headers: { 'Retry-After': '1' }, times: 3 });
    grist!.injectFault({ method: 'GET', path: DOWNLOADS, status: 200, body: FILE, contentType: 'application/x-sqlite3', delayMs: 20 });

    const started = await start(documents);
    expect(started.kind).toBe('backup');
    expect(started.backup).toEqual({ format: 'grist', folder: expect.stringMatching(/^Grist backup \d{4}-\d\d-\d\d \d\d\.\d\d$/) });
    const folder = started.backup!.folder;
    const run = await finished(started.id);

    expect(run.items.map(({ state }) => state)).toEqual(documents.map((document) => (document === trashed ? 'failed' : 'saved')));
    expect(run.items[2]!.message).toContain('Document is deleted');
    expect(run.items.filter(({ state }) => state === 'saved').map(({ bytes }) => bytes)).toEqual(Array.from({ length: 9 }, () => FILE.length));
    // Each saved where its site and workspace say, under its own name.
    const listing = (await readListing())!;
    const named = (docId: string) => listing.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.filter(({ id }) => id === docId).map(({ name }) => `${folder}/${site.name}/${workspace.name}/${name}.grist`)))[0]!;
    expect([...downloads.files.keys()].filter((path) => path.endsWith('.grist')).toSorted()).toEqual(documents.filter((document) => document !== trashed).map(({ docId }) => named(docId)).toSorted());
    // The key only in the Authorization header: never in a URL, which the browser's history keeps.
    expect(downloads.started.filter(({ url }) => !url.startsWith('data:')).every(({ url, headers }) => !url.includes(USERS.owner.apiKey) && headers?.[0]?.value === `Bearer ${USERS.owner.apiKey}`)).toBe(true);
    expect(grist!.requests.every(({ apiKey }) => apiKey === USERS.owner.apiKey)).toBe(true);
    expect(grist!.mostInFlight(new URL(grist!.url).host)).toBeLessThanOrEqual(BACKUP_IN_FLIGHT_PER_HOST);

    // The trashed one: not downloaded again (a 404 is no interruption to retry); its reason read with a GET.
    expect(downloadsOf(trashed.docId).map(({ answer }) => answer?.status)).toEqual([404, 404]);
    // The 429: retried once into the same file, then asked why (429 again): its host paused, then the same file again.
    expect(downloadsOf(limited.docId).map(({ answer }) => answer?.status)).toEqual([429, 429, 429, 200]);
    const limitedStarts = downloads.started.filter(({ url }) => url.includes(limited.docId));
    expect(limitedStarts.map(({ filename, conflictAction }) => [filename, conflictAction])).toEqual(Array.from({ length: 3 }, () => [named(limited.docId), 'overwrite']));
    expect([...downloads.files.keys()].filter((path) => path === named(limited.docId))).toHaveLength(1);

    // backup.json beside them.
    const manifest = manifestOf(folder);
    expect(manifest.saved.map(({ id }) => id)).toEqual(documents.filter((document) => document !== trashed).map(({ docId }) => docId));
    expect(manifest.saved[0]).toMatchObject({ format: 'grist', bytes: FILE.length, paths: [named(documents[0]!.docId).slice(folder.length + 1)], site: { url: expect.stringContaining('/o/team-1') } });
    expect(manifest.failed).toEqual([expect.objectContaining({ id: trashed.docId, reason: expect.stringContaining('Document is deleted') })]);
    // The run is done once backup.json is written: its download id is in the snapshot (the pages' Show in folder).
    const manifestId = downloads.started.findLastIndex(({ filename }) => filename === `${folder}/backup.json`) + 1;
    expect(manifestId).toBeGreaterThan(0);
    expect(run.backup).toEqual({ format: 'grist', folder, manifestDownloadId: manifestId });

    // Nothing written: the change log and the cached listing as they were; no Undo this batch.
    await expectNothingWritten(run, before);
  });

  it('Stop: the downloads on their way finish, the rest are not started; Retry failed downloads only the failed one, and backup.json is written again', async () => {
    // More documents on the host than the downloads it takes at once.
    await connect(generateSeed({ teams: 2, docsPerTeam: BACKUP_IN_FLIGHT_PER_HOST + 3 }));
    const documents = documentsOf(1, BACKUP_IN_FLIGHT_PER_HOST + 3);
    const failing = documents[0]!;
    grist!.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${failing.docId}/download`), status: 500, body: '{"error":"Oops"}', contentType: 'application/json', times: 3, delayMs: 300 });
    grist!.injectFault({ method: 'GET', path: DOWNLOADS, status: 200, body: FILE, contentType: 'application/x-sqlite3', delayMs: 300 });
    const started = await start(documents);
    await vi.waitFor(() => expect(downloads.started.length).toBeGreaterThanOrEqual(BACKUP_IN_FLIGHT_PER_HOST));
    expect((await stopBulkRun({ runId: started.id })).stopped).toBe(true);
    const run = await finished(started.id);
    const states = run.items.map(({ state }) => state);
    expect(states[0]).toBe('failed');
    expect(states.filter((state) => state === 'saved')).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST - 1);
    expect(run.items.filter(({ state }) => state === 'not-sent').map(({ message }) => message)).toEqual(Array.from({ length: documents.length - BACKUP_IN_FLIGHT_PER_HOST }, () => 'Not sent: the run was stopped.'));
    const folder = run.backup!.folder;
    expect(manifestOf(folder).saved).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST - 1);
    expect(manifestOf(folder).failed.map(({ id }) => id)).toEqual([failing.docId, ...documents.slice(BACKUP_IN_FLIGHT_PER_HOST).map(({ docId }) => docId)]);

    grist!.clearRequests();
    const before = downloads.started.length;
    const retried = await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(retried.items[0]!.state).toBe('saved');
    expect(retried.items.slice(BACKUP_IN_FLIGHT_PER_HOST).every(({ state }) => state === 'not-sent')).toBe(true);
    // Only the failed one downloaded again (and backup.json), into the same file.
    expect(downloads.started.slice(before).map(({ url, filename }) => (url.startsWith('data:') ? filename : new URL(url).pathname.split('/').at(-2)))).toEqual([failing.docId, `${folder}/backup.json`]);
    expect(manifestOf(folder).saved.map(({ id }) => id)).toContain(failing.docId);
    // backup.json written again: the snapshot names the new download.
    expect(retried.backup!.manifestDownloadId).toBe(before + 2);
    expect(await readChangeLog()).toEqual([]);
  });

  it('retries once into the same file what the single download retries (Firefox’s CRASH of a refused connection, a file cut short), and counts each file’s size as its fileSize', async () => {
    await connect();
    downloads.fetching = false;
    const documents = documentsOf(2, 2);
    const started = await start(documents);
    await vi.waitFor(() => expect(downloads.started).toHaveLength(2));
    downloads.interrupt(1, 'CRASH');
    downloads.interrupt(2, 'SERVER_CONTENT_LENGTH_MISMATCH');
    await vi.waitFor(() => expect(downloads.started).toHaveLength(4));
    expect(downloads.started.slice(2).map(({ filename, conflictAction }) => [filename, conflictAction])).toEqual(downloads.started.slice(0, 2).map(({ filename }) => [filename, 'overwrite']));
    for (const id of [3, 4]) {
      downloads.complete(id, 1000 * id);
      // Firefox: bytesReceived can stay short of the file's size.
      downloads.items.set(id, { ...downloads.items.get(id)!, bytesReceived: 10 });
    }
    const run = await finished(started.id);
    expect(run.items.map(({ state, bytes }) => [state, bytes])).toEqual([
      ['saved', 3000],
      ['saved', 4000],
    ]);
  });

  it('a CSV backup: one GET of each document’s tables, then one file per table in the document’s folder', async () => {
    await connect();
    const [document] = documentsOf(1, 1);
    grist!.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${document!.docId}/tables$`), status: 200, body: '{"tables":[{"id":"Expenses","fields":{}},{"id":"CON","fields":{}}]}', contentType: 'application/json' });
    grist!.injectFault({ method: 'GET', path: DOWNLOADS, status: 200, body: 'a,b\n1,2\n', contentType: 'text/csv' });
    const run = await finished((await start([document!], 'csv')).id);
    expect(run.items[0]).toMatchObject({ state: 'saved', bytes: 16 });
    const files = downloads.started.filter(({ url }) => !url.startsWith('data:'));
    expect(files.map(({ url }) => new URL(url).search)).toEqual(['?tableId=Expenses', '?tableId=CON']);
    expect(files.map(({ filename }) => filename!.split('/').slice(-2))).toEqual([
      [expect.any(String), 'Expenses.csv'],
      [expect.any(String), 'CON_.csv'],
    ]);
    expect(grist!.requests.filter(({ path }) => path.endsWith('/tables'))).toHaveLength(1);
  });

  it('two backups started within one minute: each its own folder, so neither’s files nor backup.json replace the other’s', async () => {
    // Date alone is frozen (timers run): both runs start in the same minute, as two Back up… clicks can.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 29, 3, 5, 10) });
    try {
      await connect();
      grist!.injectFault({ method: 'GET', path: DOWNLOADS, status: 200, body: FILE, contentType: 'application/x-sqlite3' });
      const [first, second] = [documentsOf(1, 3), documentsOf(1, 1)];
      const [one, two] = await Promise.all([start(first), start(second)]);
      await Promise.all([finished(one.id), finished(two.id)]);
      expect([one.backup!.folder, two.backup!.folder]).toEqual(['Grist backup 2026-11-29 03.05', 'Grist backup 2026-11-29 03.05 (2)']);
      // Every document's file kept: the first run's copy of a document is not replaced by the second's.
      expect([...downloads.files.keys()].filter((path) => path.endsWith('.grist'))).toHaveLength(4);
      await vi.waitFor(() => {
        expect(manifestOf(one.backup!.folder).saved.map(({ id }) => id)).toEqual(first.map(({ docId }) => docId));
        expect(manifestOf(two.backup!.folder).saved.map(({ id }) => id)).toEqual(second.map(({ docId }) => docId));
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a document the listing does not have is not downloaded; without the downloads permission nothing starts', async () => {
    await connect();
    grist!.injectFault({ method: 'GET', path: DOWNLOADS, status: 200, body: FILE, contentType: 'application/x-sqlite3' });
    const run = await finished((await start([{ orgId: 100, docId: 'not-listed-doc' }, ...documentsOf(1, 1)])).id);
    expect(run.items.map(({ state }) => state)).toEqual(['not-sent', 'saved']);
    expect(downloads.started.filter(({ url }) => url.includes('not-listed-doc'))).toEqual([]);

    Object.assign(fakeBrowser, { downloads: undefined });
    const runs = await getBulkRun({ runId: null });
    await expect(start(documentsOf(1, 1))).rejects.toMatchObject({ kind: 'no-downloads-permission' });
    expect(await getBulkRun({ runId: null })).toEqual(runs);
  });
});
