/**
 * One document's download in Chromium against the fake Grist: the `downloadDocument` message from
 * an extension page, the browser saving the file in its download folder, the file on disk checked
 * (a `.grist` is SQLite, an `.xlsx` a zip, a CSV its table's rows), and a trashed document's
 * refusal in Grist's words. The tested copy grants `downloads` (extension.ts LoadOptions).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadDone } from '../../src/shared/protocol/downloads.ts';
import type { Reply } from '../../src/shared/protocol/messages.ts';
import { DOCS, ORGS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { loadExtension, type LoadedExtension } from './extension.ts';
import { POPUP_PAGE, saveOptions } from './user-actions.ts';

let grist: FakeGrist;
let extension: LoadedExtension;
let folder: string;
let page: Page;

beforeAll(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  folder = await mkdtemp(join(tmpdir(), 'grist-downloads-'));
  extension = await loadExtension([], {}, { grantDownloads: true, downloadFolder: folder });
  await (await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${grist.url}/o/docs` })).close();
  page = await extension.openPage(POPUP_PAGE);
  // The worker's listing, which every document a message names is checked against.
  expect(await page.evaluate(() => chrome.runtime.sendMessage({ type: 'refreshListing', request: null }))).toMatchObject({ ok: true });
  // When the browser creates each download, on the same clock as the page's (performance.timeOrigin + now).
  await extension.worker.evaluate(() => {
    const created: number[] = [];
    // Typed here: only this file uses chrome.downloads (tsconfig-globals.d.ts types the rest of `chrome`).
    const { downloads } = chrome as unknown as { downloads: { onCreated: { addListener(listener: () => void): void } } };
    downloads.onCreated.addListener(() => created.push(performance.timeOrigin + performance.now()));
    Object.assign(globalThis, { downloadsCreatedAt: created });
  });
});

afterAll(async () => {
  await extension?.close();
  await grist?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Sends `downloadDocument` from the popup page. Out: its reply, and when it was sent. */
async function download(request: { docId: string; format: string; tableId?: string }): Promise<{ reply: Reply<'downloadDocument'>; sentAt: number }> {
  return page.evaluate(async (asked) => {
    const sentAt = performance.timeOrigin + performance.now();
    const reply = (await chrome.runtime.sendMessage({ type: 'downloadDocument', request: asked })) as Reply<'downloadDocument'>;
    return { reply, sentAt };
  }, { orgId: ORGS.acme.id, ...request });
}

/** The file a successful reply names, checked to be in the test's download folder. */
async function savedFile(reply: Reply<'downloadDocument'>): Promise<{ done: DownloadDone; bytes: Buffer }> {
  expect(reply).toMatchObject({ ok: true });
  const done = (reply as { ok: true; value: DownloadDone }).value;
  expect(dirname(done.path)).toBe(folder);
  const bytes = await readFile(done.path);
  expect(bytes.length).toBe(done.bytes);
  return { done, bytes };
}

describe('a document’s download', () => {
  it('saves the .grist under the document’s name, started within a round trip of the message', async ({ annotate }) => {
    const { reply, sentAt } = await download({ docId: DOCS.bugTracker.id, format: 'grist' });
    const { done, bytes } = await savedFile(reply);
    expect(basename(done.path)).toBe('Bug Tracker.grist');
    expect(bytes.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    const [createdAt] = await extension.worker.evaluate(() => (globalThis as unknown as { downloadsCreatedAt: number[] }).downloadsCreatedAt);
    // The "within one round trip" (reported, not asserted: timing under load).
    // Beside it, one round trip of a message that makes one GET (the document's tables).
    const roundTrip = await page.evaluate(async (request) => {
      const start = performance.now();
      await chrome.runtime.sendMessage({ type: 'readDocumentTables', request });
      return performance.now() - start;
    }, { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id });
    await annotate(`downloadDocument to downloads.onCreated: ${(createdAt! - sentAt).toFixed(1)} ms; readDocumentTables (one GET) round trip: ${roundTrip.toFixed(1)} ms`);
    expect(createdAt).toBeGreaterThan(sentAt);
    // The key went in the download's header, not in its address.
    const requested = grist.requests.filter((request) => request.path.includes('/download'));
    expect(requested).toMatchObject([{ path: `/o/acme/api/docs/${DOCS.bugTracker.id}/download?nohistory=true`, hasAuthorization: true }]);
  });

  it('saves every table as an Excel file', async () => {
    const { done, bytes } = await savedFile((await download({ docId: DOCS.bugTracker.id, format: 'xlsx' })).reply);
    expect(basename(done.path)).toBe('Bug Tracker.xlsx');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('saves one table as CSV, its rows as Grist exports them', async () => {
    const { done, bytes } = await savedFile((await download({ docId: DOCS.bugTracker.id, format: 'csv', tableId: 'Bugs' })).reply);
    expect(basename(done.path)).toBe('Bug Tracker-Bugs.csv');
    expect(bytes.toString('utf8').trim().split(/\r?\n/)).toEqual(['Title,Severity,Open', 'Crash on save,high,true', 'Typo in menu,low,false']);
  });

  it('a download the network keeps cutting is started once more, then reported, and leaves no file', async () => {
    const created = () => extension.worker.evaluate(() => (globalThis as unknown as { downloadsCreatedAt: number[] }).downloadsCreatedAt.length);
    const createdBefore = await created();
    grist.injectFault({ path: `/api/docs/${DOCS.roadmap.id}/download`, cutBodyAfterBytes: 100 });
    const { reply } = await download({ docId: DOCS.roadmap.id, format: 'grist' });
    grist.clearFaults();
    expect(reply).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect((reply as { ok: false; error: { message: string } }).error.message).toMatch(/^The download of Roadmap 2026 stopped before the end, though Grist would send it \(the browser says SERVER_CONTENT_LENGTH_MISMATCH\)\. Try again\.$/);
    // Two downloads: the first (which Chromium restarted by itself, 5 times in Debian's Chromium, each
    // cut again) and the extension's one retry; then one GET to ask Grist why.
    expect((await created()) - createdBefore).toBe(2);
    expect(grist.requests.filter((request) => request.path.startsWith(`/o/acme/api/docs/${DOCS.roadmap.id}/download`)).length).toBeGreaterThanOrEqual(3);
    expect((await readdir(folder)).filter((name) => name.startsWith('Roadmap'))).toEqual([]);
  });

  it('says why Grist refused a document in the trash, in its words, and saves nothing', async () => {
    const removed = await fetch(`${grist.url}/o/acme/api/docs/${DOCS.leads.id}/remove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    expect(removed.status).toBe(200);
    const { reply } = await download({ docId: DOCS.leads.id, format: 'grist' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404 } });
    expect((reply as { ok: false; error: { message: string } }).error.message).toContain('Document is deleted');
    expect(JSON.stringify(reply)).not.toContain(USERS.owner.apiKey);
    expect((await readdir(folder)).filter((name) => name.startsWith('Leads'))).toEqual([]);
  });
});
