// @vitest-environment jsdom
/**
 * The popup's History view for access changes (issue 43): what each change did in words, its Undo
 * named after it, and an undo that finds the access changed elsewhere since.
 */
import { act, fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { setupPopupTests, freshListing, setup } from './popup-setup.tsx';

setupPopupTests();

describe('an access change in the history', () => {
  const ACME = { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' };
  /** An access change of document Roadmap, 3 minutes ago, with `access` as logged. */
  const entry = (id: string, access: object, more: object = {}) => ({
    id,
    at: Date.now() - 3 * 60_000,
    kind: 'access' as const,
    target: 'document' as const,
    site: ACME,
    workspace: { id: 20, name: 'Sales' },
    docId: 'Roadmap00000000000000',
    oldName: 'Roadmap',
    newName: 'Roadmap',
    source: 'popup' as const,
    cannotUndo: null,
    access,
    ...more,
  });

  async function openHistory(entries: object[]) {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'History' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    return { popup, list: await screen.findByRole('list', { name: 'History' }) };
  }

  test('says what each change did, and where; its Undo is named after it', async () => {
    const { list } = await openHistory([
      entry('e1', { delta: { users: { 'a@example.com': 'editors', 'b@example.com': null } }, before: { users: { 'a@example.com': null, 'b@example.com': 'viewers' } } }),
      entry('e2', { delta: { users: { 'c@example.com': 'owners' }, maxInheritedRole: 'viewers' }, before: { users: { 'c@example.com': 'viewers' }, maxInheritedRole: 'owners' } }),
      entry('e3', { delta: { users: { 'everyone@getgrist.com': 'viewers' } }, before: { users: { 'everyone@getgrist.com': null } } }),
    ]);
    expect([...list.querySelectorAll('.history-names')].map((names) => names.textContent)).toEqual([
      'Roadmap: shared with a@example.com as Editor; stopped sharing with b@example.com',
      'Roadmap: c@example.com changed to Owner; inherited access set to Viewer',
      'Roadmap: made public (anyone with the link can view)',
    ]);
    expect(list.querySelector('.history-meta')?.textContent).toBe('3 minutes ago · Acme › Sales · in the popup');
    expect(within(list).getAllByRole('button', { name: /^Undo/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Undo the access change to “Roadmap”',
      'Undo the access change to “Roadmap”',
      'Undo the access change to “Roadmap”',
    ]);
  });

  test('an undo that finds it changed elsewhere says who has what now, and offers to put it back anyway', async () => {
    const { popup, list } = await openHistory([entry('e1', { delta: { users: { 'a@example.com': 'viewers' } }, before: { users: { 'a@example.com': null } } })]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'changed-elsewhere', current: 'a@example.com: Owner' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo the access change to “Roadmap”' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toBe('Who has access to “\u2068Roadmap\u2069” was changed elsewhere since (a@example.com: Owner). Nothing was sent.');
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Roadmap', entryId: 'e2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Put back the access to “\u2068Roadmap\u2069” anyway' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'e1', docId: 'Roadmap00000000000000', force: true });
    expect(screen.getByText('Who has access to “\u2068Roadmap\u2069” is back as it was.')).toBeTruthy();
  });
});
