import { describe, expect, test } from 'vitest';
import type { DocumentEntry, Listing, SiteEntry } from '../../src/shared/listing.ts';
import { countDocuments, filterListing, foldForSearch, nameMatches, searchTerms } from '../../src/popup/search.ts';

function document(id: string, name: string): DocumentEntry {
  return { id, urlId: id.slice(0, 12), name, access: 'owners', isPinned: false, updatedAt: '2024-01-01T00:00:00.000Z' };
}

function site(orgId: number, name: string, workspaces: SiteEntry['workspaces'], extra: Partial<SiteEntry> = {}): SiteEntry {
  return { orgId, name, domain: null, personal: false, siteUrl: `https://${name}.example.com`, workspaces, ...extra };
}

const listing: Listing = {
  fetchedAt: 1,
  sites: [
    site(1, 'personal', [
      { id: 10, name: 'Home', documents: [document('d1', 'Résumé 2024'), document('d2', 'Groceries')] },
      { id: 11, name: 'Empty', documents: [] },
    ]),
    site(2, 'acme', [{ id: 20, name: 'Sales', documents: [document('d3', 'Quarterly plan'), document('d4', 'RESUME draft')] }]),
    site(3, 'broken', [], { error: { kind: 'network', message: 'Unreachable' } }),
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

describe('filterListing', () => {
  test('an empty query answers the listing itself', () => {
    expect(filterListing(listing, '')).toBe(listing);
    expect(filterListing(listing, '  ')).toBe(listing);
  });

  test('keeps matching documents across every site and drops the rest', () => {
    const filtered = filterListing(listing, 'resume');
    expect(filtered.sites.map((entry) => entry.name)).toEqual(['personal', 'acme']);
    expect(filtered.sites.flatMap((entry) => entry.workspaces.map((workspace) => workspace.name))).toEqual(['Home', 'Sales']);
    expect(
      filtered.sites.flatMap((entry) => entry.workspaces.flatMap((workspace) => workspace.documents.map((doc) => doc.name))),
    ).toEqual(['Résumé 2024', 'RESUME draft']);
  });

  test('hides workspaces and sites without a match, including failed sites', () => {
    const filtered = filterListing(listing, 'groceries');
    expect(filtered.sites).toHaveLength(1);
    expect(filtered.sites[0]?.workspaces.map((workspace) => workspace.name)).toEqual(['Home']);
  });

  test('nothing matching leaves no sites', () => {
    expect(filterListing(listing, 'zzz').sites).toEqual([]);
  });

  test('does not change the listing it is given', () => {
    const before = structuredClone(listing);
    filterListing(listing, 'plan');
    expect(listing).toEqual(before);
  });
});

test('countDocuments counts every site and workspace', () => {
  expect(countDocuments(listing)).toBe(4);
  expect(countDocuments(filterListing(listing, 'draft'))).toBe(1);
});
