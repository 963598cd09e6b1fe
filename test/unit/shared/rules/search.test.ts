import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../../src/shared/protocol/listing.ts';
import { prepareListing, type Row } from '../../../../src/listing-view/listing-rows.ts';
import { matchingRows, searchAnswers } from '../../../../src/listing-view/listing-search.ts';
import { countDocuments, foldForSearch, matchRanges, nameMatches, searchTerms } from '../../../../src/shared/rules/search.ts';
import { describeRow, documentEntry as document, siteEntry as site } from '../../../setup/listings.ts';

const listing: Listing = {
  fetchedAt: 1,
  sites: [
    site(1, 'personal', [
      { id: 10, name: 'Home', documents: [document('d1', 'Résumé 2024'), document('d2', 'Groceries')] },
      { id: 11, name: 'Empty', documents: [] },
    ]),
    site(2, 'acme', [{ id: 20, name: 'Sales', documents: [document('d3', 'Quarterly plan'), document('d4', 'RESUME draft')] }]),
    site(3, 'broken', [], { error: { kind: 'network', message: 'Unreachable' } }),
    site(5, 'quiet', [{ id: 50, name: 'Home', documents: [] }]),
  ],
};

describe('foldForSearch', () => {
  test('drops accents and case', () => {
    expect(foldForSearch('Résumé')).toBe('resume');
    expect(foldForSearch('ÇA VA, Ångström?')).toBe('ca va, angstrom?');
  });

  test('folds precomposed and decomposed forms alike', () => {
    expect(foldForSearch('e\u0301')).toBe(foldForSearch('\u00e9'));
  });

  test('spells out letters NFD leaves whole', () => {
    expect(foldForSearch('Straße Łódź Øre Æsop')).toBe('strasse lodz ore aesop');
  });

  test('keeps letters of other scripts', () => {
    expect(foldForSearch('Отчёт 報告')).toBe('отчет 報告');
  });
});

describe('searchTerms and nameMatches', () => {
  test('a blank query has no terms', () => {
    expect(searchTerms('   ')).toEqual([]);
  });

  test('every word must occur, in any order', () => {
    const terms = searchTerms(' plan  QUART ');
    expect(terms).toEqual(['plan', 'quart']);
    expect(nameMatches('Quarterly plan', terms)).toBe(true);
    expect(nameMatches('Quarterly report', terms)).toBe(false);
  });

  test('matches accented names from plain text and the other way round', () => {
    expect(nameMatches('Résumé', searchTerms('resume'))).toBe(true);
    expect(nameMatches('Resume', searchTerms('résumé'))).toBe(true);
  });
});

/** What a search shows, as `kind:name` per row (sites and workspaces by name, documents by name). */
function search(query: string): string[] {
  return matchingRows(prepareListing(listing), searchTerms(query)).map(describeRow);
}


describe('searching the listing', () => {
  test('an empty query shows every row, failed sites and empty workspaces included; a site with no workspace says so once', () => {
    const prepared = prepareListing(listing);
    expect(matchingRows(prepared, searchTerms(''))).toBe(prepared.rows);
    expect(matchingRows(prepared, searchTerms('  '))).toBe(prepared.rows);
    expect(search('')).toEqual([
      'site:personal',
      'workspace:Home',
      'document:Résumé 2024',
      'document:Groceries',
      'workspace:Empty',
      'site:acme',
      'workspace:Sales',
      'document:Quarterly plan',
      'document:RESUME draft',
      'site:broken',
      'error:Unreachable',
      'site:quiet',
      'workspace:Home',
    ]);
  });

  test('an empty workspace is found as its documents would be: by its name, its site’s, or both', () => {
    expect(search('empty')).toEqual(['site:personal', 'workspace:Empty']);
    expect(search('quiet')).toEqual(['site:quiet', 'workspace:Home']);
    expect(search('home')).toEqual(['site:personal', 'workspace:Home', 'document:Résumé 2024', 'document:Groceries', 'site:quiet', 'workspace:Home']);
    expect(search('quiet home')).toEqual(['site:quiet', 'workspace:Home']);
    // A term that must be in a document's own name: an empty workspace has none.
    expect(search('empty gro')).toEqual([]);
    expect(search('quiet plan')).toEqual([]);
  });

  test('a search that narrows the last one finds the empty workspaces it would find afresh', () => {
    const answer = searchAnswers();
    const prepared = prepareListing(listing);
    const shown = (query: string) => answer(prepared, searchTerms(query), new Set(), []).map(describeRow);
    expect(shown('h')).toEqual(search('h'));
    expect(shown('ho')).toEqual(search('ho'));
    expect(shown('home')).toEqual(['site:personal', 'workspace:Home', 'document:Résumé 2024', 'document:Groceries', 'site:quiet', 'workspace:Home']);
    expect(shown('home q')).toEqual(['site:quiet', 'workspace:Home']);
    expect(shown('home gro')).toEqual(['site:personal', 'workspace:Home', 'document:Groceries']);
  });

  test('a workspace’s name matches all its documents (issue 12, item 8)', () => {
    expect(search('sales')).toEqual(['site:acme', 'workspace:Sales', 'document:Quarterly plan', 'document:RESUME draft']);
  });

  test('a site’s name matches all its documents, and narrows the others words to it', () => {
    expect(search('acme')).toEqual(['site:acme', 'workspace:Sales', 'document:Quarterly plan', 'document:RESUME draft']);
    expect(search('acme resume')).toEqual(['site:acme', 'workspace:Sales', 'document:RESUME draft']);
    expect(search('home gro')).toEqual(['site:personal', 'workspace:Home', 'document:Groceries']);
  });

  test('site and workspace names match by the start of a word; a document’s own name anywhere', () => {
    expect(search('ome')).toEqual([]); // not "Home"
    expect(search('ale')).toEqual([]); // not "Sales"
    expect(search('roce')).toEqual(['site:personal', 'workspace:Home', 'document:Groceries']);
  });

  test('a site found by its name shows its heading and why it has no documents', () => {
    expect(search('broken')).toEqual(['site:broken', 'error:Unreachable']);
    const bare: Listing = { fetchedAt: 1, sites: [site(6, 'bare', [])] };
    expect(matchingRows(prepareListing(bare), searchTerms('bare')).map(describeRow)).toEqual(['site:bare', 'note:No documents.']);
  });

  test('the personal site matches by the name it is shown by', () => {
    const personal: Listing = { fetchedAt: 1, sites: [site(7, 'docs-5', [{ id: 70, name: 'Home', documents: [document('d7', 'Taxes')] }], { personal: true })] };
    expect(matchingRows(prepareListing(personal), searchTerms('personal')).map(describeRow)).toEqual(['site:docs-5', 'workspace:Home', 'document:Taxes']);
  });

  test('a document being renamed stays among the results whatever is typed (issue 12, item 11)', () => {
    const prepared = prepareListing(listing);
    const groceries = prepared.rows.find((row) => row.kind === 'document' && row.document.name === 'Groceries')!;
    expect(matchingRows(prepared, searchTerms('zzz'), new Set([groceries.key])).map(describeRow)).toEqual([
      'site:personal',
      'workspace:Home',
      'document:Groceries',
    ]);
  });

  test('keeps matching documents across every site and drops the rest', () => {
    expect(search('resume')).toEqual([
      'site:personal',
      'workspace:Home',
      'document:Résumé 2024',
      'site:acme',
      'workspace:Sales',
      'document:RESUME draft',
    ]);
  });

  test('hides workspaces and sites without a match, including failed sites', () => {
    expect(search('groceries')).toEqual(['site:personal', 'workspace:Home', 'document:Groceries']);
  });

  test('a failed site with documents from an earlier refresh keeps its error above its matches', () => {
    const failed: Listing = {
      fetchedAt: 1,
      sites: [
        site(4, 'stale', [{ id: 40, name: 'Old', documents: [document('d5', 'Plan'), document('d6', 'Notes')] }], {
          error: { kind: 'timeout', message: 'Too slow' },
        }),
      ],
    };
    expect(matchingRows(prepareListing(failed), searchTerms('plan')).map(describeRow)).toEqual([
      'site:stale',
      'error:Too slow',
      'workspace:Old',
      'document:Plan',
    ]);
  });

  test('terms that only different documents of one workspace hold, or only across two names, find none of them', () => {
    // Sales holds "Quarterly plan" and "RESUME draft": its names together hold every term.
    expect(search('plan draft')).toEqual([]);
    expect(search('planresume')).toEqual([]);
    expect(search('plan quarterly')).toEqual(['site:acme', 'workspace:Sales', 'document:Quarterly plan']);
  });

  test('nothing matching leaves no rows', () => {
    expect(search('zzz')).toEqual([]);
  });

  test('does not change the listing it is given', () => {
    const before = structuredClone(listing);
    search('plan');
    expect(listing).toEqual(before);
  });
});

describe('matchRanges: the letters to mark', () => {
  test.each([
    ['plain words, each occurrence', 'Plan the plan', ['plan'], [[0, 4], [9, 13]]],
    ['accents and case folded as in the search', 'Résumé 2024', ['resume'], [[0, 6]]],
    ['a letter spelled out in two', 'Straße', ['ss'], [[4, 5]]],
    ['decomposed accents marked with their letter', 'Re\u0301sume\u0301', ['resume'], [[0, 8]]],
    ['overlapping terms merged', 'Quarterly', ['quart', 'arte'], [[0, 6]]],
    ['no terms, nothing marked', 'Plan', [], []],
    ['a character outside the BMP kept whole', '📊 plan', ['plan'], [[3, 7]]],
  ])('%s', (_case, name, terms, ranges) => {
    expect(matchRanges(name, terms)).toEqual(ranges);
  });
});

test('countDocuments counts every site and workspace', () => {
  expect(countDocuments(listing)).toBe(4);
});

describe('searchAnswers: a search as it is typed', () => {
  /** Each prefix of `query`, then each shorter one back to nothing: a query typed and deleted. */
  const typedAndDeleted = (query: string) => [...[...query].map((_, index) => query.slice(0, index + 1)), ...[...query].map((_, index) => query.slice(0, query.length - index - 1))];

  test('answers each keystroke as a search of its own would: typing on, deleting, typing another way', () => {
    // Many documents, so that a query that narrows another reads that one's answer (fewer than half the rows).
    const many: Listing = {
      fetchedAt: 1,
      sites: [
        ...listing.sites,
        site(6, 'globex', [{ id: 60, name: 'Plans', documents: Array.from({ length: 40 }, (_, index) => document(`g${index}`, `Plan ${index} résumé`)) }]),
      ],
    };
    const prepared = prepareListing(many);
    const answer = searchAnswers();
    // The same set each time, as the store hands it (compared by identity).
    const keep = new Set<string>();
    let shown: readonly Row[] = [];
    for (const query of [...typedAndDeleted('plan 12 résumé'), ...typedAndDeleted('sales res'), 'res', 'resume 2', 'résumé 3', 'plans 3', 'acme plan', 'acme zz', 'home gro']) {
      shown = answer(prepared, searchTerms(query), keep, shown);
      expect(shown.map(describeRow), query).toEqual(matchingRows(prepared, searchTerms(query)).map(describeRow));
    }
  });

  test('a query answered before gets that very answer again, until the listing or the documents kept change', () => {
    const prepared = prepareListing(listing);
    const answer = searchAnswers();
    const keep = new Set<string>();
    const res = answer(prepared, searchTerms('res'), keep, []);
    const resu = answer(prepared, searchTerms('resu'), keep, res);
    expect(answer(prepared, searchTerms('res'), keep, resu)).toBe(res);
    expect(answer(prepared, searchTerms('RES '), keep, res)).toBe(res);
    expect(answer(prepared, searchTerms(''), keep, res)).toBe(prepared.rows);
    expect(answer(prepared, searchTerms('res'), keep, prepared.rows)).toBe(res);

    const groceries = prepared.rows.find((row) => row.kind === 'document' && row.document.name === 'Groceries')!;
    const keptToo = answer(prepared, searchTerms('res'), new Set([groceries.key]), res);
    expect(keptToo).not.toBe(res);
    expect(keptToo.map(describeRow)).toContain('document:Groceries');
    const refreshed = prepareListing(structuredClone(listing));
    expect(answer(refreshed, searchTerms('res'), keep, keptToo).map(describeRow)).toEqual(res.map(describeRow));
    expect(answer(refreshed, searchTerms('res'), keep, keptToo)).not.toBe(res);
  });

  test('with a limit, each keystroke answers the first rows of its search (or all, known already), and the same query without it all of them', () => {
    const many: Listing = {
      fetchedAt: 1,
      sites: [
        ...listing.sites,
        site(6, 'globex', [
          { id: 60, name: 'Plans', documents: Array.from({ length: 40 }, (_, index) => document(`g${index}`, `Plan ${index} résumé`)) },
          { id: 61, name: 'Drafts', documents: Array.from({ length: 30 }, (_, index) => document(`h${index}`, `Draft plan ${index}`)) },
        ]),
      ],
    };
    const prepared = prepareListing(many);
    const answer = searchAnswers();
    const keep = new Set<string>();
    const LIMIT = 6;
    // The first rows of the whole answer, to the document that brings them to LIMIT.
    const firstScreen = (rows: readonly Row[]) => {
      const last = rows.findIndex((row, index) => index + 1 >= LIMIT && row.kind === 'document');
      return last < 0 ? rows : rows.slice(0, last + 1);
    };
    let shown: readonly Row[] = [];
    // Typed a keystroke a frame (first screens only), and now and then a pause (the whole answer).
    const queries = [...typedAndDeleted('plan 12 résumé'), ...typedAndDeleted('draft 2'), 'plan', 'plan 3', 'p', 'pl', 'plan 1', 'res', 'resume 2', 'zz'];
    queries.forEach((query, index) => {
      const whole = matchingRows(prepared, searchTerms(query));
      shown = answer(prepared, searchTerms(query), keep, shown, LIMIT);
      // Or all of them, where the query's whole answer is still known.
      expect([firstScreen(whole), whole].map((rows) => rows.map(describeRow)), query).toContainEqual(shown.map(describeRow));
      if (index % 3 === 2) {
        shown = answer(prepared, searchTerms(query), keep, shown);
        expect(shown.map(describeRow), `${query}, whole`).toEqual(whole.map(describeRow));
      }
    });
  });

  test('with a limit, a query that finds more answers its first rows, and keeps no answer a later query would narrow', () => {
    const many: Listing = {
      fetchedAt: 1,
      sites: [site(6, 'globex', [{ id: 60, name: 'Plans', documents: Array.from({ length: 40 }, (_, index) => document(`g${index}`, `Plan ${index}`)) }])],
    };
    const prepared = prepareListing(many);
    const whole = (query: string) => matchingRows(prepared, searchTerms(query)).map(describeRow);
    const answer = searchAnswers();
    const keep = new Set<string>();
    // Site and workspace headings, then three documents: where the rows reach the limit.
    const first = answer(prepared, searchTerms('plan'), keep, [], 5);
    expect(first.map(describeRow)).toEqual(whole('plan').slice(0, 5));
    // Without the limit, all of them: the first screen was not kept as the answer.
    const all = answer(prepared, searchTerms('plan'), keep, first);
    expect(all.map(describeRow)).toEqual(whole('plan'));
    expect(all).toHaveLength(42);
    // A query that narrows a first screen looks at every document, not only those it held.
    answer(prepared, searchTerms('p'), keep, all, 5);
    expect(answer(prepared, searchTerms('plan 3'), keep, first).map(describeRow)).toEqual(whole('plan 3'));
    // An answer within the limit is whole: kept, and answered again as it was.
    const few = answer(prepared, searchTerms('plan 39'), keep, all, 5);
    expect(few.map(describeRow)).toEqual(whole('plan 39'));
    expect(answer(prepared, searchTerms('plan 39'), keep, few)).toBe(few);
  });
});
