// @vitest-environment jsdom
/**
 * A document's pages in the popup (issue 52): its expand button and the → / ← keys, the pages
 * read when not known ("Reading pages…"), "Pages are not available for this document", a page
 * opened through the worker (and one gone since it was read), and the search finding pages.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { pagesKey, type KnownPages, type KnownPagesMap, type OpenedPage } from '../../../src/shared/protocol/pages.ts';
import { deferred } from '../../setup/deferred.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { BUDGET, freshListing, NOTES, RESUME, searchBox, setupPopupTests, type } from './popup-setup.tsx';

setupPopupTests();

/** Every site of the fixtures is listed by this account (test/setup/listings.ts). */
const ACCOUNT = 'a1';

const BUDGET_PAGES: KnownPages = {
  pages: [
    { viewRef: 1, name: 'Summary', indentation: 0 },
    { viewRef: 7, name: 'Expenses', indentation: 1 },
    { viewRef: 3, name: 'Income', indentation: 1 },
  ],
  readAt: 1,
};

/** The popup with the fixtures' listing, the worker knowing `known`; readPages and openPage answered by the test. */
async function setup(known: KnownPagesMap = {}) {
  const pageReads: Array<{ request: unknown; reply: ReturnType<typeof deferred<Reply<'readPages'>>> }> = [];
  const opens: Array<ReturnType<typeof deferred<Reply<'openPage'>>>> = [];
  const backend = {
    ...popupBackendMocks(),
    refreshListing: vi.fn(async () => ({ ok: true as const, value: freshListing() })),
    readPages: vi.fn((request: unknown) => {
      const reply = deferred<Reply<'readPages'>>();
      pageReads.push({ request, reply });
      return reply.promise;
    }),
    openPage: vi.fn(() => {
      const reply = deferred<Reply<'openPage'>>();
      opens.push(reply);
      return reply.promise;
    }),
  };
  const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn(), readKnownPages: async () => known, pagesReadDelayMs: 0 });
  render(<App store={store} />);
  await act(async () => {
    await store.start();
  });
  return {
    backend,
    store,
    pageReads,
    async answerRead(index: number, reply: Reply<'readPages'>) {
      await act(async () => {
        pageReads[index]!.reply.resolve(reply);
      });
    },
    async answerOpen(index: number, value: OpenedPage) {
      await act(async () => {
        opens[index]!.resolve({ ok: true, value });
      });
    },
  };
}

const documentLink = (name: string) => screen.getByRole('link', { name: `Open ${name}` });
const pageLinks = () => screen.queryAllByRole('link', { name: /^Open .+ in / });

describe('a document’s pages', () => {
  test('the expand button reads them, says so meanwhile, shows them nested, and folds them', async () => {
    const popup = await setup();
    const expand = screen.getByRole('button', { name: 'Show pages of Budget' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(screen.getByText('Reading pages…')).toBeTruthy();
    expect(popup.backend.readPages).toHaveBeenCalledWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id });
    await popup.answerRead(0, { ok: true, value: BUDGET_PAGES });
    expect(screen.queryByText('Reading pages…')).toBeNull();
    const links = pageLinks();
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Open Summary in Budget', 'Open Expenses in Budget', 'Open Income in Budget']);
    // The page's address is its view's (`/p/<viewRef>`), not its position.
    expect(links[1]!.getAttribute('href')).toMatch(/\/p\/7$/);
    // Nested as Grist nests them: Expenses and Income under Summary.
    const indents = links.map((link) => link.closest('li')!.style.marginLeft);
    expect(indents[0]).toBe('0px');
    expect(indents[1]).toBe(indents[2]);
    expect(indents[1]).not.toBe('0px');
    const hide = screen.getByRole('button', { name: 'Hide pages of Budget' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(pageLinks()).toEqual([]);
    // Known now: unfolded again, no second read.
    fireEvent.click(screen.getByRole('button', { name: 'Show pages of Budget' }));
    expect(pageLinks()).toHaveLength(3);
    expect(popup.backend.readPages).toHaveBeenCalledTimes(1);
  });

  test('→ on a document’s link unfolds its pages, → again goes to the first, ← on a page folds them with focus back on the document', async () => {
    const popup = await setup({ [pagesKey(ACCOUNT, BUDGET.id)]: BUDGET_PAGES });
    const budget = documentLink('Budget');
    budget.focus();
    fireEvent.keyDown(budget, { key: 'ArrowRight' });
    // Known already: drawn at once, and read afresh behind them (once in this popup).
    expect(pageLinks()).toHaveLength(3);
    expect(popup.backend.readPages.mock.calls).toEqual([[{ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, fresh: true }]]);
    fireEvent.keyDown(budget, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Summary in Budget');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Expenses in Budget');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(pageLinks()).toEqual([]);
    expect(document.activeElement).toBe(documentLink('Budget'));
    // ← on the document's own link folds them too.
    fireEvent.keyDown(documentLink('Budget'), { key: 'ArrowRight' });
    expect(pageLinks()).toHaveLength(3);
    fireEvent.keyDown(documentLink('Budget'), { key: 'ArrowLeft' });
    expect(pageLinks()).toEqual([]);
    expect(popup.backend.readPages).toHaveBeenCalledTimes(1);
  });

  test('a document whose pages Grist refused: "Pages are not available for this document"; a read that fails says why', async () => {
    const popup = await setup({ [pagesKey(ACCOUNT, RESUME.id)]: { pages: null, readAt: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages of Résumé' }));
    expect(screen.getByText('Pages are not available for this document')).toBeTruthy();
    // Its read afresh behind what is known fails: what is known stays, and nothing more is said.
    await popup.answerRead(0, { ok: false, error: { kind: 'network', message: 'Grist did not answer.' } });
    expect(screen.getByText('Pages are not available for this document')).toBeTruthy();
    expect(screen.queryByText(/Pages could not be read/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show pages of Shared notes' }));
    await popup.answerRead(1, { ok: false, error: { kind: 'network', message: 'Grist did not answer.' } });
    expect(screen.getByText('Pages could not be read: Grist did not answer.')).toBeTruthy();
    expect(popup.backend.readPages).toHaveBeenCalledWith(expect.objectContaining({ docId: NOTES.id }));
  });

  test('a page opens through the worker; one gone since it was read: the status line says so, and the pages shown are Grist’s now', async () => {
    const popup = await setup({ [pagesKey(ACCOUNT, BUDGET.id)]: BUDGET_PAGES });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages of Budget' }));
    const expenses = screen.getByRole('link', { name: 'Open Expenses in Budget' });
    // Not the browser's: the click is the worker's to open (the page checked first).
    expect(fireEvent.click(expenses)).toBe(false);
    expect(popup.backend.openPage).toHaveBeenCalledWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, viewRef: 7 });
    await popup.answerOpen(0, { opened: 'document', pages: { pages: [{ viewRef: 1, name: 'Summary', indentation: 0 }, { viewRef: 3, name: 'Income', indentation: 1 }], readAt: 2 } });
    expect(screen.getByText('“Expenses” is no longer a page of “Budget”: the document opened in its place.')).toBeTruthy();
    expect(pageLinks().map((link) => link.textContent)).toEqual(['Summary', 'Income']);
  });

  test('page names are text, each with its own direction', async () => {
    await setup({ [pagesKey(ACCOUNT, BUDGET.id)]: { pages: [{ viewRef: 2, name: '<img src=x onerror=alert(1)>', indentation: 0 }], readAt: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages of Budget' }));
    const [link] = pageLinks();
    expect(link!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(link!.querySelector('img')).toBeNull();
    expect(link!.getAttribute('dir')).toBe('auto');
  });
});

describe('the search finds pages', () => {
  test('"budget expenses" shows the Expenses page under Budget, and opens it', async () => {
    const popup = await setup({ [pagesKey(ACCOUNT, BUDGET.id)]: BUDGET_PAGES });
    await act(async () => type(searchBox(), 'budget expenses'));
    const list = screen.getByRole('link', { name: 'Open Budget' }).closest('ul')!;
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['Open Budget', 'Open Expenses in Budget']);
    fireEvent.click(screen.getByRole('link', { name: 'Open Expenses in Budget' }));
    expect(popup.backend.openPage).toHaveBeenCalledWith(expect.objectContaining({ docId: BUDGET.id, viewRef: 7 }));
  });

  test('the first documents of a search whose pages are not known get them read, once each', async () => {
    const popup = await setup({ [pagesKey(ACCOUNT, BUDGET.id)]: BUDGET_PAGES });
    // Every document of the fixtures holds an "e": first Résumé (pinned), Shared notes and Budget,
    // whose pages are known, then Acme's Pipeline and Forecast, past the first three.
    await act(async () => {
      type(searchBox(), 'e');
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const read = () => popup.backend.readPages.mock.calls.map(([request]) => (request as { docId: string }).docId);
    expect(read()).toEqual([RESUME.id, NOTES.id]);
    // The same results again: none read twice.
    await act(async () => {
      type(searchBox(), 'e ');
      type(searchBox(), 'e');
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(read()).toEqual([RESUME.id, NOTES.id]);
    // Another search's first documents: Acme's two (Forecast the newer).
    await act(async () => {
      type(searchBox(), 'acme');
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(read()).toEqual([RESUME.id, NOTES.id, 'acmeForecast000000000', 'acmePipeline000000000']);
  });
});
