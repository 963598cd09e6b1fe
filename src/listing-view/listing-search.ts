/**
 * The popup's search over the listing's rows (listing-rows.ts): the rows a query keeps, under
 * their headings, and the answers of the queries typed one after the other. Names are folded once
 * per prepared workspace and joined, so a keystroke only runs `includes` over strings already
 * folded, and a query that narrows the one before looks only among its rows. Pure and DOM-free.
 */
import { siteDisplayName } from '../shared/protocol/listing.ts';
import { foldedMatches, foldForSearch, termsLeftBy } from '../shared/rules/search.ts';
import type { DocumentItemRow, PreparedListing, PreparedWorkspace, Row } from './listing-rows.ts';
import type { PagesIndex } from './page-rows.ts';

/**
 * The word that keeps only public documents (DocumentEntry.isPublic): a term of its own, typed
 * with others it narrows them ("is:public budget"). Grist's own search has no such word; `is:`
 * follows the search boxes people know (GitHub's `is:open`, Gmail's `is:unread`), and a word
 * keeps the one search box and its keys rather than a chip to reach with Tab.
 */
export const PUBLIC_TERM = 'is:public';

function foldedNames(workspace: PreparedWorkspace): string[] {
  // Folded once per prepared workspace, not kept by document: a map of 100,000 documents cost five
  // times the folding itself, and a refresh's documents are new objects anyway.
  return (workspace.folded ??= workspace.documents.map((row) => foldForSearch(row.document.name)));
}

/**
 * A workspace's folded names as one string: a term that none of them holds is then found missing
 * in one look, not one a name. A search whose first match is far down the listing ("42." of
 * 20,000 names, the first in the 17,000th) passes each workspace before it that way.
 */
function joinedNames(workspace: PreparedWorkspace): string {
  return (workspace.joined ??= foldedNames(workspace).join('\n'));
}

/**
 * Folds every document name the search will look at, and joins each workspace's, so the first
 * keystroke does not pay for it (site and workspace names, a hundred where documents are 20,000,
 * it folds as it reads them).
 */
export function prepareSearch(listing: PreparedListing): void {
  for (const account of listing.accounts) for (const site of account.sites) site.workspaces.forEach(joinedNames);
}

/**
 * The rows to show for a search, given its folded terms (`searchTerms`). No terms: every row.
 * Otherwise the documents for which each term is in the document's name, its workspace's, its
 * site's or its account's user's name or email (so "acme" shows every document of the Acme site,
 * "acme budget" its budgets), under their workspace, site and account headings (and the site's or
 * account's error, which still applies to them); and the documents whose keys are in `keep` (the
 * one being renamed stays in sight, whatever is typed). An empty workspace is shown by the same
 * rule, as a document with no name of its own would be: when its name, its site's or its
 * account's hold every term ("acme home" finds Acme's empty Home, and its New document).
 * Workspaces, sites and accounts without a match, and the notes, are left out. The term
 * PUBLIC_TERM keeps only the public documents among those the other terms find (and no empty
 * workspace). Given the rows it
 * answered last (`previous`), answers that very array when it finds the same rows, so the list sees nothing new and lays nothing out.
 * Given `among`, a search these terms narrow and its answer (see searchAnswers), with the same
 * `keep`, it looks only at the documents that one found (no other can match), and only for the
 * terms that one did not have (each of its documents has those). Given `limit`, it stops at the
 * document that brings the rows to that many: a search's first screen, where it finds more.
 *
 * Given `pages` (page-rows.ts indexPages: the known pages), a document with known pages is also
 * found by them: a page whose name holds each term its document's name and place do not
 * ("budget expenses": the Expenses page of a Budget document) is shown under its document, which
 * is shown with it. A document its own name finds shows no page (the search is not for them).
 */
export function matchingRows(
  listing: PreparedListing,
  typed: readonly string[],
  keep: ReadonlySet<string> = new Set(),
  previous: readonly Row[] = [],
  among?: { terms: readonly string[]; rows: readonly Row[] },
  limit = Infinity,
  pages: PagesIndex | null = null,
): readonly Row[] {
  if (typed.length === 0) return listing.rows;
  const publicOnly = typed.includes(PUBLIC_TERM);
  // Matched against the public mark, never against names.
  const terms = publicOnly ? typed.filter((term) => term !== PUBLIC_TERM) : typed;
  // Where `among` is read, at its next document: both are in the listing's order.
  let next = -1;
  // Never read past its end: a read there costs the optimised code.
  const skip = () => {
    if (among) while (++next < among.rows.length && among.rows[next]!.kind !== 'document');
  };
  skip();
  // The rows so far, as long as they are `previous`'s first ones: made only where they part (a
  // keystroke that keeps the results, most of them, makes no array of 20,000 rows to drop).
  let rows: Row[] | null = null;
  let count = 0;
  const push = (row: Row) => {
    if (!rows && previous[count] !== row) rows = previous.slice(0, count);
    rows?.push(row);
    count++;
  };
  rows: for (const account of listing.accounts) {
    // Its heading goes before the first of its rows shown, if any is.
    let accountShown = account.rows.length === 0;
    const showAccount = () => {
      if (!accountShown) account.rows.forEach(push);
      accountShown = true;
    };
    const leftByAccount = account.foldedName ? termsLeftBy(terms, account.foldedName) : terms;
    // An account found by its user that has no site to show: its heading and why.
    if (leftByAccount.length === 0 && account.sites.length === 0) showAccount();
    for (const site of account.sites) {
      let siteShown = false;
      // Its heading (and error) go before the first of its rows shown, if any is.
      const showSite = () => {
        if (siteShown) return;
        siteShown = true;
        showAccount();
        push(site.heading);
        if (site.error) push(site.error);
      };
      const siteName = (site.foldedName ??= foldForSearch(siteDisplayName(site.heading.site)));
      const leftBySite = termsLeftBy(leftByAccount, siteName);
      if (leftBySite.length === 0 && site.workspaces.length === 0) {
        // A site found by its name that lists no workspace: its heading and why.
        showAccount();
        push(site.heading);
        if (site.error) push(site.error);
        if (site.note) push(site.note);
        continue;
      }
      for (const workspace of site.workspaces) {
        const workspaceName = (workspace.foldedName ??= foldForSearch(workspace.heading.workspace.name));
        if (!workspace.documents.length) {
          // Not among `among`'s rows, which only name documents: its names are read instead, a few.
          if (publicOnly || termsLeftBy(leftBySite, workspaceName).length > 0) continue;
          showSite();
          push(workspace.heading);
          if (count >= limit) break rows;
          continue;
        }
        // None of its documents among those `among` found: they would be next.
        if (among && (next === among.rows.length || (among.rows[next] as DocumentItemRow).workspace !== workspace.heading.workspace)) continue;
        const folded = foldedNames(workspace);
        // Its documents with known pages (issue 52), by index; none, the search is as it was.
        const withPages = pages?.byWorkspace.get(workspace);
        // The terms the document's own name must hold: those neither the site nor the workspace does,
        // nor the search narrowed (each document it found has them).
        const byPlace = termsLeftBy(leftBySite, workspaceName);
        const left = among ? byPlace.filter((term) => !among.terms.includes(term)) : byPlace;
        // No name of it holds every term: none of its documents is shown (but those kept, and
        // those `among` found, which the loop below must pass).
        // Pages (issue 52): no name of it holds every term, so only its documents with known pages may be found: those are looked at.
        const onlyPages = !among && keep.size === 0 && !foldedMatches(joinedNames(workspace), left);
        if (onlyPages && !(withPages && foldedMatches(withPages.joined, byPlace))) continue;
        const only = onlyPages ? withPages!.indices : null;
        let workspaceShown = false;
        for (let at = 0, end = only ? only.length : folded.length; at < end; at++) {
          const index = only ? only[at]! : at;
          if (among) {
            // None of the workspace's other documents is among them.
            if (next === among.rows.length) break;
            if (among.rows[next] !== workspace.documents[index]) continue;
            skip();
          }
          const row = workspace.documents[index]!;
          const ofDocument = withPages?.byIndex[index];
          // A document with known pages is checked for every term, not
          // `left`: `among` may hold it for a page, whose name held terms its own does not.
          let pagesFound: Row[] | null = null;
          let matches: boolean;
          if (ofDocument) {
            const name = folded[index]!;
            let byName = true;
            for (let term = 0; term < byPlace.length && byName; term++) byName = name.includes(byPlace[term]!);
            if (!byName) {
              for (let page = 0; page < ofDocument.folded.length; page++) {
                const pageName = ofDocument.folded[page]!;
                let holds = true;
                for (let term = 0; term < byPlace.length && holds; term++) holds = name.includes(byPlace[term]!) || pageName.includes(byPlace[term]!);
                if (holds) (pagesFound ??= []).push(ofDocument.rows![page]!);
              }
            }
            matches = (byName || pagesFound !== null) && (!publicOnly || row.document.isPublic === true);
          } else matches = foldedMatches(folded[index]!, left) && (!publicOnly || row.document.isPublic === true);
          if (!matches && !(keep.size > 0 && keep.has(row.key))) continue;
          showSite();
          if (!workspaceShown) {
            workspaceShown = true;
            push(workspace.heading);
          }
          push(row);
          if (matches && pagesFound) for (const page of pagesFound) push(page);
          if (count >= limit) break rows;
        }
      }
    }
  }
  return rows ?? (count === previous.length ? previous : previous.slice(0, count));
}

/**
 * A search as it is typed: `matchingRows`, answering from what it answered before where it can.
 * It keeps the answers of one line of queries, each narrowing the one before (each of whose terms
 * begins one of its own: every document it matches, that one matched), from the listing (and
 * `keep`) it answered for: a query on that line gets its answer again (a backspace), and one that
 * narrows a query on it is looked for among that query's rows only, when they are fewer than half
 * the listing's rows. In and out: as matchingRows, `keep` and `pages` compared by identity. Given `limit`, a
 * query that finds that many rows or more answers its first ones only (matchingRows), and that
 * answer is not kept: the same query without a limit looks for them all.
 */
export function searchAnswers(): (listing: PreparedListing, terms: readonly string[], keep: ReadonlySet<string>, previous: readonly Row[], limit?: number, pages?: PagesIndex | null) => readonly Row[] {
  let answers: Array<{ terms: readonly string[]; rows: readonly Row[] }> = [];
  let answeredFor: [PreparedListing?, ReadonlySet<string>?, (PagesIndex | null)?] = [];
  return (listing, terms, keep, previous, limit = Infinity, pages = null) => {
    // No terms, every row: the answers stay, for the query typed next.
    if (terms.length === 0) return listing.rows;
    // New known pages find other rows: the answers found without them are dropped.
    if (answeredFor[0] !== listing || answeredFor[1] !== keep || answeredFor[2] !== pages) answers = [];
    answeredFor = [listing, keep, pages];
    const query = terms.join(' ');
    const again = answers.find((answer) => answer.terms.join(' ') === query);
    if (again) return again.rows;
    let narrowed = answers.length;
    // PUBLIC_TERM narrows only itself: "is:pub", typed on the way to it, is a word of names.
    const narrowsTo = (earlier: string, term: string) => term === earlier || (term !== PUBLIC_TERM && term.startsWith(earlier));
    while (narrowed > 0 && !answers[narrowed - 1]!.terms.every((earlier) => terms.some((term) => narrowsTo(earlier, term)))) narrowed--;
    // Read through, an answer that kept most of the listing costs more than the listing's own names.
    const narrows = answers[narrowed - 1];
    const rows = matchingRows(listing, terms, keep, previous, narrows && narrows.rows.length * 2 < listing.rows.length ? narrows : undefined, limit, pages);
    if (rows.length < limit) answers = [...answers.slice(0, narrowed), { terms, rows }];
    return rows;
  };
}
