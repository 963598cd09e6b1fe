// @vitest-environment jsdom
/** The document window's Move to trash. */
import { act, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { documentAtUrl, openOwnedDocument, statusText, setupDocumentWindowTests } from './open-window.tsx';

setupDocumentWindowTests();

describe('Move to trash (issue 29)', () => {
  test('under the field: sent once with how the window was opened; the window then says so with Undo and Close, and Undo takes it back', async () => {
    const opened = await openOwnedDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(opened.backend.removeDocument).toHaveBeenCalledTimes(1);
    expect(opened.backend.removeDocument.mock.calls[0]?.[0]).toMatchObject({ docId: documentAtUrl().docId, source: 'page' });
    expect(statusText()).toContain('Moved “');
    expect(screen.queryByRole('textbox', { name: 'New name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Undo moving “.+” to trash$/ }));
    expect(opened.backend.undoChange).toHaveBeenCalledWith({ entryId: 'trash-1', target: { kind: 'document', id: documentAtUrl().docId }, force: false });
    await opened.answerUndo({ ok: true, value: { outcome: 'restored', name: documentAtUrl().name, entryId: 'undo-1' } });
    expect(screen.getByRole('textbox', { name: 'New name' })).toBeTruthy();
    expect(statusText()).toContain('from the trash.');
  });

  test('a refusal is said under the button; the form stays', async () => {
    const opened = await openOwnedDocument();
    opened.backend.removeDocument.mockResolvedValueOnce({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only the owners of “x” can move it to the trash, restore it or delete it.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('alert').textContent).toContain('Only the owners of');
    expect(screen.getByRole('textbox', { name: 'New name' })).toBeTruthy();
  });

  test('not offered on a workspace page', async () => {
    await openOwnedDocument({ kind: 'workspace' });
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
  });
});
