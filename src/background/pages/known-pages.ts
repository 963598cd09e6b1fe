/**
 * The pages the worker knows of documents of the listing (shared/protocol/pages.ts): read from
 * Grist with the key of the account that lists the document, kept in knownPagesItem by pagesKey.
 * Only a document the worker's listing lists is read (listed-documents.ts), so a message cannot aim
 * the key at a document the extension did not list, nor at one in the trash. One read per document
 * at a time: a read asked while one is under way joins it.
 */
import { t } from '../../shared/i18n.ts';
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import { pagesKey, parseOpenKey, type KnownPages, type KnownPagesMap } from '../../shared/protocol/pages.ts';
import { accountsItem, knownPagesItem } from '../../shared/storage/storage-items.ts';
import { findListedDocument, type FoundDocument } from '../changes/listed-documents.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, readKeyedAccounts } from '../grist/grist-connection.ts';
import { serialQueue } from '../pacing.ts';
import { storeTogether } from '../storage-writes.ts';

/** A document of the listing (its site's account and address, its entry) and the client of the account that lists it. */
export interface PagesSource {
  found: FoundDocument;
  client: GristClient;
}

/**
 * The most documents whose pages are kept, across accounts: those read last stay. Every search
 * reads its first results' pages, so without a cap they would grow with each search; 2,000 is
 * the issue's own figure for a listing of 20,000 (about 0.6 MB stored at 8 pages each).
 */
export const MAX_KNOWN_DOCUMENTS = 2000;

/** Every change of knownPagesItem, one after the other: two reads ending at once both stay. */
const writes = serialQueue();

/**
 * Changes the stored known pages with `change` (which may change the map it is given), and stores
 * them: only those of accounts still saved (a read that ends after Remove account does not bring
 * its pages back), at most MAX_KNOWN_DOCUMENTS, the latest read kept.
 */
export function changeKnownPages(change: (known: KnownPagesMap) => void): Promise<void> {
  return writes(async () => {
    // A copy: with nothing stored, get() answers the item's one default object.
    const [stored, accounts] = await Promise.all([knownPagesItem.get(), accountsItem.get()]);
    const known = { ...stored };
    change(known);
    const saved = new Set(accounts.map(({ id }) => id));
    let keys = Object.keys(known).filter((key) => saved.has(parseOpenKey(key).account));
    if (keys.length > MAX_KNOWN_DOCUMENTS) keys = keys.sort((a, b) => known[b]!.readAt - known[a]!.readAt).slice(0, MAX_KNOWN_DOCUMENTS);
    await storeTogether(knownPagesItem.entry(keys.length === Object.keys(known).length ? known : Object.fromEntries(keys.map((key) => [key, known[key]!]))));
  });
}

/** The reads under way, by pagesKey. */
const reading = new Map<string, Promise<KnownPages>>();

/**
 * Reads a document's pages from Grist, without storing them; a read of the same document under
 * way is joined instead. Out: its pages as read now (null pages: Grist refuses both reads), with
 * the document's `updatedAt` as listed.
 * Throws ApiError as the client's readPages.
 */
export function readFromGrist({ found, client }: PagesSource, now: () => number = Date.now): Promise<KnownPages> {
  const key = pagesKey(found.site.account, found.document.id);
  let read = reading.get(key);
  if (!read) {
    read = client.readPages(found.site.siteUrl, found.document.id).then((pages) => ({ pages, readAt: now(), updatedAt: found.document.updatedAt }));
    reading.set(key, read);
    const done = read;
    void done.catch(() => undefined).finally(() => reading.get(key) === done && reading.delete(key));
  }
  return read;
}

/**
 * A document of the worker's listing and its account's client: the copy `account` lists, if
 * named (the popup's row), else the one with the most access (findListedDocument). Throws ApiError
 * `not-found` when the listing does not list it (a document in the trash is not listed), `no-key`
 * as clientsFor.
 */
export async function pagesSource(name: DocumentKey & { account?: string | undefined }): Promise<PagesSource> {
  const [found, accounts] = await Promise.all([findListedDocument(name, name.account), readKeyedAccounts()]);
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  return { found, client: clientsFor(accounts)(found.site.account) };
}

/**
 * Reads a document's pages from Grist and stores them. Out: the pages as read. Throws as
 * readFromGrist; nothing is stored then.
 */
export async function readAndStore(source: PagesSource): Promise<KnownPages> {
  const known = await readFromGrist(source);
  const key = pagesKey(source.found.site.account, source.found.document.id);
  await changeKnownPages((map) => {
    map[key] = known;
  });
  return known;
}

/**
 * The `readPages` message. In: a document of the listing (`account`: the copy that account lists),
 * and `fresh` to read it from Grist even when known. Out: its known pages, read from Grist (and stored) when not known or `fresh`.
 * Throws ApiError: `not-found` for a document not listed, what the read throws.
 */
export async function readPages({ fresh, ...name }: DocumentKey & { account?: string | undefined; fresh?: boolean | undefined }): Promise<KnownPages> {
  const source = await pagesSource(name);
  if (!fresh) {
    const known = (await knownPagesItem.get())[pagesKey(source.found.site.account, source.found.document.id)];
    if (known) return known;
  }
  return readAndStore(source);
}

/** Forgets the known pages of account `accountId` (the account is removed). */
export function forgetAccountPages(accountId: string): Promise<void> {
  const prefix = pagesKey(accountId, '');
  return changeKnownPages((map) => {
    for (const key of Object.keys(map)) if (key.startsWith(prefix)) delete map[key];
  });
}
