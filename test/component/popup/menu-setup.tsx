/**
 * What the tests of the popup's menus, forms and Trash view share: a listing where the user owns,
 * edits or only views documents (Budget, Shared notes, Report, Runbook), a popup rendered with it,
 * and the steps they take.
 */
import { act, fireEvent, render, within } from '@testing-library/preact';
import { vi } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { documentEntry as doc, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

export const BUDGET = doc('budgetDoc000000000000', 'Budget', { updatedAt: '2024-03-01T00:00:00.000Z' });
export const NOTES = doc('notesDoc0000000000000', 'Shared notes', { access: 'editors', updatedAt: '2024-05-01T00:00:00.000Z' });
export const REPORT = doc('reportDoc000000000000', 'Report', { access: 'viewers', updatedAt: '2024-04-01T00:00:00.000Z' });

export function listing(): Listing {
  const acme = siteEntry(2, 'Acme', [workspaceEntry(20, 'Sales', [REPORT], { access: 'viewers' }), workspaceEntry(21, 'Ops', [doc('opsDoc000000000000000', 'Runbook', { access: 'editors', updatedAt: '2024-01-01T00:00:00.000Z' })], { access: 'editors' })], {
    domain: 'acme',
    siteUrl: 'https://acme.getgrist.com',
  });
  return { fetchedAt: 2, sites: [personalSiteEntry([workspaceEntry(10, 'Home', [BUDGET, NOTES], { access: 'owners' })]), acme] };
}

export async function setup(shown: Listing = listing()) {
  const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: shown })) };
  const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
  render(<App store={store} />);
  await act(async () => {
    await store.start();
  });
  return { backend, store };
}

/** Settles the store's on-demand actions and the renders they cause (a lazy part's takes a second task). */
export const settle = () =>
  act(async () => {
    for (let task = 0; task < 2; task++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** Opens the More actions menu of `name` (a document, a workspace or a site), the one in `container` where two have that name. Out: the menu. */
export async function openMenu(name: string, container: HTMLElement = document.body): Promise<HTMLElement> {
  fireEvent.click(within(container).getByRole('button', { name: `More actions for ${name}` }));
  return within(container).findByRole('menu', { name: `Actions for ${name}` });
}

/**
 * The items of the menu of `name` (a document, a workspace or a site), as a user reads them: each
 * item's words and its key, a line before it written "—"; the menu closed again with Escape.
 */
export async function menuItems(name: string): Promise<string[]> {
  const menu = await openMenu(name);
  const texts = [...menu.children].map((entry) => (entry.getAttribute('role') === 'separator' ? '—' : [...entry.querySelectorAll('.menu-label, .menu-key')].map((part) => part.textContent).join(' ')));
  fireEvent.keyDown(menu, { key: 'Escape' });
  return texts.join('\n').replaceAll('—\n', '— ').split('\n');
}

/** Opens the menu of `name` (a document, a workspace or a site; in `container`, see openMenu) and chooses its item `item`. */
export async function chooseInMenu(name: string, item: string, container?: HTMLElement): Promise<void> {
  fireEvent.click(within(await openMenu(name, container)).getByRole('menuitem', { name: item }));
  await settle();
}
