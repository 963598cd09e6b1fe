// @vitest-environment jsdom
/**
 * The popup's search as a user meets it: what typing shows, and how the keys move through results.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { deferred } from '../../setup/deferred.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { setupPopupTests, freshListing, setup, searchBox, type } from './popup-setup.tsx';

setupPopupTests();

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
