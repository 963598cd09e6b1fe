// @vitest-environment jsdom
/**
 * The popup as a user meets it: rendered with a fake backend and an in-memory cached listing,
 * checked through roles, accessible names and visible text.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ErrorValue } from '../../../src/shared/errors.ts';
import type { DocumentEntry, Listing, SiteEntry } from '../../../src/shared/listing.ts';
import type { Reply } from '../../../src/shared/messages.ts';
import { App } from '../../../src/popup/app.tsx';
import { PROGRESS_DELAY_MS, PROGRESS_INTERVAL_MS, WAITING_NOTICE_MS } from '../../../src/popup/sync/listing-sync.ts';
import { createPopupStore } from '../../../src/popup/store.ts';
import type { RefreshProgress } from '../../../src/shared/backend-client.ts';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../../src/shared/document-name.ts';
import { loadParts } from '../../../src/popup/on-demand/lazy.tsx';
import { FIRST_SCREEN_ROWS } from '../../../src/listing-view/row-window.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

// As the popup does once idle (main.tsx), so that Rename shows its field at once; loading it later
// is tested in popup-rename-loading.test.tsx.
beforeAll(async () => {
  await loadParts();
});
afterEach(cleanup);

// --- Fixtures -------------------------------------------------------------------------------------

/** The personal site (org 1), its documents in Home (workspace 10). */
function personalSite(documents: DocumentEntry[]): SiteEntry {
  return personalSiteEntry([workspaceEntry(10, 'Home', documents)]);
}

/** The team site Acme (org 2): in Sales (workspace 20), Pipeline, which the user only views, and Forecast. */
function acmeSite(overrides: Partial<SiteEntry> = {}): SiteEntry {
  const sales = workspaceEntry(20, 'Sales', [
    doc('acmePipeline000000000', 'Pipeline', { access: 'viewers' }),
    doc('acmeForecast000000000', 'Forecast', { updatedAt: '2024-02-01T00:00:00.000Z' }),
  ]);
  return siteEntry(2, 'Acme', [sales], { domain: 'acme', siteUrl: 'https://acme.getgrist.com', ...overrides });
}

const BUDGET = doc('budgetDoc000000000000', 'Budget', { updatedAt: '2024-03-01T00:00:00.000Z' });
const RESUME = doc('resumeDoc000000000000', 'Résumé', { isPinned: true, updatedAt: '2023-01-01T00:00:00.000Z' });
const NOTES = doc('notesDoc0000000000000', 'Shared notes', { access: 'editors', updatedAt: '2024-05-01T00:00:00.000Z' });

function freshListing(): Listing {
  return { fetchedAt: 2, sites: [personalSite([BUDGET, RESUME, NOTES]), acmeSite()] };
}

interface SetupOptions {
  cached?: Listing | null;
  /** The refresh reply; when absent the refresh stays pending until `answerRefresh` is called. */
  refresh?: Reply<'refreshListing'>;
}

/** Renders the popup with a fake backend; rename replies are answered by the test. */
async function setup({ cached = null, refresh }: SetupOptions = {}) {
  const refreshReply = deferred<Reply<'refreshListing'>>();
  const renameReplies: Array<ReturnType<typeof deferred<Reply<'renameDocument'>>>> = [];
  const backend = { ...popupBackendMocks(),
    refreshListing: vi.fn((_request: null) => (refresh ? Promise.resolve(refresh) : refreshReply.promise)),
    renameDocument: vi.fn((_request: { orgId: number; docId: string; name: string }) => {
      const reply = deferred<Reply<'renameDocument'>>();
      renameReplies.push(reply);
      return reply.promise;
    }),
  };
  const openOptions = vi.fn();
  const openBulkChanges = vi.fn();
  const store = createPopupStore({ backend, readCachedListing: async () => cached, openOptions, openBulkChanges });
  render(<App store={store} />);
  let started!: Promise<void>;
  await act(async () => {
    started = store.start();
  });
  return {
    backend,
    openOptions,
    openBulkChanges,
    store,
    async answerRefresh(reply: Reply<'refreshListing'>) {
      await act(async () => {
        refreshReply.resolve(reply);
        await started;
      });
    },
    async answerRename(reply: Reply<'renameDocument'>, index = 0) {
      await act(async () => {
        renameReplies[index]?.resolve(reply);
        // The answer is shown by code the store loads on demand: a macrotask lets it arrive.
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

function listedNames(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

function searchBox(): HTMLInputElement {
  return screen.getByRole('searchbox', { name: 'Search documents' }) as HTMLInputElement;
}

function type(input: HTMLElement, value: string): void {
  fireEvent.input(input, { target: { value } });
}

const noKey: ErrorValue = { kind: 'no-key', message: 'No API key is saved. Add one in the options.' };

/** Renames Budget to Budget 2027 in a popup set up with `options`, Grist confirming it as entry-1. */
async function renameBudget(options: SetupOptions = { refresh: { ok: true, value: freshListing() } }) {
  const popup = await setup(options);
  fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
  const input = screen.getByRole('textbox', { name: 'New name for Budget' });
  type(input, 'Budget 2027');
  fireEvent.keyDown(input, { key: 'Enter' });
  await popup.answerRename({ ok: true, value: { name: 'Budget 2027', entryId: 'entry-1' } });
  return popup;
}

// --- Listing --------------------------------------------------------------------------------------

describe('listing', () => {
  test('shows the cached listing at once, then replaces it with the fresh one', async () => {
    const cached: Listing = { fetchedAt: 1, sites: [personalSite([doc('oldDoc00000000000000', 'Old plan')])] };
    const popup = await setup({ cached });

    expect(screen.getByRole('link', { name: 'Open Old plan' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Refreshing…');
    expect(popup.backend.refreshListing).toHaveBeenCalledWith(null, expect.any(Function), undefined);

    await popup.answerRefresh({ ok: true, value: freshListing() });

    expect(screen.queryByRole('link', { name: 'Open Old plan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).not.toContain('Refreshing…');
    expect(screen.getByRole('status').textContent).toContain('Listing updated: 5 documents in 2 sites.');
  });

  test('a fresh listing with the revision already shown leaves the rows as they are and ends “Refreshing…”', async () => {
    const cached: Listing = { ...freshListing(), revision: 'rev-1' };
    const popup = await setup({ cached });
    const link = screen.getByRole('link', { name: 'Open Budget' });
    const shownRows = popup.store.rows.value;

    await popup.answerRefresh({ ok: true, value: { ...freshListing(), fetchedAt: 3, revision: 'rev-1' } });

    expect(popup.store.listing.value).toBe(cached);
    expect(popup.store.rows.value).toBe(shownRows);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBe(link);
    expect(screen.getByRole('status').textContent).not.toContain('Refreshing…');
    expect(screen.getByRole('status').textContent).toContain('Listing updated: 5 documents in 2 sites.');
  });

  test('a late cached listing never replaces a fresh one', async () => {
    const cache = deferred<Listing | null>();
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async () => ({ ok: true as const, value: freshListing() })),
      renameDocument: vi.fn(),
    };
    const store = createPopupStore({ backend, readCachedListing: () => cache.promise, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    render(<App store={store} />);
    await act(async () => {
      const started = store.start();
      await Promise.resolve();
      cache.resolve({ fetchedAt: 1, sites: [personalSite([doc('oldDoc00000000000000', 'Old plan')])] });
      await started;
    });
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Old plan' })).toBeNull();
  });

  test('sites are h2 headings, workspaces h3, documents list items, pinned first then newest', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Personal', 'Acme']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Home', 'Sales']);

    const [home, sales] = screen.getAllByRole('list');
    expect(within(home!).getAllByRole('listitem')).toHaveLength(3);
    expect(listedNames(home!)).toEqual(['Résumé', 'Shared notes', 'Budget']);
    expect(listedNames(sales!)).toEqual(['Forecast', 'Pipeline']);
  });

  test('each document links to its page in a new tab, with its access badge and pin mark', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });

    const link = screen.getByRole('link', { name: 'Open Résumé' });
    expect(link.getAttribute('href')).toBe('https://docs.getgrist.com/doc/resumeDoc000');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    const resumeRow = link.closest('li')!;
    expect(within(resumeRow).getByRole('img', { name: 'Pinned' })).toBeTruthy();
    // Owners, the common case, get no badge (issue 12, item 10).
    expect(within(resumeRow).queryByText('owner')).toBeNull();

    const notesRow = screen.getByRole('link', { name: 'Open Shared notes' }).closest('li')!;
    expect(within(notesRow).getByText('editor')).toBeTruthy();
    expect(within(notesRow).queryByRole('img', { name: 'Pinned' })).toBeNull();

    const pipelineRow = screen.getByRole('link', { name: 'Open Pipeline' }).closest('li')!;
    expect(within(pipelineRow).getByText('viewer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Pipeline' }).getAttribute('href')).toBe(
      'https://acme.getgrist.com/doc/acmePipeline',
    );
  });

  test('the full name is in the row’s title, for names cut short by the ellipsis', async () => {
    const long = 'A very long document name that will never fit in a popup three hundred pixels wide';
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([doc('longDoc0000000000000', long)])] } } });
    const link = screen.getByRole('link', { name: `Open ${long}` });
    expect(link.closest('li')!.getAttribute('title')).toBe(long);
  });

  test('names render as text, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)><b>bold</b>';
    await setup({
      refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([doc('evilDoc0000000000000', hostile)])] } },
    });

    const link = screen.getByRole('link', { name: `Open ${hostile}` });
    expect(link.textContent).toBe(hostile);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Rename ${hostile}` }));
    const input = screen.getByRole('textbox', { name: `New name for ${hostile}` }) as HTMLInputElement;
    expect(input.value).toBe(hostile);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });

  test('an empty listing says so', async () => {
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [] } } });
    expect(screen.getByRole('status').textContent).toContain('No documents yet.');
  });
});

// --- Search ---------------------------------------------------------------------------------------

describe('search', () => {
  test('typed while only the cache’s first screen is read, a search waits for the whole listing and says so (issue 16)', async () => {
    const whole = deferred<Listing | null>();
    const cached: Listing = { ...freshListing(), revision: 'rev-1' };
    // The first screen: the personal site only, as if the list were cut short there.
    const preview: Listing = { ...cached, revision: 'preview:rev-1', sites: [cached.sites[0]!] };
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(() => new Promise<Reply<'refreshListing'>>(() => undefined)) };
    const readCachedListing = vi.fn(() => whole.promise);
    const store = createPopupStore({ backend, readCachedListing, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    render(<App store={store} />);
    await act(async () => {
      void store.start();
    });
    await screen.findByRole('link', { name: 'Open Budget' });
    expect(readCachedListing).not.toHaveBeenCalled();

    type(searchBox(), 'fore');
    expect(readCachedListing).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toContain('Searching all documents as soon as they are loaded…');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('status').textContent).not.toContain('No documents match');

    await act(async () => {
      whole.resolve(cached);
      await whole.promise;
    });
    await waitFor(() => expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forecast']));
    expect(screen.getByRole('status').textContent).not.toContain('Searching all documents');
  });

  test('scrolled while only the cache’s first screen is shown, the list asks for the whole cache (issue 16)', async () => {
    const cached: Listing = { ...freshListing(), revision: 'rev-1' };
    const preview: Listing = { ...cached, revision: 'preview:rev-1', sites: [cached.sites[0]!] };
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(() => new Promise<Reply<'refreshListing'>>(() => undefined)) };
    const readCachedListing = vi.fn(async () => cached);
    const store = createPopupStore({ backend, readCachedListing, readCachedPreview: async () => preview, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    render(<App store={store} />);
    await act(async () => {
      void store.start();
    });
    await screen.findByRole('link', { name: 'Open Budget' });
    expect(screen.queryByRole('link', { name: 'Open Forecast' })).toBeNull();
    expect(readCachedListing).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.scroll(document.querySelector('.results')!);
    });
    expect(readCachedListing).toHaveBeenCalledOnce();
    await screen.findByRole('link', { name: 'Open Forecast' });
  });

  test('the search box is labelled and focused when the popup opens', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    expect(document.activeElement).toBe(searchBox());
  });

  test('filters across every site, ignoring case and accents, and hides sections without a match', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });

    type(searchBox(), 'resume');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Résumé']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Personal']);
    expect(screen.queryByRole('heading', { name: 'Sales' })).toBeNull();

    type(searchBox(), 'FORE');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forecast']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Acme']);
    expect(screen.queryByRole('heading', { name: 'Home' })).toBeNull();

    type(searchBox(), 'RÉSUMÉ');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Résumé']);
  });

  test('says when nothing matches, and clearing the search brings everything back', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });

    type(searchBox(), 'zzz');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(within(screen.getByRole('status')).getByText('No documents match')).toBeTruthy();

    type(searchBox(), '');
    expect(screen.queryByText('No documents match')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(5);
  });

  test('Escape in a non-empty search box clears it', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    type(searchBox(), 'zzz');
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    expect(searchBox().value).toBe('');
    expect(screen.getAllByRole('link')).toHaveLength(5);
  });

  test('ArrowDown and ArrowUp move between the search box and the results', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    const [resume, notes, budget, forecast, pipeline] = ['Résumé', 'Shared notes', 'Budget', 'Forecast', 'Pipeline'].map(
      (name) => screen.getByRole('link', { name: `Open ${name}` }),
    );

    searchBox().focus();
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(resume);

    for (const next of [notes, budget, forecast, pipeline]) {
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(next);
    }
    // The last result stays put.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(pipeline);

    for (const previous of [forecast, budget, notes, resume]) {
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
      expect(document.activeElement).toBe(previous);
    }
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(searchBox());
  });

  test('the arrows also work from a Rename button and follow the filtered results', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    type(searchBox(), 'e');

    const rename = screen.getByRole('button', { name: 'Rename Résumé' });
    rename.focus();
    fireEvent.keyDown(rename, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open Shared notes' }));

    type(searchBox(), 'pipe');
    searchBox().focus();
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open Pipeline' }));
  });
});

// --- Rename ---------------------------------------------------------------------------------------

describe('rename', () => {
  async function startEditing(name = 'Budget') {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: `Rename ${name}` }));
    const input = screen.getByRole('textbox', { name: `New name for ${name}` }) as HTMLInputElement;
    return { ...popup, input };
  }

  test('only documents the user owns have a Rename button', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    expect(screen.getByRole('button', { name: 'Rename Budget' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename Forecast' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename Shared notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Pipeline' })).toBeNull();
  });

  test('Rename turns the row into a focused field holding the selected name', async () => {
    const { input } = await startEditing();
    expect(input.value).toBe('Budget');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Budget'.length]);
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
  });

  test('Enter sends the trimmed name once and the row shows it before Grist answers', async () => {
    const popup = await startEditing();
    type(popup.input, '  Budget 2025  ');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(popup.backend.renameDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, name: 'Budget 2025' });
    expect(screen.getByRole('link', { name: 'Open Budget 2025' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget 2025' }));

    await popup.answerRename({ ok: true, value: { name: 'Budget 2025', entryId: 'entry-1' } });
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget 2025' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget 2025' }));
    // Each name isolated (U+2068 … U+2069), so one in another direction cannot reorder the sentence.
    // (Said by the undo offer, whose code loads with the first rename: on-demand.ts.)
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Budget\u2069” to “\u2068Budget 2025\u2069”.'));
  });

  test('Enter shows the new name in the same frame: no render waits on anything but a microtask', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    // A plain event, outside act(): what the browser does, with nothing flushing renders for us.
    popup.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await Promise.resolve();

    expect(screen.getByRole('link', { name: 'Open Budget 2025' }).textContent).toBe('Budget 2025');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    await popup.answerRename({ ok: true, value: { name: 'Budget 2025', entryId: 'entry-1' } });
  });

  test('after saving the row shows the name Grist stored', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    await popup.answerRename({ ok: true, value: { name: 'Budget 2025 (final)', entryId: 'entry-1' } });
    expect(screen.getByRole('link', { name: 'Open Budget 2025 (final)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Budget 2025' })).toBeNull();
  });

  test('the Save button saves too', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget 2025' })).toBeTruthy();
  });

  test('a refused rename goes back to the field with the typed text and the error', async () => {
    const popup = await startEditing();
    type(popup.input, ' Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    await popup.answerRename({
      ok: false,
      error: { kind: 'forbidden', status: 403, message: 'Only owners can rename this document.' },
    });

    const input = screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement;
    expect(input.value).toBe(' Budget 2025');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('alert').textContent).toBe('Only owners can rename this document.');
    expect(input.closest('li')!.contains(screen.getByRole('alert'))).toBe(true);
    expect(screen.queryByRole('link', { name: 'Open Budget 2025' })).toBeNull();

    // A retry sends again and clears the error.
    type(input, 'Budget 2026');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(2);
    expect(popup.backend.renameDocument).toHaveBeenLastCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, name: 'Budget 2026' });
    expect(screen.queryByRole('alert')).toBeNull();
    await popup.answerRename({ ok: true, value: { name: 'Budget 2026', entryId: 'entry-1' } }, 1);
    expect(screen.getByRole('link', { name: 'Open Budget 2026' })).toBeTruthy();
  });

  test('a refusal that comes after the user moved on does not take focus back', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    searchBox().focus();
    await popup.answerRename({ ok: false, error: { kind: 'timeout', message: 'Grist did not answer in time.' } });

    expect(document.activeElement).toBe(searchBox());
    expect(screen.getByRole('alert').textContent).toBe('Grist did not answer in time.');
    expect((screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement).value).toBe('Budget 2025');
  });

  const BUDGET_GONE: ErrorValue = {
    kind: 'not-found',
    status: 404,
    message: '“Budget” no longer exists on docs.getgrist.com. It was removed from the list.',
  };

  test('a document Grist no longer has leaves the list, focus goes to the search box and the message is announced', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    await popup.answerRename({ ok: false, error: BUDGET_GONE });

    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Budget 2025' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(searchBox());
    expect(screen.getByRole('status').textContent).toContain(BUDGET_GONE.message);
    // The rest of the listing is untouched, and nothing is sent again.
    expect(listedNames(screen.getAllByRole('list')[0]!)).toEqual(['Résumé', 'Shared notes']);
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
  });

  test('a document gone after the user moved on leaves the list without taking focus', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    const resume = screen.getByRole('link', { name: 'Open Résumé' });
    resume.focus();
    await popup.answerRename({ ok: false, error: BUDGET_GONE });

    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    expect(document.activeElement).toBe(resume);
    expect(screen.getByRole('status').textContent).toContain(BUDGET_GONE.message);
  });

  test('Escape cancels without sending and gives focus back to the Rename button', async () => {
    const popup = await startEditing();
    type(popup.input, 'Something else');
    fireEvent.keyDown(popup.input, { key: 'Escape' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget' }));
  });

  test('the Cancel button cancels too', async () => {
    const popup = await startEditing();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget' }));
  });

  test('an empty name is refused in the row and nothing is sent', async () => {
    const popup = await startEditing();
    type(popup.input, '   ');
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'New name for Budget' })).toBe(popup.input);
    expect(screen.getByRole('alert').textContent).toBe('Enter a name. Press Escape to keep the current name.');
    expect(popup.input.getAttribute('aria-invalid')).toBe('true');
  });

  test('a name over the length limit is refused in the row and nothing is sent', async () => {
    const popup = await startEditing();
    type(popup.input, 'x'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1));
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(`at most ${MAX_DOCUMENT_NAME_LENGTH} characters`);
  });

  test('an unchanged name just leaves edit mode', async () => {
    const popup = await startEditing();
    type(popup.input, ' Budget ');
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget' }));
  });

  test('Enter and Escape that end an IME composition are ignored', async () => {
    const popup = await startEditing();
    type(popup.input, '予算');
    fireEvent.keyDown(popup.input, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(popup.input, { key: 'Escape', isComposing: true });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'New name for Budget' })).toBe(popup.input);

    fireEvent.keyDown(popup.input, { key: 'Enter' });
    expect(popup.backend.renameDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, name: '予算' });
  });

  test('a listing refresh while editing keeps the field and the typed text', async () => {
    const popup = await setup({ cached: freshListing() });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
    const input = screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement;
    type(input, 'Budget draft');

    await popup.answerRefresh({ ok: true, value: freshListing() });
    expect(screen.getByRole('textbox', { name: 'New name for Budget' })).toBe(input);
    expect(input.value).toBe('Budget draft');
    expect(document.activeElement).toBe(input);
  });
});

// --- Hostile names --------------------------------------------------------------------------------

describe('names from Grist', () => {
  const LONG_NAME = 'Quarterly budget '.repeat(600).slice(0, 10_000);
  const HOSTILE_NAMES = [
    '<script>document.title = "pwned"</script>',
    '<img src=x onerror=alert(1)><b>bold</b>',
    LONG_NAME,
    'תקציב ميزانية 2026',
    '\u202Egnp.exe',
    'Bud\u200Bget\u200C\u200D\uFEFF',
    '📊 Budget 👩‍👩‍👧‍👦',
  ];

  function hostileListing(): Listing {
    const documents = HOSTILE_NAMES.map((name, index) => doc(`hostileDoc${index}`.padEnd(22, '0'), name));
    const site = personalSite(documents);
    return { fetchedAt: 2, sites: [{ ...site, workspaces: [{ id: 10, name: '\u202Eecapskrow ספרים', documents }] }] };
  }

  test('each name is text in its own direction-isolated link, with the full name in its row’s title', async () => {
    await setup({ refresh: { ok: true, value: hostileListing() } });
    document.title = 'Grist documents';

    const [list] = screen.getAllByRole('list');
    expect(new Set(listedNames(list!))).toEqual(new Set(HOSTILE_NAMES));
    const links = within(list!).getAllByRole('link');
    for (const link of links) {
      // The link is the name: the icon, badge and buttons are outside it. The whole name is the
      // row's tooltip; on the link, it would be read again as the link's description.
      expect(link.getAttribute('aria-label')).toBe(`Open ${link.textContent}`);
      expect(link.getAttribute('dir')).toBe('auto');
      expect(link.hasAttribute('title')).toBe(false);
      expect(link.closest('li')!.getAttribute('title')).toBe(link.textContent);
      expect(link.children).toHaveLength(0);
    }
    expect(document.querySelector('script, img, b')).toBeNull();
    expect(document.title).toBe('Grist documents');

    const workspaceName = screen.getByRole('heading', { level: 3 }).querySelector('bdi')!;
    expect(workspaceName.getAttribute('dir')).toBe('auto');
    expect(workspaceName.textContent).toBe('\u202Eecapskrow ספרים');
  });

  test('the rename field of a 10,000-character name holds all of it, in its own direction', async () => {
    await setup({ refresh: { ok: true, value: hostileListing() } });
    fireEvent.click(screen.getByRole('button', { name: `Rename ${LONG_NAME}` }));
    const input = screen.getByRole('textbox', { name: `New name for ${LONG_NAME}` }) as HTMLInputElement;
    expect(input.value).toBe(LONG_NAME);
    expect(input.getAttribute('dir')).toBe('auto');
  });

  test('a message quoting a name is text too', async () => {
    const hostile = HOSTILE_NAMES[0]!;
    const popup = await setup({ refresh: { ok: true, value: hostileListing() } });
    fireEvent.click(screen.getByRole('button', { name: `Rename ${hostile}` }));
    const input = screen.getByRole('textbox', { name: `New name for ${hostile}` });
    type(input, 'Safe');
    fireEvent.keyDown(input, { key: 'Enter' });
    const message = `“${hostile}” no longer exists on docs.getgrist.com. It was removed from the list.`;
    await popup.answerRename({ ok: false, error: { kind: 'not-found', status: 404, message } });
    expect(screen.getByRole('status').textContent).toContain(message);
    expect(document.querySelector('script')).toBeNull();
  });
});

test('the Bulk changes button opens the Bulk changes page, and says what it holds', async () => {
  const popup = await setup({ cached: freshListing() });
  const button = screen.getByRole('button', { name: 'Bulk changes' });
  expect(button.title).toBe('Rename, move, copy or trash many documents at once, in a tab');
  fireEvent.click(button);
  expect(popup.openBulkChanges).toHaveBeenCalledTimes(1);
});

// --- Errors ---------------------------------------------------------------------------------------

describe('errors', () => {
  test('without an API key: a clear empty state and a button to the options', async () => {
    const popup = await setup({ refresh: { ok: false, error: noKey } });
    const status = screen.getByRole('status');
    expect(await within(status).findByText('Connect your Grist account')).toBeTruthy();

    fireEvent.click(within(status).getByRole('button', { name: 'Open options' }));
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  test('a refused key shows its message and the options button, and keeps the cached listing', async () => {
    const message = 'The API key was refused. Create a new one in Grist: Profile settings -> API.';
    const popup = await setup({ cached: freshListing() });
    await popup.answerRefresh({ ok: false, error: { kind: 'auth', status: 401, message } });

    const status = screen.getByRole('status');
    expect(await within(status).findByText(message)).toBeTruthy();
    expect(within(status).getByText(/earlier refresh/)).toBeTruthy();
    fireEvent.click(within(status).getByRole('button', { name: 'Open options' }));
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  test('a network failure offers to try again', async () => {
    const message = 'Could not reach docs.getgrist.com. Check your connection.';
    const popup = await setup({ refresh: { ok: false, error: { kind: 'network', message } } });
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open options' })).toBeNull();

    popup.backend.refreshListing.mockResolvedValueOnce({ ok: true, value: freshListing() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
  });

  test('a site that failed shows its error in its own section while the others list', async () => {
    const message = 'acme.getgrist.com did not answer in time.';
    const listing: Listing = {
      fetchedAt: 2,
      sites: [personalSite([BUDGET]), acmeSite({ error: { kind: 'timeout', message } })],
    };
    await setup({ refresh: { ok: true, value: listing } });

    const acmeSection = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    // The error's row is loaded with the first one shown (on-demand.ts).
    expect(await within(acmeSection).findByText(message)).toBeTruthy();
    // Its last good listing is still there, marked as such.
    expect(within(acmeSection).getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(within(acmeSection).getByText(/earlier refresh/)).toBeTruthy();

    const personalSection = screen.getByRole('heading', { level: 2, name: 'Personal' }).closest('section')!;
    expect(within(personalSection).queryByText(message)).toBeNull();
    expect(within(personalSection).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  test('a failed site with nothing cached still shows its heading and error', async () => {
    const message = 'The browser may not reach acme.example.com yet.';
    const listing: Listing = {
      fetchedAt: 2,
      sites: [personalSite([BUDGET]), acmeSite({ workspaces: [], error: { kind: 'no-host-permission', message } })],
    };
    await setup({ refresh: { ok: true, value: listing } });
    const acmeSection = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    expect(await within(acmeSection).findByText(message)).toBeTruthy();
    expect(within(acmeSection).queryAllByRole('listitem')).toEqual([]);
  });
});

describe('a site that does not answer holds back only itself (issue 11, finding 8)', () => {
  const slowSite = (overrides: Partial<SiteEntry> = {}): SiteEntry => siteEntry(3, 'Slow', [], { domain: 'slow', siteUrl: 'https://grist.slow.example', ...overrides });
  const pending = (site: SiteEntry): SiteEntry => ({ ...site, workspaces: [], pending: true });

  /** A popup whose refresh the test drives step by step, as the worker's port does. */
  async function setupProgress(cached: Listing | null = null) {
    const reply = deferred<Reply<'refreshListing'>>();
    let report!: (progress: RefreshProgress) => void;
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn((_request: null, onProgress?: (progress: RefreshProgress) => void) => {
        report = onProgress!;
        return reply.promise;
      }),
      renameDocument: vi.fn(),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => cached, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    render(<App store={store} />);
    let started!: Promise<void>;
    await act(async () => {
      started = store.start();
    });
    return {
      /** Reports the sites so far, as the worker's port does, and waits until the popup may show them. */
      async progress(sites: SiteEntry[], unchanged = sites.map(() => false)) {
        await act(async () => {
          report({ sites, unchanged });
          await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS + PROGRESS_INTERVAL_MS + 20));
        });
      },
      async end(listing: Listing) {
        await act(async () => {
          reply.resolve({ ok: true, value: listing });
          await started;
        });
      },
    };
  }

  const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
  const status = () => screen.getByRole('status').textContent ?? '';

  test('with no cache: each site shows as it answers, the slow one says it is waited for, then gives its error', async () => {
    const popup = await setupProgress();
    const [personal, acme, slow] = [personalSite([BUDGET]), acmeSite(), slowSite()];
    await popup.progress([pending(personal), pending(acme), pending(slow)]);
    await popup.progress([personal, acme, pending(slow)]);
    expect(within(section('Personal')).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(within(section('Acme')).getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(within(section('Slow')).getByText('Waiting for Slow (grist.slow.example)…')).toBeTruthy();
    expect(status()).toContain('Refreshing… 2 of 3 sites answered.');

    const timeout = { kind: 'timeout' as const, message: 'grist.slow.example did not answer in 15 s.' };
    await popup.end({ fetchedAt: 3, sites: [personal, acme, slowSite({ error: timeout })] });
    expect(await within(section('Slow')).findByText(timeout.message)).toBeTruthy();
    expect(within(section('Slow')).queryByText(/Waiting for/)).toBeNull();
    expect(status()).toContain('Listing updated: 3 documents in 2 of 3 sites. Slow (grist.slow.example) did not answer.');
  });

  test('on a server with teams in the path, every site shares one host: the notices name the site, not the host', async () => {
    const popup = await setupProgress();
    const server = 'http://127.0.0.1:8484';
    const [personal, acme] = [personalSite([BUDGET]), { ...acmeSite(), siteUrl: `${server}/o/acme` }];
    const globex = slowSite({ name: 'Globex Inc', siteUrl: `${server}/o/globex` });
    await popup.progress([personal, acme, pending(globex)]);
    expect(within(section('Globex Inc')).getByText('Waiting for Globex Inc…')).toBeTruthy();
    const timeout = { kind: 'timeout' as const, message: 'Globex Inc did not answer in 15 s.' };
    await popup.end({ fetchedAt: 3, sites: [personal, acme, slowSite({ name: 'Globex Inc', siteUrl: `${server}/o/globex`, error: timeout })] });
    expect(status()).toContain('Listing updated: 3 documents in 2 of 3 sites. Globex Inc did not answer.');
    expect(status()).not.toContain('127.0.0.1');
  });

  test('with a cache: fresh sites replace their cached copies at once; one still waited for says so after a moment, over its cached documents', async () => {
    const cached: Listing = { fetchedAt: 1, revision: 'r1', sites: [personalSite([BUDGET]), acmeSite()] };
    const popup = await setupProgress(cached);
    const renamed = acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [doc('acmeForecast000000000', 'Forecast 2027')] }] });
    await popup.progress([pending(personalSite([BUDGET])), renamed]);
    expect(within(section('Acme')).getByRole('link', { name: 'Open Forecast 2027' })).toBeTruthy();
    expect(within(section('Personal')).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(within(section('Personal')).queryByText(/Waiting for/)).toBeNull();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, WAITING_NOTICE_MS));
    });
    expect(within(section('Personal')).getByText('Waiting for Personal (docs.getgrist.com)…')).toBeTruthy();
    expect(within(section('Personal')).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });
});

describe('what a new user needs (issue 12)', () => {
  test('the header has Refresh and Options, named and explained (item 5)', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    expect(refresh.getAttribute('title')).toMatch(/list every site again/);
    fireEvent.click(refresh);
    expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
  });

  test('every icon button has a tooltip, More actions too (issue 41)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    const iconButtons = [...document.querySelectorAll('button.icon-button')];
    expect(iconButtons.length).toBeGreaterThan(10);
    expect(iconButtons.filter((button) => !button.getAttribute('title')).map((button) => button.getAttribute('aria-label'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'More actions for Budget' }).getAttribute('title')).toBe('More actions: copy, pin, move to trash');
  });

  test.each([
    ['a host the browser may not reach', { kind: 'no-host-permission' as const, message: 'The browser has not granted access to acme.' }, 'Open options'],
    ['a key not confirmed for the host', { kind: 'key-not-confirmed' as const, message: 'Not confirmed for acme.' }, 'Open options'],
    ['a site that did not answer', { kind: 'timeout' as const, message: 'acme did not answer in time.' }, 'Try again'],
  ])('a site error card leads to the fix: %s (item 5)', async (_case, error, button) => {
    const popup = await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), acmeSite({ error })] } } });
    const acme = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    fireEvent.click(within(acme).getByRole('button', { name: button }));
    if (button === 'Open options') expect(popup.openOptions).toHaveBeenCalledTimes(1);
    else expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
  });

  test('a rename made while a refresh runs is said, and the refresh’s summary does not replace it', async () => {
    const popup = await renameBudget({ cached: freshListing() });
    expect(screen.getByRole('status').textContent).toContain('Refreshing');
    expect(screen.getByRole('status').textContent).toContain('Budget 2027');
    await popup.answerRefresh({ ok: true, value: freshListing() });
    expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Budget\u2069” to “\u2068Budget 2027\u2069”.');
  });

  test('a site that is gone from Grist offers Try again', async () => {
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), acmeSite({ error: { kind: 'not-found', message: 'Not found.' } })] } } });
    const acme = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    expect(within(acme).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  test('the rename message names both names, stays with its Undo while the user searches, and goes with the next rename (item 6, issue 13)', async () => {
    const popup = await renameBudget();
    expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Budget\u2069” to “\u2068Budget 2027\u2069”.');
    type(searchBox(), 'b');
    expect(screen.getByRole('status').textContent).toContain('Renamed');
    expect(screen.getByRole('button', { name: 'Undo rename of Budget 2027' })).toBeTruthy();
    type(searchBox(), '');
    fireEvent.click(screen.getByRole('button', { name: 'Rename Forecast' }));
    const forecast = screen.getByRole('textbox', { name: 'New name for Forecast' });
    type(forecast, 'Forecast 2027');
    fireEvent.keyDown(forecast, { key: 'Enter' });
    await popup.answerRename({ ok: true, value: { name: 'Forecast 2027', entryId: 'entry-2' } }, 1);
    expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Forecast\u2069” to “\u2068Forecast 2027\u2069”.');
    expect(screen.getByRole('status').textContent).not.toContain('Budget 2027');
    expect(screen.getByRole('button', { name: 'Undo rename of Forecast 2027' })).toBeTruthy();
  });

  test('the rename field keeps the current name in sight and counts characters past 200 (item 7)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
    const input = screen.getByRole('textbox', { name: 'New name for Budget' });
    const row = input.closest('li')!;
    expect(within(row).getByText('Budget').closest('.rename-current')?.textContent).toBe('Now: Budget');
    expect(row.textContent).not.toMatch(/characters/);
    type(input, 'x'.repeat(201));
    expect(within(row).getByText('201 / 255 characters')).toBeTruthy();
    type(input, 'x'.repeat(256));
    expect(within(row).getByText('256 / 255 characters').className).toContain('counter-over');
  });

  test('search finds workspaces and sites, and marks the matched letters as text (item 8)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    type(searchBox(), 'sales');
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Pipeline' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    expect([...document.querySelectorAll('h3 mark')].map((mark) => mark.textContent)).toEqual(['Sales']);
    type(searchBox(), 'acme fore');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forecast']);
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Acme', 'Fore']);
    type(searchBox(), 'resume');
    expect(document.querySelector('.document-link mark')?.textContent).toBe('Résumé');
  });

  test('Enter in the search box opens the first result; F2 on a document starts its rename (item 9)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    expect(searchBox().getAttribute('title')).toMatch(/Enter opens the first result.*F2 renames/);
    type(searchBox(), 'forecast');
    const opened = vi.fn((event: Event) => event.preventDefault());
    screen.getByRole('link', { name: 'Open Forecast' }).addEventListener('click', opened);
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(opened).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Forecast' }), { key: 'F2' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New name for Forecast' }));
  });

  test('F2 on a document the user does not own does nothing', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Pipeline' }), { key: 'F2' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test('each document says when it last changed, exactly in its tooltip (item 10)', async () => {
    const recent = doc('recentDoc00000000000', 'Recent', { updatedAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString() });
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([recent])] } } });
    const time = screen.getByRole('link', { name: 'Open Recent' }).closest('li')!.querySelector('time')!;
    expect(time.textContent).toBe('3 days ago');
    expect(time.getAttribute('dateTime')).toBe(recent.updatedAt);
    expect(time.getAttribute('title')).toMatch(/^Changed .*\d{4}/);
  });

  test('empty workspaces are shown, each saying so, with New document where the user may add (issue 41); a site with no workspace says so in one line', async () => {
    const empty = acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [], access: 'viewers' }, { id: 21, name: 'Home', documents: [], access: 'editors' }] });
    const bare = siteEntry(3, 'Globex', [], { domain: 'globex', siteUrl: 'https://globex.getgrist.com' });
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), empty, bare] } } });
    const acme = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    expect(within(acme).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Sales', 'Home']);
    // Each heading says so, beside its name; the site, which has workspaces, says nothing itself.
    expect(within(acme).getAllByRole('heading', { level: 3 }).map((heading) => heading.parentElement!.textContent)).toEqual(['SalesNo documents.', 'HomeNo documents.']);
    expect(within(acme).getAllByText('No documents.')).toHaveLength(2);
    expect(within(acme).queryByRole('button', { name: 'New document in Sales' })).toBeNull();
    expect(within(acme).getByRole('button', { name: 'New document in Home' })).toBeTruthy();
    const globex = screen.getByRole('heading', { level: 2, name: 'Globex' }).closest('section')!;
    expect(within(globex).getByText('No documents.')).toBeTruthy();
    // A search shows an empty workspace its words name, with its site.
    type(searchBox(), 'acme home');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Home']);
    expect(screen.getByRole('region', { name: 'Acme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New document in Home' })).toBeTruthy();
    // Not those a search's words must find in a document's name.
    type(searchBox(), 'budget');
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Acme' })).toBeNull();
  });

  test('an unsaved edit stays in sight when the search no longer matches it (item 11)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
    type(screen.getByRole('textbox', { name: 'New name for Budget' }), 'Budget draft');
    type(searchBox(), 'forecast');
    expect((screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement).value).toBe('Budget draft');
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
  });
});

describe('undo and the rename history (issue 13)', () => {
  /** Does `action`, then lets the promises it started settle. */
  async function settleAfter(action: () => unknown): Promise<void> {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }


  test('the status line’s Undo puts the old name back, in the list at once', async () => {
    const popup = await renameBudget();
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    const undo = screen.getByRole('button', { name: 'Undo rename of Budget 2027' });
    undo.focus(); // as a click would
    await act(async () => {
      await settleAfter(() => fireEvent.click(undo));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-1', docId: BUDGET.id, force: false });
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Restored “\u2068Budget\u2069”.');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(searchBox()));
  });

  test('Ctrl+Z and Cmd+Z undo the last rename, but not while typing in a field', async () => {
    const popup = await renameBudget();
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    fireEvent.keyDown(searchBox(), { key: 'z', ctrlKey: true });
    expect(popup.backend.undoChange).not.toHaveBeenCalled();
    await act(async () => {
      await settleAfter(() => fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget 2027' }), { key: 'z', metaKey: true }));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  test('a change undone from the History is no longer offered by the status line, nor by Ctrl+Z (issue 41)', async () => {
    const popup = await renameBudget();
    expect(screen.getByRole('button', { name: 'Undo rename of Budget 2027' })).toBeTruthy();
    const renamed = { id: 'entry-1', at: Date.now(), kind: 'rename' as const, target: 'document' as const, site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 10, name: 'Home' }, docId: BUDGET.id, oldName: 'Budget', newName: 'Budget 2027', source: 'popup' as const, cannotUndo: null };
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [renamed] });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'History' })));
    });
    const list = await screen.findByRole('list', { name: 'History' });
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(list).getByRole('button', { name: 'Undo rename of Budget 2027' })));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    await screen.findByRole('link', { name: 'Open Budget' });
    expect(within(screen.getByRole('status')).queryByRole('button', { name: /^Undo/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget' }), { key: 'z', ctrlKey: true });
    expect(popup.backend.undoChange).toHaveBeenCalledTimes(1);
  });

  test('the status line’s Undo or Ctrl+Z while the History is shown: the History reads again, and its entry no longer offers Undo', async () => {
    const popup = await renameBudget();
    const renamed = { id: 'entry-1', at: Date.now(), kind: 'rename' as const, target: 'document' as const, site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 10, name: 'Home' }, docId: BUDGET.id, oldName: 'Budget', newName: 'Budget 2027', source: 'popup' as const, cannotUndo: null };
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [renamed] });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'History' })));
    });
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getByRole('button', { name: 'Undo rename of Budget 2027' })).toBeTruthy();
    // The log as the worker keeps it once undone.
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [{ ...renamed, cannotUndo: 'Already undone.' }] });
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    await act(async () => {
      await settleAfter(() => fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true }));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-1', docId: BUDGET.id, force: false });
    await waitFor(() => expect(within(list).queryByRole('button', { name: /^Undo/ })).toBeNull());
    expect(within(list).getByRole('listitem').textContent).toContain('Already undone.');
  });

  test('renamed elsewhere since: said, nothing changes; Restore anyway sends it with force', async () => {
    const popup = await renameBudget();
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'changed-elsewhere', current: 'Budget (final)' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Undo rename of Budget 2027' })));
    });
    expect(screen.getByRole('status').textContent).toContain('“\u2068Budget\u2069” was renamed elsewhere since: it is now “\u2068Budget (final)\u2069”.');
    expect(screen.getByRole('link', { name: 'Open Budget 2027' })).toBeTruthy();
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-3' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Restore “\u2068Budget\u2069” anyway' })));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'entry-1', docId: BUDGET.id, force: true });
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  const ENTRY = {
    id: 'entry-9',
    at: Date.now() - 3 * 60_000,
    kind: 'rename' as const,
    target: 'document' as const,
    site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' },
    workspace: { id: 20, name: 'Sales' },
    docId: 'acmeForecast000000000',
    oldName: 'Forecast',
    newName: '<b>Forecast 2027</b>',
    source: 'page' as const,
    cannotUndo: null,
  };

  test('the history lists each rename, read only when opened; an entry’s Undo restores it in the list', async () => {
    // The list shows Forecast under its new name; the history's Undo gives it its old one back.
    const renamed = acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [doc('acmeForecast000000000', '<b>Forecast 2027</b>')] }] });
    const popup = await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), renamed] } } });
    expect(popup.backend.readChangeLog).not.toHaveBeenCalled();
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [ENTRY, { ...ENTRY, id: 'entry-8', newName: 'Old', cannotUndo: 'Already undone.', madeBy: 'owner@example.com' }] });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'History' })));
    });
    const list = await screen.findByRole('list', { name: 'History' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.querySelector('.history-old')?.textContent).toBe('Forecast');
    expect(first!.querySelector('.history-new')?.textContent).toBe('<b>Forecast 2027</b>');
    expect(first!.querySelector('.history-names')?.textContent).toMatch(/Forecast.*renamed to.*Forecast 2027/);
    expect(first!.querySelector('b')).toBeNull();
    expect(first!.querySelector('time')?.textContent).toBe('3 minutes ago');
    expect(first!.textContent).toContain('Acme › Sales');
    expect(within(second!).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(second!.textContent).toContain('Already undone.');
    // With several accounts, whose change it was; with one, nothing more.
    expect(second!.querySelector('.history-meta')?.textContent).toMatch(/ · owner@example\.com$/);
    expect(first!.querySelector('.history-meta')?.textContent).not.toContain('@');
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Forecast', entryId: 'entry-10' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(first!).getByRole('button', { name: 'Undo rename of <b>Forecast 2027</b>' })));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledWith({ entryId: 'entry-9', docId: 'acmeForecast000000000', force: false });
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
  });

  test('a move in the history: the document, from where to where; moved on since is said, and “Move back anyway” sends it with force (issue 18)', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    const move = { ...ENTRY, id: 'entry-7', kind: 'move' as const, oldName: 'Forecast', newName: 'Forecast', to: { site: { orgId: 3, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 30, name: 'Projects' } } };
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [move] });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'History' })));
    });
    const [entry] = within(await screen.findByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(entry!.querySelector('.history-names')?.textContent).toBe('Forecast moved from Acme › Sales →  to Globex › Projects');
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'changed-elsewhere', current: 'Archive' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(entry!).getByRole('button', { name: 'Undo move of Forecast' })));
    });
    expect(entry!.textContent).toContain('“\u2068Forecast\u2069” was moved to “\u2068Archive\u2069” since.');
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'restored', name: 'Forecast', entryId: 'entry-11' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(entry!).getByRole('button', { name: 'Move “\u2068Forecast\u2069” back anyway' })));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'entry-7', docId: 'acmeForecast000000000', force: true });
  });

  test('Clear history asks first, and Keep keeps it', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [ENTRY] });
    popup.backend.clearChangeLog.mockResolvedValue({ ok: true, value: null });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'History' })));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    expect(screen.getByText('Forget this change? Your document in Grist stays as it is.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' })));
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(popup.backend.clearChangeLog).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear history' })));
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Clear' })));
    });
    expect(popup.backend.clearChangeLog).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/No changes yet/)).toBeTruthy();
    expect(screen.getByText('History cleared. Your documents in Grist stay as they are.')).toBeTruthy();
  });

  test('a bulk rename’s batch is headed by its size and Undo this batch, which puts every name back in the list', async () => {
    const renamed = acmeSite({
      workspaces: [{ id: 20, name: 'Sales', documents: [doc('acmeForecast000000000', 'Forecast 2027'), doc('acmeLeads0000000000000', 'Leads 2027')] }],
    });
    const popup = await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), renamed] } } });
    const batch = (docId: string, name: string, id: string) => ({ ...ENTRY, id, docId, oldName: name, newName: `${name} 2027`, source: 'bulk' as const, batchId: 'batch-1' });
    const entries = [batch('acmeForecast000000000', 'Forecast', 'entry-1'), batch('acmeLeads0000000000000', 'Leads', 'entry-2'), ENTRY];
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'History' })));
    });
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getByText('Bulk rename of 2 documents')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: 'Undo this batch of 2 documents' })).toHaveLength(1);

    popup.backend.undoBatch.mockResolvedValue({
      ok: true,
      value: [
        { docId: 'acmeForecast000000000', oldName: 'Forecast', newName: 'Forecast 2027', outcome: 'restored' },
        { docId: 'acmeLeads0000000000000', oldName: 'Leads', newName: 'Leads 2027', outcome: 'renamed-elsewhere', message: 'Leads (final)' },
      ],
    });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries.map((entry) => (entry.id === 'entry-1' ? { ...entry, cannotUndo: 'Already undone.' } : entry)) });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(list).getByRole('button', { name: 'Undo this batch of 2 documents' })));
    });
    expect(popup.backend.undoBatch).toHaveBeenCalledExactlyOnceWith({ batchId: 'batch-1' });
    expect(screen.getByText('Restored 1 of 2 names.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Leads 2027' })).toBeTruthy();
  });
});

describe('the history’s words, each kind of change its own (issue 41)', () => {
  const ACME = { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' };
  /** An entry of the log as the worker reads it: a `kind` of change to document `docId` named `name`, 3 minutes ago. */
  const entry = (id: string, kind: 'remove' | 'restore' | 'copy' | 'create' | 'pin' | 'move' | 'rename', name: string, more: object = {}) => ({
    id,
    at: Date.now() - 3 * 60_000,
    kind,
    target: 'document' as const,
    site: ACME,
    workspace: { id: 20, name: 'Sales' },
    docId: `${name.replace(/\W/g, '')}000000000000`.slice(0, 21),
    oldName: name,
    newName: name,
    source: 'popup' as const,
    cannotUndo: null,
    ...more,
  });

  /** Opens the popup's History with `entries` as the log. Out: the popup and its list. */
  async function openHistory(entries: object[]) {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'History' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The list, or the view's region when there is none.
    const list = await screen.findByRole(entries.length > 0 ? 'list' : 'region', { name: 'History' });
    return { popup, list };
  }

  test('each entry’s Undo is named after its kind of change', async () => {
    const { list } = await openHistory([
      entry('e1', 'remove', 'Leads'),
      entry('e2', 'restore', 'Budget'),
      entry('e3', 'copy', 'Plan (copy)'),
      entry('e4', 'create', 'Q4 plan'),
      entry('e5', 'pin', 'Notes', { pinned: true }),
      entry('e6', 'pin', 'Forecast', { pinned: false }),
      entry('e7', 'rename', 'Report', { oldName: 'Draft' }),
    ]);
    expect(within(list).getAllByRole('button', { name: /^Undo/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Undo moving “Leads” to trash',
      'Undo restoring “Budget” (it goes back to the trash)',
      'Undo the copy “Plan (copy)” (it goes to the trash)',
      'Undo creating “Q4 plan” (it goes to the trash)',
      'Undo pinning “Notes”',
      'Undo unpinning “Forecast”',
      'Undo rename of Report',
    ]);
  });

  test('a bulk run’s batch is headed by its kind, and so is the undo of one; its entries say they were made in bulk', async () => {
    const bulk = (id: string, kind: 'remove' | 'copy' | 'move' | 'restore', name: string, batchId: string, source: 'bulk' | 'undo' = 'bulk', undoneBy?: string) =>
      entry(id, kind, name, { batchId, source, ...(undoneBy ? { undoneBy } : {}) });
    const { list } = await openHistory([
      bulk('u1', 'restore', 'Leads', 'undo-1', 'undo'),
      bulk('u2', 'restore', 'Budget', 'undo-1', 'undo'),
      bulk('t1', 'remove', 'Leads', 'trash-1', 'bulk', 'u1'),
      bulk('t2', 'remove', 'Budget', 'trash-1', 'bulk', 'u2'),
      bulk('x1', 'remove', 'Plan (copy)', 'undo-2', 'undo'),
      bulk('c1', 'copy', 'Plan (copy)', 'copy-1', 'bulk', 'x1'),
      bulk('m1', 'move', 'Plan', 'move-1'),
      bulk('m2', 'move', 'Notes', 'move-1'),
    ]);
    expect([...list.querySelectorAll('.history-batch p')].map((heading) => heading.textContent)).toEqual([
      'Undo of a bulk move to trash: 2 documents',
      'Bulk move to trash of 2 documents',
      'Undo of a bulk copy: 1 document',
      'Bulk copy of 1 document',
      'Bulk move of 2 documents',
    ]);
    const trashed = within(list).getAllByRole('listitem').find((item) => item.querySelector('.history-names')?.textContent === 'Leads moved to trash from Acme › Sales');
    expect(trashed?.querySelector('.history-meta')?.textContent).toBe('3 minutes ago · in bulk');
  });

  test('the undo of the undo of a bulk move to trash is not called the undo of a copy: it names no kind', async () => {
    const batch = (ids: [string, string], kind: 'remove' | 'restore', batchId: string, source: 'bulk' | 'undo', undoneBy?: [string, string]) =>
      ids.map((id, index) => entry(id, kind, ['Leads', 'Budget'][index]!, { batchId, source, ...(undoneBy ? { undoneBy: undoneBy[index] } : {}) }));
    const { list } = await openHistory([
      ...batch(['r1', 'r2'], 'remove', 'undo-2', 'undo'),
      ...batch(['u1', 'u2'], 'restore', 'undo-1', 'undo', ['r1', 'r2']),
      ...batch(['t1', 't2'], 'remove', 'trash-1', 'bulk', ['u1', 'u2']),
      // An undo's removals whose undone changes the log no longer keeps: a copy's undo, or an undo's?
      entry('y1', 'remove', 'Notes', { batchId: 'undo-3', source: 'undo' }),
    ]);
    expect([...list.querySelectorAll('.history-batch p')].map((heading) => heading.textContent)).toEqual([
      'Undo of a bulk change: 2 documents',
      'Undo of a bulk move to trash: 2 documents',
      'Bulk move to trash of 2 documents',
      'Undo of a bulk change: 1 document',
    ]);
  });

  test('undoing a bulk move to trash says how many came back from the trash', async () => {
    const bulk = (id: string, name: string) => entry(id, 'remove', name, { batchId: 'trash-1', source: 'bulk' });
    const { popup, list } = await openHistory([bulk('t1', 'Leads'), bulk('t2', 'Budget')]);
    popup.backend.undoBatch.mockResolvedValue({
      ok: true,
      value: [
        { docId: 'Leads000000000000', oldName: 'Leads', newName: 'Leads', outcome: 'restored' },
        { docId: 'Budget00000000000', oldName: 'Budget', newName: 'Budget', outcome: 'failed', message: 'Gone.' },
      ],
    });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo this batch of 2 documents' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Restored 1 of 2 documents from the trash.')).toBeTruthy();
  });

  test('an entry’s undo says what it came to in its kind’s words', async () => {
    const { popup, list } = await openHistory([entry('e1', 'remove', 'Leads')]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Leads', entryId: 'e2' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo moving “Leads” to trash' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Restored “\u2068Leads\u2069” from the trash.')).toBeTruthy();
  });

  test('an undo’s entry says plainly that it undid an earlier change; an empty history speaks of changes', async () => {
    const { list } = await openHistory([entry('e2', 'restore', 'Leads', { source: 'undo' })]);
    expect(list.querySelector('.history-meta')?.textContent).toBe('3 minutes ago · as the undo of an earlier change');
    cleanup();
    await openHistory([]);
    expect(await screen.findByText('No changes yet. The changes you make here (renames, moves, trash, copies…) are listed, newest first, and most can be undone.')).toBeTruthy();
  });
});

describe('leaving the History and the Trash (issue 41)', () => {
  /** Opens the view of header button `name`, its content read. Out: the button. */
  async function openView(name: 'History' | 'Trash') {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
    popup.backend.readTrash.mockResolvedValue({ ok: true, value: [] });
    const opener = screen.getByRole('button', { name });
    await act(async () => {
      fireEvent.click(opener);
      opener.focus(); // as a click would
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('heading', { name })).toBeTruthy();
    return opener;
  }
  const listShown = () => screen.queryByRole('link', { name: 'Open Budget' }) !== null;

  test.each(['History', 'Trash'] as const)('Escape leaves the %s for the list, the focus on the button that opened it; the popup stays open', async (name) => {
    const opener = await openView(name);
    expect(listShown()).toBe(false);
    // Handled (its default prevented): Chrome would close the popup.
    expect(fireEvent.keyDown(opener, { key: 'Escape' })).toBe(false);
    expect(listShown()).toBe(true);
    expect(screen.queryByRole('heading', { name })).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-pressed')).toBe('false');
  });

  test.each(['History', 'Trash'] as const)('the %s has a visible Back to documents button, which leaves it the same way', async (name) => {
    const opener = await openView(name);
    const back = within(screen.getByRole('region', { name })).getByRole('button', { name: 'Back to documents' });
    fireEvent.click(back);
    expect(listShown()).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  test('Escape in the search box clears a search first; the next one leaves the Trash', async () => {
    const opener = await openView('Trash');
    const search = searchBox();
    type(search, 'plan');
    expect(fireEvent.keyDown(search, { key: 'Escape' })).toBe(false);
    expect(search.value).toBe('');
    expect(screen.getByRole('heading', { name: 'Trash' })).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(listShown()).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  test('Escape in the Clear history question keeps the history, and the History stays shown', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [{ id: 'e1', at: Date.now(), kind: 'rename', target: 'document', site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' }, workspace: { id: 20, name: 'Sales' }, docId: 'acmeForecast000000000', oldName: 'Forecast', newName: 'Forecast 2027', source: 'popup', cannotUndo: null }] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'History' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' })));
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Clear' }), { key: 'Escape' })).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear history' })));
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    expect(popup.backend.clearChangeLog).not.toHaveBeenCalled();
  });

  test('the History has no search box: it has no documents to search', async () => {
    await openView('History');
    expect(screen.queryByRole('searchbox', { name: 'Search documents' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    expect(searchBox()).toBeTruthy();
  });
});

// --- Workspaces -----------------------------------------------------------------------------------

describe('renaming a workspace (issue 15)', () => {
  /** Acme with its Sales workspace owned by the user, and a Support workspace it only edits. */
  function ownedWorkspaces(): Listing {
    const acme = acmeSite();
    return {
      fetchedAt: 2,
      sites: [
        personalSite([BUDGET]),
        { ...acme, workspaces: [{ ...acme.workspaces[0]!, access: 'owners' }, { id: 21, name: 'Support', access: 'editors', documents: [doc('acmeTickets000000000', 'Tickets')] }] },
      ],
    };
  }

  test('only an owned workspace offers Rename workspace; the heading becomes its field, Enter saves in one request and shows the name at once', async () => {
    const popup = await setup({ refresh: { ok: true, value: ownedWorkspaces() } });
    expect(screen.queryByRole('button', { name: 'Rename workspace Support' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename workspace Sales' }));
    const field = screen.getByRole('textbox', { name: 'New workspace name for Sales' }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('Sales');
    const reply = deferred<Reply<'renameWorkspace'>>();
    popup.backend.renameWorkspace.mockReturnValue(reply.promise);
    fireEvent.input(field, { target: { value: '  Sales & Partners ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(popup.backend.renameWorkspace).toHaveBeenCalledExactlyOnceWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', workspaceId: 20, name: 'Sales & Partners' });
    // Shown before Grist answers.
    expect(screen.getByRole('heading', { name: 'Sales & Partners', level: 3 })).toBeTruthy();
    await act(async () => {
      reply.resolve({ ok: true, value: { name: 'Sales & Partners', entryId: 'entry-ws' } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('heading', { name: 'Sales & Partners', level: 3 })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename workspace Sales & Partners' })));
    // Its Undo, as for a document: the history entry's key is the workspace's.
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Sales', entryId: 'entry-undo' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo rename of Sales & Partners' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledWith({ entryId: 'entry-ws', docId: 'workspace:20', force: false });
    expect(screen.getByRole('heading', { name: 'Sales', level: 3 })).toBeTruthy();
  });

  test('the same checks as a document: empty is refused without a request; Escape cancels; Grist’s refusal goes back to the field', async () => {
    const popup = await setup({ refresh: { ok: true, value: ownedWorkspaces() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename workspace Sales' }));
    const field = () => screen.getByRole('textbox', { name: 'New workspace name for Sales' }) as HTMLInputElement;
    fireEvent.input(field(), { target: { value: '   ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(popup.backend.renameWorkspace).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/name/i);
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'New workspace name for Sales' })).toBeNull();

    popup.backend.renameWorkspace.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only owners can rename a workspace in Grist, and you are not an owner of “Sales”.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename workspace Sales' }));
    fireEvent.input(field(), { target: { value: 'Nope' } });
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Enter' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(field().value).toBe('Nope');
    expect(screen.getByRole('alert').textContent).toMatch(/Only owners can rename a workspace/);
  });
});

// --- At scale -------------------------------------------------------------------------------------

describe('a listing of 20,000 documents', () => {
  const SITES = 50;
  const WORKSPACES_PER_SITE = 2;
  const DOCUMENTS_PER_WORKSPACE = 200;
  /** Far down the list: in the next-to-last site. */
  const NEEDLE = doc('needleDoc00000000000', 'Haystack needle', { updatedAt: '2020-01-01T00:00:00.000Z' });

  /** Documents named "Doc <site>.<workspace>.<n>", listed in order of n (newest first). */
  function bigListing(): Listing {
    const sites: SiteEntry[] = [];
    for (let siteNumber = 1; siteNumber <= SITES; siteNumber++) {
      const workspaces = [];
      for (let workspaceNumber = 1; workspaceNumber <= WORKSPACES_PER_SITE; workspaceNumber++) {
        const documents: DocumentEntry[] = [];
        for (let index = 0; index < DOCUMENTS_PER_WORKSPACE; index++) {
          documents.push(
            doc(`d${siteNumber}x${workspaceNumber}x${String(index).padStart(3, '0')}`.padEnd(22, '0'), `Doc ${siteNumber}.${workspaceNumber}.${index}`, {
              updatedAt: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString(),
            }),
          );
        }
        workspaces.push({ id: siteNumber * 10 + workspaceNumber, name: `Workspace ${siteNumber}.${workspaceNumber}`, documents });
      }
      sites.push({
        account: 'a1',
        orgId: siteNumber,
        name: `Site ${siteNumber}`,
        domain: `site${siteNumber}`,
        personal: false,
        siteUrl: `https://site${siteNumber}.getgrist.com`,
        workspaces,
      });
    }
    sites[SITES - 2]!.workspaces[1]!.documents[DOCUMENTS_PER_WORKSPACE - 1] = NEEDLE;
    return { fetchedAt: 2, sites };
  }

  /** The height the popup gives the list; jsdom has no layout, so every element reports it. */
  const VIEWPORT_HEIGHT = 450;

  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT_HEIGHT);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function results(): HTMLElement {
    return document.querySelector<HTMLElement>('.results')!;
  }

  function renderedNames(): string[] {
    return screen.queryAllByRole('link').map((link) => link.textContent ?? '');
  }

  /** The height of the rows not rendered: how far the list scrolls past those it shows. */
  function leftOut(): number {
    return [...results().querySelectorAll<HTMLElement>('.gap')].reduce((sum, gap) => sum + parseFloat(gap.style.height), 0);
  }

  /** Scrolls the list as a user would, and lets the frame that re-slices it run. */
  async function scrollTo(top: number): Promise<void> {
    await act(async () => {
      results().scrollTop = top;
      fireEvent.scroll(results());
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    });
  }

  test('renders only the rows near the viewport, in a list as tall as all of them', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });

    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(200);
    expect(renderedNames().slice(0, 3)).toEqual(['Doc 1.1.0', 'Doc 1.1.1', 'Doc 1.1.2']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Site 1']);
    expect(screen.getByRole('region', { name: 'Site 1' })).toBeTruthy();
    // The spacer below stands for every row not rendered: the scrollbar is the full list's.
    const spacers = [...results().querySelectorAll<HTMLElement>('.gap')];
    const documentRows = SITES * WORKSPACES_PER_SITE * DOCUMENTS_PER_WORKSPACE;
    expect(spacers.reduce((sum, spacer) => sum + parseFloat(spacer.style.height), 0)).toBeGreaterThan((documentRows - items.length) * 30);
  });

  test('scrolling renders the rows that come into view and drops those that leave it', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });

    // Each site is 34 + 2 × (28 + 200 × 30) = 12,090 px tall: 300,000 px is deep in site 25.
    await scrollTo(300_000);
    const names = renderedNames();
    expect(names).not.toContain('Doc 1.1.0');
    expect(names.length).toBeLessThan(200);
    expect(names.every((name) => name.startsWith('Doc 25.'))).toBe(true);
    // Its heading is far above, but the rows are still in a region named after the site.
    expect(screen.queryByRole('heading', { level: 2, name: 'Site 25' })).toBeNull();
    const site = screen.getByRole('region', { name: 'Site 25' });
    expect(within(site).getAllByRole('listitem')).toHaveLength(names.length);

    await scrollTo(0);
    expect(renderedNames().slice(0, 2)).toEqual(['Doc 1.1.0', 'Doc 1.1.1']);
    expect(screen.queryByRole('region', { name: 'Site 25' })).toBeNull();
  });

  test('search finds matches anywhere in the listing, far beyond the first screen', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    expect(screen.queryByRole('link', { name: 'Open Haystack needle' })).toBeNull();

    type(searchBox(), 'NEEDLE');
    expect(renderedNames()).toEqual(['Haystack needle']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([`Site ${SITES - 1}`]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([`Workspace ${SITES - 1}.2`]);

    // A search matching a few hundred documents across every site renders only its first screens.
    type(searchBox(), '.199');
    expect(renderedNames()[0]).toBe('Doc 1.1.199');
    expect(screen.getAllByRole('listitem').length).toBeLessThan(SITES * WORKSPACES_PER_SITE);
    type(searchBox(), '');
    expect(renderedNames()[0]).toBe('Doc 1.1.0');
  });

  /** Lets the frame after a keystroke be painted, and what the popup does once it is. */
  async function afterPaint(): Promise<void> {
    await act(async () => {
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    });
  }

  // jsdom lays nothing out: the list's viewport is then its default, Chrome's 600 px popup
  // (results-list.tsx). The rows a keystroke shows first are those in it: at most this many.
  const IN_VIEW = Math.ceil(600 / 30) + 1;

  test('a keystroke that changes the results renders the rows in view; those beyond follow once they are painted', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });

    type(searchBox(), '.17');
    expect(renderedNames()[0]).toBe('Doc 1.1.17');
    expect(renderedNames().length).toBeLessThanOrEqual(IN_VIEW);
    // The next keystroke comes before the frame: still only what is in view, now of its results.
    type(searchBox(), '.1');
    const inView = renderedNames();
    expect(inView.slice(0, 2)).toEqual(['Doc 1.1.0', 'Doc 1.1.1']);
    // The 600 px viewport is filled: "Doc 1.1.17" ends at 34 + 28 + 18 × 30 = 602 px.
    expect(inView).toContain('Doc 1.1.17');
    expect(inView).not.toContain('Doc 1.1.18');

    await afterPaint();
    expect(renderedNames().slice(0, 2)).toEqual(['Doc 1.1.0', 'Doc 1.1.1']);
    // Rows below the viewport, ready for scrolling (OVERSCAN, listing-rows.ts).
    expect(renderedNames().length).toBeGreaterThan(IN_VIEW + 15);
  });

  test('a keystroke’s results past its first screen come once it is painted: until then the list reaches no further', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), '.1');
    expect(leftOut()).toBeGreaterThan(0);
    expect(leftOut()).toBeLessThan(FIRST_SCREEN_ROWS * 30);
    await afterPaint();
    // Every site’s "Doc N.1.…" alone: 50 × 200 rows of 30 px.
    expect(leftOut()).toBeGreaterThan(300_000);
  });

  test('a list shown again before its first screen was painted asks for the rest of the results', async () => {
    const popup = await setup({ refresh: { ok: true, value: bigListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
    type(searchBox(), '.1');
    // The history in the list's place, at once, and back: the list is drawn anew, whole.
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(document.querySelector('.results')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await act(async () => {});
    expect(leftOut()).toBeGreaterThan(300_000);
  });

  test('the documents a keystroke brings show their buttons and their time’s tooltip once painted; those it keeps have them all along', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    // Shown before the search, buttons and all: "Doc 1.1.17" (in view), not "Doc 1.1.170" (far below).
    type(searchBox(), '.17');
    expect(renderedNames().slice(0, 2)).toEqual(['Doc 1.1.17', 'Doc 1.1.170']);
    expect(screen.getByRole('button', { name: 'Rename Doc 1.1.17' })).toBeTruthy();
    const brought = screen.getByRole('link', { name: 'Open Doc 1.1.170' }).closest('li')!;
    expect(within(brought).queryAllByRole('button')).toEqual([]);
    expect(brought.querySelector('time')!.hasAttribute('title')).toBe(false);
    // Their room is kept: three buttons for an owner (popup.css).
    expect(brought.className).toBe('document bare-3');

    await afterPaint();
    expect(screen.getByRole('link', { name: 'Open Doc 1.1.170' }).closest('li')).toBe(brought);
    expect(within(brought).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Rename Doc 1.1.170',
      'Move Doc 1.1.170',
      'More actions for Doc 1.1.170',
    ]);
    expect(brought.className).toBe('document');
    expect(brought.querySelector('time')!.title).toMatch(/^Changed /);
  });

  test('a list the results left short keeps its tallest height: the keystroke that fills it again renders the rows of that height', async () => {
    const reports: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          reports.push(report);
        }
        observe(): void {}
        disconnect(): void {}
      },
    );
    let height = VIEWPORT_HEIGHT;
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => height);
    /** The browser lays the page out and tells the list its height. */
    const laidOut = (next: number) => {
      height = next;
      act(() => reports.forEach((report) => report()));
    };
    try {
      await setup({ refresh: { ok: true, value: bigListing() } });
      laidOut(VIEWPORT_HEIGHT);
      type(searchBox(), 'zzz');
      // No results: the popup shrinks the list to its padding.
      laidOut(12);
      type(searchBox(), '.1');
      // 450 px: "Doc 1.1.12" spans 34 + 28 + 12 × 30 = 422 to 452 px.
      expect(renderedNames()).toEqual(Array.from({ length: 13 }, (_, index) => `Doc 1.1.${index}`));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('a keystroke back to the query last shown whole, before the rows beyond came, renders only the rows in view', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), '.1');
    await afterPaint();
    expect(renderedNames().length).toBeGreaterThan(IN_VIEW + 15);

    // Typing on and back, one keystroke a frame: each changes the results.
    type(searchBox(), '.17');
    type(searchBox(), '.1');
    expect(renderedNames()[0]).toBe('Doc 1.1.0');
    expect(renderedNames().length).toBeLessThanOrEqual(IN_VIEW);
    await afterPaint();
    expect(renderedNames().length).toBeGreaterThan(IN_VIEW + 15);
  });

  test('scrolled before the rows beyond the viewport came, the list shows every row in view, and those beyond', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), '.1');
    expect(renderedNames()).not.toContain('Doc 1.1.25');
    // Rows 390 to 990 px are in view; "Doc 1.1.30" spans 62 + 30 × 30 = 962 to 992 px.
    await scrollTo(390);
    expect(renderedNames()).toContain('Doc 1.1.30');
    // And below the viewport, ready for more scrolling.
    expect(renderedNames()).toContain('Doc 1.1.45');
  });

  test('a keystroke that keeps the results re-renders no row in view: only the marks move', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), 'do');
    await afterPaint();
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(IN_VIEW);
    expect(items[0]!.querySelector('mark')?.textContent).toBe('Do');

    // Every name that holds "do" holds "doc": the rows in view are the same elements. The
    // keystroke's results are their first screen (store.ts): the rows beyond the viewport come
    // back after the frame, as after any keystroke that changes the rows.
    type(searchBox(), 'doc');
    const inView = screen.getAllByRole('listitem');
    expect(inView.length).toBeLessThanOrEqual(IN_VIEW);
    inView.forEach((item, index) => expect(item).toBe(items[index]));
    expect(items[0]!.querySelector('mark')?.textContent).toBe('Doc');
    await afterPaint();
    expect(screen.getAllByRole('listitem')).toHaveLength(items.length);
  });

  test('a rename keeps the rows beyond the viewport rendered, after a search too', async () => {
    const popup = await setup({ refresh: { ok: true, value: bigListing() } });
    // A search whose last keystroke kept the results: what a rename is then compared with.
    type(searchBox(), 'do');
    await afterPaint();
    type(searchBox(), 'doc');
    await afterPaint();
    // Below the viewport (and below where the taller field pushes the last rows out).
    const below = screen.getAllByRole('listitem')[IN_VIEW + 5]!;
    fireEvent.click(screen.getByRole('button', { name: 'Rename Doc 1.1.2' }));
    const input = screen.getByRole('textbox', { name: 'New name for Doc 1.1.2' });
    type(input, 'Doc renamed');
    fireEvent.keyDown(input, { key: 'Enter' });
    await popup.answerRename({ ok: true, value: { name: 'Doc renamed', entryId: 'entry-1' } });
    expect(screen.getByRole('link', { name: 'Open Doc renamed' })).toBeTruthy();
    expect(below.isConnected).toBe(true);
  });

  test('a search starts at the top of its results', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    await scrollTo(300_000);
    type(searchBox(), 'doc 1.');
    expect(results().scrollTop).toBe(0);
    expect(renderedNames()[0]).toBe('Doc 1.1.0');
  });

  test('the arrow keys reach documents that were not rendered yet, scrolling them into view', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    const links = screen.getAllByRole('link');
    const last = links[links.length - 1]!;
    const [, , lastIndex] = last.textContent!.replace('Doc ', '').split('.').map(Number);
    const next = `Doc 1.1.${lastIndex! + 1}`;
    expect(screen.queryByRole('link', { name: `Open ${next}` })).toBeNull();

    last.focus();
    await act(async () => {
      fireEvent.keyDown(last, { key: 'ArrowDown' });
    });
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute('aria-label')).toBe(`Open ${next}`);
    expect(results().scrollTop).toBeGreaterThan(0);

    // Up from the first rendered document of a later screen, to one above the rendered rows.
    await scrollTo(300_000);
    const first = screen.getAllByRole('link')[0]!;
    const [siteNumber, workspaceNumber, index] = first.textContent!.replace('Doc ', '').split('.').map(Number);
    first.focus();
    await act(async () => {
      fireEvent.keyDown(first, { key: 'ArrowUp' });
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`Open Doc ${siteNumber}.${workspaceNumber}.${index! - 1}`);
  });

  test('the row holding focus stays rendered, and focused, while the list scrolls far away and back', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    const link = screen.getByRole('link', { name: 'Open Doc 1.1.3' });
    link.focus();

    await scrollTo(300_000);
    expect(document.activeElement).toBe(link);
    expect(link.isConnected).toBe(true);
    // Still in its own site's region, which holds nothing else of that site.
    expect(within(screen.getByRole('region', { name: 'Site 1' })).getAllByRole('link')).toEqual([link]);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(200);

    await scrollTo(0);
    expect(document.activeElement).toBe(link);
    expect(screen.getByRole('link', { name: 'Open Doc 1.1.3' })).toBe(link);
  });

  test('a rename in progress survives its row scrolling out of view and back', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Doc 1.1.2' }));
    type(screen.getByRole('textbox', { name: 'New name for Doc 1.1.2' }), 'Doc renamed');
    // Focus elsewhere, so nothing keeps the row rendered.
    searchBox().focus();

    await scrollTo(300_000);
    expect(screen.queryByRole('textbox', { name: 'New name for Doc 1.1.2' })).toBeNull();

    await scrollTo(0);
    const input = screen.getByRole('textbox', { name: 'New name for Doc 1.1.2' }) as HTMLInputElement;
    expect(input.value).toBe('Doc renamed');
    // Rows below the field make room for it: the next document still follows it.
    expect(renderedNames().slice(0, 3)).toEqual(['Doc 1.1.0', 'Doc 1.1.1', 'Doc 1.1.3']);
  });
});

describe('moving a document (issue 18)', () => {
  /** Personal: Home (Budget, Résumé, Notes) and Archive; Acme: Sales, where the user edits; Acme's Board is read only. */
  function movableListing(): Listing {
    const personal = personalSite([BUDGET, RESUME, NOTES]);
    personal.workspaces = [{ ...personal.workspaces[0]!, access: 'owners' }, { id: 11, name: 'Archive', access: 'owners', documents: [] }];
    const acme = acmeSite();
    acme.workspaces = [{ ...acme.workspaces[0]!, access: 'editors' }, { id: 21, name: 'Board', access: 'viewers', documents: [] }];
    return { fetchedAt: 2, sites: [personal, acme] };
  }

  /** The workspace heading a document's link is listed under. */
  function workspaceOf(documentName: string): string | undefined {
    let heading: string | undefined;
    for (const element of document.querySelectorAll('h3, a.document-link')) {
      if (element.tagName === 'H3') heading = element.textContent ?? '';
      else if (element.getAttribute('aria-label') === `Open ${documentName}`) return heading;
    }
    return undefined;
  }

  /** Runs a user action, then lets the promises it started settle. */
  async function actAndSettle(action: () => unknown): Promise<void> {
    await act(async () => {
      action();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  /** Clicks the status line's Undo of the move of Budget, once it is there. */
  async function clickUndoMove(): Promise<void> {
    const undo = await screen.findByRole('button', { name: 'Undo move of Budget' });
    await actAndSettle(() => fireEvent.click(undo));
  }

  async function openPicker() {
    const popup = await setup({ refresh: { ok: true, value: movableListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Move Budget' }));
    const list = await screen.findByRole('listbox', { name: 'Destination for Budget' });
    return { popup, list, filter: screen.getByRole('combobox', { name: 'Filter workspaces' }) };
  }

  const moved = (to: { orgId: number; name: string; url: string }, workspace: { id: number; name: string }, entryId: string | null = 'move-1') => ({
    ok: true as const,
    value: { to: { site: to, workspace }, entryId },
  });
  const PERSONAL = { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' };
  const ACME = { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' };

  test('only owned documents offer Move; the picker lists where documents may go, its filter focused', async () => {
    const { list, filter } = await openPicker();
    expect(screen.queryByRole('button', { name: 'Move Shared notes' })).toBeNull();
    expect(within(list).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Archive — Personal', 'Sales — Acme']);
    expect(document.activeElement).toBe(filter);
  });

  test('keyboard only: Enter moves it, the row shows under its new workspace at once with Undo, and Undo puts it back', async () => {
    const { popup, filter } = await openPicker();
    popup.backend.moveDocument.mockResolvedValue(moved(PERSONAL, { id: 11, name: 'Archive' }));
    type(filter, 'arch');
    await actAndSettle(() => fireEvent.keyDown(filter, { key: 'Enter' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Moved “\u2068Budget\u2069” to Personal › Archive.'));
    expect(popup.backend.moveDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, to: { orgId: 1, workspaceId: 11 } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(workspaceOf('Budget')).toBe('Archive');
    // The focus follows the document to its new place.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open Budget' })));

    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'undo-1' } });
    await clickUndoMove();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Moved “\u2068Budget\u2069” back to Personal › Home.'));
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'move-1', docId: BUDGET.id, force: false });
    expect(workspaceOf('Budget')).toBe('Home');
  });

  test('another site asks first; Move anyway moves it there, reached by its id; its undo says the old links stay broken', async () => {
    const { popup, filter } = await openPicker();
    popup.backend.moveDocument.mockResolvedValue(moved(ACME, { id: 20, name: 'Sales' }));
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(popup.backend.moveDocument).not.toHaveBeenCalled();
    expect(screen.getByText('Moving to Acme gives “\u2068Budget\u2069” a new address: links to it stop working, and moving it back will not restore them.')).toBeTruthy();
    await actAndSettle(() => fireEvent.click(screen.getByRole('button', { name: 'Move anyway' })));
    await waitFor(() => expect(workspaceOf('Budget')).toBe('Sales'));
    expect(popup.backend.moveDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, to: { orgId: 2, workspaceId: 20 } });
    const link = screen.getByRole('link', { name: 'Open Budget' });
    expect(link.closest('section')?.getAttribute('aria-label')).toBe('Acme');
    // Grist dropped its urlId: it is reached by its id.
    expect(link.getAttribute('href')).toContain(`https://acme.getgrist.com/doc/${BUDGET.id}`);

    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'undo-1' } });
    await clickUndoMove();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Its links from before the first move stay broken.'));
    expect(popup.backend.undoChange).toHaveBeenCalledWith({ entryId: 'move-1', docId: BUDGET.id, force: false });
    expect(workspaceOf('Budget')).toBe('Home');
  });

  test('a move whose document was renamed since is not undone: its name now is said, with Move back anyway', async () => {
    const { popup, filter } = await openPicker();
    popup.backend.moveDocument.mockResolvedValue(moved(PERSONAL, { id: 11, name: 'Archive' }));
    type(filter, 'arch');
    await actAndSettle(() => fireEvent.keyDown(filter, { key: 'Enter' }));
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'changed-elsewhere', current: 'Budget v2', renamed: true } });
    await clickUndoMove();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('“\u2068Budget\u2069” was renamed elsewhere since: it is now “\u2068Budget v2\u2069”.'));
    expect(workspaceOf('Budget')).toBe('Archive');
    expect(screen.getByRole('button', { name: 'Move “\u2068Budget\u2069” back anyway' })).toBeTruthy();
  });

  test('a move undone in the rename history puts the row back where it was, at once', async () => {
    const listing = movableListing();
    const home = listing.sites[0]!.workspaces[0]!;
    listing.sites[0]!.workspaces = [{ ...home, documents: home.documents.filter((entry) => entry.id !== BUDGET.id) }, { ...listing.sites[0]!.workspaces[1]!, documents: [BUDGET] }];
    const popup = await setup({ refresh: { ok: true, value: listing } });
    expect(workspaceOf('Budget')).toBe('Archive');
    popup.backend.readChangeLog.mockResolvedValue({
      ok: true,
      value: [
        {
          kind: 'move',
          id: 'move-1',
          at: Date.now(),
          site: PERSONAL,
          workspace: { id: 10, name: 'Home' },
          to: { site: PERSONAL, workspace: { id: 11, name: 'Archive' } },
          docId: BUDGET.id,
          oldName: 'Budget',
          newName: 'Budget',
          source: 'popup',
          cannotUndo: null,
        },
      ],
    });
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'undo-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const undo = await screen.findByRole('button', { name: 'Undo move of Budget' });
    await actAndSettle(() => fireEvent.click(undo));
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'move-1', docId: BUDGET.id, force: false });
    expect(await screen.findByText('Moved “\u2068Budget\u2069” back to Personal › Home.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await waitFor(() => expect(workspaceOf('Budget')).toBe('Home'));
  });

  test('a document Grist no longer has leaves the list, with the reason, and the focus goes to the search box', async () => {
    const { popup, filter } = await openPicker();
    const message = '“Budget” no longer exists on docs.getgrist.com. It was removed from the list.';
    popup.backend.moveDocument.mockResolvedValue({ ok: false, error: { kind: 'not-found', status: 404, message } });
    await actAndSettle(() => fireEvent.keyDown(filter, { key: 'Enter' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(message));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(searchBox()));
  });

  test('a refusal stays in the picker in Grist’s words; Escape closes it and focus goes back to Move', async () => {
    const { popup, filter } = await openPicker();
    const message = 'Acme did not accept the document: No more documents permitted (limit 10).';
    popup.backend.moveDocument.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message } });
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    await actAndSettle(() => fireEvent.click(screen.getByRole('button', { name: 'Move anyway' })));
    await waitFor(() => expect(popup.backend.moveDocument).toHaveBeenCalled());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(workspaceOf('Budget')).toBe(undefined); // the row is the picker still
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Filter workspaces' }), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(workspaceOf('Budget')).toBe('Home');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Budget' })));
    // The search box's Escape did not clear anything either.
    expect(searchBox().value).toBe('');
  });
});

describe('several Grist accounts (issue 19)', () => {
  const EDITH = { id: 'a1', user: { name: 'Edith Editor', email: 'edith@example.com' }, server: 'docs.getgrist.com' };
  const OWEN = { id: 'a2', user: { name: 'Owen Owner', email: 'owen@example.com' }, server: 'docs.getgrist.com' };
  const FORECAST = doc('acmeForecast000000000', 'Forecast');

  /** Two users of one server, both members of Acme: Edith edits its Forecast, Owen owns it. */
  function twoAccounts(): Listing {
    return {
      fetchedAt: 2,
      accounts: [EDITH, OWEN],
      sites: [
        personalSite([BUDGET]),
        acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [{ ...FORECAST, access: 'editors' }] }] }),
        acmeSite({ account: 'a2', workspaces: [{ id: 20, name: 'Sales', documents: [FORECAST] }, { id: 21, name: 'Archive', documents: [] }] }),
      ],
    };
  }

  /** A heading's text without the Unicode isolates around the names it quotes (plain-text-name.ts). */
  const headingTexts = (level: number) => screen.queryAllByRole('heading', { level }).map((heading) => heading.textContent!.replace(/[\u2068\u2069]/g, ''));

  /** The account headings load with the popup's parts on demand: they are there once these are. */
  async function setupAccounts(listing: Listing) {
    const popup = await setup({ refresh: { ok: true, value: listing } });
    await waitFor(() => expect(headingTexts(2)).toHaveLength(listing.accounts!.length));
    return popup;
  }

  test('each account’s sites are under a heading with its name, email and server; sites h3, workspaces h4', async () => {
    await setupAccounts(twoAccounts());
    expect(headingTexts(2)).toEqual(['Edith Editor (edith@example.com) — docs.getgrist.com', 'Owen Owner (owen@example.com) — docs.getgrist.com']);
    expect(headingTexts(3)).toEqual(['Personal', 'Acme', 'Acme']);
    expect(headingTexts(4)).toEqual(['Home', 'Sales', 'Sales', 'Archive']);
    // The same site of both accounts is two regions, each with its own document row.
    expect(screen.getAllByRole('region', { name: 'Acme' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Open Forecast' })).toHaveLength(2);
  });

  test('an account whose user is not known yet is named by its number and server', async () => {
    await setupAccounts({ ...twoAccounts(), accounts: [EDITH, { ...OWEN, user: null, server: 'grist.example.org' }] });
    expect(headingTexts(2)).toEqual(['Edith Editor (edith@example.com) — docs.getgrist.com', 'Account 2 — grist.example.org']);
  });

  test('names from a profile are text, never markup', async () => {
    await setupAccounts({ ...twoAccounts(), accounts: [{ ...EDITH, user: { name: '<img src=x onerror=alert(1)>', email: 'e@example.com' } }, OWEN] });
    expect(headingTexts(2)[0]).toBe('<img src=x onerror=alert(1)> (e@example.com) — docs.getgrist.com');
    expect(document.querySelector('img')).toBeNull();
  });

  test('a failing account shows its error under its own heading while the other lists', async () => {
    const message = 'The API key was refused. Create a new one in Grist: Profile settings -> API.';
    const listing = { ...twoAccounts(), accounts: [EDITH, { ...OWEN, error: { kind: 'auth' as const, message } }] };
    listing.sites = listing.sites.slice(0, 2);
    await setupAccounts(listing);
    const owenHeading = screen.getByRole('heading', { level: 2, name: /Owen Owner/ });
    const errorRow = owenHeading.parentElement!.nextElementSibling as HTMLElement;
    expect(within(errorRow).getByText(message)).toBeTruthy();
    // A refused key is fixed in the options.
    expect(within(errorRow).getByRole('button', { name: 'Open options' })).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
  });

  test('search finds documents across accounts, each under its account’s heading, and finds an account by its user', async () => {
    await setupAccounts(twoAccounts());
    type(searchBox(), 'forecast');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Open Forecast' })).toHaveLength(2));
    expect(headingTexts(2)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();

    type(searchBox(), 'budget');
    expect(headingTexts(2)).toEqual(['Edith Editor (edith@example.com) — docs.getgrist.com']);

    type(searchBox(), 'owen');
    expect(headingTexts(2)).toEqual(['Owen Owner (owen@example.com) — docs.getgrist.com']);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forecast']);
  });

  test('the same document under two accounts: each row has its own access and rename state, and the new name shows in both', async () => {
    const popup = await setupAccounts(twoAccounts());
    // Only Owen owns it: one Rename button, on his row.
    const [edithRow, owenRow] = screen.getAllByRole('link', { name: 'Open Forecast' }).map((link) => link.closest('li')!);
    expect(within(edithRow!).queryByRole('button', { name: 'Rename Forecast' })).toBeNull();
    fireEvent.click(within(owenRow!).getByRole('button', { name: 'Rename Forecast' }));

    const field = screen.getByRole('textbox', { name: 'New name for Forecast' }) as HTMLInputElement;
    expect(screen.getAllByRole('textbox', { name: 'New name for Forecast' })).toHaveLength(1);
    // Edith's row stays a link while Owen's is a field.
    expect(screen.getAllByRole('link', { name: 'Open Forecast' })).toHaveLength(1);
    type(field, 'Forecast 2026');
    fireEvent.keyDown(field, { key: 'Enter' });
    // The worker picks the account (the first owner): the request names none.
    expect(popup.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: FORECAST.id, name: 'Forecast 2026' });
    await popup.answerRename({ ok: true, value: { name: 'Forecast 2026', entryId: 'entry-1' } });
    // Grist's name is every user's: both rows show it.
    expect(screen.getAllByRole('link', { name: 'Open Forecast 2026' })).toHaveLength(2);
  });

  test('a move offers only the workspaces of the row’s own account', async () => {
    const listing = twoAccounts();
    // Edith also lists a Globex site of the same server, which Owen cannot reach.
    listing.sites.splice(2, 0, { ...acmeSite(), orgId: 3, name: 'Globex', domain: 'globex', siteUrl: 'https://globex.getgrist.com', workspaces: [{ id: 30, name: 'Clients', access: 'owners', documents: [] }] });
    listing.sites[3]!.workspaces[1]!.access = 'owners';
    await setupAccounts(listing);
    const owenRow = screen.getAllByRole('link', { name: 'Open Forecast' })[1]!.closest('li')!;
    fireEvent.click(within(owenRow).getByRole('button', { name: 'Move Forecast' }));
    const picker = await screen.findByRole('listbox', { name: 'Destination for Forecast' });
    expect(within(picker).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Archive — Acme']);
  });
});
