// @vitest-environment jsdom
/**
 * New workspace in a site heading's menu, Move to trash in a workspace heading's, and a removed
 * workspace's Restore in the Trash view, as a user meets them in the popup.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import type { TrashSite } from '../../../src/shared/protocol/trash.ts';
import { documentEntry as doc, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';
import { chooseInMenu, menuItems, openMenu, setup, settle } from './menu-setup.tsx';
import { setupPopupTests, backToDocuments, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

const PLAN = doc('planDoc00000000000000', 'Plan', { updatedAt: '2024-02-01T00:00:00.000Z' });

/** The personal site and Globex, which the user owns (Projects: Plan), and Acme, which they edit (Sales). */
function listing(): Listing {
  return {
    fetchedAt: 2,
    sites: [
      personalSiteEntry([workspaceEntry(10, 'Home', [doc('budgetDoc000000000000', 'Budget')], { access: 'owners' })], { access: 'owners' }),
      siteEntry(2, 'Acme', [workspaceEntry(20, 'Sales', [], { access: 'editors' })], { access: 'editors', siteUrl: 'https://acme.getgrist.com' }),
      siteEntry(3, 'Globex', [workspaceEntry(30, 'Projects', [PLAN], { access: 'owners' })], { access: 'owners', siteUrl: 'https://globex.getgrist.com' }),
    ],
  };
}

const headings = () => screen.getAllByRole('heading').map((heading) => heading.textContent);
const status = () => screen.getByRole('status').textContent;

describe('New workspace', () => {
  test('offered on the sites the user owns only; Enter creates it, its heading appears, Undo takes it away', async () => {
    const { backend } = await setup(listing());
    expect(await menuItems('Personal')).toEqual(['New workspace', 'People on this site…', 'Back up…']);
    expect(await menuItems('Globex')).toEqual(['New workspace', 'People on this site…', 'Back up…']);
    expect(await menuItems('Acme')).toEqual(['People on this site…']);

    backend.createWorkspace.mockResolvedValue({ ok: true, value: { workspace: { id: 31, name: 'Research', access: 'owners', documents: [] }, entryId: 'w1' } });
    await chooseInMenu('Globex', 'New workspace');
    const field = await screen.findByRole('textbox', { name: 'Name of the new workspace' });
    fireEvent.input(field, { target: { value: '  Research ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(backend.createWorkspace).toHaveBeenCalledExactlyOnceWith({ orgId: 3, siteUrl: 'https://globex.getgrist.com', name: 'Research' });
    expect(headings()).toContain('Research');
    expect(status()).toContain('Created workspace “\u2068Research\u2069” on Globex.');

    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Research', entryId: 'w2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo creating workspace “Research” (it goes to the trash)' }));
    await settle();
    expect(backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'w1', target: { kind: 'workspace', id: 31 }, force: false });
    await waitFor(() => expect(headings()).not.toContain('Research'));
  });

  test('an empty name is refused, nothing sent; Escape gives up and the focus is back on the site’s More actions', async () => {
    const { backend } = await setup(listing());
    await chooseInMenu('Personal', 'New workspace');
    const field = await screen.findByRole('textbox', { name: 'Name of the new workspace' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(backend.createWorkspace).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(status()).toContain('Enter a name.');
    fireEvent.keyDown(field, { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the new workspace' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Personal' }));
  });

  test('Grist’s refusal keeps the field and the typed name, and says why', async () => {
    const { backend } = await setup(listing());
    backend.createWorkspace.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only the owners of Globex can add a workspace to it.' } });
    await chooseInMenu('Globex', 'New workspace');
    const field = await screen.findByRole('textbox', { name: 'Name of the new workspace' });
    fireEvent.input(field, { target: { value: 'Research' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect((field as HTMLInputElement).value).toBe('Research');
    expect(status()).toContain('Only the owners of Globex can add a workspace to it.');
    expect(headings()).not.toContain('Research');
  });
});

describe('Move workspace to trash', () => {
  test('offered on the workspaces the user owns only; it goes at once with its documents, and Undo brings them back', async () => {
    const { backend } = await setup(listing());
    expect(await menuItems('Sales')).toEqual(['New document', 'Share…']);
    // Last, set apart from New document.
    expect(await menuItems('Projects')).toEqual(['Rename', 'New document', 'Share…', 'Back up…', '— Move to trash']);
    backend.removeWorkspace.mockResolvedValue({ ok: true, value: { entryId: 't1' } });
    fireEvent.click(within(await openMenu('Projects')).getByRole('menuitem', { name: 'Move to trash' }));
    expect(headings()).not.toContain('Projects');
    expect(screen.queryByRole('link', { name: 'Open Plan' })).toBeNull();
    await settle();
    expect(backend.removeWorkspace).toHaveBeenCalledExactlyOnceWith({ orgId: 3, siteUrl: 'https://globex.getgrist.com', workspaceId: 30 });
    expect(status()).toContain('Moved workspace “\u2068Projects\u2069” to trash, with its documents.');

    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Projects', entryId: 't2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo moving workspace “Projects” to trash' }));
    await settle();
    expect(backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 't1', target: { kind: 'workspace', id: 30 }, force: false });
    await waitFor(() => expect(headings()).toContain('Projects'));
    expect(screen.getByRole('link', { name: 'Open Plan' })).toBeTruthy();
    expect(status()).toContain('Workspace “\u2068Projects\u2069” is back, with its documents.');
  });

  test('refused by Grist, it is put back, with its documents, and the status says why', async () => {
    const { backend } = await setup(listing());
    backend.removeWorkspace.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only the owners of “Projects” can move it to the trash, restore it or delete it.' } });
    await chooseInMenu('Projects', 'Move to trash');
    expect(headings()).toContain('Projects');
    expect(screen.getByRole('link', { name: 'Open Plan' })).toBeTruthy();
    expect(status()).toContain('Only the owners of “Projects” can move it to the trash, restore it or delete it.');
  });
});

describe('a workspace in the Trash view', () => {
  const trash = (): TrashSite[] => [
    {
      account: 'a1',
      orgId: 3,
      name: 'Globex',
      siteUrl: 'https://globex.getgrist.com',
      documents: [],
      workspaces: [
        { id: 40, name: 'Archive', removedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), access: 'owners', documents: [{ id: 'oldDoc000000000000000', name: 'Old plan' }, { id: 'oldDoc000000000000001', name: 'Older plan' }] },
        { id: 41, name: 'Theirs', removedAt: new Date().toISOString(), access: 'editors', documents: [] },
      ],
    },
  ];

  test('listed with its documents’ count and when it was removed; its owners restore it, and it is back in the list with its documents', async () => {
    const { backend } = await setup(listing());
    backend.readTrash.mockResolvedValue({ ok: true, value: trash() });
    backend.restoreWorkspace.mockResolvedValue({ ok: true, value: { entryId: 'r1' } });
    chooseInTitleMenu('Trash');
    const restore = await screen.findByRole('button', { name: 'Restore workspace Archive' });
    const row = restore.closest('li')!;
    expect(row.textContent).toContain('workspace, 2 documents');
    expect(within(row).getByText('removed 2 days ago')).toBeTruthy();
    // Not theirs to restore: Grist would refuse an editor.
    expect(screen.queryByRole('button', { name: 'Restore workspace Theirs' })).toBeNull();

    fireEvent.click(restore);
    await settle();
    expect(backend.restoreWorkspace).toHaveBeenCalledExactlyOnceWith({ orgId: 3, siteUrl: 'https://globex.getgrist.com', workspaceId: 40 });
    expect(screen.queryByRole('button', { name: 'Restore workspace Archive' })).toBeNull();
    expect(status()).toContain('Restored workspace “\u2068Archive\u2069” to Globex.');
    backToDocuments();
    expect(headings()).toContain('Archive');
    expect(screen.getByRole('link', { name: 'Open Older plan' })).toBeTruthy();
  });

  test('a refused restore is said on its row, and it stays', async () => {
    const { backend } = await setup(listing());
    backend.readTrash.mockResolvedValue({ ok: true, value: trash() });
    backend.restoreWorkspace.mockResolvedValue({ ok: false, error: { kind: 'not-found', status: 404, message: 'This workspace is not in the trash any more. Reopen the trash to see what it holds.' } });
    chooseInTitleMenu('Trash');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore workspace Archive' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This workspace is not in the trash any more. Reopen the trash to see what it holds.');
    expect(screen.getByRole('button', { name: 'Restore workspace Archive' })).toBeTruthy();
  });
});
