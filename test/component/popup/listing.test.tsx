// @vitest-environment jsdom
/**
 * The popup's listing as a user meets it: the cached listing at once, then the fresh one, names from
 * Grist shown as text, and the Bulk changes button. Rendered with a fake backend, checked through
 * roles, accessible names and visible text.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { setupPopupTests, personalSite, freshListing, setup, listedNames, type } from './popup-setup.tsx';

setupPopupTests();

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

test('the title bar menu’s Bulk changes opens the Bulk changes page, and says what it holds', async () => {
  const popup = await setup({ cached: freshListing() });
  fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
  const item = screen.getByRole('menuitem', { name: 'Bulk changes' });
  expect(document.getElementById(item.getAttribute('aria-describedby')!)?.textContent).toBe('Rename, move, copy or trash many documents at once, in a tab');
  fireEvent.click(item);
  expect(popup.openBulkChanges).toHaveBeenCalledTimes(1);
});
