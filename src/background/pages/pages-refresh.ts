/**
 * The known pages kept with the listing: after each refresh of the listing, the pages of the
 * documents it still lists and shows changed since their pages were read (`updatedAt`) are read
 * again (each with the key of the account that lists it, within the client's per-host limit), and those of documents it no longer lists (trashed, removed, no
 * longer shared) are dropped. Only documents whose pages were shown or opened have known pages,
 * so this is one read per such document, not per document listed.
 */
import type { Listing } from '../../shared/protocol/listing.ts';
import { pagesKey, type KnownPages } from '../../shared/protocol/pages.ts';
import { knownPagesItem } from '../../shared/storage/storage-items.ts';
import type { ListedDocument } from '../changes/listed-documents.ts';
import { clientsFor, readKeyedAccounts } from '../grist/grist-connection.ts';
import type { Refresh } from '../listing/listing-service.ts';
import { mostAccess } from '../listing/most-access.ts';
import { logFailure } from '../log-failure.ts';
import { changeKnownPages, readFromGrist } from './known-pages.ts';

/** The documents of `listing` by pagesKey (its account's id and its id); where one is listed twice, the copy with the most access. */
function listedByKey(listing: Listing): Map<string, ListedDocument> {
  const copies = new Map<string, ListedDocument[]>();
  for (const site of listing.sites) {
    for (const workspace of site.workspaces) {
      for (const document of workspace.documents) {
        const key = pagesKey(site.account, document.id);
        const found = copies.get(key);
        if (found) found.push({ site, workspace, document });
        else copies.set(key, [{ site, workspace, document }]);
      }
    }
  }
  return new Map([...copies].map(([key, found]) => [key, mostAccess(found, (copy) => copy.document.access)!]));
}

/**
 * Known pages older than this (ms) are read again at a refresh though their document shows no
 * change: whether Grist moves a document's `updatedAt` when one of its pages is renamed or moved
 * is not checked (docs/grist-api.md does not say), so a day is the longest they may lag.
 */
export const REREAD_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The last pass: the listing it refreshed after (a refresh joined by several pages gives one
 * listing, refreshed after once), that listing's revision, and until when (ms) the pages it kept
 * are fresh (the first of their readAt + REREAD_AFTER_MS, at most REREAD_AFTER_MS after the pass).
 */
let last: { listing: Listing; revision: string | undefined; freshUntil: number } | null = null;

/**
 * After a refresh of the listing: reads again the known pages of the documents `listing` lists
 * changed since they were read (their `updatedAt` differs) or read more than REREAD_AFTER_MS
 * before `now` (ms), drops those of the documents it does not, and stores them (one write, once
 * every read settled). A read that fails keeps the pages known before. Called again with the same
 * listing, or with one of the same revision (nothing in it changed) while the pages kept last are
 * fresh, does nothing; a pass that changes nothing writes nothing. Each popup opened refreshes the
 * listing at once: reading and writing back 2,000 documents' pages then held up the first screen's
 * own storage read (the bench's cached open with pages known). Never throws for a read; throws
 * when storage does.
 */
export async function refreshKnownPages(listing: Listing, now = Date.now()): Promise<void> {
  if (last && (listing === last.listing || (listing.revision !== undefined && listing.revision === last.revision && now < last.freshUntil))) return;
  const pass = { listing, revision: listing.revision, freshUntil: now + REREAD_AFTER_MS };
  last = pass;
  const known = await knownPagesItem.get();
  const keys = Object.keys(known);
  if (keys.length === 0) return;
  const listed = listedByKey(listing);
  const clientOf = clientsFor(await readKeyedAccounts());
  const reads = await Promise.all(
    keys.map(async (key): Promise<[string, KnownPages | 'drop' | 'keep']> => {
      const found = listed.get(key);
      if (!found) return [key, 'drop'];
      // Unchanged since they were read: no request. Every known document read again at each
      // refresh (each popup opened) would be hundreds of requests once searches have read the
      // pages of their top results; a page removed meanwhile is found out when it is opened (open-page.ts).
      if (known[key]!.updatedAt === found.document.updatedAt && known[key]!.readAt > now - REREAD_AFTER_MS) {
        pass.freshUntil = Math.min(pass.freshUntil, known[key]!.readAt + REREAD_AFTER_MS);
        return [key, 'keep'];
      }
      try {
        return [key, await readFromGrist({ found, client: clientOf(found.site.account) })];
      } catch {
        // Left as known (perhaps read afresh meanwhile): the popup shows them until a read succeeds.
        // Tried again at the next pass, whatever its revision.
        pass.freshUntil = now;
        return [key, 'keep'];
      }
    }),
  );
  if (reads.every(([, pages]) => pages === 'keep')) return;
  await changeKnownPages((map) => {
    for (const [key, pages] of reads) {
      if (pages === 'drop') delete map[key];
      else if (pages !== 'keep') map[key] = pages;
    }
  });
}

/**
 * In: what starts a refresh of the listing (listing-service.ts startRefresh). Out: the same, and
 * once each refresh's listing is there, its known pages refreshed (refreshKnownPages). A refresh
 * that fails leaves them as they are.
 */
export function withPagesRefreshed(start: () => Refresh): () => Refresh {
  return () => {
    const refresh = start();
    void refresh.listing.then((listing) => refreshKnownPages(listing).catch(logFailure("refreshing documents' pages")), () => undefined);
    return refresh;
  };
}
