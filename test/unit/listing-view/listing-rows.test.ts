/**
 * The popup's row model (listing-rows.ts) and arrow-key targets (result-navigation.ts): which rows
 * a listing becomes, where each sits, which are rendered for a scroll position, and how the
 * rendered ones are grouped into sites and lists.
 */
import { describe, expect, test } from 'vitest';
import { sortDocuments, type DocumentEntry, type Listing } from '../../../src/shared/protocol/listing.ts';
import { EDITING_ROW_HEIGHT, FIRST_SCREEN_ROWS, layoutRows, LIST_WINDOW, OVERSCAN, renderPlan, ROW_HEIGHTS, SCROLL_STEP, type ListNode, type SiteNode } from '../../../src/listing-view/row-window.ts';
import { rowsBetween, scrollAnchor, scrollTopToShow, windowRange } from '../../../src/listing-view/windowing.ts';
import { prepareListing, type Row } from '../../../src/listing-view/listing-rows.ts';
import { matchingRows, prepareSearch } from '../../../src/listing-view/listing-search.ts';
import { adjacentResult } from '../../../src/popup/list/result-navigation.ts';
import { searchTerms } from '../../../src/shared/rules/search.ts';
// Ids here are 12 characters or fewer, so documentEntry's urlId is the id itself.
import { documentEntry as doc, siteEntry as site, workspaceEntry as workspace } from '../../setup/listings.ts';

function keys(rows: readonly Row[]): string[] {
  return rows.map((row) => row.key);
}

const listing: Listing = {
  fetchedAt: 1,
  sites: [
    site(1, 'personal', [
      workspace(10, 'Home', [
        doc('old', 'Old', { updatedAt: '2023-01-01T00:00:00.000Z' }),
        doc('new', 'New', { updatedAt: '2024-06-01T00:00:00.000Z' }),
        doc('pin', 'Pinned', { isPinned: true, updatedAt: '2020-01-01T00:00:00.000Z' }),
      ]),
      workspace(11, 'Empty', []),
    ], { personal: true }),
    site(2, 'acme', [], { error: { kind: 'network', message: 'Unreachable' } }),
    site(3, 'globex', []),
  ],
};

/** A listing of `sites` sites with `perSite` documents each, in one workspace per site. */
function bigListing(sites: number, perSite: number): Listing {
  return {
    fetchedAt: 1,
    sites: Array.from({ length: sites }, (_, siteIndex) =>
      site(siteIndex + 1, `site${siteIndex + 1}`, [
        workspace(
          siteIndex + 1,
          `Workspace ${siteIndex + 1}`,
          Array.from({ length: perSite }, (_, index) =>
            doc(`doc-${siteIndex + 1}-${index}`, `Document ${siteIndex + 1}-${index}`, {
              updatedAt: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString(),
            }),
          ),
        ),
      ]),
    ),
  };
}

describe('prepareListing', () => {
  test('flattens sites, errors, notes, workspaces and documents, each workspace pinned first then newest', () => {
    expect(keys(prepareListing(listing).rows)).toEqual([
      's1',
      'w1/10',
      '1/pin',
      '1/new',
      '1/old',
      // Empty, and shown: its heading is where New document reaches it.
      'w1/11',
      's2',
      'es2', // its error; no "No documents." under an error
      's3',
      'ns3', // No documents.
    ]);
  });

  test('documents come in the order of sortDocuments', () => {
    const documents = Array.from({ length: 200 }, (_, index) =>
      doc(`d${index}`, `D${index}`, {
        isPinned: index % 7 === 0,
        // Some timestamps shared, so ties are covered too.
        updatedAt: new Date(Date.UTC(2024, 0, 1) + ((index * 7919) % 50) * 3_600_000).toISOString(),
      }),
    );
    const rows = prepareListing({ fetchedAt: 1, sites: [site(1, 'a', [workspace(1, 'W', documents)])] }).rows;
    const listed = rows.flatMap((row) => (row.kind === 'document' ? [row.document] : []));
    const expected = sortDocuments(documents);
    expect(listed.map((entry) => [entry.isPinned, entry.updatedAt])).toEqual(expected.map((entry) => [entry.isPinned, entry.updatedAt]));
  });

  test('a site error says whether earlier documents are shown under it', () => {
    const rows = prepareListing({
      fetchedAt: 1,
      sites: [
        site(1, 'a', [], { error: { kind: 'timeout', message: 'Slow' } }),
        site(2, 'b', [workspace(20, 'W', [doc('x', 'X')])], { error: { kind: 'timeout', message: 'Slow' } }),
      ],
    }).rows;
    expect(rows.filter((row) => row.kind === 'site-error').map((row) => row.kind === 'site-error' && row.earlier)).toEqual([false, true]);
  });

  test('rows are reused for the sites a rename left as they were', () => {
    const first = prepareListing(listing);
    const [personal, ...others] = listing.sites;
    const renamed: Listing = { ...listing, sites: [{ ...personal!, workspaces: [...personal!.workspaces] }, ...others] };
    const second = prepareListing(renamed);
    const acmeRows = (prepared: typeof first) => prepared.rows.filter((row) => 'site' in row && row.site.orgId === 2);
    expect(acmeRows(second)).toEqual(acmeRows(first));
    expect(acmeRows(second)[0]).toBe(acmeRows(first)[0]);
    // The renamed site's rows are new, pointing at its new entry.
    expect(second.rows[0]).toMatchObject({ site: renamed.sites[0] });
  });

  test('prepareSearch folds every document name ahead, the first listing it is given and each later one, and changes no row', () => {
    // Fresh copies: prepared sites are kept by entry, so a listing another test searched is folded already.
    const folded = (prepared: ReturnType<typeof prepareListing>) => prepared.accounts.flatMap((account) => account.sites.flatMap((entry) => entry.workspaces.map((workspace) => workspace.folded)));
    for (const given of [listing, { ...listing, sites: [site(4, 'initech', [workspace(40, 'Ops', [doc('runbook', 'Runbook Été')])])] }]) {
      const prepared = prepareListing(structuredClone(given));
      const before = prepared.rows;
      expect(folded(prepared).every((names) => names === null)).toBe(true);
      prepareSearch(prepared);
      expect(folded(prepared)).toEqual(given === listing ? [['pinned', 'new', 'old'], []] : [['runbook ete']]);
      expect(prepared.rows).toBe(before);
    }
    // A search then finds what it finds without it.
    const prepared = prepareListing(structuredClone(listing));
    prepareSearch(prepared);
    expect(keys(matchingRows(prepared, searchTerms('old')))).toEqual(['s1', 'w1/10', '1/old']);
  });

  test('a search that finds the rows of the one before answers its very array; one that finds fewer or others, a new array', () => {
    const prepared = prepareListing(bigListing(2, 3));
    const all = matchingRows(prepared, searchTerms('doc'));
    const allKeys = ['s1', 'w1/1', '1/doc-1-0', '1/doc-1-1', '1/doc-1-2', 's2', 'w2/2', '2/doc-2-0', '2/doc-2-1', '2/doc-2-2'];
    expect(keys(all)).toEqual(allKeys);
    expect(matchingRows(prepared, searchTerms('docu'), new Set(), all)).toBe(all);
    // The whole listing's rows, as an empty search answers them, for a search every document matches.
    expect(matchingRows(prepared, searchTerms('document'), new Set(), prepared.rows)).toBe(prepared.rows);
    const first = matchingRows(prepared, searchTerms('document 1-'), new Set(), all);
    expect(keys(first)).toEqual(allKeys.slice(0, 5));
    const ones = matchingRows(prepared, searchTerms('document 1'), new Set(), all);
    expect(keys(ones)).toEqual(['s1', 'w1/1', '1/doc-1-0', '1/doc-1-1', '1/doc-1-2', 's2', 'w2/2', '2/doc-2-1']);
    // The earlier answer is as it was.
    expect(keys(all)).toEqual(allKeys);
  });

  test('given a search it narrows and that one’s answer, a search looks only among its documents, and only for the new terms', () => {
    const prepared = prepareListing(bigListing(2, 3));
    const all = matchingRows(prepared, searchTerms('doc'));
    // An answer that kept two documents: the others are not looked at, though "doc" is in them too.
    const some = all.filter((row) => ['s1', 'w1/1', '1/doc-1-1', 's2', 'w2/2', '2/doc-2-2'].includes(row.key));
    expect(keys(matchingRows(prepared, searchTerms('docu'), new Set(), all, { terms: ['doc'], rows: some }))).toEqual(['s1', 'w1/1', '1/doc-1-1', 's2', 'w2/2', '2/doc-2-2']);
    // Its documents have its terms: only the new one is looked for.
    expect(keys(matchingRows(prepared, searchTerms('zz 2-'), new Set(), all, { terms: ['zz'], rows: some }))).toEqual(['s2', 'w2/2', '2/doc-2-2']);
  });

  test('20,000 documents are prepared and searched quickly', () => {
    const big = bigListing(50, 400);
    let started = performance.now();
    const prepared = prepareListing(big);
    const prepareTime = performance.now() - started;
    expect(prepared.rows).toHaveLength(50 * 402);
    matchingRows(prepared, searchTerms('warm up the folded names'));
    started = performance.now();
    const rows = matchingRows(prepared, searchTerms('document 37-39'));
    const searchTime = performance.now() - started;
    expect(keys(rows)).toEqual(['s37', 'w37/37', '37/doc-37-39', '37/doc-37-390', '37/doc-37-391', '37/doc-37-392', '37/doc-37-393', '37/doc-37-394', '37/doc-37-395', '37/doc-37-396', '37/doc-37-397', '37/doc-37-398', '37/doc-37-399']);
    // Generous bounds for a slow CI machine; in Chromium the search takes a few milliseconds.
    expect(prepareTime).toBeLessThan(500);
    expect(searchTime).toBeLessThan(50);
  });
});

describe('layout', () => {
  const rows = prepareListing(listing).rows;

  test('each row sits under the one before, at its kind’s height', () => {
    const layout = layoutRows(rows);
    expect(layout.offsets).toHaveLength(rows.length + 1);
    expect(layout.offsets[0]).toBe(0);
    for (let index = 0; index < rows.length; index++) {
      expect(layout.offsets[index + 1]! - layout.offsets[index]!).toBe(ROW_HEIGHTS[rows[index]!.kind]);
    }
    expect(layout.total).toBe(layout.offsets[rows.length]);
  });

  test('a search’s first screen of rows fills the tallest popup’s list, however short its rows', () => {
    // The kinds of row a search shows, at their heights; a note (a site found by its name, without
    // documents) comes only under its site's heading: two rows, 28 px each at the least.
    const shortest = Math.min(...(['account', 'account-error', 'site', 'site-error', 'workspace', 'document'] as const).map((kind) => ROW_HEIGHTS[kind]), (ROW_HEIGHTS.site + ROW_HEIGHTS.note) / 2);
    // Even without the last, they reach the bottom of a 600 px list (Chrome's popup at its tallest).
    expect((FIRST_SCREEN_ROWS - 1) * shortest).toBeGreaterThanOrEqual(600);
  });

  test('a row in edit mode takes the height given for it, and moves the rows below', () => {
    const plain = layoutRows(rows);
    const editing = layoutRows(rows, new Map([['1/new', EDITING_ROW_HEIGHT]]));
    const index = rows.findIndex((row) => row.key === '1/new');
    expect(editing.offsets[index]).toBe(plain.offsets[index]);
    expect(editing.offsets[index + 1]! - editing.offsets[index]!).toBe(EDITING_ROW_HEIGHT);
    expect(editing.total - plain.total).toBe(EDITING_ROW_HEIGHT - ROW_HEIGHTS.document);
  });

  test('rowsBetween finds the rows overlapping a band, edges included', () => {
    // Ten rows: the site heading (0 to 34), the workspace heading (34 to 62), then 8 documents of 30 px.
    const ten = prepareListing(bigListing(1, 8)).rows;
    const layout = layoutRows(ten);
    expect(rowsBetween(layout, 0, 1)).toEqual({ start: 0, end: 1 });
    expect(rowsBetween(layout, 33, 35)).toEqual({ start: 0, end: 2 });
    expect(rowsBetween(layout, 34, 62)).toEqual({ start: 1, end: 2 });
    expect(rowsBetween(layout, 62, 92)).toEqual({ start: 2, end: 3 });
    expect(rowsBetween(layout, -1000, 10_000)).toEqual({ start: 0, end: 10 });
    expect(rowsBetween(layout, 10_000, 20_000)).toEqual({ start: 10, end: 10 });
    expect(rowsBetween(layoutRows([]), 0, 100)).toEqual({ start: 0, end: 0 });
  });

  test('the window covers the viewport anywhere within a scroll step, plus the overscan each way', () => {
    const big = prepareListing(bigListing(1, 2000)).rows;
    const layout = layoutRows(big);
    const viewport = 450;
    for (const scrollTop of [0, 199, 200, 12_345, 30_000, layout.total - viewport]) {
      const range = windowRange(layout, scrollAnchor(scrollTop, SCROLL_STEP), viewport, LIST_WINDOW);
      const renderedTop = layout.offsets[range.start]!;
      const renderedBottom = layout.offsets[range.end]!;
      expect(renderedTop).toBeLessThanOrEqual(Math.max(0, scrollTop - OVERSCAN));
      expect(renderedBottom).toBeGreaterThanOrEqual(Math.min(layout.total, scrollTop + viewport + OVERSCAN));
      // Bounded: the window never holds much more than the viewport and the overscan.
      expect(range.end - range.start).toBeLessThanOrEqual(Math.ceil((viewport + SCROLL_STEP + 2 * OVERSCAN) / ROW_HEIGHTS.document) + 2);
    }
  });

  test('an anchor past the end (the rows just got fewer) shows the end of the list', () => {
    const layout = layoutRows(prepareListing(bigListing(1, 10)).rows);
    const range = windowRange(layout, 50_000, 450, LIST_WINDOW);
    expect(range).toEqual({ start: 0, end: 12 });
  });

  test('scrollAnchor rounds down to a scroll step', () => {
    expect([0, 1, SCROLL_STEP - 1, SCROLL_STEP, 5 * SCROLL_STEP + 3].map((top) => scrollAnchor(top, SCROLL_STEP))).toEqual([0, 0, 0, SCROLL_STEP, 5 * SCROLL_STEP]);
  });

  test('scrollTopToShow moves as little as needed to show a row whole', () => {
    const layout = layoutRows(prepareListing(bigListing(1, 100)).rows);
    // Row 10 spans 34 + 28 + 8 * 30 = 302 to 332.
    expect(scrollTopToShow(layout, 10, 0, 400)).toBe(0);
    expect(scrollTopToShow(layout, 10, 0, 300)).toBe(32);
    expect(scrollTopToShow(layout, 10, 1000, 300)).toBe(302);
  });
});

describe('renderPlan', () => {
  const big = bigListing(3, 100);
  const rows = prepareListing(big).rows; // per site: heading, workspace, 100 documents
  const layout = layoutRows(rows);

  function totalHeight(plan: ReturnType<typeof renderPlan>): number {
    let height = 0;
    for (const node of plan) {
      if (node.kind !== 'site') height += node.height;
      else
        for (const child of node.children) {
          if (child.kind === 'list') height += child.items.reduce((sum, item) => sum + item.height, 0);
          else height += child.height;
        }
    }
    return height;
  }

  test('the whole list: one section per site, one list per workspace, no gaps', () => {
    const plan = renderPlan(rows, layout, { start: 0, end: rows.length });
    expect(plan.map((node) => node.kind)).toEqual(['site', 'site', 'site']);
    const first = plan[0] as SiteNode;
    expect(first.children.map((child) => child.kind)).toEqual(['row', 'row', 'list']);
    expect((first.children[2] as ListNode).items).toHaveLength(100);
    expect(totalHeight(plan)).toBe(layout.total);
  });

  test('a slice sits between gaps as tall as the rows left out, and starts mid-list without its headings', () => {
    const plan = renderPlan(rows, layout, { start: 50, end: 60 });
    expect(plan.map((node) => node.kind)).toEqual(['gap', 'site', 'gap']);
    expect(plan[0]).toMatchObject({ kind: 'gap', height: layout.offsets[50] });
    const section = plan[1] as SiteNode;
    expect(section.site).toBe(big.sites[0]);
    expect(section.children).toHaveLength(1);
    expect((section.children[0] as ListNode).items.map((item) => item.row.key)).toEqual(keys(rows.slice(50, 60)));
    expect(totalHeight(plan)).toBe(layout.total);
  });

  test('a slice across two sites makes two sections', () => {
    const plan = renderPlan(rows, layout, { start: 100, end: 105 });
    expect(plan.map((node) => (node.kind === 'site' ? node.site.name : 'gap'))).toEqual(['gap', 'site1', 'site2', 'gap']);
    const second = plan[2] as SiteNode;
    expect(second.children.map((child) => (child.kind === 'row' ? child.row.kind : child.kind))).toEqual(['site', 'workspace', 'list']);
    expect(totalHeight(plan)).toBe(layout.total);
  });

  test('a pinned row far from the slice is rendered in place, in its own list, with gaps around it', () => {
    const plan = renderPlan(rows, layout, { start: 50, end: 60 }, [10]);
    const section = plan.find((node): node is SiteNode => node.kind === 'site')!;
    expect(section.children.map((child) => child.kind)).toEqual(['list', 'gap', 'list']);
    const [pinnedList, gap, slice] = section.children as [ListNode, { height: number }, ListNode];
    expect(pinnedList.items.map((item) => item.row.key)).toEqual([rows[10]!.key]);
    expect(gap.height).toBe(layout.offsets[50]! - layout.offsets[11]!);
    expect(slice.items).toHaveLength(10);
    expect(totalHeight(plan)).toBe(layout.total);
  });

  test('the list holding a pinned row keeps its key as the slice moves away from it and back', () => {
    const together = renderPlan(rows, layout, { start: 5, end: 20 }, [10]);
    const apart = renderPlan(rows, layout, { start: 50, end: 60 }, [10]);
    const listKeys = (plan: ReturnType<typeof renderPlan>) =>
      plan.flatMap((node) => (node.kind === 'site' ? node.children.filter((child) => child.kind === 'list').map((child) => child.key) : []));
    const [holding] = listKeys(together);
    expect(listKeys(apart)[0]).toBe(holding);
    expect(listKeys(apart)[1]).not.toBe(holding);
    // Without a pinned row, the slice's list has the same key too: focus may enter it at any time.
    expect(listKeys(renderPlan(rows, layout, { start: 5, end: 20 }))).toEqual([holding]);
  });

  test('pinned rows inside the slice, repeated or out of bounds change nothing', () => {
    const plain = renderPlan(rows, layout, { start: 50, end: 60 });
    expect(renderPlan(rows, layout, { start: 50, end: 60 }, [55, 55, -1, 10_000])).toEqual(plain);
  });
});

describe('adjacentResult', () => {
  const rows = prepareListing(listing).rows;
  const index = (key: string) => rows.findIndex((row) => row.key === key);

  test('steps over headings and notes, across workspaces and sites', () => {
    const twoSites = prepareListing({
      fetchedAt: 1,
      sites: [site(1, 'a', [workspace(1, 'W1', [doc('a', 'A')]), workspace(2, 'W2', [doc('b', 'B')])]), site(2, 'b', [workspace(3, 'W3', [doc('c', 'C')])])],
    }).rows;
    const at = (key: string) => twoSites.findIndex((row) => row.key === key);
    expect(adjacentResult(twoSites, -1, 1)).toBe(at('1/a'));
    expect(adjacentResult(twoSites, at('1/a'), 1)).toBe(at('1/b'));
    expect(adjacentResult(twoSites, at('1/b'), 1)).toBe(at('2/c'));
    expect(adjacentResult(twoSites, at('2/c'), 1)).toBe(-1);
    expect(adjacentResult(twoSites, at('2/c'), -1)).toBe(at('1/b'));
    expect(adjacentResult(twoSites, at('1/a'), -1)).toBe(-1);
  });

  test('skips the rows it is told to (documents in edit mode)', () => {
    expect(adjacentResult(rows, index('1/pin'), 1, (row) => row.key === '1/new')).toBe(index('1/old'));
  });
});

describe('several accounts (issue 19)', () => {
  const edith = { id: 'a1', user: { name: 'Edith Editor', email: 'edith@example.com' }, server: 'docs.example.com' };
  const owen = { id: 'a2', user: { name: 'Owen Owner', email: 'owen@example.com' }, server: 'docs.example.com' };
  // Two users of one server, both members of the acme site: it is listed once for each.
  const acme = (account: string, documents: DocumentEntry[]) => site(2, 'acme', [workspace(20, 'Sales', documents)], { account });
  const twoAccounts: Listing = {
    fetchedAt: 1,
    accounts: [edith, owen],
    sites: [
      site(1, 'personal', [workspace(10, 'Home', [doc('budget', 'Budget')])], { personal: true }),
      acme('a1', [doc('plan', 'Plan')]),
      acme('a2', [doc('plan', 'Plan'), doc('forecast', 'Forecast')]),
    ],
  };

  test('prepareSearch folds the documents of every account’s sites', () => {
    const prepared = prepareListing(structuredClone(twoAccounts));
    prepareSearch(prepared);
    expect(prepared.accounts.map((account) => account.sites.map((entry) => entry.workspaces.map((workspace) => workspace.folded)))).toEqual([
      [[['budget']], [['plan']]],
      [[['plan', 'forecast']]],
    ]);
  });

  test('each account’s sites come under its heading, and the keys tell the same site of two accounts apart', () => {
    expect(keys(prepareListing(twoAccounts).rows)).toEqual([
      'aa1',
      'sa1/1',
      'wa1/1/10',
      'a1/1/budget',
      'sa1/2',
      'wa1/2/20',
      'a1/2/plan',
      'aa2',
      'sa2/2',
      'wa2/2/20',
      'a2/2/plan',
      'a2/2/forecast',
    ]);
    const headings = prepareListing(twoAccounts).rows.filter((row) => row.kind === 'account');
    expect(headings.map((row) => [row.account, row.number])).toEqual([
      [edith, 1],
      [owen, 2],
    ]);
  });

  test('document rows name their account; the heading rows take their kind’s height', () => {
    const rows = prepareListing(twoAccounts).rows;
    const plans = rows.filter((row) => row.kind === 'document' && row.document.id === 'plan');
    expect(plans.map((row) => row.kind === 'document' && row.ref)).toEqual([
      { orgId: 2, siteUrl: 'https://acme.example.com', docId: 'plan', account: 'a1' },
      { orgId: 2, siteUrl: 'https://acme.example.com', docId: 'plan', account: 'a2' },
    ]);
    const layout = layoutRows(rows);
    expect(layout.offsets[1]).toBe(ROW_HEIGHTS.account);
  });

  test('a failing account shows its error under its heading, saying whether its sites below are from earlier', () => {
    const refused = { kind: 'auth' as const, message: 'The API key was refused.' };
    const rows = prepareListing({ ...twoAccounts, accounts: [edith, { ...owen, error: refused }], sites: twoAccounts.sites.slice(0, 2) }).rows;
    expect(keys(rows).slice(-2)).toEqual(['aa2', 'eaa2']);
    expect(rows.at(-1)).toMatchObject({ kind: 'account-error', error: refused, earlier: false });
    const withEarlier = prepareListing({ ...twoAccounts, accounts: [edith, { ...owen, error: refused }] }).rows;
    expect(withEarlier.find((row) => row.kind === 'account-error')).toMatchObject({ earlier: true });
  });

  test('one account, even named in `accounts`, has no heading and the keys of before', () => {
    expect(keys(prepareListing({ ...listing, accounts: [edith] }).rows)).toEqual(keys(prepareListing(listing).rows));
    expect(prepareListing(listing).rows.some((row) => row.kind === 'account')).toBe(false);
  });

  test('a search shows an account’s heading only above its matches, and finds an account by its user’s name or email', () => {
    const search = (query: string) => keys(matchingRows(prepareListing(twoAccounts), searchTerms(query)));
    expect(search('forecast')).toEqual(['aa2', 'sa2/2', 'wa2/2/20', 'a2/2/forecast']);
    expect(search('plan')).toEqual(['aa1', 'sa1/2', 'wa1/2/20', 'a1/2/plan', 'aa2', 'sa2/2', 'wa2/2/20', 'a2/2/plan']);
    expect(search('owen plan')).toEqual(['aa2', 'sa2/2', 'wa2/2/20', 'a2/2/plan']);
    expect(search('edith@example')).toEqual(keys(prepareListing(twoAccounts).rows).slice(0, 7));
    // A failing account with no site to show is found by its user too: its heading and why.
    const failing = prepareListing({ ...twoAccounts, accounts: [edith, { ...owen, error: { kind: 'network', message: 'Unreachable' } }], sites: twoAccounts.sites.slice(0, 2) });
    expect(keys(matchingRows(failing, searchTerms('owen')))).toEqual(['aa2', 'eaa2']);
  });

  test('the arrow keys go from one account’s documents to the next account’s, over the headings', () => {
    const rows = prepareListing(twoAccounts).rows;
    const at = (key: string) => rows.findIndex((row) => row.key === key);
    expect(adjacentResult(rows, at('a1/2/plan'), 1)).toBe(at('a2/2/plan'));
    expect(adjacentResult(rows, at('a2/2/plan'), -1)).toBe(at('a1/2/plan'));
  });

  test('the render plan puts account rows between the sections, and the same site of two accounts in two sections', () => {
    const rows = prepareListing(twoAccounts).rows;
    const layout = layoutRows(rows);
    const plan = renderPlan(rows, layout, { start: 0, end: rows.length });
    expect(plan.map((node) => (node.kind === 'row' ? node.row.key : node.kind))).toEqual(['aa1', 'site', 'site', 'aa2', 'site']);
    const sections = plan.filter((node): node is SiteNode => node.kind === 'site');
    expect(new Set(sections.map((section) => section.key)).size).toBe(3);
    expect(sections.map((section) => section.site)).toEqual(twoAccounts.sites);
    // A slice starting inside the second account leaves its heading to the gap above.
    const slice = renderPlan(rows, layout, { start: at(rows, 'a2/2/plan'), end: rows.length });
    expect(slice.map((node) => node.kind)).toEqual(['gap', 'site']);
    expect(slice[0]).toMatchObject({ height: layout.offsets[at(rows, 'a2/2/plan')] });
  });
});

function at(rows: readonly Row[], key: string): number {
  return rows.findIndex((row) => row.key === key);
}
