/**
 * A bulk backup in Chromium against the fake Grist: the `startBulkBackup` message from an extension
 * page, the browser downloading each document into `Grist backup <date>/<site>/<workspace>/`, the
 * files and backup.json on disk checked; a trashed document reported in Grist's words, a 429 paused
 * and its file downloaded again into the same name. The downloads' answers are the fake's faults, as
 * docs/grist-api.md "Downloads and exports" says Grist answers.
 *
 * The browser saves into a download folder of the test's (extension.ts LoadOptions `downloadFolder`,
 * which keeps the extension's file names and subfolders).
 */
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BulkRunSnapshot } from '../../src/shared/protocol/bulk.ts';
import { generatedDocId, generateSeed, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { loadExtension, type LoadedExtension } from './extension.ts';
import { POPUP_PAGE, saveOptions } from './user-actions.ts';

const FILE = `SQLite format 3\u0000${'x'.repeat(2000)}`;

let grist: FakeGrist;
let folder: string;
let downloadFolder: string;
let context: BrowserContext;
let extension: LoadedExtension;
let page: Page;

beforeAll(async () => {
  const seed = generateSeed({ teams: 2, docsPerTeam: 10 });
  // Two documents of one name in one workspace, and a name Windows reserves.
  seed.docs.find(({ id }) => id === generatedDocId(1, 2))!.name = 'Document 1.1';
  seed.docs.find(({ id }) => id === generatedDocId(1, 3))!.name = 'CON';
  grist = await startFakeGrist({ mode: 'org-in-path', seed });
  folder = await mkdtemp(join(tmpdir(), 'grist-backup-'));
  downloadFolder = join(folder, 'downloads');
  await mkdir(downloadFolder);
  extension = await loadExtension([], {}, { grantDownloads: true, downloadFolder });
  context = extension.context;
  await (await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${grist.url}/o/docs` })).close();
  page = await extension.openPage(POPUP_PAGE);
  expect(await page.evaluate(() => chrome.runtime.sendMessage({ type: 'refreshListing', request: null }))).toMatchObject({ ok: true });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await grist?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Every file under `root`, as paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

it('backs up 20 documents of two sites into one folder, with backup.json; a trashed one in Grist’s words, a 429 paused and its file downloaded again into the same name', async () => {
  const documents = [1, 2].flatMap((team) => Array.from({ length: 10 }, (_, index) => ({ orgId: 99 + team, docId: generatedDocId(team, index + 1) })));
  const trashed = documents[4]!;
  const limited = documents[14]!;
  grist.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${trashed.docId}/download`), status: 404, body: '{"error":"Document is deleted"}', contentType: 'application/json' });
  // A rate limit's window, as Grist's (not a count of requests: a worker the browser restarts
  // mid-run, seen here now and then, asks once more than the one it replaced would have); the
  // Retry-After outlasts it, so the download after the pause is answered.
  grist.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${limited.docId}/download`), status: 429, body: '{"error":"Too many requests"}', contentType: 'application/json', headers: { 'Retry-After': '3' }, forMs: 2500 });
  grist.injectFault({ method: 'GET', path: /\/api\/docs\/[^/]+\/download/, status: 200, body: FILE, contentType: 'application/x-sqlite3', headers: { 'Content-Disposition': 'attachment; filename="server-name.grist"' } });
  const started = (await page.evaluate((items) => chrome.runtime.sendMessage({ type: 'startBulkBackup', request: { requestId: crypto.randomUUID(), items, format: 'grist' } }), documents)) as { ok: true; value: BulkRunSnapshot };
  expect(started).toMatchObject({ ok: true, value: { kind: 'backup', withoutUndo: true } });
  const backupFolder = started.value.backup!.folder;
  let run!: BulkRunSnapshot;
  await expect
    .poll(
      async () => {
        run = ((await page.evaluate((runId) => chrome.runtime.sendMessage({ type: 'getBulkRun', request: { runId } }), started.value.id)) as { value: BulkRunSnapshot }).value;
        return run.done;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const reasons = JSON.stringify(run.items.flatMap(({ newName, state, message }) => (state === 'saved' ? [] : [[newName, message]])));
  expect(run.items.map(({ state }) => state), reasons).toEqual(documents.map((document) => (document === trashed ? 'failed' : 'saved')));
  expect(run.items[4]!.message).toContain('Document is deleted');

  // The manifest is written once the run is done: wait for it on disk.
  await expect.poll(async () => (await filesUnder(downloadFolder)).includes(`${backupFolder}/backup.json`), { timeout: 10_000 }).toBe(true);
  const files = (await filesUnder(downloadFolder)).toSorted();
  const expected = [
    ...Array.from({ length: 10 }, (_, index) => index + 1)
      .filter((index) => index !== 5)
      .map((index) => `${backupFolder}/Team 1/Documents/${index === 2 ? 'Document 1.1 (2)' : index === 3 ? 'CON_' : `Document 1.${index}`}.grist`),
    ...Array.from({ length: 10 }, (_, index) => `${backupFolder}/Team 2/Documents/Document 2.${index + 1}.grist`),
    `${backupFolder}/backup.json`,
  ].toSorted();
  expect(files).toEqual(expected);
  for (const file of files.filter((name) => name.endsWith('.grist'))) expect((await readFile(join(downloadFolder, file))).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  // The 429's file: the download, its one retry and Grist asked why, each answered 429; then, once
  // the pause Grist asked for is over, downloaded again into the same name: one file.
  const limitedRequests = grist.requests.filter(({ path }) => path.includes(`/api/docs/${limited.docId}/download`));
  const statuses = limitedRequests.map(({ answer }) => answer?.status);
  expect(statuses.slice(0, 3)).toEqual([429, 429, 429]);
  expect(statuses.at(-1)).toBe(200);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  const [lastLimited, answered] = limitedRequests.slice(-2);
  expect(answered!.receivedAt - lastLimited!.answeredAt!).toBeGreaterThanOrEqual(2900);

  const manifest = JSON.parse(await readFile(join(downloadFolder, backupFolder, 'backup.json'), 'utf8')) as { saved: Array<{ id: string; paths: string[]; bytes: number }>; failed: Array<{ id: string; reason: string }> };
  expect(manifest.saved).toHaveLength(19);
  expect(manifest.saved.every(({ bytes }) => bytes === FILE.length)).toBe(true);
  expect(manifest.saved.find(({ id }) => id === generatedDocId(1, 2))!.paths).toEqual(['Team 1/Documents/Document 1.1 (2).grist']);
  expect(manifest.failed).toEqual([expect.objectContaining({ id: trashed.docId, reason: expect.stringContaining('Document is deleted') })]);
}, 60_000);

/** Sends `type` from the page. Out: the reply's value (the test fails on an error reply). */
async function ask<T>(type: string, request: unknown): Promise<T> {
  const reply = (await page.evaluate(([type, request]) => chrome.runtime.sendMessage({ type, request }), [type, request] as const)) as { ok: boolean; value: T; error?: unknown };
  expect(reply, JSON.stringify(reply.error)).toMatchObject({ ok: true });
  return reply.value;
}

/** Waits for run `runId` to be done. Out: its last snapshot. */
async function finishedRun(runId: string): Promise<BulkRunSnapshot> {
  let run!: BulkRunSnapshot;
  await expect
    .poll(async () => (run = await ask<BulkRunSnapshot>('getBulkRun', { runId })).done, { timeout: 30_000 })
    .toBe(true);
  return run;
}

it('the worker stopped by the browser while its downloads go on: started again, it follows each by its id, none downloaded twice', async () => {
  grist.clearFaults();
  grist.clearRequests();
  // Six, each started (its id stored) when the worker stops. In Chromium a download's id comes once
  // the server answers (seen here: with Grist slow to answer, a download asked for just before the
  // stop had no id yet, and the worker started again asked for it a second time, into the same file).
  const documents = Array.from({ length: 6 }, (_, index) => ({ orgId: 101, docId: generatedDocId(2, index + 1) }));
  grist.injectFault({ method: 'GET', path: /\/api\/docs\/[^/]+\/download/, status: 200, body: FILE, contentType: 'application/x-sqlite3', delayMs: 4000 });
  const started = await ask<BulkRunSnapshot>('startBulkBackup', { requestId: crypto.randomUUID(), items: documents, format: 'xlsx' });
  // Once the worker stored the downloads it started (which it does as each starts), it is stopped as
  // Chrome stops an idle one: its memory gone; the browser's downloads go on. The stored run is
  // found by its id and read from the page, not through a handle on the worker.
  await expect
    .poll(
      () =>
        page.evaluate(async (runId) => {
          const stored = (await chrome.storage.local.get('backupRuns')) as { backupRuns?: { runs: Array<{ id: string; entries: Array<{ files: Array<{ downloadId: number | null }> } | null> }> } };
          return stored.backupRuns?.runs.find((run) => run.id === runId)?.entries.filter((entry) => entry?.files[0]?.downloadId != null).length ?? 0;
        }, started.id),
      { timeout: 10_000 },
    )
    .toBe(6);
  const session = await context.newCDPSession(page);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  const run = await finishedRun(started.id);
  expect(run.items.map(({ state }) => state)).toEqual(documents.map(() => 'saved'));
  const downloadsOf = (docId: string) => grist.requests.filter(({ path }) => path.includes(`/api/docs/${docId}/download`));
  expect(documents.map(({ docId }) => downloadsOf(docId).length)).toEqual(documents.map(() => 1));
  const backupFolder = started.backup!.folder;
  await expect.poll(async () => (await filesUnder(downloadFolder)).filter((name) => name.startsWith(`${backupFolder}/Team 2/`) && name.endsWith('.xlsx')).length, { timeout: 10_000 }).toBe(documents.length);
}, 60_000);
