/**
 * Tests of the fake Grist's pages of a document (pages.ts): the `sql` read and the two metadata
 * tables as docs/grist-api.md "Pages of a document" and grist-core's DocApi answer them, who may
 * read them, and the controls tests change them with (what the fake then stores and answers).
 */
import { describe, expect, it } from 'vitest';
import { errorAnswer, sendTo } from './api-calls.ts';
import { fake, send, useFreshFake, useOwnServers } from './fresh-fake.ts';
import { PAGES_QUERY } from './pages.ts';
import { BUDGET_PAGES, budgetSeed, DOCS, PERSONAL_BUDGET_PAGES, USERS, WORKSPACES } from './sample-data.ts';

const { editor, viewer } = USERS;
const { roadmap, bugTracker, campaignPlan, leads, personalBudget, projectAlpha } = DOCS;

useFreshFake();

type SqlAnswer = { statement: string; records: Array<{ fields: { id: number; viewRef: number; indentation: number; pagePos: number; name: string } }> };
type Records = { records: Array<{ id: number; fields: Record<string, unknown> }> };

/** The path of a document's pages query on `site`, URL-encoded as the extension sends it. */
const sqlPath = (site: string, docId: string, query = PAGES_QUERY) => `/o/${site}/api/docs/${docId}/sql?q=${encodeURIComponent(query)}`;
/** The path of a metadata table's records. */
const recordsPath = (site: string, docId: string, table: '_grist_Pages' | '_grist_Views') => `/o/${site}/api/docs/${docId}/tables/${table}/records`;

/** The pages the `sql` read answers, as [viewRef, name, indentation] in its order. */
async function sqlPages(site: string, docId: string, call?: Parameters<typeof send>[1]): Promise<Array<[number, string, number]>> {
  const { status, body } = await send(sqlPath(site, docId), call);
  expect(status).toBe(200);
  return (body as SqlAnswer).records.map(({ fields }) => [fields.viewRef, fields.name, fields.indentation]);
}

describe('the pages query (sql)', () => {
  it("answers the statement and each page's row id, viewRef, nesting, position and name, in Grist's order", async () => {
    expect(await send(sqlPath('acme', bugTracker.id))).toEqual({
      status: 200,
      body: {
        statement: PAGES_QUERY,
        records: [
          { fields: { id: 1, viewRef: 1, indentation: 0, pagePos: 1, name: 'Bugs' } },
          { fields: { id: 2, viewRef: 2, indentation: 1, pagePos: 2, name: 'Open bugs' } },
          { fields: { id: 3, viewRef: 3, indentation: 2, pagePos: 3, name: 'By severity' } },
          { fields: { id: 4, viewRef: 4, indentation: 0, pagePos: 4, name: 'Releases' } },
        ],
      },
    });
  });

  it('orders a document whose pages were reordered by pagePos: the viewRefs are not the positions', async () => {
    const { body } = await send(sqlPath('docs', personalBudget.id));
    const { summary, expenses, byCategory, byMonth } = PERSONAL_BUDGET_PAGES;
    expect((body as SqlAnswer).records.map(({ fields }) => fields)).toEqual([summary, expenses, byCategory, byMonth]);
    expect(await sqlPages('docs', personalBudget.id)).toEqual([
      [4, 'Summary', 0],
      [1, 'Expenses', 0],
      [5, 'By category', 1],
      [2, 'By month', 1],
    ]);
  });

  it('gives a document whose pages were never set one page per table, a copy its source\'s pages, a new document Table1', async () => {
    expect(await sqlPages('globex', projectAlpha.id)).toEqual([[1, 'Tasks', 0]]);
    const copy = await send(`/o/acme/api/docs/${bugTracker.id}/copy`, { method: 'POST', json: { workspaceId: WORKSPACES.marketing.id, documentName: 'Bugs copy' } });
    expect((await sqlPages('acme', String(copy.body))).map(([, name]) => name)).toEqual(['Bugs', 'Open bugs', 'By severity', 'Releases']);
    const fresh = await send(`/o/acme/api/workspaces/${WORKSPACES.marketing.id}/docs`, { method: 'POST', json: { name: 'Fresh' } });
    expect(await sqlPages('acme', String(fresh.body))).toEqual([[1, 'Table1', 0]]);
  });

  it('reads the query with spaces as +, another case and spacing, and a final semicolon', async () => {
    const plus = `/o/acme/api/docs/${roadmap.id}/sql?q=${encodeURIComponent(PAGES_QUERY).replace(/%20/g, '+')}`;
    expect((await send(plus)).status).toBe(200);
    const loose = `${PAGES_QUERY.toUpperCase().replace(/ /g, '\n  ')};`;
    const { status, body } = await send(sqlPath('acme', roadmap.id, loose));
    expect(status).toBe(200);
    expect((body as SqlAnswer).statement).toBe(loose);
    expect((body as SqlAnswer).records.map(({ fields }) => fields.name)).toEqual(['Milestones', 'Done', 'Open']);
  });

  it('refuses what it cannot run as Grist does: no q, no select (DocApi), another select (an SQLite error, assumed)', async () => {
    expect(await send(`/o/acme/api/docs/${roadmap.id}/sql`)).toEqual(errorAnswer(400, 'q parameter should be a string: undefined'));
    expect(await send(sqlPath('acme', roadmap.id, 'delete from _grist_Pages'))).toEqual(errorAnswer(400, 'only select statements are supported'));
    expect(await send(sqlPath('acme', roadmap.id, 'select * from Milestones'))).toEqual(errorAnswer(400, 'SQLITE_ERROR: the fake Grist runs only the pages query'));
  });
});

describe('the metadata tables', () => {
  it("answers _grist_Pages in row order with Grist's fields, not in the pages' order", async () => {
    expect(await send(recordsPath('docs', personalBudget.id, '_grist_Pages'))).toEqual({
      status: 200,
      body: {
        records: [
          { id: 1, fields: { viewRef: 1, indentation: 0, pagePos: 1, shareRef: 0 } },
          { id: 2, fields: { viewRef: 2, indentation: 1, pagePos: 2, shareRef: 0 } },
          { id: 3, fields: { viewRef: 4, indentation: 0, pagePos: 0.5, shareRef: 0 } },
          { id: 4, fields: { viewRef: 5, indentation: 1, pagePos: 1.5, shareRef: 0 } },
        ],
      },
    });
  });

  it('answers _grist_Views by view id, with the names: joined to the pages by viewRef and ordered by pagePos, they are what sql answers', async () => {
    const views = (await send(recordsPath('docs', personalBudget.id, '_grist_Views'))).body as Records;
    expect(views.records).toEqual([
      { id: 1, fields: { name: 'Expenses', type: 'raw_data', layoutSpec: '' } },
      { id: 2, fields: { name: 'By month', type: 'raw_data', layoutSpec: '' } },
      { id: 4, fields: { name: 'Summary', type: 'raw_data', layoutSpec: '' } },
      { id: 5, fields: { name: 'By category', type: 'raw_data', layoutSpec: '' } },
    ]);
    const pages = (await send(recordsPath('docs', personalBudget.id, '_grist_Pages'))).body as Records;
    const names = new Map(views.records.map(({ id, fields }) => [id, fields.name]));
    const joined = pages.records
      .map(({ fields }) => fields as { viewRef: number; indentation: number; pagePos: number })
      .sort((a, b) => a.pagePos - b.pagePos)
      .map(({ viewRef, indentation }) => [viewRef, names.get(viewRef), indentation]);
    expect(joined).toEqual(await sqlPages('docs', personalBudget.id));
  });
});

describe('who may read the pages', () => {
  it('lets viewers and editors read them as owners do', async () => {
    for (const user of [viewer, editor]) {
      expect(await sqlPages('acme', roadmap.id, { user })).toEqual([
        [1, 'Milestones', 0],
        [2, 'Done', 1],
        [3, 'Open', 1],
      ]);
      for (const table of ['_grist_Pages', '_grist_Views'] as const) expect((await send(recordsPath('acme', roadmap.id, table), { user })).status).toBe(200);
    }
  });

  it('refuses non-owners the sql read of a document whose access rules hide data (canCopyEverything), not the metadata tables; owners read it', async () => {
    for (const user of [viewer, editor]) {
      expect(await send(sqlPath('acme', campaignPlan.id), { user })).toEqual(errorAnswer(403, 'insufficient document access'));
      expect(((await send(recordsPath('acme', campaignPlan.id, '_grist_Views'), { user })).body as Records).records.map(({ fields }) => fields.name)).toEqual(['Campaigns']);
    }
    expect(await sqlPages('acme', campaignPlan.id)).toEqual([[1, 'Campaigns', 0]]);
  });

  it('answers 404 "Document is deleted" for a document in the trash, or in a workspace in the trash', async () => {
    await send(`/o/acme/api/docs/${roadmap.id}/remove`, { method: 'POST' });
    expect(await send(sqlPath('acme', roadmap.id))).toEqual(errorAnswer(404, 'Document is deleted'));
    expect(await send(recordsPath('acme', roadmap.id, '_grist_Pages'))).toEqual(errorAnswer(404, 'Document is deleted'));
    expect(await send(recordsPath('acme', roadmap.id, '_grist_Views'))).toEqual(errorAnswer(404, 'Document is deleted'));
    await send(`/o/globex/api/workspaces/${WORKSPACES.projects.id}/remove`, { method: 'POST' });
    expect(await send(sqlPath('globex', projectAlpha.id))).toEqual(errorAnswer(404, 'Document is deleted'));
  });

  it('answers 404 "document not found" for an unknown document and one on another site, 403 "access denied" for one the user cannot see', async () => {
    expect(await send(sqlPath('acme', 'NoSuchDocument12345678'))).toEqual(errorAnswer(404, 'document not found'));
    expect(await send(recordsPath('acme', 'NoSuchDocument12345678', '_grist_Pages'))).toEqual(errorAnswer(404, 'document not found'));
    expect(await send(sqlPath('globex', roadmap.id))).toEqual(errorAnswer(404, 'document not found'));
    // As every document endpoint of the fake (fake-grist.test.ts "a document the caller cannot see").
    expect(await send(sqlPath('globex', projectAlpha.id), { user: viewer })).toEqual(errorAnswer(403, 'access denied'));
    expect(await send(recordsPath('globex', projectAlpha.id, '_grist_Views'), { user: viewer })).toEqual(errorAnswer(403, 'access denied'));
  });

  it('finds a document by its urlId too', async () => {
    expect(await sqlPages('acme', roadmap.urlId ?? '')).toEqual(await sqlPages('acme', roadmap.id));
  });

  it('refuses a key with a foreign Origin (the Origin trap) and a bad key, as every endpoint', async () => {
    const origin = { Origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
    expect((await send(sqlPath('acme', roadmap.id))).status).toBe(200);
    expect(await send(sqlPath('acme', roadmap.id), { headers: origin })).toEqual(errorAnswer(403, 'Credentials not supported for cross-origin requests'));
    expect(await send(recordsPath('acme', roadmap.id, '_grist_Pages'), { headers: origin })).toEqual(errorAnswer(403, 'Credentials not supported for cross-origin requests'));
    const bad = await fetch(`${fake.url}${sqlPath('acme', roadmap.id)}`, { headers: { Authorization: 'Bearer not-a-key' } });
    expect([bad.status, await bad.json()]).toEqual([401, { error: 'Bad request: invalid API key' }]);
  });
});

describe('the controls', () => {
  it('setPages: stores the pages in the order given, answered so; two pages of one view are refused', async () => {
    fake.setPages(roadmap.id, [{ name: 'Plan', viewRef: 7 }, { name: 'Q1', viewRef: 5, indentation: 1 }, { name: 'Notes' }]);
    expect(fake.pages(roadmap.id)).toEqual([
      { id: 7, viewRef: 7, name: 'Plan', indentation: 0, pagePos: 1 },
      { id: 5, viewRef: 5, name: 'Q1', indentation: 1, pagePos: 2 },
      { id: 3, viewRef: 3, name: 'Notes', indentation: 0, pagePos: 3 },
    ]);
    expect(await sqlPages('acme', roadmap.id)).toEqual([
      [7, 'Plan', 0],
      [5, 'Q1', 1],
      [3, 'Notes', 0],
    ]);
    expect(() => fake.setPages(roadmap.id, [{ name: 'A', viewRef: 2 }, { name: 'B', viewRef: 2 }])).toThrow('Two pages share a viewRef');
  });

  it('removePage: the page and its view are gone, the others keep their viewRefs', async () => {
    fake.removePage(personalBudget.id, PERSONAL_BUDGET_PAGES.expenses.viewRef);
    expect(await sqlPages('docs', personalBudget.id)).toEqual([
      [4, 'Summary', 0],
      [5, 'By category', 1],
      [2, 'By month', 1],
    ]);
    expect(((await send(recordsPath('docs', personalBudget.id, '_grist_Views'))).body as Records).records.map(({ id }) => id)).toEqual([2, 4, 5]);
    expect(fake.pages(personalBudget.id)?.map(({ viewRef }) => viewRef)).toEqual([4, 5, 2]);
    expect(() => fake.removePage(personalBudget.id, 1)).toThrow('has no page of view 1');
  });

  it('removePage on a document whose pages were never set: its default pages become its own, less that one', async () => {
    expect(fake.doc(leads.id)?.pages).toBeUndefined();
    fake.removePage(leads.id, 1);
    expect(fake.doc(leads.id)?.pages).toEqual([]);
    expect(await send(sqlPath('acme', leads.id))).toEqual({ status: 200, body: { statement: PAGES_QUERY, records: [] } });
    expect(await send(recordsPath('acme', leads.id, '_grist_Views'))).toEqual({ status: 200, body: { records: [] } });
  });

  it('setPages with no pages: a document without any', async () => {
    fake.setPages(projectAlpha.id, []);
    expect(fake.pages(projectAlpha.id)).toEqual([]);
    expect(await sqlPages('globex', projectAlpha.id)).toEqual([]);
  });

  it('movePage: the page takes its new place in Grist\'s order with a pagePos between its neighbours, its viewRef kept', async () => {
    fake.movePage(bugTracker.id, 4, 1);
    expect(fake.pages(bugTracker.id)?.map(({ viewRef, pagePos }) => [viewRef, pagePos])).toEqual([
      [4, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    fake.movePage(bugTracker.id, 4, 3, 1);
    expect(await sqlPages('acme', bugTracker.id)).toEqual([
      [1, 'Bugs', 0],
      [2, 'Open bugs', 1],
      [4, 'Releases', 1],
      [3, 'By severity', 2],
    ]);
    expect(fake.pages(bugTracker.id)?.[2]?.pagePos).toBe(2.5);
    fake.movePage(bugTracker.id, 1, 99);
    expect((await sqlPages('acme', bugTracker.id)).map(([viewRef]) => viewRef)).toEqual([2, 4, 3, 1]);
    // The _grist_Pages rows keep their order: a move changes pagePos only.
    expect(((await send(recordsPath('acme', bugTracker.id, '_grist_Pages'))).body as Records).records.map(({ id }) => id)).toEqual([1, 2, 3, 4]);
  });

  it("refusePages: 'sql' refuses everyone the sql read and leaves the metadata tables, 'both' refuses those too, 'none' lifts it; stored on the document", async () => {
    fake.refusePages(roadmap.id, 'sql');
    expect(fake.doc(roadmap.id)?.pagesRefused).toBe('sql');
    expect(await send(sqlPath('acme', roadmap.id))).toEqual(errorAnswer(403, 'insufficient document access'));
    expect((await send(recordsPath('acme', roadmap.id, '_grist_Pages'), { user: viewer })).status).toBe(200);
    fake.refusePages(roadmap.urlId ?? '', 'both');
    for (const table of ['_grist_Pages', '_grist_Views'] as const) {
      expect(await send(recordsPath('acme', roadmap.id, table))).toEqual(errorAnswer(403, 'Blocked by table read access rules'));
    }
    expect(await send(sqlPath('acme', roadmap.id), { user: viewer })).toEqual(errorAnswer(403, 'insufficient document access'));
    // Other documents are not touched.
    expect((await send(sqlPath('acme', bugTracker.id))).status).toBe(200);
    fake.refusePages(roadmap.id, 'none');
    expect(fake.doc(roadmap.id)?.pagesRefused).toBeUndefined();
    expect((await send(sqlPath('acme', roadmap.id))).status).toBe(200);
  });

  it('reads pages of an unknown document as undefined, and refuses to change them', () => {
    expect(fake.pages('NoSuchDocument12345678')).toBeUndefined();
    expect(() => fake.setPages('NoSuchDocument12345678', [])).toThrow('no document');
    expect(() => fake.refusePages('NoSuchDocument12345678', 'both')).toThrow('no document');
  });
});

describe('the budgets (budgetSeed)', () => {
  const startServer = useOwnServers();

  it('gives each budget nested pages with an Expenses page, and keeps Personal Budget reordered', async () => {
    const budgets = await startServer({ mode: 'org-in-path', seed: budgetSeed() });
    const seeded = budgetSeed().docs.filter(({ name }) => name.startsWith('Budget 2025 – '));
    expect(seeded).toHaveLength(20);
    for (const budget of seeded) expect(budgets.pages(budget.id)).toEqual(BUDGET_PAGES);
    const sales = seeded.find(({ name }) => name === 'Budget 2025 – Sales');
    const { body } = await sendTo(budgets, sqlPath('acme', sales?.id ?? ''));
    expect((body as SqlAnswer).records.map(({ fields }) => [fields.name, fields.indentation])).toEqual([
      ['Overview', 0],
      ['Expenses', 1],
      ['Salaries', 2],
      ['Travel', 2],
      ['Budget', 0],
    ]);
    expect(budgets.pages(personalBudget.id)?.map(({ viewRef }) => viewRef)).toEqual([4, 1, 5, 2]);
  });
});
