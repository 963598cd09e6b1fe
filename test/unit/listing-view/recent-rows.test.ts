import { describe, expect, it } from 'vitest';
import { prepareListing, type RecentRow, type Row } from '../../../src/listing-view/listing-rows.ts';
import { RECENT_ROWS, recentCandidates, recentRows } from '../../../src/listing-view/recent-rows.ts';
import { openKey, type KnownPagesMap, type OpenedMap } from '../../../src/shared/protocol/pages.ts';
import { recordOpen } from '../../../src/shared/rules/frecency.ts';
import { searchTerms } from '../../../src/shared/rules/search.ts';
import { documentEntry, listingOf, siteEntry, workspaceEntry } from '../../setup/listings.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 29);

const listing = prepareListing(
  listingOf([
    siteEntry(5, 'Acme', [
      workspaceEntry(1, 'Finance', [documentEntry('budget-2026', 'Budget 2026'), documentEntry('payroll', 'Payroll')]),
      workspaceEntry(2, 'Sales', [documentEntry('crm', 'CRM'), ...Array.from({ length: 8 }, (_, index) => documentEntry(`other-${index}`, `Other ${index}`))]),
    ]),
  ]),
);

const KNOWN: KnownPagesMap = {
  [openKey('a1', 'budget-2026')]: { pages: [{ viewRef: 4, name: 'Expenses', indentation: 0 }, { viewRef: 2, name: 'Income', indentation: 0 }], readAt: NOW },
};

/** A record opened at each of `daysAgo`. */
const opens = (...daysAgo: number[]) => daysAgo.reduce<ReturnType<typeof recordOpen> | undefined>((record, ago) => recordOpen(record, NOW - ago * DAY), undefined)!;

/** What a user reads on each row: "<document> › <page>". */
const labels = (rows: readonly Row[]) => rows.filter((row): row is RecentRow => row.kind === 'recent').map((row) => (row.page ? `${row.of.document.name} › ${row.page.name}` : row.of.document.name));

describe('Recently opened', () => {
  it('in an empty search: the heading and the best scores first, pages named with their document', () => {
    const opened: OpenedMap = {
      [openKey('a1', 'payroll')]: opens(40),
      [openKey('a1', 'crm')]: opens(3, 2, 1),
      [openKey('a1', 'budget-2026', 4)]: opens(1),
    };
    const rows = recentRows(recentCandidates(listing, opened, KNOWN, NOW), []);
    expect(rows[0]).toEqual({ kind: 'recent-heading', key: 'recent' });
    expect(labels(rows)).toEqual(['CRM', 'Budget 2026 › Expenses', 'Payroll']);
  });

  it(`shows at most ${RECENT_ROWS}, and nothing at all (no heading) when nothing was opened`, () => {
    const opened: OpenedMap = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [openKey('a1', `other-${index}`), opens(index)]));
    const rows = recentRows(recentCandidates(listing, opened, KNOWN, NOW), []);
    expect(labels(rows)).toEqual(['Other 0', 'Other 1', 'Other 2', 'Other 3', 'Other 4']);
    expect(recentRows(recentCandidates(listing, {}, KNOWN, NOW), [])).toEqual([]);
  });

  it('in a search: only the opened ones it finds, a page by its document’s name with its own, or by its place', () => {
    const opened: OpenedMap = {
      [openKey('a1', 'budget-2026')]: opens(5),
      [openKey('a1', 'budget-2026', 4)]: opens(1),
      [openKey('a1', 'budget-2026', 2)]: opens(2),
      [openKey('a1', 'crm')]: opens(1),
    };
    const candidates = recentCandidates(listing, opened, KNOWN, NOW);
    expect(labels(recentRows(candidates, searchTerms('budget expenses')))).toEqual(['Budget 2026 › Expenses']);
    expect(labels(recentRows(candidates, searchTerms('budget')))).toEqual(['Budget 2026 › Expenses', 'Budget 2026 › Income', 'Budget 2026']);
    expect(labels(recentRows(candidates, searchTerms('sales')))).toEqual(['CRM']);
    expect(recentRows(candidates, searchTerms('nothing like it'))).toEqual([]);
  });

  it('leaves out a document no longer listed, another account’s copy of an id, and a page whose name is not known', () => {
    const opened: OpenedMap = {
      [openKey('a1', 'gone-doc')]: opens(0),
      [openKey('a2', 'crm')]: opens(0),
      [openKey('a1', 'budget-2026', 99)]: opens(0),
      [openKey('a1', 'payroll', 3)]: opens(0),
      [openKey('a1', 'payroll')]: opens(9),
    };
    expect(labels(recentRows(recentCandidates(listing, opened, KNOWN, NOW), []))).toEqual(['Payroll']);
  });

  it('answers the array it answered last when its rows are the same (the list lays nothing out again)', () => {
    const candidates = recentCandidates(listing, { [openKey('a1', 'crm')]: opens(1) }, KNOWN, NOW);
    const first = recentRows(candidates, searchTerms('cr'));
    expect(recentRows(candidates, searchTerms('crm'), first)).toBe(first);
  });
});
