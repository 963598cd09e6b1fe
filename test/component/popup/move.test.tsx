// @vitest-environment jsdom
/**
 * Moving a document from the popup: its destination picker, what Grist answered, and its undo.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { chooseInMenu, menuItems } from './menu-setup.tsx';
import { setupPopupTests, personalSite, acmeSite, BUDGET, RESUME, NOTES, setup, searchBox, type, backToDocuments, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

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
    await chooseInMenu('Budget', 'Move to…');
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
    expect(within(list).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Archive — Personal', 'Sales — Acme']);
    expect(document.activeElement).toBe(filter);
    fireEvent.keyDown(filter, { key: 'Escape' });
    expect(await menuItems('Shared notes')).not.toContain('Move to…');
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
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'move-1', target: { kind: 'document', id: BUDGET.id }, force: false });
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
    expect(popup.backend.undoChange).toHaveBeenCalledWith({ entryId: 'move-1', target: { kind: 'document', id: BUDGET.id }, force: false });
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
          target: { kind: 'document', id: BUDGET.id },
          name: 'Budget',
          source: 'popup',
          cannotUndo: null,
        },
      ],
    });
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'undo-1' } });
    chooseInTitleMenu('History');
    const undo = await screen.findByRole('button', { name: 'Undo move of Budget' });
    await actAndSettle(() => fireEvent.click(undo));
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'move-1', target: { kind: 'document', id: BUDGET.id }, force: false });
    expect(await screen.findByText('Moved “\u2068Budget\u2069” back to Personal › Home.')).toBeTruthy();
    backToDocuments();
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

  test('a refusal stays in the picker in Grist’s words; Escape closes it and focus goes back to the row’s More actions', async () => {
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
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' })));
    // The search box's Escape did not clear anything either.
    expect(searchBox().value).toBe('');
  });
});
