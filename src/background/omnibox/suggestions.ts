/**
 * The address bar's suggestions for the `gr` keyword: the cached listing's documents that match
 * the typed words with the popup's rules (shared/search.ts: case and accents ignored, each word in
 * the document's name or starting a word of its workspace's or site's name), as
 * `<document name> — <site> › <workspace>`. Pure, and built for a keystroke over 20,000 documents:
 * names are folded once per listing, and a keystroke looks at each workspace's names once.
 */
import { documentPageUrl, siteDisplayName, type Listing } from '../../shared/listing.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import { foldedMatches, foldForSearch, matchRanges, searchTerms, termsLeftBy } from '../../shared/search.ts';

/** Firefox shows at most six of an extension's suggestions (MDN, omnibox.onInputChanged); Chrome's own cap is not documented, and six fit its drop-down. */
export const MAX_SUGGESTIONS = 6;

/** One suggestion as `omnibox.suggest` takes it. */
export interface Suggestion {
  /** The document's page URL: what Enter and Alt+Enter act on. */
  content: string;
  description: string;
}

interface IndexedDocument {
  name: string;
  folded: string;
  url: string;
  /** Index into the workspaces. */
  workspace: number;
}

interface IndexedWorkspace {
  name: string;
  siteName: string;
  foldedName: string;
  foldedSite: string;
}

/** The cached listing, ready for keystrokes. `urls`: every document's page URL. */
export interface SuggestionIndex {
  /** Pinned, then most recently changed first, across every site. */
  documents: IndexedDocument[];
  workspaces: IndexedWorkspace[];
  urls: ReadonlySet<string>;
}

/**
 * Folds every name of a listing once. Out: the index the keystrokes search. A document two
 * accounts list (two users of one server) is one page: it is indexed once, under the first.
 */
export function buildSuggestionIndex(listing: Listing): SuggestionIndex {
  const workspaces: IndexedWorkspace[] = [];
  const documents: Array<IndexedDocument & { pinned: boolean; updatedAt: string }> = [];
  const urls = new Set<string>();
  for (const site of listing.sites) {
    const siteName = siteDisplayName(site);
    const foldedSite = foldForSearch(siteName);
    for (const workspace of site.workspaces) {
      const index = workspaces.push({ name: workspace.name, siteName, foldedName: foldForSearch(workspace.name), foldedSite }) - 1;
      for (const document of workspace.documents) {
        const url = documentPageUrl(site.siteUrl, document);
        if (urls.has(url)) continue;
        urls.add(url);
        documents.push({ name: document.name, folded: foldForSearch(document.name), url, workspace: index, pinned: document.isPinned, updatedAt: document.updatedAt });
      }
    }
  }
  // The order `sortDocuments` gives one workspace, across all, in one sort: pinned first, then
  // newest (Grist's timestamps are ISO 8601 in UTC, so they compare as text).
  documents.sort((a, b) => Number(b.pinned) - Number(a.pinned) || (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return { documents, workspaces, urls };
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
function describe(document: IndexedDocument, workspace: IndexedWorkspace, terms: readonly string[], markup: boolean): string {
  const place = ` — ${plainTextName(workspace.siteName)} › ${plainTextName(workspace.name)}`;
  const name = plainTextName(document.name);
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
  // Per workspace, the words its document's own name must still hold (those neither the site's nor
  // the workspace's name starts a word with): worked out once per workspace, not per document.
  const leftByWorkspace = index.workspaces.map((workspace) => termsLeftBy(terms, workspace.foldedSite, workspace.foldedName));
  const byName: IndexedDocument[] = [];
  const byPlace: IndexedDocument[] = [];
  for (const document of index.documents) {
    if (foldedMatches(document.folded, terms)) {
      byName.push(document);
      if (byName.length === limit) break;
    } else if (byPlace.length < limit && foldedMatches(document.folded, leftByWorkspace[document.workspace]!)) {
      byPlace.push(document);
    }
  }
  return [...byName, ...byPlace].slice(0, limit).map((document) => ({
    content: document.url,
    description: describe(document, index.workspaces[document.workspace]!, terms, markup),
  }));
}
