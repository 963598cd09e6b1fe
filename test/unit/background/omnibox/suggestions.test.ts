/**
 * The address bar's matching at a keystroke (src/background/omnibox/suggestions.ts), which looks
 * for the words in one text of every folded name: it suggests exactly the documents the popup's
 * rule finds (shared/rules/search.ts, name by name), in the same order, over a listing of many names
 * that share words, accents, places that take words and documents two accounts list.
 */
import { describe, expect, it } from 'vitest';
import { buildSuggestionIndex, MAX_SUGGESTIONS, suggestionsFor } from '../../../../src/background/omnibox/suggestions.ts';
import { documentPageUrl, siteDisplayName, type DocumentEntry, type Listing } from '../../../../src/shared/protocol/listing.ts';
import { nameMatches, placedNameMatches, searchTerms } from '../../../../src/shared/rules/search.ts';
import { documentEntry, listingOf, siteEntry, workspaceEntry } from '../../../setup/listings.ts';

const WORDS = ['Budget', 'plan', 'Résumé', 'team', 'Sales', 'q3', 'Straße', 'report', '2024', 'Doc', 'notes', 'Zeta'];
const PLACES = ['Home', 'Documents', 'Team Plans', 'Résumés', 'Sales 2024', 'Archive'];

/** A small pseudo-random generator, so the listing is the same at every run. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Sites of workspaces of documents named from WORDS, some pinned, times that tie; one document listed twice (two accounts, one server). */
function generatedListing(): Listing {
  const random = numbers(42);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let id = 0;
  const sites = Array.from({ length: 12 }, (_, site) =>
    siteEntry(
      site + 1,
      site % 3 === 0 ? `Team ${site}` : pick(PLACES),
      Array.from({ length: 3 }, (_, workspace) =>
        workspaceEntry(
          10 * site + workspace,
          pick(PLACES),
          Array.from({ length: 40 }, () =>
            documentEntry(`doc${String(id++).padStart(18, '0')}`, `${pick(WORDS)} ${pick(WORDS)} ${Math.floor(random() * 50)}`, {
              isPinned: random() < 0.05,
              updatedAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 30))).toISOString(),
            }),
          ),
        ),
      ),
      { siteUrl: `https://site-${site}.getgrist.com` },
    ),
  );
  // A second account's view of the first site: its documents are suggested once.
  return listingOf([...sites, { ...sites[0]!, account: 'second' }]);
}

/** The documents the popup's rule finds, in the suggestions' order: own name first, then by place; pinned, then newest. */
function expected(listing: Listing, text: string): Array<{ url: string; byPlace: boolean }> {
  const terms = searchTerms(text);
  const documents: Array<{ url: string; document: DocumentEntry; site: string; workspace: string }> = [];
  for (const site of listing.sites) {
    for (const workspace of site.workspaces) {
      for (const document of workspace.documents) {
        const url = documentPageUrl(site.siteUrl, document);
        if (!documents.some((entry) => entry.url === url)) documents.push({ url, document, site: siteDisplayName(site), workspace: workspace.name });
      }
    }
  }
  // Array.prototype.sort is stable: ties keep the listing's order.
  documents.sort((a, b) => Number(b.document.isPinned) - Number(a.document.isPinned) || b.document.updatedAt.localeCompare(a.document.updatedAt));
  const byName = documents.filter((entry) => nameMatches(entry.document.name, terms));
  const byPlace = documents.filter((entry) => !nameMatches(entry.document.name, terms) && placedNameMatches(terms, entry.document.name, entry.site, entry.workspace));
  return [...byName.map((entry) => ({ url: entry.url, byPlace: false })), ...byPlace.map((entry) => ({ url: entry.url, byPlace: true }))].slice(0, MAX_SUGGESTIONS);
}

describe('suggestionsFor', () => {
  const listing = generatedListing();
  const index = buildSuggestionIndex(listing);
  const queries = ['b', 'budget', 'BUDGET plan', 'resume', 'strasse', 'team', 'team plan', 'team 3', 'home budget', 'sales 2024 q3', 'archive zeta', 'doc', 'documents', 'notes 4', 'plan 1', 'zeta zeta', 'zzz', 'q3 résumé', '2'];

  it.each(queries)('“%s”: the documents the popup’s rule finds, own name first, then by place, pinned then newest', (text) => {
    expect(suggestionsFor(index, text, false).map((suggestion) => suggestion.content)).toEqual(expected(listing, text).map((entry) => entry.url));
  });

  it('among these queries, some find none, some the limit, some fewer, some by place: each path is taken', () => {
    const found = queries.map((text) => expected(listing, text));
    expect(found.map((entries) => entries.length)).toContain(0);
    expect(found.map((entries) => entries.length)).toContain(MAX_SUGGESTIONS);
    expect(found.some((entries) => entries.length > 0 && entries.length < MAX_SUGGESTIONS)).toBe(true);
    expect(found.some((entries) => entries.some((entry) => entry.byPlace) && entries.some((entry) => !entry.byPlace))).toBe(true);
  });
});
