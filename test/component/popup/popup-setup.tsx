/**
 * What the popup's component tests share (test/component/popup/): its fixtures (two sites, three
 * documents), a popup rendered with a fake backend whose refresh and renames the test answers, and
 * the few steps most tests take.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, vi } from 'vitest';
import type { ErrorValue } from '../../../src/shared/protocol/errors.ts';
import type { DocumentEntry, Listing, SiteEntry } from '../../../src/shared/protocol/listing.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { loadParts } from '../../../src/popup/on-demand/lazy.tsx';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

/**
 * Registers the hooks every popup test file needs: the popup's on-demand parts loaded first, as
 * the popup does once idle (main.tsx), so that Rename shows its field at once (loading it later is
 * tested in rename-loading.test.tsx); the page unmounted after each test.
 */
export function setupPopupTests(): void {
  beforeAll(async () => {
    await loadParts();
  });
  afterEach(cleanup);
}

// --- Fixtures -------------------------------------------------------------------------------------

/** The personal site (org 1), its documents in Home (workspace 10). */
export function personalSite(documents: DocumentEntry[]): SiteEntry {
  return personalSiteEntry([workspaceEntry(10, 'Home', documents)]);
}

/** The team site Acme (org 2): in Sales (workspace 20), Pipeline, which the user only views, and Forecast. */
export function acmeSite(overrides: Partial<SiteEntry> = {}): SiteEntry {
  const sales = workspaceEntry(20, 'Sales', [
    doc('acmePipeline000000000', 'Pipeline', { access: 'viewers' }),
    doc('acmeForecast000000000', 'Forecast', { updatedAt: '2024-02-01T00:00:00.000Z' }),
  ]);
  return siteEntry(2, 'Acme', [sales], { domain: 'acme', siteUrl: 'https://acme.getgrist.com', ...overrides });
}

export const BUDGET = doc('budgetDoc000000000000', 'Budget', { updatedAt: '2024-03-01T00:00:00.000Z' });
export const RESUME = doc('resumeDoc000000000000', 'Résumé', { isPinned: true, updatedAt: '2023-01-01T00:00:00.000Z' });
export const NOTES = doc('notesDoc0000000000000', 'Shared notes', { access: 'editors', updatedAt: '2024-05-01T00:00:00.000Z' });

export function freshListing(): Listing {
  return { fetchedAt: 2, sites: [personalSite([BUDGET, RESUME, NOTES]), acmeSite()] };
}

export interface SetupOptions {
  cached?: Listing | null;
  /** The refresh reply; when absent the refresh stays pending until `answerRefresh` is called. */
  refresh?: Reply<'refreshListing'>;
}

/** Renders the popup with a fake backend; rename replies are answered by the test. */
export async function setup({ cached = null, refresh }: SetupOptions = {}) {
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

export function listedNames(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

/**
 * Chooses `name` in the title bar's menu, as a click on its Menu button and then on the item does
 * (the focus back on the Menu button, as the menu puts it). Out: the Menu button.
 */
export function chooseInTitleMenu(name: 'Refresh' | 'History' | 'People' | 'Trash' | 'Bulk changes' | 'Options'): HTMLElement {
  const menuButton = screen.getByRole('button', { name: 'Menu' });
  fireEvent.click(menuButton);
  fireEvent.click(within(screen.getByRole('menu', { name: 'Menu' })).getByRole('menuitem', { name }));
  return menuButton;
}

/** Leaves the view shown in place of the list (History, People, Trash) by its Back to documents button. */
export function backToDocuments(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
}

export function searchBox(): HTMLInputElement {
  return screen.getByRole('searchbox', { name: 'Search documents' }) as HTMLInputElement;
}

export function type(input: HTMLElement, value: string): void {
  fireEvent.input(input, { target: { value } });
}

export const noKey: ErrorValue = { kind: 'no-key', message: 'No API key is saved. Add one in the options.' };

/** Renames Budget to Budget 2027 in a popup set up with `options`, Grist confirming it as entry-1. */
export async function renameBudget(options: SetupOptions = { refresh: { ok: true, value: freshListing() } }) {
  const popup = await setup(options);
  fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
  const input = screen.getByRole('textbox', { name: 'New name for Budget' });
  type(input, 'Budget 2027');
  fireEvent.keyDown(input, { key: 'Enter' });
  await popup.answerRename({ ok: true, value: { name: 'Budget 2027', entryId: 'entry-1' } });
  return popup;
}
