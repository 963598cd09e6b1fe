/**
 * The address bar's suggestions for the `gr` keyword: the cached listing's documents that match
 * the typed words with the popup's rules (shared/rules/search.ts: case and accents ignored, each word in
 * the document's name or starting a word of its workspace's or site's name), as
 * `<document name> — <site> › <workspace>`. Pure, and built for a keystroke over 20,000 documents:
 * names are folded and joined into one text once per listing, a keystroke looks for each word in
 * that text (native code), and the place names only of the workspaces they may bring in.
 */
import { documentPageUrl, siteDisplayName, type Listing } from '../../shared/protocol/listing.ts';
import { plainTextName } from '../../shared/rules/plain-text-name.ts';
import { foldedMatches, foldForSearch, matchRanges, searchTerms, termsLeftBy } from '../../shared/rules/search.ts';

/** Firefox shows at most six of an extension's suggestions (MDN, omnibox.onInputChanged); Chrome's own cap is not documented, and six fit its drop-down. */
export const MAX_SUGGESTIONS = 6;

/** One suggestion as `omnibox.suggest` takes it. */
export interface Suggestion {
  /** The document's page URL: what Enter and Alt+Enter act on. */
  content: string;
  description: string;
}

interface IndexedWorkspace {
  name: string;
  siteName: string;
  foldedName: string;
  foldedSite: string;
  /** Its documents, as indices into the index's arrays, in their order. */
  documents: number[];
}

/**
 * The cached listing, ready for keystrokes: one entry per document in each array, pinned then
 * most recently changed first, across every site. `urls`: every document's page URL.
 */
export interface SuggestionIndex {
  /**
   * Every document's folded name, each followed by a line feed: a keystroke looks for each word
   * in this one text (String.indexOf, native code: 20,000 names in a fraction of a millisecond,
   * and as fast at the first keystroke as at the hundredth), not name by name in a loop. A word
   * holds no white space, so no occurrence spans two names.
   */
  text: string;
  /** Where each document's folded name starts in `text`, and `text.length` last. */
  starts: Uint32Array;
  /** Each document's folded name on its own, for the few a workspace's or site's name may find. */
  folded: string[];
  names: string[];
  pageUrls: string[];
  /** Each document's workspace, as an index into `workspaces`. */
  workspaceOf: Uint32Array;
  workspaces: IndexedWorkspace[];
  urls: ReadonlySet<string>;
}

/**
 * Folds every name of a listing once. Out: the index the keystrokes search. A document two
 * accounts list (two users of one server) is one page: it is indexed once, under the first.
 */
export function buildSuggestionIndex(listing: Listing): SuggestionIndex {
  const workspaces: IndexedWorkspace[] = [];
  const entries: Array<{ name: string; folded: string; url: string; workspace: number; pinned: boolean; updatedAt: string }> = [];
  const urls = new Set<string>();
  for (const site of listing.sites) {
    const siteName = siteDisplayName(site);
    const foldedSite = foldForSearch(siteName);
    for (const workspace of site.workspaces) {
      const index = workspaces.push({ name: workspace.name, siteName, foldedName: foldForSearch(workspace.name), foldedSite, documents: [] }) - 1;
      for (const document of workspace.documents) {
        const url = documentPageUrl(site.siteUrl, document);
        if (urls.has(url)) continue;
        urls.add(url);
        entries.push({ name: document.name, folded: foldForSearch(document.name), url, workspace: index, pinned: document.isPinned, updatedAt: document.updatedAt });
      }
    }
  }
  // The order `sortDocuments` gives one workspace, across all, in one sort: pinned first, then
  // newest (Grist's timestamps are ISO 8601 in UTC, so they compare as text).
  entries.sort((a, b) => Number(b.pinned) - Number(a.pinned) || (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const starts = new Uint32Array(entries.length + 1);
  const workspaceOf = new Uint32Array(entries.length);
  let length = 0;
  entries.forEach((entry, index) => {
    starts[index] = length;
    length += entry.folded.length + 1;
    workspaceOf[index] = entry.workspace;
    workspaces[entry.workspace]!.documents.push(index);
  });
  starts[entries.length] = length;
  const folded = entries.map((entry) => entry.folded);
  return {
    text: `${folded.join('\n')}\n`,
    starts,
    folded,
    names: entries.map((entry) => entry.name),
    pageUrls: entries.map((entry) => entry.url),
    workspaceOf,
    workspaces,
    urls,
  };
}

/** The document whose folded name holds position `at` of the index's text (a binary search of `starts`). */
function documentAt(starts: Uint32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The first `limit` documents (in the index's order) whose folded name holds every term. Each
 * term's next occurrence is remembered: the text is read once per term, however many names
 * are looked at, and from one name where a term occurs to the next one where they all do.
 */
function documentsHolding(index: SuggestionIndex, terms: readonly string[], limit: number): number[] {
  const { text, starts } = index;
  const count = starts.length - 1;
  const next = terms.map(() => -1);
  const found: number[] = [];
  let document = 0;
  while (document < count && found.length < limit) {
    // The first document at or after `document` that may hold them all: where the last-coming term next occurs.
    let holder = document;
    for (let term = 0; term < terms.length; term++) {
      if (next[term]! < starts[document]!) {
        next[term] = text.indexOf(terms[term]!, starts[document]);
        if (next[term]! < 0) return found;
      }
      holder = Math.max(holder, documentAt(starts, next[term]!));
    }
    if (holder === document) found.push(document++);
    else document = holder;
  }
  return found;
}

/**
 * The first `limit` documents (in the index's order) that a workspace's or site's name finds
 * (those names start a word with some terms, the document's own name holds the rest) but whose
 * own name does not hold every term: only the workspaces whose or whose site's name starts a
 * word with a term are looked at, and in each only up to its first `limit` such documents.
 */
function documentsPlaced(index: SuggestionIndex, terms: readonly string[], limit: number): number[] {
  // Per place name, the terms left once it took those it starts a word with: sites share their
  // workspaces' names ("Home", "Documents"), so each name is looked at once.
  const left = new Map<string, string[]>();
  const leftBy = (place: string) => {
    let rest = left.get(place);
    if (!rest) left.set(place, (rest = termsLeftBy(terms, place)));
    return rest;
  };
  const found: number[] = [];
  for (const workspace of index.workspaces) {
    const bySite = leftBy(workspace.foldedSite);
    const byName = leftBy(workspace.foldedName);
    if (bySite.length === terms.length && byName.length === terms.length) continue;
    const rest = bySite.filter((term) => byName.includes(term));
    let taken = 0;
    for (const document of workspace.documents) {
      const folded = index.folded[document]!;
      if (foldedMatches(folded, rest) && !foldedMatches(folded, terms)) {
        found.push(document);
        if (++taken === limit) break;
      }
    }
  }
  return found.sort((a, b) => a - b).slice(0, limit);
}

/** The characters XML escapes, and their entities. */
const XML_ESCAPES: Partial<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for the omnibox's XML description (Chrome): `&`, `<`, `>`, quotes as entities, and what XML
 * 1.0 does not allow in a document (its `Char` production: C0 controls but tab, line feed and
 * carriage return; U+FFFE, U+FFFF; a surrogate not in a pair) dropped: Chrome parses it as XML
 * and drops a suggestion that does not parse (seen with an unescaped `&`, linkding-extension
 * issue 31). In one pass: the address bar escapes some 20 texts a keystroke.
 */
export function escapeXml(text: string): string {
  // With the `u` flag a surrogate pair is one character, beyond U+FFFF: U+D800–U+DFFF matches
  // only a surrogate alone.
  // eslint-disable-next-line no-control-regex -- control characters are what is dropped
  return text.replace(/[&<>"'\0-\x08\v\f\x0e-\x1f\ud800-\udfff\ufffe\uffff]/gu, (character) => XML_ESCAPES[character] ?? '');
}

/**
 * One suggestion's description: the name (isolated, so a right-to-left name cannot reorder the
 * rest; control characters as spaces), then ` — site › workspace`. With `markup` (Chrome), XML
 * with the matched letters in `<match>` and the place in `<dim>`; without (Firefox, which shows
 * descriptions as plain text), plain text.
 */
function describe(documentName: string, workspace: IndexedWorkspace, terms: readonly string[], markup: boolean): string {
  const place = ` — ${plainTextName(workspace.siteName)} › ${plainTextName(workspace.name)}`;
  const name = plainTextName(documentName);
  if (!markup) return `${name}${place}`;
  // The isolate opened by plainTextName is one code unit: the marks are shifted by it.
  const inner = name.slice(1, -1);
  let marked = '';
  let at = 0;
  for (const [start, end] of matchRanges(inner, terms)) {
    marked += `${escapeXml(inner.slice(at, start))}<match>${escapeXml(inner.slice(start, end))}</match>`;
    at = end;
  }
  marked += escapeXml(inner.slice(at));
  return `${name[0]}${marked}${name.at(-1)}<dim>${escapeXml(place)}</dim>`;
}

/**
 * The suggestions for what was typed after the keyword: documents whose own name holds every word
 * first, then those found through their workspace's or site's name, each group pinned then newest
 * first; at most `limit`. Empty for no words.
 */
export function suggestionsFor(index: SuggestionIndex, text: string, markup: boolean, limit = MAX_SUGGESTIONS): Suggestion[] {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const byName = documentsHolding(index, terms, limit);
  const found = byName.length < limit ? [...byName, ...documentsPlaced(index, terms, limit - byName.length)] : byName;
  return found.map((document) => ({
    content: index.pageUrls[document]!,
    description: describe(index.names[document]!, index.workspaces[index.workspaceOf[document]!]!, terms, markup),
  }));
}
