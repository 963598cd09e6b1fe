/**
 * A document's pages as rows (listing-view/page-rows.ts, issue 52): the page tree (depth from
 * Grist's indentation), the pages unfolded under their document, the search finding pages under
 * their document (listing-search.ts), and the render plan putting them in their workspace's list.
 */
import { describe, expect, test } from 'vitest';
import { prepareListing, type Row } from '../../../src/listing-view/listing-rows.ts';
import { matchingRows, searchAnswers } from '../../../src/listing-view/listing-search.ts';
import { indexPages, pageDepths, withUnfolded, type PagesIndex } from '../../../src/listing-view/page-rows.ts';
import { layoutRows, renderPlan, type ListNode, type SiteNode } from '../../../src/listing-view/row-window.ts';
import { adjacentResult } from '../../../src/popup/list/result-navigation.ts';
import { pagesKey, type KnownPagesMap, type PageEntry } from '../../../src/shared/protocol/pages.ts';
import { searchTerms } from '../../../src/shared/rules/search.ts';
import { describeRow, documentEntry as doc, listingOf, siteEntry as site, workspaceEntry as workspace } from '../../setup/listings.ts';

/** The account every site of test/setup/listings.ts is listed by. */
const LISTING_ACCOUNT = 'a1';

const pages = (...entries: Array<[string, number]>): PageEntry[] => entries.map(([name, indentation], index) => ({ viewRef: index * 3 + 2, name, indentation }));

describe('the page tree', () => {
  test('each page nests one level under the page before it that is one less indented', () => {
    expect(pageDepths(pages(['A', 0], ['A1', 1], ['A1a', 2], ['A2', 1], ['B', 0]))).toEqual([0, 1, 2, 1, 0]);
  });

  test('a jump of more than one is taken as one more', () => {
    expect(pageDepths(pages(['A', 0], ['deep', 3], ['deeper', 5], ['back', 1]))).toEqual([0, 1, 2, 1]);
  });

  test('the first page is at the top whatever its indentation, and a negative one is at the top', () => {
    expect(pageDepths(pages(['first', 2], ['second', -1], ['third', 1]))).toEqual([0, 0, 1]);
  });

  test('no pages, no depths', () => {
    expect(pageDepths([])).toEqual([]);
  });
});

const BUDGET = doc('budget', 'Budget 2024', { updatedAt: '2024-03-01T00:00:00.000Z' });
const CRM = doc('crm', 'CRM', { updatedAt: '2024-02-01T00:00:00.000Z' });
const PLAN = doc('plan', 'Budget plan', { updatedAt: '2024-01-01T00:00:00.000Z' });
const SECRET = doc('secret', 'Payroll', { updatedAt: '2023-01-01T00:00:00.000Z' });
const listing = listingOf([site(2, 'Acme', [workspace(20, 'Finance', [BUDGET, CRM, PLAN, SECRET])])]);

const known: KnownPagesMap = {
  [pagesKey(LISTING_ACCOUNT, 'budget')]: { pages: pages(['Summary', 0], ['Expenses', 1], ['Income', 1]), readAt: 1 },
  [pagesKey(LISTING_ACCOUNT, 'crm')]: { pages: pages(['Leads', 0], ['Leads by owner', 1], ['Expenses of sales', 0]), readAt: 1 },
  [pagesKey(LISTING_ACCOUNT, 'secret')]: { pages: null, readAt: 1 },
  // Another account's document of the same id: not this listing's.
  [pagesKey('a2', 'plan')]: { pages: pages(['Expenses', 0]), readAt: 1 },
};

/** The rows as `kind:name`, pages with their depth (describeRow). */
const describeRows = (rows: readonly Row[]): string[] => rows.map(describeRow);

describe('the pages unfolded', () => {
  const prepared = prepareListing(listing);
  const index = indexPages(prepared, known)!;
  const keyOf = (id: string) => prepared.rows.find((row) => row.kind === 'document' && row.document.id === id)!.key;

  test('a document unfolded has its pages under it, nested; "not available" for one Grist refused; its note while not known', () => {
    const notes = new Map([[keyOf('plan'), 'Reading pages…']]);
    const rows = withUnfolded(prepared.rows, new Set([keyOf('budget'), keyOf('plan'), keyOf('secret')]), index, notes, 'Pages are not available for this document');
    expect(describeRows(rows)).toEqual([
      'site:Acme',
      'workspace:Finance',
      'document:Budget 2024',
      'page:Summary',
      '  page:Expenses',
      '  page:Income',
      'document:CRM',
      'document:Budget plan',
      'note:Reading pages…',
      'document:Payroll',
      'note:Pages are not available for this document',
    ]);
    // The pages are results for the arrow keys; the notes are not.
    expect(adjacentResult(rows, 2, 1)).toBe(3);
    expect(adjacentResult(rows, 7, 1)).toBe(9);
  });

  test('nothing unfolded: the very rows', () => {
    expect(withUnfolded(prepared.rows, new Set(), index, new Map(), '')).toBe(prepared.rows);
  });

  test('an unfolded document shows all its pages in a search, not only those it found', () => {
    const found = matchingRows(prepared, searchTerms('budget expenses'), new Set(), [], undefined, Infinity, index);
    const rows = withUnfolded(found, new Set([keyOf('budget')]), index, new Map(), '');
    expect(describeRows(rows)).toEqual(['site:Acme', 'workspace:Finance', 'document:Budget 2024', 'page:Summary', '  page:Expenses', '  page:Income']);
  });

  test('the known pages of another account are not this listing’s', () => {
    expect(index.byDocument.has(keyOf('plan'))).toBe(false);
    expect(indexPages(prepared, { [pagesKey('a2', 'plan')]: { pages: [], readAt: 1 } })).toBeNull();
  });
});

describe('the search finds pages', () => {
  const prepared = prepareListing(listing);
  const index = indexPages(prepared, known);
  const search = (query: string, pagesIndex: PagesIndex | null = index) => describeRows(matchingRows(prepared, searchTerms(query), new Set(), [], undefined, Infinity, pagesIndex));

  test('"budget expenses": the Expenses page under its Budget document, which its name alone does not find', () => {
    expect(search('budget expenses')).toEqual(['site:Acme', 'workspace:Finance', 'document:Budget 2024', '  page:Expenses']);
  });

  test('a page whose name holds every term is found under its document', () => {
    expect(search('expenses')).toEqual(['site:Acme', 'workspace:Finance', 'document:Budget 2024', '  page:Expenses', 'document:CRM', 'page:Expenses of sales']);
    expect(search('crm owner')).toEqual(['site:Acme', 'workspace:Finance', 'document:CRM', '  page:Leads by owner']);
  });

  test('a document its own name finds shows no page, and one whose pages are not known is found by its name', () => {
    expect(search('budget')).toEqual(['site:Acme', 'workspace:Finance', 'document:Budget 2024', 'document:Budget plan']);
  });

  test('terms its place holds are left to the page', () => {
    expect(search('finance income')).toEqual(['site:Acme', 'workspace:Finance', 'document:Budget 2024', '  page:Income']);
  });

  test('without known pages, pages find nothing', () => {
    expect(search('budget expenses', null)).toEqual([]);
  });

  test('a query that narrows one a page answered keeps every term for that document', () => {
    // "exp" finds Budget 2024 by its Expenses page; "exp budget" narrows it, and Budget 2024's own
    // name does not hold "exp": only its page is why it is shown, and the page must still be found.
    const answers = searchAnswers();
    const big = prepareListing(listingOf([site(2, 'Acme', [workspace(20, 'Finance', [BUDGET, CRM, PLAN, SECRET, ...Array.from({ length: 20 }, (_, n) => doc(`x${n}`, `Other ${n}`))])])]));
    const bigIndex = indexPages(big, known);
    // One set throughout: the answers are kept for one `keep`.
    const keep = new Set<string>();
    const first = answers(big, searchTerms('exp'), keep, [], Infinity, bigIndex);
    expect(describeRows(first)).toContain('  page:Expenses');
    const narrowed = answers(big, searchTerms('exp budget'), keep, first, Infinity, bigIndex);
    expect(describeRows(narrowed)).toEqual(['site:Acme', 'workspace:Finance', 'document:Budget 2024', '  page:Expenses']);
    // "budget exp zz" then: neither Budget 2024's name nor its Expenses page holds "zz".
    expect(describeRows(answers(big, searchTerms('budget exp zz'), keep, narrowed, Infinity, bigIndex))).toEqual([]);
  });

  test('new known pages: the answers found without them are not given again', () => {
    const answers = searchAnswers();
    const keep = new Set<string>();
    expect(describeRows(answers(prepared, searchTerms('budget expenses'), keep, [], Infinity, null))).toEqual([]);
    expect(describeRows(answers(prepared, searchTerms('budget expenses'), keep, [], Infinity, index))).toContain('  page:Expenses');
  });
});

describe('the render plan', () => {
  test('pages and notes go in their workspace’s list, after their document', () => {
    const prepared = prepareListing(listing);
    const index = indexPages(prepared, known)!;
    const budgetKey = prepared.rows.find((row) => row.kind === 'document' && row.document.id === 'budget')!.key;
    const rows = withUnfolded(prepared.rows, new Set([budgetKey]), index, new Map(), '');
    const layout = layoutRows(rows);
    const plan = renderPlan(rows, layout, { start: 0, end: rows.length });
    const section = plan[0] as SiteNode;
    const lists = section.children.filter((child): child is ListNode => child.kind === 'list');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.items.map(({ row }) => row.kind)).toEqual(['document', 'page', 'page', 'page', 'document', 'document', 'document']);
    expect(lists[0]!.items[1]!.height).toBe(26);
  });
});
