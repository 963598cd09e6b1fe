/**
 * Matching documents against what the user types in the popup's search box. Pure functions, no DOM:
 * the store derives the visible listing from these.
 */
import type { DocumentEntry, Listing, SiteEntry, WorkspaceEntry } from '../shared/listing.ts';

/** Combining marks (accents) left behind once a string is decomposed with NFD. */
const COMBINING_MARKS = /\p{M}+/gu;

/** Letters that NFD does not split into a base letter and a mark, spelled as people type them. */
const UNDECOMPOSED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };
const UNDECOMPOSED_PATTERN = /[ßæœøłđı]/g;

/**
 * Folds text for comparison: decomposes it (NFD), drops the accents and lowercases, so "Résumé"
 * and "RESUME" both become "resume".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(UNDECOMPOSED_PATTERN, (letter) => UNDECOMPOSED[letter] ?? letter);
}

/** Splits a query into folded words; an empty list means "no filter". */
export function searchTerms(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

/**
 * True when every term occurs somewhere in the name, in any order ("plan 2024" finds
 * "2024 – Budget plan"). In: terms from `searchTerms`.
 */
export function nameMatches(name: string, terms: readonly string[]): boolean {
  const folded = foldForSearch(name);
  return terms.every((term) => folded.includes(term));
}

/**
 * The listing with only the documents whose name matches `query`, across every site. Workspaces and
 * sites left without a matching document are dropped. An empty query answers the listing as is
 * (empty workspaces and sites that failed to list stay visible then).
 */
export function filterListing(listing: Listing, query: string): Listing {
  const terms = searchTerms(query);
  if (terms.length === 0) return listing;
  const sites: SiteEntry[] = [];
  for (const site of listing.sites) {
    const workspaces: WorkspaceEntry[] = [];
    for (const workspace of site.workspaces) {
      const documents: DocumentEntry[] = workspace.documents.filter((document) => nameMatches(document.name, terms));
      if (documents.length > 0) workspaces.push({ ...workspace, documents });
    }
    if (workspaces.length > 0) sites.push({ ...site, workspaces });
  }
  return { ...listing, sites };
}

/** How many documents a listing holds, across every site and workspace. */
export function countDocuments(listing: Listing): number {
  let count = 0;
  for (const site of listing.sites) {
    for (const workspace of site.workspaces) count += workspace.documents.length;
  }
  return count;
}
