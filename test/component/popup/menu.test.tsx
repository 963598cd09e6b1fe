// @vitest-environment jsdom
/**
 * The popup's More actions menu (keyboard: arrows, Enter, Escape back to its button), the copy
 * form, the New document field and the Trash view, rendered with a fake backend and checked
 * through roles, names and visible text.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Listing } from '../../../src/shared/listing.ts';
import type { TrashSite } from '../../../src/shared/trash.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { loadParts } from '../../../src/popup/on-demand/lazy.tsx';
import { documentEntry as doc, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

beforeAll(async () => {
  // The popup's on-demand parts (menu, forms, views), loaded when idle in the extension.
  await loadParts();
});
afterEach(cleanup);

const BUDGET = doc('budgetDoc000000000000', 'Budget', { updatedAt: '2024-03-01T00:00:00.000Z' });
const NOTES = doc('notesDoc0000000000000', 'Shared notes', { access: 'editors', updatedAt: '2024-05-01T00:00:00.000Z' });
const REPORT = doc('reportDoc000000000000', 'Report', { access: 'viewers', updatedAt: '2024-04-01T00:00:00.000Z' });

function listing(): Listing {
  const acme = siteEntry(2, 'Acme', [workspaceEntry(20, 'Sales', [REPORT], { access: 'viewers' }), workspaceEntry(21, 'Ops', [doc('opsDoc000000000000000', 'Runbook', { access: 'editors', updatedAt: '2024-01-01T00:00:00.000Z' })], { access: 'editors' })], {
    domain: 'acme',
    siteUrl: 'https://acme.getgrist.com',
  });
  return { fetchedAt: 2, sites: [personalSiteEntry([workspaceEntry(10, 'Home', [BUDGET, NOTES], { access: 'owners' })]), acme] };
}

async function setup(shown: Listing = listing()) {
  const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: shown })) };
  const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
  render(<App store={store} />);
  await act(async () => {
    await store.start();
  });
  return { backend, store };
}

/** Settles the store's on-demand actions and the renders they cause (a lazy part's takes a second task). */
const settle = () =>
  act(async () => {
    for (let task = 0; task < 2; task++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function openMenu(name: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: `More actions for ${name}` }));
  return screen.findByRole('menu', { name: `Actions for ${name}` });
}

describe('the More actions menu', () => {
  test('offers what the user’s rights allow: owners all, editors copy and pin, viewers copy', async () => {
    await setup();
    const items = async (name: string) => {
      const menu = await openMenu(name);
      const texts = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
      fireEvent.keyDown(menu, { key: 'Escape' });
      return texts;
    };
    expect(await items('Budget')).toEqual(['Make a copy…', 'Pin', 'Move to trash']);
    expect(await items('Shared notes')).toEqual(['Make a copy…', 'Pin']);
    expect(await items('Report')).toEqual(['Make a copy…']);
  });

  test('keyboard: focus on the first item, the least harmful (Move to trash is last), arrows move and wrap, Home and End, Escape back to the button', async () => {
    await setup();
    const menu = await openMenu('Budget');
    const [copy, pin, trash] = within(menu).getAllByRole('menuitem');
    expect(copy!.textContent).toBe('Make a copy…');
    await waitFor(() => expect(document.activeElement).toBe(copy));
    expect(screen.getByRole('button', { name: 'More actions for Budget' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(pin);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(copy);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(trash);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(copy);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(trash);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' }));
  });

  test('Enter on Move to trash: the row goes in the same render, the worker is asked once, and the status offers Undo', async () => {
    const { backend } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    const menu = await openMenu('Budget');
    // A button's Enter is its click.
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Move to trash' }));
    await act(async () => undefined);
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    await settle();
    expect(backend.removeDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id });
    expect(screen.getByRole('status').textContent).toContain('Moved “\u2068Budget\u2069” to trash.');
    // The next row took the focus the menu (in Budget's row) held.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open Report' })));
    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'e2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo moving “Budget” to trash' }));
    // The focus the Undo button took with it: on the document back in the list, not the search box.
    // (Waited for as the page draws, not in settle's act, which holds the drawing back.)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open Budget' })));
    expect(backend.undoChange).toHaveBeenCalledWith({ entryId: 'e1', docId: BUDGET.id, force: false });
    expect(screen.getByRole('status').textContent).toContain('Restored “\u2068Budget\u2069” from the trash.');
  });

  test('a trash Grist refuses puts the row back and says why', async () => {
    const { backend } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only the owners of “Budget” can move it to the trash.' } });
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Move to trash' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Only the owners of “Budget” can move it to the trash.');
  });

  test('Enter, Enter on a menu just opened trashes nothing: the first item opens the copy form', async () => {
    const { backend } = await setup();
    const menu = await openMenu('Budget');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    // A button's Enter is its click: on the item the focus starts on.
    fireEvent.click(document.activeElement!);
    await settle();
    expect(menu.isConnected).toBe(false);
    expect(await screen.findByRole('textbox', { name: 'Name of the copy' })).toBeTruthy();
    expect(backend.removeDocument).not.toHaveBeenCalled();
  });

  test('a held Delete key trashes one document: its repeats, on the row the focus moved to, are ignored', async () => {
    const owned = [BUDGET, doc('plansDoc0000000000000', 'Plans', { updatedAt: '2024-02-01T00:00:00.000Z' }), doc('ideasDoc0000000000000', 'Ideas', { updatedAt: '2024-01-01T00:00:00.000Z' })];
    const { backend } = await setup({ fetchedAt: 2, sites: [personalSiteEntry([workspaceEntry(10, 'Home', owned, { access: 'owners' })])] });
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    const budget = screen.getByRole('link', { name: 'Open Budget' });
    budget.focus();
    fireEvent.keyDown(budget, { key: 'Delete' });
    await settle();
    // The key still down: the focus went to the next row, where the browser repeats it.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Plans'));
    fireEvent.keyDown(document.activeElement!, { key: 'Delete', repeat: true });
    await settle();
    fireEvent.keyDown(document.activeElement!, { key: 'Delete', repeat: true });
    await settle();
    expect(backend.removeDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id });
    expect(screen.getAllByRole('link', { name: /^Open (Plans|Ideas)$/ })).toHaveLength(2);
  });

  describe('where the focus goes', () => {
    const owned = () => [BUDGET, doc('plansDoc0000000000000', 'Plans', { updatedAt: '2024-02-01T00:00:00.000Z' }), doc('ideasDoc0000000000000', 'Ideas', { updatedAt: '2024-01-01T00:00:00.000Z' })];
    const ownedListing = (): Listing => ({ fetchedAt: 2, sites: [personalSiteEntry([workspaceEntry(10, 'Home', owned(), { access: 'owners' })])] });
    const focused = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? document.activeElement?.tagName;

    test('Delete on the last row: to the row before it; Ctrl+Z there brings the row back, the focus on its link', async () => {
      const { backend } = await setup(ownedListing());
      backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
      backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Ideas', entryId: 'e2' } });
      const ideas = screen.getByRole('link', { name: 'Open Ideas' });
      ideas.focus();
      fireEvent.keyDown(ideas, { key: 'Delete' });
      // Waited for as the page draws, not in settle's act, which holds the drawing back.
      await waitFor(() => expect(focused()).toBe('Open Plans'));
      await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Moved “\u2068Ideas\u2069” to trash.'));
      fireEvent.keyDown(document.activeElement!, { key: 'z', ctrlKey: true });
      await waitFor(() => expect(focused()).toBe('Open Ideas'));
      expect(backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'e1', docId: 'ideasDoc0000000000000', force: false });
    });

    test('Delete on the only row a search shows: to the status’s Undo, whose Enter brings it back, the focus on its link', async () => {
      const { backend } = await setup(ownedListing());
      backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
      backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Ideas', entryId: 'e2' } });
      fireEvent.input(screen.getByRole('searchbox', { name: 'Search documents' }), { target: { value: 'ideas' } });
      const ideas = screen.getByRole('link', { name: 'Open Ideas' });
      ideas.focus();
      fireEvent.keyDown(ideas, { key: 'Delete' });
      await settle();
      const undo = screen.getByRole('button', { name: 'Undo moving “Ideas” to trash' });
      expect(document.activeElement).toBe(undo);
      // A button's Enter is its click.
      fireEvent.click(undo);
      await waitFor(() => expect(focused()).toBe('Open Ideas'));
    });
  });

  test('one status line, the newest: a refusal after a change replaces its offer, and Ctrl+Z then undoes nothing', async () => {
    const { backend } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    backend.pinDocument.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Grist refused to pin “Shared notes”.' } });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget' }), { key: 'Delete' });
    await settle();
    expect(screen.getByRole('button', { name: 'Undo moving “Budget” to trash' })).toBeTruthy();
    fireEvent.click(within(await openMenu('Shared notes')).getByRole('menuitem', { name: 'Pin' }));
    await settle();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Grist refused to pin “Shared notes”.');
    expect(status.textContent).not.toContain('Budget');
    expect(within(status).queryByRole('button')).toBeNull();
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Shared notes' }), { key: 'z', ctrlKey: true });
    await settle();
    expect(backend.undoChange).not.toHaveBeenCalled();
  });

  test('one status line: a refresh’s summary does not stack over a change’s offer, whose Undo stays', async () => {
    const { backend, store } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget' }), { key: 'Delete' });
    await settle();
    await act(async () => {
      await store.refresh();
    });
    await settle();
    const status = screen.getByRole('status');
    expect(status.textContent).not.toContain('Listing updated');
    expect(status.textContent).toContain('Moved “\u2068Budget\u2069” to trash.');
    expect(within(status).getByRole('button', { name: 'Undo moving “Budget” to trash' })).toBeTruthy();
  });

  test('Pin: the document goes first among its workspace at once', async () => {
    const { backend } = await setup();
    backend.pinDocument.mockResolvedValue({ ok: true, value: { entryId: 'p1' } });
    const names = () => screen.getAllByRole('link').map((link) => link.textContent);
    expect(names().slice(0, 2)).toEqual(['Shared notes', 'Budget']);
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Pin' }));
    await settle();
    expect(names().slice(0, 2)).toEqual(['Budget', 'Shared notes']);
    expect(backend.pinDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, pinned: true });
    expect(screen.getByRole('img', { name: 'Pinned' })).toBeTruthy();
  });
});

describe('the copy form', () => {
  test('its name defaults to Grist’s, the template box is off; choosing a workspace marks it, and Copy copies there, saying it was a template', async () => {
    const { backend } = await setup();
    const to = { site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' }, workspace: { id: 21, name: 'Ops' } };
    backend.copyDocument.mockResolvedValue({ ok: true, value: { id: 'copyDoc00000000000000', name: 'Report 2025', to, entryId: 'c1' } });
    fireEvent.click(within(await openMenu('Report')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    const name = (await screen.findByRole('textbox', { name: 'Name of the copy' })) as HTMLInputElement;
    expect(name.value).toBe('Report (copy)');
    const template = screen.getByRole('checkbox', { name: 'As template (structure only, no data)' }) as HTMLInputElement;
    expect(template.checked).toBe(false);
    // Only workspaces the user may add to: its own Sales (viewers) is not one.
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Home — Personal', 'Ops — Acme']);
    // Its own workspace is not one it may add to: nothing is chosen yet, and Copy does nothing.
    expect(screen.getByText('Choose a workspace for the copy.')).toBeTruthy();
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(copy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(copy);
    fireEvent.input(name, { target: { value: 'Report 2025' } });
    fireEvent.click(template);
    fireEvent.click(screen.getByRole('option', { name: 'Ops — Acme' }));
    await settle();
    expect(backend.copyDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('option', { name: 'Ops — Acme' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Home — Personal' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('The copy goes to Acme › Ops.')).toBeTruthy();
    // What is left to do has the focus.
    expect(document.activeElement).toBe(copy);
    expect(copy.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(copy);
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: REPORT.id, to: { orgId: 2, workspaceId: 21 }, name: 'Report 2025', asTemplate: true });
    const status = screen.getByRole('status');
    expect(screen.getAllByRole('link', { name: 'Open Report 2025' }).filter((link) => !status.contains(link))).toHaveLength(1);
    expect(status.textContent).toContain('Copied “\u2068Report 2025\u2069” to Acme › Ops as a template.');
    expect(within(status).getByRole('link', { name: 'Open Report 2025' }).getAttribute('href')).toBe('https://acme.getgrist.com/doc/copyDoc00000000000000');
  });

  test('once copied, the form gives the focus back to the document copied', async () => {
    const { backend } = await setup();
    const to = { site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' }, workspace: { id: 21, name: 'Ops' } };
    backend.copyDocument.mockResolvedValue({ ok: true, value: { id: 'copyDoc00000000000000', name: 'Report (copy)', to, entryId: 'c1' } });
    fireEvent.click(within(await openMenu('Report')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    fireEvent.click(await screen.findByRole('option', { name: 'Ops — Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Copied “\u2068Report (copy)\u2069” to Acme › Ops.');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Report'));
  });

  test('it starts on the document’s own workspace; Enter in the name field copies to the workspace chosen, once', async () => {
    const { backend } = await setup();
    const to = { site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 10, name: 'Home' } };
    backend.copyDocument.mockResolvedValue({ ok: true, value: { id: 'copyDoc00000000000000', name: 'Budget 2', to, entryId: 'c1' } });
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    const name = await screen.findByRole('textbox', { name: 'Name of the copy' });
    expect(screen.getByRole('option', { name: 'Home — Personal' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('The copy goes to Personal › Home.')).toBeTruthy();
    // Enter in the filter chooses the option the arrow keys are on; it copies nothing.
    const filter = screen.getByRole('combobox', { name: 'Filter workspaces' });
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(screen.getByText('The copy goes to Acme › Ops.')).toBeTruthy();
    fireEvent.keyDown(filter, { key: 'ArrowUp' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    await settle();
    expect(backend.copyDocument).not.toHaveBeenCalled();
    fireEvent.input(name, { target: { value: 'Budget 2' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, to: { orgId: 1, workspaceId: 10 }, name: 'Budget 2', asTemplate: false });
    expect(screen.getByRole('status').textContent).toContain('Copied “\u2068Budget 2\u2069” to Personal › Home.');
  });

  test('Cancel closes it, nothing copied, the focus back on More actions', async () => {
    const { backend } = await setup();
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    fireEvent.click(await screen.findByRole('option', { name: 'Ops — Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the copy' })).toBeNull();
    expect(backend.copyDocument).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' }));
    // Escape on its buttons too, its default prevented (Chrome would close the popup).
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    expect(fireEvent.keyDown(await screen.findByRole('button', { name: 'Copy' }), { key: 'Escape' })).toBe(false);
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the copy' })).toBeNull();
  });

  test('Escape in its name field closes it, and only it (its default prevented: Chrome would close the popup)', async () => {
    await setup();
    fireEvent.click(within(await openMenu('Report')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    const name = await screen.findByRole('textbox', { name: 'Name of the copy' });
    // fireEvent answers false when a handler prevented the default.
    expect(fireEvent.keyDown(name, { key: 'Escape' })).toBe(false);
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the copy' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Report' })).toBeTruthy();
  });

  /** The worker's answer to a copy of Budget to Ops whose answer did not say. */
  const LOST = { kind: 'network' as const, message: 'Grist’s answer did not say whether “Budget (copy)” was copied. Check Acme › Ops.' };

  /** Opens Budget's copy form, chooses Ops and presses Copy. */
  async function copyBudgetToOps(): Promise<void> {
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    fireEvent.click(await screen.findByRole('option', { name: 'Ops — Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
  }

  test('a lost answer the worker could not confirm stays in the form, with Copy again', async () => {
    const { backend } = await setup();
    backend.copyDocument.mockResolvedValue({ ok: false, error: LOST });
    await copyBudgetToOps();
    expect(screen.getByRole('alert').textContent).toBe(LOST.message);
    expect(backend.copyDocument).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Copy again' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledTimes(2);
  });

  test('Copy again that the worker can no longer read for ends the loop: no more Copy again, and Copy asks for a plain copy', async () => {
    const { backend } = await setup();
    const gone = { kind: 'cannot-tell' as const, message: 'The extension no longer knows whether “Budget (copy)” was copied. Check Acme › Ops before you press Copy.' };
    backend.copyDocument.mockResolvedValue({ ok: false, error: gone }).mockResolvedValueOnce({ ok: false, error: LOST });
    await copyBudgetToOps();
    fireEvent.click(screen.getByRole('button', { name: 'Copy again' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Budget (copy)', again: true }));
    expect(screen.getByRole('alert').textContent).toBe(gone.message);
    expect(screen.queryByRole('button', { name: 'Copy again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledTimes(3);
    expect(backend.copyDocument.mock.lastCall?.[0]).not.toHaveProperty('again');
  });

  test('Copy again is the lost copy only: the same workspace with another name or as a template asks for a plain copy', async () => {
    const { backend } = await setup();
    backend.copyDocument.mockResolvedValue({ ok: false, error: LOST });
    await copyBudgetToOps();
    fireEvent.click(screen.getByRole('checkbox', { name: 'As template (structure only, no data)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledTimes(2);
    expect(backend.copyDocument.mock.lastCall?.[0]).toMatchObject({ name: 'Budget (copy)', asTemplate: true });
    expect(backend.copyDocument.mock.lastCall?.[0]).not.toHaveProperty('again');
  });
});

describe('New document', () => {
  test('offered where the user may add documents; Enter creates it and the row appears', async () => {
    const { backend } = await setup();
    expect(screen.queryByRole('button', { name: 'New document in Sales' })).toBeNull();
    backend.createDocument.mockResolvedValue({ ok: true, value: { document: doc('newDoc000000000000000', 'Q4 plan'), entryId: 'n1' } });
    fireEvent.click(screen.getByRole('button', { name: 'New document in Ops' }));
    const field = await screen.findByRole('textbox', { name: 'Name of the new document' });
    fireEvent.input(field, { target: { value: '  Q4 plan ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(backend.createDocument).toHaveBeenCalledWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', workspaceId: 21, name: 'Q4 plan' });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Created “\u2068Q4 plan\u2069” in Acme › Ops.');
    expect(screen.getAllByRole('link', { name: 'Open Q4 plan' }).filter((link) => !status.contains(link))).toHaveLength(1);
  });

  test('an empty name is refused in the status, nothing sent; Escape gives up', async () => {
    const { backend } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'New document in Ops' }));
    const field = await screen.findByRole('textbox', { name: 'Name of the new document' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(backend.createDocument).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Enter a name.');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Name of the new document' })).toBeNull();
  });
});

describe('the Trash view', () => {
  const trash: TrashSite[] = [
    {
      account: 'a1',
      orgId: 2,
      name: 'Acme',
      siteUrl: 'https://acme.getgrist.com',
      documents: [
        { id: 'oldDoc000000000000000', name: '<i>Old plan</i>', removedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), access: 'owners', workspace: { id: 20, name: 'Sales' } },
        { id: 'theirDoc0000000000000', name: 'Their doc', removedAt: new Date().toISOString(), access: 'editors', workspace: { id: 20, name: 'Sales' } },
      ],
    },
    { account: 'a1', orgId: 3, name: 'Globex', siteUrl: 'https://globex.getgrist.com', documents: [], error: { kind: 'timeout', message: 'globex.getgrist.com did not answer in 15 s.' } },
  ];

  test('read when opened, not before; each document with when it was removed, Restore and Delete forever for owners', async () => {
    const { backend } = await setup();
    backend.readTrash.mockResolvedValue({ ok: true, value: trash });
    expect(backend.readTrash).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    await screen.findByRole('button', { name: 'Restore <i>Old plan</i>' });
    expect(backend.readTrash).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Grist deletes a document in the trash for good 30 days after it was removed.')).toBeTruthy();
    expect(screen.getByText('removed 2 days ago')).toBeTruthy();
    expect(document.querySelector('i')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore Their doc' })).toBeNull();
    expect(screen.getByText('globex.getgrist.com did not answer in 15 s.')).toBeTruthy();
  });

  test('Restore takes it out of the view and into the list; Delete forever asks in place, naming it, then deletes', async () => {
    const { backend } = await setup();
    backend.readTrash.mockResolvedValue({ ok: true, value: structuredClone(trash) });
    backend.restoreDocument.mockResolvedValue({ ok: true, value: { entryId: 'r1' } });
    backend.deleteDocument.mockResolvedValue({ ok: true, value: { entryId: 'd1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore <i>Old plan</i>' }));
    await settle();
    expect(backend.restoreDocument).toHaveBeenCalledWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: 'oldDoc000000000000000' });
    expect(screen.queryByRole('button', { name: 'Restore <i>Old plan</i>' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Restored “\u2068<i>Old plan</i>\u2069” to Acme › Sales.');

    // Back in the list, restored; the trash read again (here it holds it still, for the delete).
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    expect(screen.getByRole('link', { name: 'Open <i>Old plan</i>' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete <i>Old plan</i> forever' }));
    const question = await screen.findByText('Delete “<i>Old plan</i>” forever? This cannot be undone.');
    expect(document.activeElement).toBe(question);
    expect(backend.deleteDocument).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }));
    await settle();
    expect(backend.deleteDocument).toHaveBeenCalledWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: 'oldDoc000000000000000' });
    expect(screen.getByRole('status').textContent).toContain('Deleted “\u2068<i>Old plan</i>\u2069” forever.');
  });

  /** Opens the Trash view on `trash`, its list read. */
  async function openTrash(backend: Awaited<ReturnType<typeof setup>>['backend']) {
    backend.readTrash.mockResolvedValue({ ok: true, value: structuredClone(trash) });
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    await screen.findByRole('button', { name: 'Restore <i>Old plan</i>' });
  }

  test('Delete forever asks with Cancel first; Escape or Cancel keeps it, the focus back on the row’s Delete forever, the view still shown (issue 41)', async () => {
    const { backend } = await setup();
    await openTrash(backend);
    const ask = () => fireEvent.click(screen.getByRole('button', { name: 'Delete <i>Old plan</i> forever' }));
    ask();
    const question = await screen.findByText('Delete “<i>Old plan</i>” forever? This cannot be undone.');
    const answers = [...question.parentElement!.querySelectorAll('button')].map((button) => button.textContent);
    expect(answers).toEqual(['Cancel', 'Delete forever']);
    // Handled (its default prevented): Chrome would close the popup.
    expect(fireEvent.keyDown(question, { key: 'Escape' })).toBe(false);
    await settle();
    expect(screen.queryByText('Delete “<i>Old plan</i>” forever? This cannot be undone.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete <i>Old plan</i> forever' }));
    expect(screen.getByRole('heading', { name: 'Trash' })).toBeTruthy();
    ask();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete <i>Old plan</i> forever' }));
    expect(backend.deleteDocument).not.toHaveBeenCalled();
  });

  test('the status line’s Undo while the Trash is shown: the trash is read again, and a document the undo put back no longer offers Restore', async () => {
    const { backend } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Move to trash' }));
    await settle();
    const personal = { account: 'a1', orgId: 1, name: 'Personal', siteUrl: 'https://docs.getgrist.com' };
    const budget = { id: BUDGET.id, name: 'Budget', removedAt: new Date().toISOString(), access: 'owners', workspace: { id: 10, name: 'Home' } };
    backend.readTrash.mockResolvedValue({ ok: true, value: [{ ...personal, documents: [budget] }] });
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    await screen.findByRole('button', { name: 'Restore Budget' });
    // What Grist's trash holds once the undo put it back.
    backend.readTrash.mockResolvedValue({ ok: true, value: [{ ...personal, documents: [] }] });
    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'e2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo moving “Budget” to trash' }));
    await settle();
    expect(backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'e1', docId: BUDGET.id, force: false });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore Budget' })).toBeNull());
    expect(screen.getByText('The trash is empty.')).toBeTruthy();
  });

  test('the search box searches the trash, by document, workspace or site name, and says when nothing matches (issue 41)', async () => {
    const { backend } = await setup();
    await openTrash(backend);
    const search = screen.getByRole('searchbox', { name: 'Search documents' });
    const names = () => [...document.querySelectorAll('.trash-name bdi[title]')].map((name) => name.textContent);
    expect(names()).toEqual(['<i>Old plan</i>', 'Their doc']);
    fireEvent.input(search, { target: { value: 'plan' } });
    expect(names()).toEqual(['<i>Old plan</i>']);
    fireEvent.input(search, { target: { value: 'acme sales their' } });
    expect(names()).toEqual(['Their doc']);
    // "sal" begins a word of their workspace's name, Sales: both.
    fireEvent.input(search, { target: { value: 'sal' } });
    expect(names()).toEqual(['<i>Old plan</i>', 'Their doc']);
    // Matches no document of the list (Budget, Shared notes, Report, Runbook): the list's "No documents match" is not said.
    fireEvent.input(search, { target: { value: 'old' } });
    expect(names()).toEqual(['<i>Old plan</i>']);
    expect(screen.getByRole('status').textContent).not.toContain('No documents match');
    fireEvent.input(search, { target: { value: 'zzz' } });
    expect(names()).toEqual([]);
    expect(screen.getByText('No document in the trash matches.')).toBeTruthy();
    // Globex could not be read: still said, whatever the search.
    expect(screen.getByText('globex.getgrist.com did not answer in 15 s.')).toBeTruthy();
  });
});
