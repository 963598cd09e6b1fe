/**
 * The address bar's `gr` keyword (issue 15): the suggestion builder (matching, order, limits,
 * escaping, right-to-left names) and the handlers, against the fake Grist server's listing.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSuggestionIndex, escapeXml, MAX_SUGGESTIONS, suggestionsFor } from '../../../../src/background/omnibox/suggestions.ts';
import type { DocumentEntry, Listing } from '../../../../src/shared/protocol/listing.ts';
import { followIndexedWrites, onInputChanged, onInputEntered, onInputStarted, onStorageWritten } from '../../../../src/background/omnibox/omnibox.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import { BUILD_AHEAD_MS } from '../../../../src/background/listing/build-ahead.ts';
import { listingItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { startFakeGrist, type FakeGrist } from '../../../fake-grist/server.ts';
import { documentEntry, listingOf, personalSiteEntry, siteEntry, workspaceEntry } from '../../../setup/listings.ts';
import { ACCOUNT_1, saveAccounts, saveSettingsWithKey } from '../../../setup/saved-key.ts';

/** This file's documents were changed on 2026-01-01 unless a test says otherwise. */
const doc = (id: string, name: string, overrides: Partial<DocumentEntry> = {}) => documentEntry(id, name, { updatedAt: '2026-01-01T00:00:00.000Z', ...overrides });

const LISTING: Listing = listingOf([
  personalSiteEntry([workspaceEntry(1, 'Home', [doc('personalBudget0000000', 'Personal Budget', { updatedAt: '2026-03-01T00:00:00.000Z' })])], { account: ACCOUNT_1, name: 'Olivia' }),
  siteEntry(
    2,
    'Acme',
    [
      workspaceEntry(2, 'Budgets', [doc('salesPlan000000000000', 'Sales plan', { updatedAt: '2026-02-01T00:00:00.000Z' }), doc('q3Review0000000000000', 'Q3 review', { isPinned: true })]),
      workspaceEntry(3, 'Finance', [doc('budget2026000000000000', 'Budget 2026', { updatedAt: '2026-04-01T00:00:00.000Z' }), doc('hostile00000000000000', '<b>Tom & "Jerry"</b>')]),
      workspaceEntry(4, 'שיווק', [doc('hebrew000000000000000', 'תקציב 2026')]),
    ],
    { account: ACCOUNT_1, domain: 'acme', siteUrl: 'https://acme.getgrist.com' },
  ),
]);

const index = buildSuggestionIndex(LISTING);
const names = (text: string, markup = false) => suggestionsFor(index, text, markup).map((suggestion) => suggestion.description.replace(/[\u2068\u2069]/g, ''));

describe('the suggestions', () => {
  it('match with the popup’s rules, documents named so first, then those of a matching workspace or site; pinned, then newest', () => {
    expect(names('budget')).toEqual(['Budget 2026 — Acme › Finance', 'Personal Budget — Personal › Home', 'Q3 review — Acme › Budgets', 'Sales plan — Acme › Budgets']);
    // Case and accents do not matter; every word must match somewhere.
    expect(names('ACME plán')).toEqual(['Sales plan — Acme › Budgets']);
    expect(names('zzz')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });

  it('each is the document’s page URL, for Enter and Alt+Enter', () => {
    expect(suggestionsFor(index, 'sales', false)).toEqual([{ content: 'https://acme.getgrist.com/doc/salesPlan000', description: expect.any(String) }]);
  });

  it(`gives at most ${MAX_SUGGESTIONS}, the browser’s count`, () => {
    const many: Listing = {
      fetchedAt: 1,
      sites: [{ account: ACCOUNT_1, orgId: 9, name: 'Big', domain: 'big', personal: false, siteUrl: 'https://big.getgrist.com', workspaces: [{ id: 9, name: 'All', documents: Array.from({ length: 50 }, (_, n) => doc(`${String(n).padStart(12, '0')}report0000`, `Report ${n}`)) }] }],
    };
    expect(suggestionsFor(buildSuggestionIndex(many), 'report', false)).toHaveLength(MAX_SUGGESTIONS);
  });

  it('for Chrome: XML with the matched letters in <match> and the place in <dim>; names escaped, never markup', () => {
    expect(suggestionsFor(index, 'tom', true)[0]?.description).toBe(
      '\u2068&lt;b&gt;<match>Tom</match> &amp; &quot;Jerry&quot;&lt;/b&gt;\u2069<dim> — \u2068Acme\u2069 › \u2068Finance\u2069</dim>',
    );
    expect(escapeXml(`<a href='x'>&</a>`)).toBe('&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;');
  });

  it('for Chrome: what XML 1.0 does not allow is dropped (U+FFFE, U+FFFF, a lone surrogate, C0 controls but tab, line feed, carriage return), so the description parses', () => {
    const hostile = doc('noncharacters000000000', `Plan\uFFFE \uFFFFA\uD800B\uDC00C\u0001\u000B\u001F \uD83D\uDE00 end`);
    const [suggestion] = suggestionsFor(buildSuggestionIndex(listingOf([siteEntry(7, 'Site\uFFFF', [workspaceEntry(70, '\uDFFFWork', [hostile])])])), 'plan', true);
    // The name's controls were spaces already (plainTextName); an emoji's surrogate pair is kept.
    expect(suggestion?.description).toBe('\u2068<match>Plan</match> ABC  \uD83D\uDE00 end\u2069<dim> — \u2068Site\u2069 › \u2068Work\u2069</dim>');
    // Every character is one XML 1.0 allows (its Char production).
    expect(suggestion?.description).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    // What was typed is escaped too (the default suggestion): its controls are dropped here.
    expect(escapeXml('a\tb\nc\rd\u0000e\u0008f\u000Bg\u000C\u001F\uDBFF')).toBe('a\tb\nc\rdefg');
  });

  it('for Firefox: plain text, as it shows descriptions', () => {
    expect(suggestionsFor(index, 'tom', false)[0]?.description).toBe('\u2068<b>Tom & "Jerry"</b>\u2069 — \u2068Acme\u2069 › \u2068Finance\u2069');
  });

  it('a right-to-left name is isolated, so it cannot reorder the place after it', () => {
    const [suggestion] = suggestionsFor(index, 'תקציב', true);
    expect(suggestion?.description).toBe('\u2068<match>תקציב</match> 2026\u2069<dim> — \u2068Acme\u2069 › \u2068שיווק\u2069</dim>');
  });
});

// --- The handlers, against the fake Grist server -------------------------------------------------

describe('the handlers', () => {
  let grist: FakeGrist;
  const setDefaultSuggestion = vi.fn();
  const createWindow = vi.fn(async () => ({}));
  const createTab = vi.fn(async () => ({}));
  const openOptionsPage = vi.fn(async () => undefined);

  let unfollow = (): void => undefined;
  beforeEach(async () => {
    grist = await startFakeGrist({ mode: 'org-in-path' });
    fakeBrowser.permissions.contains = (async () => true) as never;
    Object.assign(fakeBrowser, { omnibox: { setDefaultSuggestion } });
    fakeBrowser.windows.create = createWindow as never;
    fakeBrowser.tabs.create = createTab as never;
    fakeBrowser.runtime.openOptionsPage = openOptionsPage as never;
    for (const stub of [setDefaultSuggestion, createWindow, createTab, openOptionsPage]) stub.mockClear();
    // As the worker's entry wires it: the listing and keys the worker stores reach the index.
    unfollow = followIndexedWrites();
    // The storage emptied for this test, behind the index's back.
    onStorageWritten();
  });
  afterEach(async () => {
    unfollow();
    await grist.close();
  });

  async function type(text: string) {
    const suggest = vi.fn();
    await onInputChanged(text, suggest);
    return suggest.mock.calls[0]![0] as Array<{ content: string; description: string }>;
  }

  it('builds the index ahead, a moment after a new listing: the first keystroke then reads nothing from storage', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    await refreshListing();
    // Its listing stored (readListing waits for the write), then told again, on a clock the test moves.
    await readListing();
    vi.useFakeTimers();
    try {
      onStorageWritten();
      const read = vi.spyOn(fakeBrowser.storage.local, 'get');
      await vi.advanceTimersByTimeAsync(BUILD_AHEAD_MS);
      expect(read).toHaveBeenCalled();
      read.mockClear();
      expect((await type('bug')).map(({ description }) => description)).toEqual([expect.stringContaining('Bug</match> Tracker')]);
      expect(read).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('a document the worker renamed is suggested by its new name at the next keystroke: its listing write rebuilds the index', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    await refreshListing();
    expect((await type('bug')).map(({ description }) => description)).toEqual([expect.stringContaining('Bug</match> Tracker')]);
    await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Defect Tracker' });
    expect(await type('bug')).toEqual([]);
    expect((await type('defect')).map(({ description }) => description)).toEqual([expect.stringContaining('Defect</match> Tracker')]);
  });

  it('with no key or listing yet: says how to set up, suggests nothing, and Enter opens the options', async () => {
    expect(await type('bug')).toEqual([]);
    expect(setDefaultSuggestion).toHaveBeenLastCalledWith({ description: 'Set up Grist Quick Rename first: press Enter to open its options.' });
    await onInputEntered('bug', 'currentTab');
    expect(openOptionsPage).toHaveBeenCalledOnce();
  });

  it('suggests from the cached listing without calling Grist; Enter on one opens the document window, Alt+Enter the document', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    await refreshListing();
    onInputStarted();
    grist.clearRequests();
    const suggestions = await type('bug');
    expect(grist.requests).toEqual([]);
    const bugTracker = `${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`;
    expect(suggestions).toEqual([{ content: bugTracker, description: expect.stringContaining('<match>Bug</match> Tracker') }]);
    expect(setDefaultSuggestion).toHaveBeenLastCalledWith({ description: expect.stringContaining('every Grist document matching “bug”') });

    await onInputEntered(bugTracker, 'currentTab');
    const documentWindow = new URL((createWindow.mock.calls[0] as unknown as [{ url: string }])[0].url);
    expect(documentWindow.pathname).toBe('/src/document-window/index.html');
    expect(Object.fromEntries(documentWindow.searchParams)).toEqual({ url: bugTracker, via: 'address-bar' });
    await onInputEntered(bugTracker, 'newForegroundTab');
    expect(createTab).toHaveBeenCalledWith({ url: bugTracker, active: true });
  });

  it('with a key but no listing yet: asks for one behind, says so, and Enter opens the popup’s search', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    onInputStarted();
    expect(await type('bug')).toEqual([]);
    expect(setDefaultSuggestion).toHaveBeenLastCalledWith({ description: 'Your Grist documents are being listed. Press Enter to search them in the list.' });
    await vi.waitFor(() => expect(grist.requests.some((request) => request.path.endsWith('/api/orgs'))).toBe(true));
    await onInputEntered('bug', 'currentTab');
    expect(openOptionsPage).not.toHaveBeenCalled();
    expect(new URL((createWindow.mock.calls[0] as unknown as [{ url: string }])[0].url).searchParams.get('q')).toBe('bug');
  });

  it('Enter on typed text opens the popup’s search with it, in a small window', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    await refreshListing();
    await onInputEntered('  road map ', 'currentTab');
    const popup = new URL((createWindow.mock.calls[0] as unknown as [{ url: string; type: string }])[0].url);
    expect(popup.pathname).toBe('/src/popup/index.html');
    expect(popup.searchParams.get('q')).toBe('road map');
    expect(createWindow).toHaveBeenCalledWith(expect.objectContaining({ type: 'popup' }));
  });

  it('a cached listing older than a minute is refreshed behind the suggestions, which do not wait for it', async () => {
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    await refreshListing();
    // Once the refresh has stored its listing (readListing waits for that), make it old.
    const listing = (await readListing())!;
    await listingItem.set({ ...listing, fetchedAt: Date.now() - 61_000 });
    onStorageWritten();
    grist.injectFault({ path: /^\/api\//, holdAnswerMs: 2000 });
    grist.clearRequests();
    const started = Date.now();
    onInputStarted();
    expect(await type('roadmap')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(grist.requests.some((request) => request.path.endsWith('/api/orgs'))).toBe(true), { timeout: 3000 });
  });

  /** Olivia's account, then Ed's, both on the one server; their listing cached. */
  async function twoAccounts(): Promise<void> {
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: ACCOUNT_1, settings, apiKey: USERS.owner.apiKey },
      { id: 'account-2', settings, apiKey: USERS.editor.apiKey },
    ]);
    await refreshListing();
    onInputStarted();
    grist.clearRequests();
  }

  it('with several accounts: searches the documents of all of them, from the cached listing', async () => {
    await twoAccounts();
    // Olivia's personal document, and Ed's.
    expect((await type('budget')).map((suggestion) => suggestion.content)).toEqual([`${grist.url}/o/docs/doc/${DOCS.personalBudget.urlId}`]);
    expect((await type('notes')).map((suggestion) => suggestion.content)).toEqual([`${grist.url}/o/docs/doc/${DOCS.editorNotes.urlId}`]);
    expect(grist.requests).toEqual([]);
  });

  it('an account removed: its documents are no longer suggested, at the next keystroke', async () => {
    await twoAccounts();
    expect(await type('notes')).toHaveLength(1);
    await removeAccount({ account: 'account-2' });
    expect(await type('notes')).toEqual([]);
    expect(await type('budget')).toHaveLength(1);
  });

  it('with several accounts: a document both list is suggested once, at its one address', async () => {
    await twoAccounts();
    expect((await type('bug')).map((suggestion) => suggestion.content)).toEqual([`${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`]);
  });
});
