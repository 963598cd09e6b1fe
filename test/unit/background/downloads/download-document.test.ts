/**
 * downloads/download-document.ts: one document's file saved by the browser (an in-memory
 * `browser.downloads` that fetches from the fake Grist as Chromium does: test/setup/fake-downloads.ts),
 * checked against the worker's listing, retried once into the same file when the network cut it,
 * explained in Grist's words when Grist refused it; its tables; nothing in the change log.
 */
import { describe, expect, it } from 'vitest';
import { readChangeLogItems } from '../../../../src/background/changes/undo.ts';
import { downloadDocument, readDocumentTables, showDownload, singleFileName } from '../../../../src/background/downloads/download-document.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { DOWNLOAD_FOLDER, downloads, removeDownloadsApi, useFakeDownloads } from '../../../setup/fake-downloads.ts';
import { configure, failure, grist, removeInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });
useFakeDownloads({ fetchFiles: true });

const KEY = USERS.owner.apiKey;
const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };
const file = (name: string) => downloads.files.get(`${DOWNLOAD_FOLDER}/${name}`);
/** The download requests the server received for `docId`. */
const downloadRequests = (docId: string) => grist.requests.filter((request) => request.path.includes(`/api/docs/${docId}/download`));

describe('downloadDocument', () => {
  it('saves the whole document without its history under its name, and answers where and how big', async () => {
    grist.clearRequests();
    const done = await downloadDocument({ ...bugTracker, format: 'grist' });
    const saved = file('Bug Tracker.grist')!;
    expect(saved.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    expect(done).toEqual({ downloadId: 1, path: `${DOWNLOAD_FOLDER}/Bug Tracker.grist`, bytes: saved.length });
    expect(downloadRequests(DOCS.bugTracker.id).map((request) => request.path)).toEqual([`/o/acme/api/docs/${DOCS.bugTracker.id}/download?nohistory=true`]);
    expect(downloads.started[0]).toMatchObject({ conflictAction: 'uniquify', headers: [{ name: 'Authorization', value: `Bearer ${KEY}` }] });
    expect(downloads.started[0]!.url).not.toContain(KEY);
  });

  it('saves every table as one Excel file', async () => {
    await downloadDocument({ ...bugTracker, format: 'xlsx' });
    expect(file('Bug Tracker.xlsx')!.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('saves one table as CSV, named after the document and the table as Grist names it', async () => {
    await downloadDocument({ ...bugTracker, format: 'csv', tableId: 'Releases' });
    expect(file('Bug Tracker-Releases.csv')!.toString('utf8').trim().split(/\r?\n/)).toEqual(['Version,Date', '1.0,2026-03-01', '1.1,2026-05-15']);
  });

  it('keeps a file already there: a second download beside it', async () => {
    await downloadDocument({ ...bugTracker, format: 'grist-history' });
    const second = await downloadDocument({ ...bugTracker, format: 'grist-history' });
    expect(second.path).toBe(`${DOWNLOAD_FOLDER}/Bug Tracker (1).grist`);
    expect(downloadRequests(DOCS.bugTracker.id).map((request) => request.path.split('/').pop())).toEqual(['download', 'download']);
  });

  it('retries a download the network cut once, into the same file', async () => {
    await downloadDocument({ ...bugTracker, format: 'grist' });
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/download`, cutBodyAfterBytes: 100, times: 1 });
    const done = await downloadDocument({ ...bugTracker, format: 'grist' });
    expect(done.path).toBe(`${DOWNLOAD_FOLDER}/Bug Tracker (1).grist`);
    expect(downloads.started.slice(1).map(({ filename, conflictAction }) => [filename, conflictAction])).toEqual([
      ['Bug Tracker.grist', 'uniquify'],
      ['Bug Tracker (1).grist', 'overwrite'],
    ]);
    expect([...downloads.files.keys()]).toEqual([`${DOWNLOAD_FOLDER}/Bug Tracker.grist`, `${DOWNLOAD_FOLDER}/Bug Tracker (1).grist`]);
  });

  it('says the download stopped when it is cut twice though Grist would send it', async () => {
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/download`, cutBodyAfterBytes: 100, times: 2 });
    const error = await failure(downloadDocument({ ...bugTracker, format: 'grist' }));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('The download of Bug Tracker stopped before the end, though Grist would send it (the browser says SERVER_CONTENT_LENGTH_MISMATCH). Try again.');
    expect(downloads.started).toHaveLength(2);
  });

  it('tells why Grist refused a document in the trash, in its words, without a second download', async () => {
    await removeInGrist(DOCS.bugTracker.id);
    const error = await failure(downloadDocument({ ...bugTracker, format: 'grist' }));
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('Document is deleted');
    expect(downloads.started).toHaveLength(1);
    expect(downloads.files.size).toBe(0);
  });

  it('tells why Grist refused the .grist of a document whose access rules hide data (Ed, an editor)', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    const error = await failure(downloadDocument({ orgId: ORGS.acme.id, docId: DOCS.campaignPlan.id, format: 'grist' }));
    expect(error.kind).toBe('forbidden');
    expect(error.message).toContain('not authorized to download this document');
  });

  it('after a 429 of the per-document limit, tries once more, then says to wait', async () => {
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/download`, status: 429, body: '{"error":"Too many backlogged requests"}', contentType: 'application/json' });
    const error = await failure(downloadDocument({ ...bugTracker, format: 'grist' }));
    expect(error.kind).toBe('rate-limited');
    expect(downloads.started).toHaveLength(2);
  });

  it('refuses a CSV without its table, a document not listed and a missing permission, starting nothing', async () => {
    expect((await failure(downloadDocument({ ...bugTracker, format: 'csv' }))).kind).toBe('invalid-input');
    expect((await failure(downloadDocument({ orgId: ORGS.acme.id, docId: 'notListedDoc1234', format: 'grist' }))).kind).toBe('not-found');
    downloads.granted = false;
    expect((await failure(downloadDocument({ ...bugTracker, format: 'grist' }))).kind).toBe('no-downloads-permission');
    removeDownloadsApi();
    expect((await failure(downloadDocument({ ...bugTracker, format: 'grist' }))).kind).toBe('no-downloads-permission');
    expect(downloads.started).toEqual([]);
  });

  it('writes nothing to the change log', async () => {
    await downloadDocument({ ...bugTracker, format: 'grist' });
    await removeInGrist(DOCS.bugTracker.id);
    await failure(downloadDocument({ ...bugTracker, format: 'grist' }));
    expect(await readChangeLogItems()).toEqual([]);
  });
});

describe('readDocumentTables', () => {
  it('lists a document’s tables in Grist’s order, in one request', async () => {
    grist.clearRequests();
    expect(await readDocumentTables(bugTracker)).toEqual(['Bugs', 'Releases']);
    expect(grist.requests.map((request) => request.path)).toEqual([`/o/acme/api/docs/${DOCS.bugTracker.id}/tables`]);
  });

  it('refuses a document not listed', async () => {
    expect((await failure(readDocumentTables({ orgId: ORGS.acme.id, docId: 'notListedDoc1234' }))).kind).toBe('not-found');
  });
});

describe('showDownload', () => {
  it('shows the file in its folder', async () => {
    expect(await showDownload({ downloadId: 4 })).toBeNull();
    expect(downloads.show).toHaveBeenCalledWith(4);
  });
});

describe('singleFileName', () => {
  it('makes a document’s name safe on every file system', () => {
    expect(singleFileName('Q1/Q2: "plan"?', 'xlsx')).toBe('Q1_Q2_ _plan__.xlsx');
    expect(singleFileName('CON', 'grist')).toBe('CON_.grist');
    expect(singleFileName('Budget', 'csv', 'Expenses')).toBe('Budget-Expenses.csv');
  });
});
