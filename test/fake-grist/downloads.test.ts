/**
 * Tests of the fake Grist's downloads and exports (downloads.ts): each behaviour docs/grist-api.md
 * "Downloads and exports" lists, the per-document limit of grist-core's DocApiUsageTracker, and the
 * options and faults tests and the bench set (size, time to prepare, pace, a connection dropped mid-body).
 */
import { describe, expect, it } from 'vitest';
import { downloadFrom, errorAnswer } from './api-calls.ts';
import { fake, send, useFreshFake, useOwnServers } from './fresh-fake.ts';
import { budgetSeed, DOCS, USERS, WORKSPACES } from './sample-data.ts';
import { startFakeGrist } from './server.ts';

const { owner, editor, viewer } = USERS;
const { roadmap, bugTracker, campaignPlan, personalBudget, projectAlpha } = DOCS;
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

useFreshFake();

/** A download from the test's server. */
const download = (path: string, call?: Parameters<typeof downloadFrom>[2]) => downloadFrom(fake, path, call);

/** A file answer's JSON error, for comparing with errorAnswer. */
const asError = ({ status, body }: { status: number; body: Buffer }) => ({ status, body: JSON.parse(body.toString('utf8')) as unknown });

/** Sends `count` `.grist` downloads of `docId` at once. Out: their statuses and bodies, in order. */
async function downloadsAtOnce(count: number, docId: string): Promise<Array<{ status: number; body: Buffer }>> {
  return Promise.all(Array.from({ length: count }, () => download(`/o/acme/api/docs/${docId}/download?nohistory=true`)));
}

describe('the whole document (.grist)', () => {
  it('answers a SQLite file named after the document, spaces and all, with its length', async () => {
    const answer = await download(`/o/acme/api/docs/${roadmap.id}/download`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/x-sqlite3');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Roadmap 2026.grist"');
    expect(Number(answer.headers.get('content-length'))).toBe(answer.body.length);
    expect(answer.body.subarray(0, 16)).toEqual(SQLITE_HEADER);
    expect(answer.body.toString('latin1')).toContain(roadmap.id);
  });

  it('is the same bytes each time, and another document has other bytes', async () => {
    const first = await download(`/o/acme/api/docs/${roadmap.id}/download`);
    const again = await download(`/o/acme/api/docs/${roadmap.id}/download`);
    const other = await download(`/o/acme/api/docs/${bugTracker.id}/download`);
    expect([first.status, other.status]).toEqual([200, 200]);
    expect(other.body.subarray(0, 16)).toEqual(SQLITE_HEADER);
    expect(again.body.equals(first.body)).toBe(true);
    expect(other.body.equals(first.body)).toBe(false);
  });

  it('is smaller without history (nohistory=true), smaller still as a template (template=true)', async () => {
    const withHistory = await download(`/o/acme/api/docs/${roadmap.id}/download`);
    const withoutHistory = await download(`/o/acme/api/docs/${roadmap.id}/download?nohistory=true`);
    const template = await download(`/o/acme/api/docs/${roadmap.id}/download?template=true`);
    expect(withoutHistory.body.length).toBeLessThan(withHistory.body.length);
    expect(template.body.length).toBeLessThan(withoutHistory.body.length);
    for (const answer of [withoutHistory, template]) expect(answer.body.subarray(0, 16)).toEqual(SQLITE_HEADER);
  });

  it('has the size the server was started with, and a size changed later', async () => {
    const big = await startFakeGrist({ mode: 'org-in-path', downloads: { gristBytes: 200_000 } });
    try {
      expect((await downloadFrom(big, `/o/acme/api/docs/${roadmap.id}/download?nohistory=true`)).body.length).toBe(200_000);
      expect((await downloadFrom(big, `/o/acme/api/docs/${roadmap.id}/download`)).body.length).toBe(400_000);
      big.setDownloadOptions({ gristBytes: 10_000 });
      expect((await downloadFrom(big, `/o/acme/api/docs/${roadmap.id}/download?nohistory=true`)).body.length).toBe(10_000);
    } finally {
      await big.close();
    }
  });

  it('says a name that is not plain ASCII as Express does: a fallback with ? and the UTF-8 name', async () => {
    const budgets = await startFakeGrist({ mode: 'org-in-path', seed: budgetSeed() });
    try {
      const budget = budgetSeed().docs.find(({ name }) => name === 'Budget 2025 – Sales');
      const answer = await downloadFrom(budgets, `/o/acme/api/docs/${budget?.id}/download`);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Budget 2025 ? Sales.grist"; filename*=UTF-8''Budget%202025%20%E2%80%93%20Sales.grist`);
    } finally {
      await budgets.close();
    }
  });

  it("names the file after the document's name as it is now, its base name only as Express's content-disposition does", async () => {
    await send(`/o/acme/api/docs/${roadmap.id}`, { method: 'PATCH', json: { name: 'Q1/Q2 plan' } });
    expect((await download(`/o/acme/api/docs/${roadmap.id}/download`)).headers.get('content-disposition')).toBe('attachment; filename="Q2 plan.grist"');
    expect((await download(`/o/acme/api/docs/${roadmap.id}/download?title=Backup`)).headers.get('content-disposition')).toBe('attachment; filename="Backup.grist"');
  });

  it('answers a dry run with whether the download is allowed, and no file', async () => {
    expect(await send(`/o/acme/api/docs/${roadmap.id}/download?dryrun=1`)).toEqual({ status: 200, body: { dryRun: 'allowed' } });
    expect(await send(`/o/acme/api/docs/${campaignPlan.id}/download?dryrun=1`, { user: viewer })).toEqual(errorAnswer(403, 'not authorized to download this document'));
  });
});

describe('exports', () => {
  it('answers Excel (.xlsx): the mime type, the document name, the zip magic', async () => {
    const answer = await download(`/o/acme/api/docs/${bugTracker.id}/download/xlsx`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Bug Tracker.xlsx"');
    expect(answer.body.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    // Every table, one sheet each.
    expect(answer.body.toString('utf8')).toContain('sheet Bugs');
    expect(answer.body.toString('utf8')).toContain('sheet Releases');
  });

  it('answers one table as Excel with tableId, named <document>-<table>.xlsx', async () => {
    const answer = await download(`/o/acme/api/docs/${bugTracker.id}/download/xlsx?tableId=Releases`);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Bug Tracker-Releases.xlsx"');
    expect(answer.body.toString('utf8')).toContain('sheet Releases');
    expect(answer.body.toString('utf8')).not.toContain('sheet Bugs');
  });

  it('answers a table as CSV: its rows under a header of column ids, a value with a comma quoted', async () => {
    const answer = await download(`/o/docs/api/docs/${personalBudget.id}/download/csv?tableId=Expenses`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Personal Budget-Expenses.csv"; filename*=utf-8''Personal%20Budget-Expenses.csv`);
    expect(answer.body.toString('utf8')).toBe('Month,Category,Amount\n2026-01,"Rent, utilities",1200\n2026-01,Food,310.5\n2026-02,"Rent, utilities",1200\n');
  });

  it('answers a table as TSV (download/tsv)', async () => {
    const answer = await download(`/o/acme/api/docs/${bugTracker.id}/download/tsv?tableId=Releases`);
    expect(answer.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toContain('filename="Bug Tracker-Releases.tsv"');
    expect(answer.body.toString('utf8')).toBe('Version\tDate\n1.0\t2026-03-01\n1.1\t2026-05-15\n');
  });

  it('refuses a CSV without tableId (400) and of an unknown table (404, grist-core ExportDSV.ts)', async () => {
    expect(asError(await download(`/o/acme/api/docs/${bugTracker.id}/download/csv`))).toEqual(errorAnswer(400, 'tableId parameter is required'));
    expect(asError(await download(`/o/acme/api/docs/${bugTracker.id}/download/csv?tableId=Nope`))).toEqual(errorAnswer(404, 'Table Nope not found.'));
  });
});

describe('tables', () => {
  it("lists a document's tables in its order, each with Grist's fields", async () => {
    const { status, body } = await send(`/o/acme/api/docs/${bugTracker.id}/tables`);
    expect(status).toBe(200);
    const { tables } = body as { tables: Array<{ id: string; fields: Record<string, unknown> }> };
    expect(tables.map(({ id }) => id)).toEqual(['Bugs', 'Releases']);
    expect(tables[1]?.fields).toMatchObject({ tableRef: 2, onDemand: false, summarySourceTable: 0 });
  });

  it("gives a copy its source's tables (a template's without rows), and a new document Grist's Table1", async () => {
    const copy = await send(`/o/acme/api/docs/${bugTracker.id}/copy`, { method: 'POST', json: { workspaceId: WORKSPACES.marketing.id, documentName: 'Bugs copy', asTemplate: true } });
    expect(((await send(`/o/acme/api/docs/${String(copy.body)}/tables`)).body as { tables: Array<{ id: string }> }).tables.map(({ id }) => id)).toEqual(['Bugs', 'Releases']);
    expect((await download(`/o/acme/api/docs/${String(copy.body)}/download/csv?tableId=Bugs`)).body.toString('utf8')).toBe('Title,Severity,Open\n');
    const fresh = await send(`/o/acme/api/workspaces/${WORKSPACES.marketing.id}/docs`, { method: 'POST', json: { name: 'Fresh' } });
    expect(((await send(`/o/acme/api/docs/${String(fresh.body)}/tables`)).body as { tables: Array<{ id: string }> }).tables.map(({ id }) => id)).toEqual(['Table1']);
  });
});

describe('who may download', () => {
  it('lets viewers and editors download and export as owners do', async () => {
    for (const user of [viewer, editor]) {
      expect((await download(`/o/acme/api/docs/${roadmap.id}/download?nohistory=true`, { user })).status).toBe(200);
      expect((await download(`/o/acme/api/docs/${roadmap.id}/download/csv?tableId=Milestones`, { user })).status).toBe(200);
    }
  });

  it("refuses non-owners the .grist of a document whose access rules hide data, and still answers its exports; owners get it", async () => {
    for (const user of [viewer, editor]) {
      expect(asError(await download(`/o/acme/api/docs/${campaignPlan.id}/download?nohistory=true`, { user }))).toEqual(errorAnswer(403, 'not authorized to download this document'));
      expect((await download(`/o/acme/api/docs/${campaignPlan.id}/download/xlsx`, { user })).status).toBe(200);
      expect((await download(`/o/acme/api/docs/${campaignPlan.id}/download/csv?tableId=Campaigns`, { user })).status).toBe(200);
    }
    expect((await download(`/o/acme/api/docs/${campaignPlan.id}/download`)).status).toBe(200);
  });

  it('answers 404 "Document is deleted" for a document in the trash, or in a workspace in the trash', async () => {
    await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST' });
    for (const path of ['download', 'download/xlsx', 'download/csv?tableId=Milestones']) {
      expect(asError(await download(`/o/acme/api/docs/${roadmap.id}/${path}`))).toEqual(errorAnswer(404, 'Document is deleted'));
    }
    expect(await send(`/o/acme/api/docs/${roadmap.id}/tables`)).toEqual(errorAnswer(404, 'Document is deleted'));
    await send(`/o/globex/api/workspaces/${WORKSPACES.projects.id}/remove`, { method: 'POST' });
    expect(asError(await download(`/o/globex/api/docs/${projectAlpha.id}/download`))).toEqual(errorAnswer(404, 'Document is deleted'));
  });

  it('answers 404 for a document addressed on another site', async () => {
    expect(asError(await download(`/o/globex/api/docs/${roadmap.id}/download`))).toEqual(errorAnswer(404, 'document not found'));
    expect(await send(`/o/globex/api/docs/${roadmap.id}/tables`)).toEqual(errorAnswer(404, 'document not found'));
  });
});

describe('the per-document limit (10 at once)', () => {
  it('answers the 11th download of one document at once 429 in grist-core words, without Retry-After', async () => {
    fake.setDownloadOptions({ prepareMs: 400 });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => download(`/o/acme/api/docs/${roadmap.id}/download?nohistory=true`)),
      new Promise<Awaited<ReturnType<typeof download>>>((resolve) => setTimeout(() => resolve(download(`/o/acme/api/docs/${roadmap.id}/download`)), 100)),
    ]);
    expect(answers.slice(0, 10).map(({ status }) => status)).toEqual(Array(10).fill(200));
    const last = answers[10];
    expect(last && asError(last)).toEqual(errorAnswer(429, `Too many backlogged requests for document ${roadmap.id} - try again later?`));
    expect(last?.headers.get('retry-after')).toBeNull();
    expect(fake.mostDownloadsAtOnce(roadmap.id)).toBe(11);
  });

  it('counts per document: 10 of one and one of another all answer; once they are done, one more answers', async () => {
    fake.setDownloadOptions({ prepareMs: 300 });
    const [ten, other] = await Promise.all([downloadsAtOnce(10, roadmap.id), download(`/o/acme/api/docs/${bugTracker.id}/download`)]);
    expect([...ten.map(({ status }) => status), other.status]).toEqual(Array(11).fill(200));
    expect((await download(`/o/acme/api/docs/${roadmap.id}/download`)).status).toBe(200);
  });

  it('reports the most downloads of a document at once, by id or urlId, until the requests are cleared', async () => {
    fake.setDownloadOptions({ prepareMs: 200 });
    await downloadsAtOnce(3, roadmap.id);
    await download(`/o/acme/api/docs/${roadmap.id}/download`);
    expect(fake.mostDownloadsAtOnce(roadmap.id)).toBe(3);
    expect(fake.mostDownloadsAtOnce(roadmap.urlId ?? '')).toBe(3);
    expect(fake.mostDownloadsAtOnce(bugTracker.id)).toBe(0);
    fake.clearRequests();
    expect(fake.mostDownloadsAtOnce(roadmap.id)).toBe(0);
  });
});

describe('keys, Origin and the request log', () => {
  it('checks the key as every call: none is refused a private document, a bad one 401', async () => {
    const anonymous = await fetch(`${fake.url}/o/acme/api/docs/${roadmap.id}/download`);
    expect(anonymous.status).toBe(403);
    const bad = await fetch(`${fake.url}/o/acme/api/docs/${roadmap.id}/download`, { headers: { Authorization: 'Bearer not-a-key' } });
    expect([bad.status, await bad.json()]).toEqual([401, { error: 'Bad request: invalid API key' }]);
  });

  it("lets a keyed download without Origin through (the browser's download has none), and refuses a foreign Origin", async () => {
    expect((await download(`/o/acme/api/docs/${roadmap.id}/download`)).status).toBe(200);
    const foreign = await download(`/o/acme/api/docs/${roadmap.id}/download`, { headers: { Origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' } });
    expect(asError(foreign)).toEqual(errorAnswer(403, 'Credentials not supported for cross-origin requests'));
  });

  it('records each download: the key from the Authorization header, none in the URL, the status and bytes sent', async () => {
    fake.clearRequests();
    const answer = await download(`/o/acme/api/docs/${roadmap.id}/download?nohistory=true`, { user: editor });
    const [recorded] = fake.requests;
    expect(recorded).toMatchObject({ method: 'GET', path: `/o/acme/api/docs/${roadmap.id}/download?nohistory=true`, apiKey: editor.apiKey, origin: undefined });
    expect(recorded?.path).not.toContain(editor.apiKey);
    expect(recorded?.answer).toEqual({ status: 200, bodyBytes: answer.body.length });
  });
});

describe('faults and pace', () => {
  const startServer = useOwnServers();

  it('drops the connection mid-body once with a cutBodyAfterBytes fault: the next download is whole', async () => {
    fake.injectFault({ path: /\/download$/, cutBodyAfterBytes: 1000, times: 1 });
    const response = await fetch(`${fake.url}/o/acme/api/docs/${roadmap.id}/download`, { headers: { Authorization: `Bearer ${owner.apiKey}` } });
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(fake.requests.at(-1)?.answer?.bodyBytes).toBe(1000);
    const again = await download(`/o/acme/api/docs/${roadmap.id}/download`);
    expect(again.body.length).toBe(Number(again.headers.get('content-length')));
  });

  it('sends a body at the pace set (bytesPerSecond)', async () => {
    const other = await startServer({ mode: 'org-in-path', downloads: { gristBytes: 64 * 1024, bytesPerSecond: 256 * 1024 } });
    const started = performance.now();
    const answer = await downloadFrom(other, `/o/acme/api/docs/${roadmap.id}/download?nohistory=true`);
    // 64 KB at 256 KB a second: four pieces of 16 KB, each sent after 62.5 ms.
    expect(answer.body.length).toBe(64 * 1024);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

});
