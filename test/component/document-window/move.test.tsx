// @vitest-environment jsdom
/** The document window's Move to…: the place, the destination picker, the move and its undo. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { fail, ok } from '../../../src/shared/protocol/errors.ts';
import { listingOf, personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { documentAtUrl, openOwnedDocument, nameField, type, pressEnter, pressEscape, statusText, setupDocumentWindowTests } from './open-window.tsx';

setupDocumentWindowTests();

describe('Move to… (issue 18)', () => {
  const CROSS_SITE_QUESTION = 'Moving to Globex gives “\u2068Budget\u2069” a new address: links to it stop working, and moving it back will not restore them.';
  const ARCHIVE = { site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 11, name: 'Archive' } };
  const CLIENTS = { site: { orgId: 6, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 20, name: 'Clients' } };

  function moveButton(): HTMLElement {
    return screen.getByRole('button', { name: /^(Move to…|Moving…)$/ });
  }

  function filterField(): HTMLElement {
    return screen.getByRole('combobox', { name: 'Filter workspaces' });
  }

  async function openPicker(): Promise<void> {
    await act(async () => {
      fireEvent.click(moveButton());
    });
  }

  /** Opens the picker and chooses with the keyboard: `down` presses of ArrowDown, then Enter. */
  async function chooseByKeyboard(down: number): Promise<void> {
    await openPicker();
    for (let press = 0; press < down; press++) fireEvent.keyDown(filterField(), { key: 'ArrowDown' });
    fireEvent.keyDown(filterField(), { key: 'Enter' });
  }

  /** Moves the document to Globex › Clients, confirmed, and answered with history entry `move-1`. */
  async function moveAcrossSites(opened: Awaited<ReturnType<typeof openOwnedDocument>>): Promise<void> {
    await chooseByKeyboard(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    await opened.answerMove(ok({ to: CLIENTS, entryId: 'move-1' }));
  }

  function placeText(): string {
    return document.querySelector('.document-place')?.textContent ?? '';
  }

  test('under the name field: where the document is, its names isolated, and Move to…', async () => {
    // A site the cached listing does not hold: named as Grist answered.
    await openOwnedDocument({ siteName: 'תקציב', workspace: { id: 10, name: '<b>Home</b>' } }, { listing: null });
    expect(placeText()).toBe('In תקציב › <b>Home</b>');
    const names = [...document.querySelectorAll('.document-place bdi')];
    expect(names.map((name) => [name.textContent, name.getAttribute('dir')])).toEqual([
      ['תקציב', 'auto'],
      ['<b>Home</b>', 'auto'],
    ]);
    expect(document.querySelector('b')).toBeNull();
    expect(moveButton().textContent).toBe('Move to…');
    expect(moveButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('names the site as the list does, once the cached listing says whose personal site it is (issue 49)', async () => {
    // Grist names every personal site "Personal": the listing tells the user's own from Ann's.
    await openOwnedDocument({ siteName: 'Personal' }, { listing: listingOf([personalSiteEntry([workspaceEntry(10, 'Home', [])], { owner: 'Ann Smith', personal: false })]) });
    expect(placeText()).toBe('In Ann Smith’s Personal › Home');
    cleanup();
    await openOwnedDocument({ siteName: 'Personal' });
    expect(placeText()).toBe('In Personal › Home');
  });

  test('is not offered for a document the user does not own, nor for a workspace page', async () => {
    await openOwnedDocument({ canRename: false });
    expect(screen.queryByRole('button', { name: 'Move to…' })).toBeNull();
    cleanup();
    await openOwnedDocument({ kind: 'workspace', docId: 'workspace:7', name: 'Engineering', siteName: undefined, workspace: undefined });
    expect(screen.queryByRole('button', { name: 'Move to…' })).toBeNull();
    expect(document.querySelector('.document-place')).toBeNull();
  });

  test('Move to… opens the picker in place, from the cached listing, read once the document is known', async () => {
    const opened = await openOwnedDocument();
    expect(opened.readCachedListing).toHaveBeenCalledTimes(1);
    await openPicker();
    expect(moveButton().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Destination for Budget' })).toBeTruthy();
    // Its own workspace and one the user only views are left out; the other site's is marked.
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Archive — Personal', 'Clients — Globex']);
    expect(document.activeElement).toBe(filterField());
    expect(nameField().value).toBe('Budget');
  });

  test('without a cached listing the picker says there is no other workspace', async () => {
    await openOwnedDocument({}, { listing: null });
    await openPicker();
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText(/^No other workspace to move to/)).toBeTruthy();
  });

  test('keyboard only: Enter chooses a workspace of the same site, sent at once; Moving…, then Moved … with Undo, the window open', async () => {
    const opened = await openOwnedDocument();
    await chooseByKeyboard(0);
    expect(opened.backend.moveDocument).toHaveBeenCalledExactlyOnceWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, to: { orgId: 1, workspaceId: 11 }, source: 'page' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(moveButton().textContent).toBe('Moving…');
    expect(document.activeElement).toBe(moveButton());
    expect(statusText()).toBe('Moving…');
    expect((screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(true);

    await opened.answerMove(ok({ to: ARCHIVE, entryId: 'move-1' }));
    expect(statusText()).toBe('Moved “\u2068Budget\u2069” to Personal › Archive.');
    expect(placeText()).toBe('In Personal › Archive');
    expect(screen.getByRole('button', { name: 'Undo move of Budget' })).toBeTruthy();
    expect(moveButton().textContent).toBe('Move to…');
    expect(document.activeElement).toBe(moveButton());
    // The name can still be changed in the same visit.
    expect(nameField().value).toBe('Budget');
    expect((screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(false);
    expect(opened.closeWindow).not.toHaveBeenCalled();
  });

  test('another site asks once before sending; Cancel goes back to the list, Move anyway sends', async () => {
    const opened = await openOwnedDocument();
    await chooseByKeyboard(1);
    expect(screen.getByText(CROSS_SITE_QUESTION)).toBeTruthy();
    expect(opened.backend.moveDocument).not.toHaveBeenCalled();
    // The picker's own Cancel (the window's stays below it).
    fireEvent.click(within(document.querySelector<HTMLElement>('.destination-picker')!).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(opened.backend.moveDocument).not.toHaveBeenCalled();
    expect(opened.closeWindow).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('option', { name: 'Clients — Globex' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    expect(opened.backend.moveDocument).toHaveBeenCalledExactlyOnceWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, to: { orgId: 6, workspaceId: 20 }, source: 'page' });
    await opened.answerMove(ok({ to: CLIENTS, entryId: 'move-1' }));
    expect(statusText()).toBe('Moved “\u2068Budget\u2069” to Globex › Clients.');
    expect(placeText()).toBe('In Globex › Clients');
  });

  test('a refusal is shown in the picker, in the worker’s words; another place can be chosen', async () => {
    const refusedWindow = await openOwnedDocument();
    await chooseByKeyboard(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    const message = 'Globex did not accept the document: No more documents permitted (limit 10).';
    await refusedWindow.answerMove(fail({ kind: 'forbidden', status: 403, message }));
    expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy();
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(document.activeElement).toBe(filterField());
    expect(placeText()).toBe('In Personal › Home');
    expect(statusText()).toBe('');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();

    fireEvent.keyDown(filterField(), { key: 'Enter' });
    expect(refusedWindow.backend.moveDocument).toHaveBeenLastCalledWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, to: { orgId: 1, workspaceId: 11 }, source: 'page' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a rename after a move goes by the document’s id and its new site, not the page’s URL', async () => {
    const opened = await openOwnedDocument();
    await moveAcrossSites(opened);
    type('Budget 2027');
    pressEnter();
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(opened.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 6, siteUrl: 'https://globex.getgrist.com', docId: documentAtUrl().docId, name: 'Budget 2027', source: 'page' });
    await opened.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-2' }));
    expect(statusText()).toContain('Renamed to “Budget 2027”.');
    // The tab's address led to the document on its old site: there is nothing to reload.
    expect(screen.queryByRole('button', { name: 'Reload tab' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  test('a move to the trash after a move goes by the document’s id and its new site, not the page’s', async () => {
    const opened = await openOwnedDocument();
    await moveAcrossSites(opened);
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(opened.backend.removeDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 6, siteUrl: 'https://globex.getgrist.com', docId: documentAtUrl().docId, source: 'page' });
  });

  test('after a move within the site the tab still shows the document: Reload tab is offered', async () => {
    const opened = await openOwnedDocument();
    await chooseByKeyboard(0);
    await opened.answerMove(ok({ to: ARCHIVE, entryId: 'move-1' }));
    type('Budget 2027');
    pressEnter();
    expect(opened.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, name: 'Budget 2027', source: 'page' });
    await opened.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-2' }));
    expect(screen.getByRole('button', { name: 'Reload tab' })).toBeTruthy();
  });

  test('Undo moves it back and says so, with the old links broken after another site; the place follows', async () => {
    const opened = await openOwnedDocument();
    await moveAcrossSites(opened);
    fireEvent.click(screen.getByRole('button', { name: 'Undo move of Budget' }));
    expect(opened.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'move-1', target: { kind: 'document', id: documentAtUrl().docId }, force: false });
    await opened.answerUndo(ok({ outcome: 'restored', name: 'Budget', entryId: 'undo-1' }));
    expect(statusText()).toBe('Moved “\u2068Budget\u2069” back to Personal › Home. Its links from before the first move stay broken.');
    expect(placeText()).toBe('In Personal › Home');
    expect(screen.queryByRole('button', { name: 'Undo move of Budget' })).toBeNull();
    // Renames still go by id: the page's URL lost its urlId for good.
    type('Budget 2027');
    pressEnter();
    expect(opened.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, name: 'Budget 2027', source: 'page' });
  });

  test('moved elsewhere since: said, and Move back anyway sends the undo with force', async () => {
    const opened = await openOwnedDocument();
    await moveAcrossSites(opened);
    fireEvent.click(screen.getByRole('button', { name: 'Undo move of Budget' }));
    await opened.answerUndo(ok({ outcome: 'changed-elsewhere', current: 'Reports' }));
    expect(screen.getByRole('alert').textContent).toBe('“\u2068Budget\u2069” was moved to “\u2068Reports\u2069” since.');
    fireEvent.click(screen.getByRole('button', { name: 'Move “\u2068Budget\u2069” back anyway' }));
    expect(opened.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'move-1', target: { kind: 'document', id: documentAtUrl().docId }, force: true });
  });

  test('Escape in the picker closes only the picker, and focus goes back to Move to…; Escape again closes the window', async () => {
    const opened = await openOwnedDocument();
    await openPicker();
    pressEscape(filterField());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(opened.closeWindow).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(moveButton());
    expect(moveButton().getAttribute('aria-expanded')).toBe('false');

    // In the cross-site question, Escape goes back to the list, still without closing anything.
    await chooseByKeyboard(1);
    pressEscape(screen.getByRole('button', { name: 'Move anyway' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(opened.closeWindow).not.toHaveBeenCalled();

    // With the picker open, Escape from elsewhere in the window closes the picker first.
    pressEscape(nameField());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(opened.closeWindow).not.toHaveBeenCalled();
    pressEscape(moveButton());
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('while the move is on its way, Escape, Cancel and Rename send and close nothing', async () => {
    const opened = await openOwnedDocument();
    await chooseByKeyboard(0);
    pressEscape(moveButton());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    type('Budget 2027');
    pressEnter();
    expect(opened.closeWindow).not.toHaveBeenCalled();
    expect(opened.backend.renameDocument).not.toHaveBeenCalled();
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    await opened.answerMove(ok({ to: ARCHIVE, entryId: 'move-1' }));
    pressEscape(moveButton());
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });
});
