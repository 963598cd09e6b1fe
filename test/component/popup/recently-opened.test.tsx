// @vitest-environment jsdom
/**
 * The popup's "Recently opened" (issue 52) as a user meets it: what was opened from the extension
 * first in an empty search and first among a search's results; a document's link telling the
 * worker it was opened; a recent page opened through the worker, and a page gone said so.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { openKey, type KnownPagesMap, type OpenedMap } from '../../../src/shared/protocol/pages.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { BUDGET, chooseInTitleMenu, freshListing, searchBox, setupPopupTests, type } from './popup-setup.tsx';

setupPopupTests();

const NOW = Date.now();
const FORECAST = 'acmeForecast000000000';
const KNOWN: KnownPagesMap = { [openKey('a1', FORECAST)]: { pages: [{ viewRef: 7, name: 'Summary', indentation: 0 }], readAt: NOW } };

/** A popup whose worker kept `opened` (account a1, the fixtures' account), on the fresh listing. */
async function popupWith(opened: OpenedMap, openPage?: (request: unknown) => Promise<Reply<'openPage'>>) {
  const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async (): Promise<Reply<'refreshListing'>> => ({ ok: true, value: freshListing() })) };
  if (openPage) backend.openPage = vi.fn(openPage) as never;
  const store = createPopupStore({
    backend,
    readCachedListing: async () => null,
    openOptions: vi.fn(),
    openBulkChanges: vi.fn(),
    readOpened: async () => opened,
    readKnownPages: async () => KNOWN,
  });
  render(<App store={store} />);
  await act(async () => {
    await store.start();
  });
  return { backend, store };
}

const linkNames = () => screen.getAllByRole('link').map((link) => link.getAttribute('aria-label'));

describe('Recently opened', () => {
  test('an empty search shows the documents and pages opened first, best score first, a page as “document › page” with its place', async () => {
    await popupWith({
      [openKey('a1', BUDGET.id)]: { score: 1, at: NOW - 86_400_000 },
      [openKey('a1', FORECAST, 7)]: { score: 3, at: NOW },
    });
    const heading = await screen.findByRole('heading', { name: 'Recently opened' });
    expect(heading).toBeTruthy();
    expect(linkNames().slice(0, 3)).toEqual(['Open Forecast › Summary', 'Open Budget', expect.any(String)]);
    const pageLink = screen.getByRole('link', { name: 'Open Forecast › Summary' });
    expect(pageLink.getAttribute('href')).toBe(`https://acme.getgrist.com/doc/${FORECAST.slice(0, 12)}/p/7`);
    expect(pageLink.closest('[data-row-key]')!.textContent).toContain('Acme › Sales');
  });

  test('nothing opened: no heading, the listing as before', async () => {
    await popupWith({});
    await screen.findByRole('link', { name: 'Open Budget' });
    expect(screen.queryByRole('heading', { name: 'Recently opened' })).toBeNull();
  });

  test('a search shows the opened ones it finds first, and ArrowDown from the search box reaches them first', async () => {
    await popupWith({ [openKey('a1', FORECAST, 7)]: { score: 1, at: NOW } });
    await screen.findByRole('heading', { name: 'Recently opened' });
    type(searchBox(), 'forecast sum');
    // First the opened page; then the listing's, where the search finds the page under its document too.
    await waitFor(() => expect(linkNames()).toEqual(['Open Forecast › Summary', 'Open Forecast', 'Open Summary in Forecast']));
    type(searchBox(), 'forecast');
    await waitFor(() => expect(linkNames()).toEqual(['Open Forecast › Summary', 'Open Forecast']));
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Forecast › Summary');
  });

  test('a document’s link, clicked or middle-clicked, tells the worker it was opened', async () => {
    const { backend } = await popupWith({});
    const link = await screen.findByRole('link', { name: 'Open Budget' });
    fireEvent.click(link);
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(backend.noteOpened).toHaveBeenCalledTimes(2);
    expect(backend.noteOpened).toHaveBeenCalledWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id });
  });

  test('a recent page opens through the worker; gone since, the status says the document opened, and the page leaves the list', async () => {
    const openPage = vi.fn(async (): Promise<Reply<'openPage'>> => ({ ok: true, value: { opened: 'document', pages: { pages: [{ viewRef: 8, name: 'Other', indentation: 0 }], readAt: NOW } } }));
    await popupWith({ [openKey('a1', FORECAST, 7)]: { score: 1, at: NOW } }, openPage);
    const link = await screen.findByRole('link', { name: 'Open Forecast › Summary' });
    await act(async () => {
      fireEvent.click(link);
    });
    expect(openPage).toHaveBeenCalledWith({ account: 'a1', orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: FORECAST, viewRef: 7 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('“Summary” is no longer a page of “Forecast”: the document opened in its place.'));
    expect(screen.queryByRole('link', { name: 'Open Forecast › Summary' })).toBeNull();
    expect(within(document.body).queryByRole('heading', { name: 'Recently opened' })).toBeNull();
  });

  test('with no change made, only documents opened, the History still offers to clear them', async () => {
    const { backend } = await popupWith({ [openKey('a1', BUDGET.id)]: { score: 1, at: NOW } });
    backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
    backend.clearChangeLog.mockResolvedValue({ ok: true, value: null });
    await screen.findByRole('heading', { name: 'Recently opened' });
    chooseInTitleMenu('History');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    const question = screen.getByRole('group', { name: 'Clear history' });
    expect(question.textContent).toContain('Forget what you opened recently? Your documents in Grist stay as they are.');
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: 'Clear' }));
    });
    expect(backend.clearChangeLog).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear history' })).toBeNull());
    // Back in the list of the same popup, what was opened is gone with the history.
    fireEvent.click(within(screen.getByRole('region', { name: 'History' })).getByRole('button', { name: 'Back to documents' }));
    await screen.findByRole('link', { name: 'Open Budget' });
    expect(screen.queryByRole('heading', { name: 'Recently opened' })).toBeNull();
  });
});
