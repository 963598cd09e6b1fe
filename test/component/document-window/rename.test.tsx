// @vitest-environment jsdom
/**
 * The document window's rename: the New name field, Rename and its answer, Cancel, and the undo
 * offered after a rename.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { NO_WORKER_ERROR, fail, ok } from '../../../src/shared/protocol/errors.ts';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../../src/shared/rules/document-name.ts';
import { PAGE_URL, TAB_ID, documentAtUrl, openOwnedDocument, nameField, type, pressEnter, pressEscape, statusText, refused, setupDocumentWindowTests } from './open-window.tsx';

setupDocumentWindowTests();

// --- Renaming ---------------------------------------------------------------------------------------

describe('renaming', () => {
  test('Enter sends the trimmed name exactly once, says Renaming…, then confirms', async () => {
    const opened = await openOwnedDocument();
    type('  Budget 2025  ');
    pressEnter();
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));

    expect(opened.backend.renameDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL, name: 'Budget 2025', source: 'page' });
    expect(statusText()).toBe('Renaming…');
    expect((screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    await opened.answerRename(ok({ name: 'Budget 2025', entryId: 'entry-1' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Renamed to “Budget 2025”.');
    expect(statusText()).toContain('The document’s tab still shows the old name.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload tab' }));
    expect(opened.closeWindow).not.toHaveBeenCalled();
  });

  test('the Rename button submits the form', async () => {
    const opened = await openOwnedDocument();
    type('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(opened.backend.renameDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL, name: 'Plan', source: 'page' });
  });

  test('the confirmation shows the name Grist stored', async () => {
    const opened = await openOwnedDocument();
    type('Plan');
    pressEnter();
    await opened.answerRename(ok({ name: 'Plan (stored)', entryId: 'entry-1' }));
    expect(statusText()).toContain('Renamed to “Plan (stored)”.');
  });

  test('Reload tab reloads the document’s tab, then closes the window', async () => {
    const opened = await openOwnedDocument();
    type('Plan');
    pressEnter();
    await opened.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reload tab' }));
    expect(opened.reloadTab).toHaveBeenCalledExactlyOnceWith(TAB_ID);
    expect(opened.closeWindow).not.toHaveBeenCalled();
    await opened.finishReload();
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('a tab that cannot be reloaded is reported and the window stays open', async () => {
    const opened = await openOwnedDocument();
    type('Plan');
    pressEnter();
    await opened.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reload tab' }));
    await opened.finishReload(new Error('No tab with id: 42.'));
    expect(screen.getByRole('alert').textContent).toContain('Could not reload the document’s tab');
    expect(opened.closeWindow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('without a tab there is no Reload button: Close takes focus', async () => {
    const opened = await openOwnedDocument({}, { tabId: null });
    type('Plan');
    pressEnter();
    await opened.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));

    expect(statusText()).toBe('Renamed to “Plan”.');
    expect(screen.queryByRole('button', { name: 'Reload tab' })).toBeNull();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
    expect(opened.reloadTab).not.toHaveBeenCalled();
  });

  test('a refused rename keeps the typed text, shows the error and focuses the field again', async () => {
    const opened = await openOwnedDocument();
    type('Budget 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await opened.answerRename(fail(refused));

    const field = nameField();
    expect(field.value).toBe('Budget 2025');
    expect(screen.getByRole('alert').textContent).toBe(refused.message);
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(field);
    expect(statusText()).toBe('');

    // And the retry goes through.
    pressEnter();
    expect(opened.backend.renameDocumentAtUrl).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await opened.answerRename(ok({ name: 'Budget 2025', entryId: 'entry-1' }), 1);
    expect(statusText()).toContain('Renamed to “Budget 2025”.');
  });

  test('a rename the worker never answers rolls back as a refusal: the form held while it was on its way is back, the typed text kept, and Cancel closes again', async () => {
    const opened = await openOwnedDocument();
    type('Budget 2026');
    pressEnter();
    pressEscape();
    expect(opened.closeWindow).not.toHaveBeenCalled();
    await opened.failRename(new Error('Could not establish connection. Receiving end does not exist.'));

    expect(nameField().value).toBe('Budget 2026');
    expect(nameField().disabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe(NO_WORKER_ERROR.message);
    expect(screen.getByRole('alert').textContent).not.toContain('Receiving end');
    expect(statusText()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('an empty name is refused next to the field, and nothing is sent', async () => {
    const opened = await openOwnedDocument();
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));

    const field = nameField();
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Enter a name.');
    expect(document.activeElement).toBe(field);
    expect(opened.closeWindow).not.toHaveBeenCalled();
  });

  test('a name longer than the limit is refused, and nothing is sent', async () => {
    const opened = await openOwnedDocument();
    type('x'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1));
    pressEnter();
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(`Use at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`);
  });

  test('an unchanged name (spaces aside) closes the window without a call', async () => {
    const opened = await openOwnedDocument();
    type(' Budget ');
    pressEnter();
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('Enter that confirms an IME composition does not submit', async () => {
    const opened = await openOwnedDocument();
    type('予算');
    pressEnter(nameField(), { isComposing: true });
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    pressEnter();
    expect(opened.backend.renameDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL, name: '予算', source: 'page' });
  });
});

// --- Cancelling ------------------------------------------------------------------------------------

describe('cancelling', () => {
  test('Escape in the field closes the window without a call', async () => {
    const opened = await openOwnedDocument();
    type('Something else');
    pressEscape();
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
    expect(opened.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
  });

  test('Escape also works from the buttons, and Cancel closes', async () => {
    const opened = await openOwnedDocument();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    pressEscape(cancel);
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
    fireEvent.click(cancel);
    expect(opened.closeWindow).toHaveBeenCalledTimes(2);
  });

  test('Escape that abandons an IME composition does not close', async () => {
    const opened = await openOwnedDocument();
    pressEscape(nameField(), { isComposing: true });
    expect(opened.closeWindow).not.toHaveBeenCalled();
  });

  test('Escape while the rename is on its way does not close (its answer would go unseen)', async () => {
    const opened = await openOwnedDocument();
    type('Plan');
    pressEnter();
    pressEscape();
    expect(opened.closeWindow).not.toHaveBeenCalled();
    await opened.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));
    pressEscape(screen.getByRole('button', { name: 'Close' }));
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });
});

describe('undo after a rename (issue 13)', () => {
  test('Undo puts the old name back through the worker, and says so', async () => {
    const opened = await openOwnedDocument();
    type('Budget 2027');
    pressEnter();
    await opened.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(opened.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-7', target: { kind: 'document', id: documentAtUrl().docId }, force: false });
    await opened.answerUndo(ok({ outcome: 'restored', name: 'Budget', entryId: 'entry-8' }));
    expect(statusText()).toContain('Renamed back to “\u2068Budget\u2069”.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  test('a workspace’s rename is undone as the workspace’s: the undo names the workspace it changed', async () => {
    const opened = await openOwnedDocument({ kind: 'workspace', docId: 'workspace:7', name: 'Engineering', siteName: undefined, workspace: undefined });
    type('R&D');
    pressEnter();
    await opened.answerRename(ok({ name: 'R&D', entryId: 'entry-7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(opened.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-7', target: { kind: 'workspace', id: 7 }, force: false });
  });

  test('renamed elsewhere since: said, and Restore anyway sends the undo with force', async () => {
    const opened = await openOwnedDocument();
    type('Budget 2027');
    pressEnter();
    await opened.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await opened.answerUndo(ok({ outcome: 'changed-elsewhere', current: 'Budget (final)' }));
    expect(screen.getByRole('alert').textContent).toBe('“\u2068Budget\u2069” was renamed elsewhere since: it is now “\u2068Budget (final)\u2069”.');
    fireEvent.click(screen.getByRole('button', { name: 'Restore “\u2068Budget\u2069” anyway' }));
    expect(opened.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'entry-7', target: { kind: 'document', id: documentAtUrl().docId }, force: true });
  });
});
