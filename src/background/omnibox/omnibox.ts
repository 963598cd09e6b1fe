/**
 * The address bar's `gr` keyword. Suggestions come from the cached listing only, never the
 * network: the index is built once per listing, ahead of the keyword (a moment after the worker
 * starts and after each new listing, never in the way of its start-up), or when the keyword is
 * typed if it comes first; a listing older than a minute is refreshed behind it. The known pages
 * and what was opened (frecency) go into an index of their own, built once per change of either
 * (or of the listing), never at a keystroke. Enter on a suggestion opens the document window for
 * that document; Alt+Enter (a new-tab disposition) opens the document itself; a page opens through
 * the worker's openPage (it checks the page is still there), in the current tab or a new one as
 * the disposition says; each counts as an open. Enter on typed text opens the popup's search with
 * it in a small window.
 * With no key, Enter opens the options page; with a key but no listing yet, one is asked for and
 * the popup's search opens as for typed text.
 */
import browser from 'webextension-polyfill';
import type { Omnibox } from 'webextension-polyfill';
import { t } from '../../shared/i18n.ts';
import { apiKeysItem, knownPagesItem, listingItem, openedItem } from '../../shared/storage/storage-items.ts';
import { readListingShared } from '../listing/listing-cache.ts';
import { aheadOfUse } from '../listing/build-ahead.ts';
import { refreshListing } from '../listing/listing-service.ts';
import { logFailure } from '../log-failure.ts';
import { followWrites } from '../storage-writes.ts';
import { openDocumentWindow } from '../document-window/triggers.ts';
import { noteOpen } from '../opened/note-open.ts';
import { openPage, type PageTab } from '../pages/open-page.ts';
import { buildKnownIndex, buildSuggestionIndex, escapeXml, suggestionsFor, type KnownIndex, type SuggestionIndex } from './suggestions.ts';

/** A cached listing older than this (ms) is refreshed behind the suggestions. */
export const STALE_AFTER_MS = 60_000;

/** Chrome shows an extension's descriptions as XML with `<match>` and `<dim>`; Firefox as plain text (it has `runtime.getBrowserInfo`, Chrome does not). */
const MARKUP = !('getBrowserInfo' in browser.runtime);

/** Where the keyword stands: not set up (no key), waiting for a first listing, or ready. */
type State = { kind: 'no-key' } | { kind: 'no-listing' } | { kind: 'ready'; index: SuggestionIndex; fetchedAt: number };

/** The state, built on first use and again once the stored listing or key changes. */
let state: Promise<State> | null = null;

function currentState(): Promise<State> {
  state ??= (async (): Promise<State> => {
    const [keys, listing] = await Promise.all([apiKeysItem.get(), readListingShared()]);
    if (Object.keys(keys).length === 0) return { kind: 'no-key' };
    if (!listing) return { kind: 'no-listing' };
    return { kind: 'ready', index: buildSuggestionIndex(listing), fetchedAt: listing.fetchedAt };
  })();
  // A build that failed is tried again at the next keystroke.
  state.catch(() => (state = null));
  return state;
}

/** The known pages and opens, for the index they were built on; built on first use and again once either is written (or the index is). */
let known: { index: SuggestionIndex; built: Promise<KnownIndex> } | null = null;

function currentKnown(index: SuggestionIndex): Promise<KnownIndex> {
  if (known?.index !== index) {
    const built = Promise.all([knownPagesItem.get(), openedItem.get()]).then(([pages, opened]) => buildKnownIndex(index, pages, opened, Date.now()));
    known = { index, built };
    // A build that failed is tried again at the next keystroke.
    built.catch(() => {
      if (known?.built === built) known = null;
    });
  }
  return known.built;
}

/** The state, and the known pages and opens once ready. */
async function currentIndexes(): Promise<{ current: State; known: KnownIndex | undefined }> {
  const current = await currentState();
  return { current, known: current.kind === 'ready' ? await currentKnown(current.index) : undefined };
}

/**
 * Builds the index BUILD_AHEAD_MS from now (listing-cache.ts), so the keyword's first suggestion
 * need not wait for it (20,000 documents take some 300 ms to index), and its known pages and opens.
 */
export const buildAhead = aheadOfUse(currentIndexes, 'the address bar');

/**
 * The stored items the index is built from (currentState reads nothing else): the listing, and
 * the keys (none left: nothing to suggest). Not the accounts: the worker writes them after a
 * refresh that lists a team site new to them and when a key's user is learned, and each such
 * write dropped the index, so that the next keystroke waited for the listing read again and
 * indexed (0.2 to 1 s at 20,000 documents, the address bar's slow keystrokes in the bench). An
 * account removed or given another key writes its keys, and one whose sites changed the listing.
 */
const INDEXED_KEYS: readonly string[] = [listingItem.key, apiKeysItem.key];

/** The stored items the known pages and opens' index is built from: a write of them builds only that one again, not the listing's. */
const KNOWN_KEYS: readonly string[] = [knownPagesItem.key, openedItem.key];

/** What the index was built from changed (or the storage was emptied behind it): it is built again, ahead. */
export function onStorageWritten(): void {
  state = null;
  known = null;
  buildAhead();
}

/** The known pages or the opens were written: their index is built again, ahead. */
function onKnownWritten(): void {
  known = null;
  buildAhead();
}

/**
 * Follows the worker's writes of INDEXED_KEYS and KNOWN_KEYS (background/storage-writes.ts, the
 * one way the worker writes them), each of which builds its index again; no other write does (the
 * change log, the ETags, the kept copies...). Out: a function that stops following.
 */
export function followIndexedWrites(): () => void {
  const unfollow = [followWrites(INDEXED_KEYS, onStorageWritten), followWrites(KNOWN_KEYS, onKnownWritten)];
  return () => unfollow.forEach((stop) => stop());
}

/**
 * `omnibox.onInputStarted`: builds the index while the user types the first letters, and asks for
 * a fresh listing behind it when there is none yet, or the cached one is older than STALE_AFTER_MS
 * (an unchanged refresh keeps the listing's age, so this asks again next time, and costs Grist a 304).
 */
export function onInputStarted(): void {
  void currentState()
    .then((current) => {
      if (current.kind === 'no-listing' || (current.kind === 'ready' && Date.now() - current.fetchedAt > STALE_AFTER_MS)) {
        void refreshListing().catch(logFailure('refreshing for the address bar'));
      }
    })
    .catch(logFailure('the address bar'));
}

/** What Enter on the typed text will do, said in the first line of the drop-down. */
function defaultDescription(text: string, current: State): string {
  if (current.kind === 'no-key') return escapeIf(t('omniboxSetUp'));
  if (current.kind === 'no-listing') return escapeIf(t('omniboxLoading'));
  return escapeIf(text.trim() ? t('omniboxSearch', text.trim()) : t('omniboxType'));
}

const escapeIf = (text: string) => (MARKUP ? escapeXml(text) : text);

/** `omnibox.onInputChanged`: the suggestions for the text after the keyword. */
export async function onInputChanged(text: string, suggest: (results: Omnibox.SuggestResult[]) => void): Promise<void> {
  const { current, known: pagesAndOpens } = await currentIndexes();
  browser.omnibox.setDefaultSuggestion({ description: defaultDescription(text, current) });
  suggest(current.kind === 'ready' ? suggestionsFor(current.index, text, MARKUP, undefined, pagesAndOpens) : []);
}

/** Where a page chosen in the drop-down opens, by the omnibox's disposition. */
const PAGE_TABS: Readonly<Record<Omnibox.OnInputEnteredDisposition, PageTab>> = { currentTab: 'current-tab', newForegroundTab: 'new-tab', newBackgroundTab: 'background-tab' };

/** `omnibox.onInputEntered`: a suggestion's document or page URL, or typed text. */
export async function onInputEntered(text: string, disposition: Omnibox.OnInputEnteredDisposition): Promise<void> {
  const { current, known: pagesAndOpens } = await currentIndexes();
  if (current.kind === 'no-key') {
    await browser.runtime.openOptionsPage();
    return;
  }
  const document = current.kind === 'ready' ? current.index.urls.get(text) : undefined;
  if (current.kind === 'ready' && document !== undefined) {
    const { index } = current;
    // The document window notes the open itself once it has found the document
    // (document-window/store.ts start): noted here too, Enter counted it twice.
    if (disposition === 'currentTab') {
      await openDocumentWindow(text, undefined, 'address-bar');
      return;
    }
    // Never in the way of the opening (noteOpen never throws).
    void noteOpen(index.accounts[document]!, index.docIds[document]!);
    await browser.tabs.create({ url: text, active: disposition === 'newForegroundTab' });
    return;
  }
  const page = pagesAndOpens?.pageUrls.get(text);
  if (current.kind === 'ready' && page !== undefined) {
    const { index } = current;
    const of = pagesAndOpens!.pageDocument[page]!;
    // openPage notes the open itself (the page's, or the document's when the page is gone).
    await openPage({ orgId: index.orgIds[of]!, siteUrl: index.siteUrls[of]!, docId: index.docIds[of]! }, pagesAndOpens!.pageEntries[page]!.viewRef, PAGE_TABS[disposition]);
    return;
  }
  await browser.windows.create({
    url: browser.runtime.getURL(`src/popup/index.html?q=${encodeURIComponent(text.trim())}`),
    type: 'popup',
    width: 420,
    height: 600,
  });
}
