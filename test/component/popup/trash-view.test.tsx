// @vitest-environment jsdom
/**
 * The popup's Trash view: the documents in each site's trash, restore and delete forever.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { TrashSite } from '../../../src/shared/protocol/trash.ts';
import { BUDGET, setup, settle, openMenu } from './menu-setup.tsx';
import { setupPopupTests, backToDocuments, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

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
      workspaces: [],
    },
    { account: 'a1', orgId: 3, name: 'Globex', siteUrl: 'https://globex.getgrist.com', documents: [], workspaces: [], error: { kind: 'timeout', message: 'globex.getgrist.com did not answer in 15 s.' } },
  ];

  test('read when opened, not before; each document with when it was removed, Restore and Delete forever for owners', async () => {
    const { backend } = await setup();
    backend.readTrash.mockResolvedValue({ ok: true, value: trash });
    expect(backend.readTrash).not.toHaveBeenCalled();
    chooseInTitleMenu('Trash');
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
    chooseInTitleMenu('Trash');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore <i>Old plan</i>' }));
    await settle();
    expect(backend.restoreDocument).toHaveBeenCalledWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: 'oldDoc000000000000000' });
    expect(screen.queryByRole('button', { name: 'Restore <i>Old plan</i>' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Restored “\u2068<i>Old plan</i>\u2069” to Acme › Sales.');

    // Back in the list, restored; the trash read again (here it holds it still, for the delete).
    backToDocuments();
    expect(screen.getByRole('link', { name: 'Open <i>Old plan</i>' })).toBeTruthy();
    chooseInTitleMenu('Trash');
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
    chooseInTitleMenu('Trash');
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
    backend.readTrash.mockResolvedValue({ ok: true, value: [{ ...personal, documents: [budget], workspaces: [] }] });
    chooseInTitleMenu('Trash');
    await screen.findByRole('button', { name: 'Restore Budget' });
    // What Grist's trash holds once the undo put it back.
    backend.readTrash.mockResolvedValue({ ok: true, value: [{ ...personal, documents: [], workspaces: [] }] });
    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'e2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo moving “Budget” to trash' }));
    await settle();
    expect(backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'e1', target: { kind: 'document', id: BUDGET.id }, force: false });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore Budget' })).toBeNull());
    expect(screen.getByText('The trash is empty.')).toBeTruthy();
  });

  test('the search box searches the trash, by document, workspace or site name, and says when nothing matches (issue 41)', async () => {
    const { backend } = await setup();
    await openTrash(backend);
    const search = screen.getByRole('searchbox', { name: 'Search the trash' });
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
