/**
 * The address bar's suggestions for the `gr` keyword: the cached listing's documents that match
 * the typed words with the popup's rules (shared/rules/search.ts: case and accents ignored, each word in
 * the document's name or starting a word of its workspace's or site's name), as
 * `<document name> — <site> › <workspace>`, and the known pages of documents
 * (knownPagesItem) whose document's name with the page's holds them, as
 * `<document> › <page> — <site> › <workspace>`. What was opened from the extension (openedItem,
 * shared/rules/frecency.ts) comes first, best score first. Pure, and built for a keystroke over
 * 20,000 documents: names are folded and joined into one text once per listing, pages and scores
 * once per change of the known pages or of the opens (buildKnownIndex), a keystroke looks for
 * each word in those texts (native code), the few hundred opened records, and the place names
 * only of the workspaces they may bring in.
 */
import { documentPageUrl, siteDisplayName, type DocumentEntry, type Listing } from '../../shared/protocol/listing.ts';
import { pagesKey, pageUrl, parseOpenKey, type KnownPagesMap, type OpenedMap, type PageEntry } from '../../shared/protocol/pages.ts';
import { byRank, scoreAt, type Ranked } from '../../shared/rules/frecency.ts';
import { plainTextName } from '../../shared/rules/plain-text-name.ts';
import { foldedMatches, foldForSearch, matchRanges, searchTerms, termsLeftBy } from '../../shared/rules/search.ts';

/** Firefox shows at most six of an extension's suggestions (MDN, omnibox.onInputChanged); Chrome's own cap is not documented, and six fit its drop-down. */
export const MAX_SUGGESTIONS = 6;

/** One suggestion as `omnibox.suggest` takes it. */
export interface Suggestion {
  /** The document's page URL, or its page's (`/p/<viewRef>`): what Enter and Alt+Enter act on. */
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
  /** Each document as listed: its pages' URLs are made from it (pages.ts pageUrl). */
  documents: DocumentEntry[];
  /** Each document's workspace, as an index into `workspaces`. */
  workspaceOf: Uint32Array;
  workspaces: IndexedWorkspace[];
  /** Every document's page URL, and its place in the arrays. */
  urls: ReadonlyMap<string, number>;
  /** What names each document to the worker (DocumentKey) and its opens (the first account that lists it). */
  orgIds: number[];
  siteUrls: string[];
  docIds: string[];
  accounts: string[];
  /** Each document by pagesKey, for every account that lists it. */
  byKey: ReadonlyMap<string, number>;
}

/** Where a keystroke looks for words: names folded, each followed by a line feed, and where each starts (`text.length` last). */
interface Haystack {
  text: string;
  starts: Uint32Array;
}

/**
 * The known pages and the scores, for one SuggestionIndex: built once per change of either (a
 * few milliseconds for 2,000 documents of 8 pages), never at a keystroke.
 */
export interface KnownIndex {
  /** Every known page's document's folded name and its own, as one text (see SuggestionIndex.text), in the documents' order. */
  pages: Haystack;
  /** Each page's document (an index of SuggestionIndex's arrays), and the page. */
  pageDocument: Uint32Array;
  pageEntries: PageEntry[];
  /** Each page's folded text alone (the opened ones are looked at one by one). */
  pageFolded: string[];
  /** A page's URL, and its place in the arrays. */
  pageUrls: ReadonlyMap<string, number>;
  /** What was opened, best score first: a document (page -1) or a page (page ≥ 0). */
  opened: Array<{ document: number; page: number }>;
}

/**
 * Folds every name of a listing once. Out: the index the keystrokes search. A document two
 * accounts list (two users of one server) is one page: it is indexed once, under the first.
 */
export function buildSuggestionIndex(listing: Listing): SuggestionIndex {
  const workspaces: IndexedWorkspace[] = [];
  const entries: Array<{ name: string; folded: string; url: string; workspace: number; pinned: boolean; updatedAt: string; orgId: number; siteUrl: string; docId: string; account: string; document: DocumentEntry }> = [];
  const urls = new Map<string, number>();
  // The accounts that list each URL, the first (whose entry is indexed) first.
  const accountsOf = new Map<string, string[]>();
  for (const site of listing.sites) {
    const siteName = siteDisplayName(site);
    const foldedSite = foldForSearch(siteName);
    for (const workspace of site.workspaces) {
      const index = workspaces.push({ name: workspace.name, siteName, foldedName: foldForSearch(workspace.name), foldedSite, documents: [] }) - 1;
      for (const document of workspace.documents) {
        const url = documentPageUrl(site.siteUrl, document);
        const listedBy = accountsOf.get(url);
        if (listedBy) {
          listedBy.push(site.account);
          continue;
        }
        accountsOf.set(url, [site.account]);
        entries.push({ name: document.name, folded: foldForSearch(document.name), url, workspace: index, pinned: document.isPinned, updatedAt: document.updatedAt, orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id, account: site.account, document });
      }
    }
  }
  // The order `sortDocuments` gives one workspace, across all, in one sort: pinned first, then
  // newest (Grist's timestamps are ISO 8601 in UTC, so they compare as text).
  entries.sort((a, b) => Number(b.pinned) - Number(a.pinned) || (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const starts = new Uint32Array(entries.length + 1);
  const workspaceOf = new Uint32Array(entries.length);
  const byKey = new Map<string, number>();
  let length = 0;
  entries.forEach((entry, index) => {
    starts[index] = length;
    length += entry.folded.length + 1;
    workspaceOf[index] = entry.workspace;
    workspaces[entry.workspace]!.documents.push(index);
    urls.set(entry.url, index);
    for (const account of accountsOf.get(entry.url)!) byKey.set(pagesKey(account, entry.docId), index);
  });
  starts[entries.length] = length;
  const folded = entries.map((entry) => entry.folded);
  return {
    text: `${folded.join('\n')}\n`,
    starts,
    folded,
    names: entries.map((entry) => entry.name),
    pageUrls: entries.map((entry) => entry.url),
    documents: entries.map((entry) => entry.document),
    workspaceOf,
    workspaces,
    urls,
    orgIds: entries.map((entry) => entry.orgId),
    siteUrls: entries.map((entry) => entry.siteUrl),
    docIds: entries.map((entry) => entry.docId),
    accounts: entries.map((entry) => entry.account),
    byKey,
  };
}

/**
 * The known pages of the index's documents (`knownPages`, by pagesKey), in the documents' order
 * then Grist's, and what was opened (`opened`, by openKey), best score first as of `now`. A page or
 * document the index does not have (no longer listed), and a page no longer known, are left out.
 */
export function buildKnownIndex(index: SuggestionIndex, knownPages: KnownPagesMap, opened: OpenedMap, now: number): KnownIndex {
  const known: Array<{ document: number; page: PageEntry; folded: string }> = [];
  const seen = new Set<number>();
  for (const [key, { pages }] of Object.entries(knownPages)) {
    const document = index.byKey.get(key);
    // A document two accounts list has its pages once.
    if (document === undefined || !pages || seen.has(document)) continue;
    seen.add(document);
    for (const page of pages) known.push({ document, page, folded: `${index.folded[document]!} ${foldForSearch(page.name)}` });
  }
  known.sort((a, b) => a.document - b.document);
  const starts = new Uint32Array(known.length + 1);
  const pageUrls = new Map<string, number>();
  const pageOf = new Map<string, number>();
  let length = 0;
  known.forEach((entry, at) => {
    starts[at] = length;
    length += entry.folded.length + 1;
    pageUrls.set(pageUrl(index.siteUrls[entry.document]!, index.documents[entry.document]!, entry.page.viewRef), at);
    pageOf.set(`${entry.document} ${entry.page.viewRef}`, at);
  });
  starts[known.length] = length;
  const ranked: Array<Ranked & { document: number; page: number }> = [];
  for (const [key, record] of Object.entries(opened)) {
    const { account, docId, viewRef } = parseOpenKey(key);
    const document = index.byKey.get(pagesKey(account, docId));
    if (document === undefined) continue;
    const page = viewRef === undefined ? -1 : (pageOf.get(`${document} ${viewRef}`) ?? null);
    if (page !== null) ranked.push({ document, page, score: scoreAt(record, now), isPage: page >= 0 });
  }
  ranked.sort(byRank);
  const seenOpened = new Set<string>();
  const folded = known.map((entry) => entry.folded);
  return {
    pages: { text: folded.length ? `${folded.join('\n')}\n` : '', starts },
    pageDocument: Uint32Array.from(known, (entry) => entry.document),
    pageEntries: known.map((entry) => entry.page),
    pageFolded: folded,
    pageUrls,
    // A document two accounts list, opened under both, once.
    opened: ranked.filter(({ document, page }) => !seenOpened.has(`${document} ${page}`) && Boolean(seenOpened.add(`${document} ${page}`))).map(({ document, page }) => ({ document, page })),
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
function documentsHolding(index: Haystack, terms: readonly string[], limit: number): number[] {
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
function describe(documentName: string, workspace: IndexedWorkspace, terms: readonly string[], markup: boolean, pageName?: string): string {
  const place = ` — ${plainTextName(workspace.siteName)} › ${plainTextName(workspace.name)}`;
  // A page: `<document> › <page>`, each name's control characters as spaces.
  const name = plainTextName(pageName === undefined ? documentName : `${documentName} › ${pageName}`);
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
 * The suggestions for what was typed after the keyword: what was opened that the words find, best
 * score first (`known`); then documents whose own name holds every word, then known pages whose
 * document's name with their own holds them, then documents found through their workspace's or
 * site's name, each group pinned then newest first; each once, at most `limit`. Empty for no words.
 */
export function suggestionsFor(index: SuggestionIndex, text: string, markup: boolean, limit = MAX_SUGGESTIONS, known?: KnownIndex): Suggestion[] {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  // Documents as indices (page -1), pages as theirs; each once.
  const found: Array<{ document: number; page: number }> = [];
  const taken = new Set<string>();
  const take = (document: number, page: number) => {
    const key = `${document} ${page}`;
    if (found.length >= limit || taken.has(key)) return;
    taken.add(key);
    found.push({ document, page });
  };
  for (const entry of known?.opened ?? []) {
    if (found.length >= limit) break;
    const workspace = index.workspaces[index.workspaceOf[entry.document]!]!;
    const left = termsLeftBy(terms, workspace.foldedSite, workspace.foldedName);
    if (foldedMatches(entry.page < 0 ? index.folded[entry.document]! : known!.pageFolded[entry.page]!, left)) take(entry.document, entry.page);
  }
  // Asked for as many more as are taken already: those may be among them.
  const more = () => limit + taken.size;
  if (found.length < limit) for (const document of documentsHolding(index, terms, more())) take(document, -1);
  if (found.length < limit && known) for (const page of documentsHolding(known.pages, terms, more())) take(known.pageDocument[page]!, page);
  if (found.length < limit) for (const document of documentsPlaced(index, terms, more())) take(document, -1);
  return found.map(({ document, page }) => {
    const workspace = index.workspaces[index.workspaceOf[document]!]!;
    if (page < 0) return { content: index.pageUrls[document]!, description: describe(index.names[document]!, workspace, terms, markup) };
    const entry = known!.pageEntries[page]!;
    return { content: pageUrl(index.siteUrls[document]!, index.documents[document]!, entry.viewRef), description: describe(index.names[document]!, workspace, terms, markup, entry.name) };
  });
}
