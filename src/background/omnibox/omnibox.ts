/**
 * The address bar's `gr` keyword. Suggestions come from the cached listing only, never the
 * network: the index is built once per listing (when the keyword is typed, and again after the
 * listing changes), and a listing older than a minute is refreshed behind it. Enter on a
 * suggestion opens the rename window for that document; Alt+Enter (a new-tab disposition) opens
 * the document itself; Enter on typed text opens the popup's search with it in a small window.
 * With no key or no listing yet, Enter opens the options page.
 */
import browser from 'webextension-polyfill';
import type { Omnibox } from 'webextension-polyfill';
import { t } from '../../shared/i18n.ts';
import { apiKeyItem } from '../../shared/storage-items.ts';
import { readListing } from '../listing/listing-cache.ts';
import { refreshListing } from '../listing/listing-service.ts';
import { logFailure } from '../log-failure.ts';
import { openRenameDialog } from '../rename/rename-triggers.ts';
import { buildSuggestionIndex, escapeXml, suggestionsFor, type SuggestionIndex } from './suggestions.ts';

/** A cached listing older than this (ms) is refreshed behind the suggestions. */
export const STALE_AFTER_MS = 60_000;

/** Chrome shows an extension's descriptions as XML with `<match>` and `<dim>`; Firefox as plain text (it has `runtime.getBrowserInfo`, Chrome does not). */
const MARKUP = !('getBrowserInfo' in browser.runtime);

/** The index of the cached listing, or null when there is no key or no listing; built on first use. */
let index: Promise<SuggestionIndex | null> | null = null;

function currentIndex(): Promise<SuggestionIndex | null> {
  index ??= (async () => {
    const [key, listing] = await Promise.all([apiKeyItem.get(), readListing()]);
    if (!key || !listing) return null;
    if (Date.now() - listing.fetchedAt > STALE_AFTER_MS) void refreshListing().catch(logFailure('refreshing for the address bar'));
    return buildSuggestionIndex(listing);
  })();
  return index;
}

/** `storage.onChanged`: a new listing or key makes the next keystroke build the index again. */
export function onStorageChanged(changes: Record<string, unknown>): void {
  if ('listing' in changes || apiKeyItem.key in changes) index = null;
}

/** `omnibox.onInputStarted`: builds the index while the user types the first letters. */
export function onInputStarted(): void {
  void currentIndex().catch(logFailure('the address bar'));
}

/** What Enter on the typed text will do, said in the first line of the drop-down. */
function defaultDescription(text: string, ready: boolean): string {
  if (!ready) return escapeIf(t('omniboxSetUp'));
  return escapeIf(text.trim() ? t('omniboxSearch', text.trim()) : t('omniboxType'));
}

const escapeIf = (text: string) => (MARKUP ? escapeXml(text) : text);

/** `omnibox.onInputChanged`: the suggestions for the text after the keyword. */
export async function onInputChanged(text: string, suggest: (results: Omnibox.SuggestResult[]) => void): Promise<void> {
  const ready = await currentIndex();
  browser.omnibox.setDefaultSuggestion({ description: defaultDescription(text, ready !== null) });
  suggest(ready ? suggestionsFor(ready, text, MARKUP) : []);
}

/** `omnibox.onInputEntered`: a suggestion's document URL, or typed text. */
export async function onInputEntered(text: string, disposition: Omnibox.OnInputEnteredDisposition): Promise<void> {
  const ready = await currentIndex();
  if (!ready) {
    await browser.runtime.openOptionsPage();
    return;
  }
  if (ready.urls.has(text)) {
    if (disposition === 'currentTab') await openRenameDialog(text, undefined, 'address-bar');
    else await browser.tabs.create({ url: text, active: disposition === 'newForegroundTab' });
    return;
  }
  await browser.windows.create({
    url: browser.runtime.getURL(`src/popup/index.html?q=${encodeURIComponent(text.trim())}`),
    type: 'popup',
    width: 420,
    height: 600,
  });
}
