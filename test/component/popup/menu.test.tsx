// @vitest-environment jsdom
/**
 * The popup's More actions menu (keyboard: arrows, Enter, Escape back to its button) and what it
 * does: pin or unpin, move to the trash. Rendered with a fake backend and checked through roles,
 * names and visible text.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { documentEntry as doc, personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { BUDGET, setup, settle, openMenu, menuItems } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

describe('the More actions menu', () => {
  test('offers what the user’s rights allow, in one order, each key shown: owners all, editors copy, share and pin, viewers copy and share', async () => {
    await setup();
    expect(await menuItems('Budget')).toEqual(['Rename F2', 'Move to…', 'Make a copy…', 'Share…', 'Download', 'Pin', '— Move to trash Del']);
    expect(await menuItems('Shared notes')).toEqual(['Make a copy…', 'Share…', 'Download', 'Pin']);
    expect(await menuItems('Report')).toEqual(['Make a copy…', 'Share…', 'Download']);
    // Each key named for assistive technology too, not read as part of the item's name.
    const menu = await openMenu('Budget');
    expect(within(menu).getByRole('menuitem', { name: 'Rename' }).getAttribute('aria-keyshortcuts')).toBe('F2');
    expect(within(menu).getByRole('menuitem', { name: 'Move to trash' }).getAttribute('aria-keyshortcuts')).toBe('Delete');
  });

  test('the same order wherever the row is: in a search’s results and pinned', async () => {
    const pinned = doc('plansDoc0000000000000', 'Plans', { isPinned: true, updatedAt: '2024-02-01T00:00:00.000Z' });
    await setup({ fetchedAt: 2, sites: [personalSiteEntry([workspaceEntry(10, 'Home', [BUDGET, pinned], { access: 'owners' })])] });
    expect(await menuItems('Plans')).toEqual(['Rename F2', 'Move to…', 'Make a copy…', 'Share…', 'Download', 'Unpin', '— Move to trash Del']);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search documents' }), { target: { value: 'budg' } });
    await settle();
    expect(await menuItems('Budget')).toEqual(['Rename F2', 'Move to…', 'Make a copy…', 'Share…', 'Download', 'Pin', '— Move to trash Del']);
  });

  test('keyboard: focus on the first item, the least harmful (Move to trash is last), arrows move and wrap, Home and End, Escape back to the button, Tab closes', async () => {
    await setup();
    const menu = await openMenu('Budget');
    const items = within(menu).getAllByRole('menuitem');
    const [rename, move] = items;
    const trash = items.at(-1);
    expect(rename!.textContent).toBe('RenameF2');
    await waitFor(() => expect(document.activeElement).toBe(rename));
    const button = screen.getByRole('button', { name: 'More actions for Budget' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(move);
    for (let press = 0; press < items.length - 1; press++) fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rename);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(trash);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(rename);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(trash);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Tab closes it and goes on (the browser moves the focus; the menu lets the key through).
    const again = await openMenu('Budget');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    expect(fireEvent.keyDown(again, { key: 'Tab' })).toBe(true);
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('keyboard: a letter moves to the next item starting with it, wrapping, as in the title bar’s menu (the same menu)', async () => {
    await setup();
    const menu = await openMenu('Budget');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    const focused = () => document.activeElement?.querySelector('.menu-label')?.textContent;
    expect(focused()).toBe('Rename');
    const seen = ['m', 'M', 'm', 'm', 'r', 's'].map((key) => {
      fireEvent.keyDown(menu, { key });
      return focused();
    });
    expect(seen).toEqual(['Move to…', 'Make a copy…', 'Move to trash', 'Move to…', 'Rename', 'Share…']);
    // A letter no item starts with moves nothing, and is let through.
    expect(fireEvent.keyDown(menu, { key: 'x' })).toBe(true);
    expect(focused()).toBe('Share…');
  });

  test('each item does what the row’s own control or key does: Rename opens the field, Move to… the picker', async () => {
    await setup();
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Rename' }));
    expect(await screen.findByRole('textbox', { name: 'New name for Budget' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New name for Budget' }), { key: 'Escape' });
    await settle();
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Move to…' }));
    await settle();
    expect(await screen.findByText('Move Budget')).toBeTruthy();
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
    expect(backend.undoChange).toHaveBeenCalledWith({ entryId: 'e1', target: { kind: 'document', id: BUDGET.id }, force: false });
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

  test('Enter, Enter on a menu just opened trashes nothing: the first item opens the rename field', async () => {
    const { backend } = await setup();
    const menu = await openMenu('Budget');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    // A button's Enter is its click: on the item the focus starts on.
    fireEvent.click(document.activeElement!);
    await settle();
    expect(menu.isConnected).toBe(false);
    expect(await screen.findByRole('textbox', { name: 'New name for Budget' })).toBeTruthy();
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
      expect(backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'e1', target: { kind: 'document', id: 'ideasDoc0000000000000' }, force: false });
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

  test('Ctrl+Z held down undoes once: the key’s repeats send nothing', async () => {
    const { backend } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget' }), { key: 'Delete' });
    await settle();
    const budget = screen.getByRole('button', { name: 'Undo moving “Budget” to trash' });
    fireEvent.keyDown(budget, { key: 'z', ctrlKey: true, repeat: true });
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
