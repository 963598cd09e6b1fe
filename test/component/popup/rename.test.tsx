// @vitest-environment jsdom
/**
 * Renaming a document or a workspace from the popup: the field, what is sent, what Grist answered.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { ErrorValue } from '../../../src/shared/protocol/errors.ts';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../../src/shared/rules/document-name.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc } from '../../setup/listings.ts';
import { chooseInMenu, menuItems } from './menu-setup.tsx';
import { setupPopupTests, personalSite, acmeSite, BUDGET, freshListing, setup, listedNames, searchBox, type } from './popup-setup.tsx';

setupPopupTests();

// --- Rename ---------------------------------------------------------------------------------------

describe('rename', () => {
  async function startEditing(name = 'Budget') {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: `Rename ${name}` }));
    const input = screen.getByRole('textbox', { name: `New name for ${name}` }) as HTMLInputElement;
    return { ...popup, input };
  }

  test('only documents the user owns have a Rename button', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    expect(screen.getByRole('button', { name: 'Rename Budget' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename Forecast' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename Shared notes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Pipeline' })).toBeNull();
  });

  test('Rename turns the row into a focused field holding the selected name', async () => {
    const { input } = await startEditing();
    expect(input.value).toBe('Budget');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Budget'.length]);
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
  });

  test('Enter sends the trimmed name once and the row shows it before Grist answers', async () => {
    const popup = await startEditing();
    type(popup.input, '  Budget 2025  ');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(popup.backend.renameDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, name: 'Budget 2025' });
    expect(screen.getByRole('link', { name: 'Open Budget 2025' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget 2025' }));

    await popup.answerRename({ ok: true, value: { name: 'Budget 2025', entryId: 'entry-1' } });
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget 2025' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget 2025' }));
    // Each name isolated (U+2068 … U+2069), so one in another direction cannot reorder the sentence.
    // (Said by the undo offer, whose code loads with the first rename: on-demand/lazy.tsx.)
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Budget\u2069” to “\u2068Budget 2025\u2069”.'));
  });

  test('Enter shows the new name in the same frame: no render waits on anything but a microtask', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    // A plain event, outside act(): what the browser does, with nothing flushing renders for us.
    popup.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await Promise.resolve();

    expect(screen.getByRole('link', { name: 'Open Budget 2025' }).textContent).toBe('Budget 2025');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    await popup.answerRename({ ok: true, value: { name: 'Budget 2025', entryId: 'entry-1' } });
  });

  test('after saving the row shows the name Grist stored', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    await popup.answerRename({ ok: true, value: { name: 'Budget 2025 (final)', entryId: 'entry-1' } });
    expect(screen.getByRole('link', { name: 'Open Budget 2025 (final)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Budget 2025' })).toBeNull();
  });

  test('the Save button saves too', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget 2025' })).toBeTruthy();
  });

  test('a refused rename goes back to the field with the typed text and the error', async () => {
    const popup = await startEditing();
    type(popup.input, ' Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    await popup.answerRename({
      ok: false,
      error: { kind: 'forbidden', status: 403, message: 'Only owners can rename this document.' },
    });

    const input = screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement;
    expect(input.value).toBe(' Budget 2025');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('alert').textContent).toBe('Only owners can rename this document.');
    expect(input.closest('li')!.contains(screen.getByRole('alert'))).toBe(true);
    expect(screen.queryByRole('link', { name: 'Open Budget 2025' })).toBeNull();

    // A retry sends again and clears the error.
    type(input, 'Budget 2026');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(2);
    expect(popup.backend.renameDocument).toHaveBeenLastCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, name: 'Budget 2026' });
    expect(screen.queryByRole('alert')).toBeNull();
    await popup.answerRename({ ok: true, value: { name: 'Budget 2026', entryId: 'entry-1' } }, 1);
    expect(screen.getByRole('link', { name: 'Open Budget 2026' })).toBeTruthy();
  });

  test('a refusal that comes after the user moved on does not take focus back', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    searchBox().focus();
    await popup.answerRename({ ok: false, error: { kind: 'timeout', message: 'Grist did not answer in time.' } });

    expect(document.activeElement).toBe(searchBox());
    expect(screen.getByRole('alert').textContent).toBe('Grist did not answer in time.');
    expect((screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement).value).toBe('Budget 2025');
  });

  const BUDGET_GONE: ErrorValue = {
    kind: 'not-found',
    status: 404,
    message: '“Budget” no longer exists on docs.getgrist.com. It was removed from the list.',
  };

  test('a document Grist no longer has leaves the list, focus goes to the search box and the message is announced', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    await popup.answerRename({ ok: false, error: BUDGET_GONE });

    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Budget 2025' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(searchBox());
    expect(screen.getByRole('status').textContent).toContain(BUDGET_GONE.message);
    // The rest of the listing is untouched, and nothing is sent again.
    expect(listedNames(screen.getAllByRole('list')[0]!)).toEqual(['Résumé', 'Shared notes']);
    expect(popup.backend.renameDocument).toHaveBeenCalledTimes(1);
  });

  test('a document gone after the user moved on leaves the list without taking focus', async () => {
    const popup = await startEditing();
    type(popup.input, 'Budget 2025');
    fireEvent.keyDown(popup.input, { key: 'Enter' });
    const resume = screen.getByRole('link', { name: 'Open Résumé' });
    resume.focus();
    await popup.answerRename({ ok: false, error: BUDGET_GONE });

    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    expect(document.activeElement).toBe(resume);
    expect(screen.getByRole('status').textContent).toContain(BUDGET_GONE.message);
  });

  test('Escape cancels without sending and gives focus back to the Rename button', async () => {
    const popup = await startEditing();
    type(popup.input, 'Something else');
    fireEvent.keyDown(popup.input, { key: 'Escape' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget' }));
  });

  test('the Cancel button cancels too', async () => {
    const popup = await startEditing();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget' }));
  });

  test('an empty name is refused in the row and nothing is sent', async () => {
    const popup = await startEditing();
    type(popup.input, '   ');
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'New name for Budget' })).toBe(popup.input);
    expect(screen.getByRole('alert').textContent).toBe('Enter a name. Press Escape to keep the current name.');
    expect(popup.input.getAttribute('aria-invalid')).toBe('true');
  });

  test('a name over the length limit is refused in the row and nothing is sent', async () => {
    const popup = await startEditing();
    type(popup.input, 'x'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1));
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(`at most ${MAX_DOCUMENT_NAME_LENGTH} characters`);
  });

  test('an unchanged name just leaves edit mode', async () => {
    const popup = await startEditing();
    type(popup.input, ' Budget ');
    fireEvent.keyDown(popup.input, { key: 'Enter' });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Budget' }));
  });

  test('Enter and Escape that end an IME composition are ignored', async () => {
    const popup = await startEditing();
    type(popup.input, '予算');
    fireEvent.keyDown(popup.input, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(popup.input, { key: 'Escape', isComposing: true });

    expect(popup.backend.renameDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'New name for Budget' })).toBe(popup.input);

    fireEvent.keyDown(popup.input, { key: 'Enter' });
    expect(popup.backend.renameDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, name: '予算' });
  });

  test('a listing refresh while editing keeps the field and the typed text', async () => {
    const popup = await setup({ cached: freshListing() });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
    const input = screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement;
    type(input, 'Budget draft');

    await popup.answerRefresh({ ok: true, value: freshListing() });
    expect(screen.getByRole('textbox', { name: 'New name for Budget' })).toBe(input);
    expect(input.value).toBe('Budget draft');
    expect(document.activeElement).toBe(input);
  });
});

// --- Workspaces -----------------------------------------------------------------------------------

describe('renaming a workspace (issue 15)', () => {
  /** Acme with its Sales workspace owned by the user, and a Support workspace it only edits. */
  function ownedWorkspaces(): Listing {
    const acme = acmeSite();
    return {
      fetchedAt: 2,
      sites: [
        personalSite([BUDGET]),
        { ...acme, workspaces: [{ ...acme.workspaces[0]!, access: 'owners' }, { id: 21, name: 'Support', access: 'editors', documents: [doc('acmeTickets000000000', 'Tickets')] }] },
      ],
    };
  }

  test('only an owned workspace offers Rename in its menu; the heading becomes its field, Enter saves in one request and shows the name at once', async () => {
    const popup = await setup({ refresh: { ok: true, value: ownedWorkspaces() } });
    expect(await menuItems('Support')).not.toContain('Rename');
    await chooseInMenu('Sales', 'Rename');
    const field = (await screen.findByRole('textbox', { name: 'New workspace name for Sales' })) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('Sales');
    const reply = deferred<Reply<'renameWorkspace'>>();
    popup.backend.renameWorkspace.mockReturnValue(reply.promise);
    fireEvent.input(field, { target: { value: '  Sales & Partners ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(popup.backend.renameWorkspace).toHaveBeenCalledExactlyOnceWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', workspaceId: 20, name: 'Sales & Partners' });
    // Shown before Grist answers.
    expect(screen.getByRole('heading', { name: 'Sales & Partners', level: 3 })).toBeTruthy();
    await act(async () => {
      reply.resolve({ ok: true, value: { name: 'Sales & Partners', entryId: 'entry-ws' } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('heading', { name: 'Sales & Partners', level: 3 })).toBeTruthy();
    // Back on the heading's More actions, whose menu it came from.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Sales & Partners' })));
    // Its Undo, as for a document: the history entry's key is the workspace's.
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Sales', entryId: 'entry-undo' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo rename of Sales & Partners' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledWith({ entryId: 'entry-ws', target: { kind: 'workspace', id: 20 }, force: false });
    expect(screen.getByRole('heading', { name: 'Sales', level: 3 })).toBeTruthy();
  });

  test('the same checks as a document: empty is refused without a request; Escape cancels; Grist’s refusal goes back to the field', async () => {
    const popup = await setup({ refresh: { ok: true, value: ownedWorkspaces() } });
    await chooseInMenu('Sales', 'Rename');
    const field = () => screen.getByRole('textbox', { name: 'New workspace name for Sales' }) as HTMLInputElement;
    fireEvent.input(field(), { target: { value: '   ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(popup.backend.renameWorkspace).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/name/i);
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'New workspace name for Sales' })).toBeNull();

    popup.backend.renameWorkspace.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only owners can rename a workspace in Grist, and you are not an owner of “Sales”.' } });
    await chooseInMenu('Sales', 'Rename');
    fireEvent.input(field(), { target: { value: 'Nope' } });
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Enter' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(field().value).toBe('Nope');
    expect(screen.getByRole('alert').textContent).toMatch(/Only owners can rename a workspace/);
  });
});
