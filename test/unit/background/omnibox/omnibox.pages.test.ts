/**
 * The address bar's `gr` with pages and frecency (issue 52): known pages suggested as
 * "<document> › <page>" at their `/p/<viewRef>` address, what was opened first, a page chosen opened
 * through the worker's openPage (pages/open-page.ts, mocked here: its own test is open-page.test.ts) where the disposition says, and a
 * document chosen counted as an open.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildKnownIndex, buildSuggestionIndex, suggestionsFor } from '../../../../src/background/omnibox/suggestions.ts';
import { followIndexedWrites, onInputChanged, onInputEntered, onStorageWritten } from '../../../../src/background/omnibox/omnibox.ts';
import { openPage } from '../../../../src/background/pages/open-page.ts';
import { noteOpen } from '../../../../src/background/opened/note-open.ts';
import { storeTogether } from '../../../../src/background/storage-writes.ts';
import { openKey, type KnownPagesMap } from '../../../../src/shared/protocol/pages.ts';
import { knownPagesItem, listingItem, openedItem } from '../../../../src/shared/storage/storage-items.ts';
import { documentEntry, listingOf, siteEntry, workspaceEntry } from '../../../setup/listings.ts';
import { ACCOUNT_1, saveSettingsWithKey } from '../../../setup/saved-key.ts';

vi.mock('../../../../src/background/pages/open-page.ts', () => ({ openPage: vi.fn(async () => ({ opened: 'page' })) }));

const NOW = Date.UTC(2026, 10, 29);
const doc = (id: string, name: string, updatedAt: string) => documentEntry(id, name, { updatedAt });
const SITE = 'https://acme.getgrist.com';
const LISTING = listingOf([
  siteEntry(
    2,
    'Acme',
    [
      workspaceEntry(3, 'Finance', [doc('budget2026000000000000', 'Budget 2026', '2026-04-01T00:00:00.000Z'), doc('budget2025000000000000', 'Budget 2025', '2025-04-01T00:00:00.000Z')]),
      workspaceEntry(4, 'Sales', [doc('crm00000000000000000000', 'CRM', '2026-05-01T00:00:00.000Z')]),
    ],
    { account: ACCOUNT_1, domain: 'acme', siteUrl: SITE },
  ),
]);
const BUDGET_URL = `${SITE}/doc/budget202600`;
/** Budget 2026's pages, reordered in Grist: Expenses is first but its view is 4. */
const KNOWN: KnownPagesMap = {
  [openKey(ACCOUNT_1, 'budget2026000000000000')]: { pages: [{ viewRef: 4, name: 'Expenses', indentation: 0 }, { viewRef: 1, name: 'Income', indentation: 0 }], readAt: NOW },
};

const plain = (description: string) => description.replace(/[\u2068\u2069]/g, '');

describe('pages and frecency in the suggestions', () => {
  const index = buildSuggestionIndex(LISTING);

  it('suggests a known page as “document › page — site › workspace”, at its view’s address (not its position)', () => {
    const suggestions = suggestionsFor(index, 'budget expenses', false, undefined, buildKnownIndex(index, KNOWN, {}, NOW));
    expect(suggestions).toEqual([{ content: `${BUDGET_URL}/p/4`, description: expect.any(String) }]);
    expect(plain(suggestions[0]!.description)).toBe('Budget 2026 › Expenses — Acme › Finance');
  });

  it('documents named so first, then their pages; what was opened before all of them, best score first', () => {
    const known = buildKnownIndex(index, KNOWN, {}, NOW);
    expect(suggestionsFor(index, 'budget', false, undefined, known).map((suggestion) => plain(suggestion.description))).toEqual([
      'Budget 2026 — Acme › Finance',
      'Budget 2025 — Acme › Finance',
      'Budget 2026 › Expenses — Acme › Finance',
      'Budget 2026 › Income — Acme › Finance',
    ]);
    const opened = {
      [openKey(ACCOUNT_1, 'budget2025000000000000')]: { score: 1, at: NOW - 86_400_000 },
      [openKey(ACCOUNT_1, 'budget2026000000000000', 1)]: { score: 2, at: NOW },
      [openKey(ACCOUNT_1, 'crm00000000000000000000')]: { score: 9, at: NOW },
    };
    const ranked = suggestionsFor(index, 'budget', false, undefined, buildKnownIndex(index, KNOWN, opened, NOW)).map((suggestion) => plain(suggestion.description));
    expect(ranked).toEqual(['Budget 2026 › Income — Acme › Finance', 'Budget 2025 — Acme › Finance', 'Budget 2026 — Acme › Finance', 'Budget 2026 › Expenses — Acme › Finance']);
  });
});

describe('the handlers with pages and opens', () => {
  const createTab = vi.fn(async () => ({}));
  let unfollow = (): void => undefined;
  beforeEach(async () => {
    Object.assign(fakeBrowser, { omnibox: { setDefaultSuggestion: vi.fn() } });
    fakeBrowser.tabs.create = createTab as never;
    createTab.mockClear();
    vi.mocked(openPage).mockClear();
    await saveSettingsWithKey({ personalSiteUrl: SITE, teamSiteUrls: [] }, 'a'.repeat(40));
    await storeTogether(listingItem.entry(LISTING), knownPagesItem.entry(KNOWN));
    unfollow = followIndexedWrites();
    onStorageWritten();
  });
  afterEach(() => unfollow());

  async function typed(text: string) {
    const suggest = vi.fn();
    await onInputChanged(text, suggest);
    return (suggest.mock.calls[0]![0] as Array<{ content: string; description: string }>).map((suggestion) => ({ ...suggestion, description: plain(suggestion.description.replace(/<[^>]+>/g, '')) }));
  }

  it('a page chosen opens through openPage, in the current tab for Enter and a new one for Alt+Enter', async () => {
    const [page] = await typed('budget expenses');
    expect(page!.content).toBe(`${BUDGET_URL}/p/4`);
    await onInputEntered(page!.content, 'currentTab');
    await onInputEntered(page!.content, 'newForegroundTab');
    const key = { orgId: 2, siteUrl: SITE, docId: 'budget2026000000000000' };
    expect(vi.mocked(openPage).mock.calls).toEqual([
      [key, 4, 'current-tab'],
      [key, 4, 'new-tab'],
    ]);
    expect(createTab).not.toHaveBeenCalled();
  });

  it('a document chosen counts as an open, and the next keystroke ranks it first (its write builds the known index again)', async () => {
    expect((await typed('budget')).map((suggestion) => suggestion.description)[0]).toBe('Budget 2026 — Acme › Finance');
    await onInputEntered(`${SITE}/doc/budget202500`, 'newForegroundTab');
    await vi.waitFor(async () => expect(Object.keys(await openedItem.get())).toEqual([openKey(ACCOUNT_1, 'budget2025000000000000')]));
    expect((await typed('budget')).map((suggestion) => suggestion.description)[0]).toBe('Budget 2025 — Acme › Finance');
  });

  it('a page’s open noted by the worker ranks it first at the next keystroke', async () => {
    await noteOpen(ACCOUNT_1, 'budget2026000000000000', 1);
    expect((await typed('budget')).map((suggestion) => suggestion.description).slice(0, 2)).toEqual(['Budget 2026 › Income — Acme › Finance', 'Budget 2026 — Acme › Finance']);
  });
});
