// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), choosing documents: the picker, its filter and pickers, Shift+click.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { checkbox, listing, setup } from './bulk-page.tsx';

afterEach(cleanup);

describe('choosing documents', () => {
  test('offers only the documents the user owns, grouped by site and workspace, and says how many were left out', async () => {
    await setup();
    // Named for every change it makes, not renaming alone.
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeTruthy();
    // Its introduction names each change it makes, sharing too.
    const intro = screen.getByText(/^Pick documents, then/).textContent!;
    for (const change of ['rename', 'move', 'copy', 'change who has access to them (share)', 'move them to the trash', 'all at once (those you own)', 'download them (any you can open)']) expect(intro).toContain(change);
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – Shared' })).toBeNull();
    expect(screen.getByText('1 document is not offered: only its owners can rename, move or trash it (Download selected… offers it).')).toBeTruthy();
    const list = screen.getByRole('group', { name: 'Documents' });
    expect([...list.querySelectorAll('.picker-site, .picker-workspace, .picker-document')].map((line) => line.textContent)).toEqual([
      'Acme',
      'Finance',
      'Budget 2025 – Sales',
      'Budget 2025 – Legal',
      'Forecast',
      'Globex',
      'Projects',
      'Budget 2025 – <b>Globex</b>',
    ]);
    // A name holding markup stays text.
    expect(list.querySelector('b')).toBeNull();
    expect(screen.getByText('0 documents selected')).toBeTruthy();
  });

  test('the filter matches as the popup’s search does; Select all shown picks only what is shown, and stays picked when the filter changes', async () => {
    await setup();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter documents' }), { target: { value: 'budget acme' } });
    expect(screen.queryByRole('checkbox', { name: 'Select Forecast' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – <b>Globex</b>' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(screen.getByText('2 documents selected')).toBeTruthy();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter documents' }), { target: { value: '' } });
    expect(checkbox('Budget 2025 – Sales').checked).toBe(true);
    expect(checkbox('Forecast').checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('0 documents selected')).toBeTruthy();
  });

  /** Chooses the option named `name` of the picker named `picker`. */
  function choose(picker: string, name: string): void {
    const combobox = screen.getByRole('combobox', { name: picker });
    const option = within(combobox).getByRole('option', { name }) as HTMLOptionElement;
    fireEvent.change(combobox, { target: { value: option.value } });
  }

  test('the site and workspace pickers narrow the list', async () => {
    await setup();
    choose('Site', 'Globex');
    expect(screen.queryByRole('checkbox', { name: 'Select Forecast' })).toBeNull();
    expect(checkbox('Budget 2025 – <b>Globex</b>')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: '' } });
    const workspaces = screen.getByRole('combobox', { name: 'Workspace' });
    expect(within(workspaces).getAllByRole('option').map((option) => option.textContent)).toEqual(['All workspaces', 'Acme › Finance', 'Globex › Projects']);
    choose('Workspace', 'Acme › Finance');
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – <b>Globex</b>' })).toBeNull();
    expect(checkbox('Forecast')).toBeTruthy();
  });

  test('a workspace picked, then its own site: the workspace stays picked; another site clears it', async () => {
    await setup();
    choose('Workspace', 'Acme › Finance');
    choose('Site', 'Acme');
    expect((screen.getByRole('combobox', { name: 'Workspace' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Finance');
    expect(checkbox('Forecast')).toBeTruthy();
    choose('Site', 'Globex');
    expect((screen.getByRole('combobox', { name: 'Workspace' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('All workspaces');
    expect(checkbox('Budget 2025 – <b>Globex</b>')).toBeTruthy();
  });

  test('with two accounts, each site is named with its account’s user, and the same site of each is a choice of its own', async () => {
    const one = listing();
    // A copy, as two accounts' listings are (each parsed from its own answer).
    const other = { ...structuredClone(one.sites[0]!), account: 'a2' };
    await setup({
      cached: {
        ...one,
        sites: [...one.sites, other],
        accounts: [
          { id: 'a1', user: { name: 'Olivia', email: 'owner@example.com' }, server: 'acme.getgrist.com' },
          { id: 'a2', user: null, server: 'acme.getgrist.com' },
        ],
      },
    });
    const sites = within(screen.getByRole('combobox', { name: 'Site' })).getAllByRole('option').map((option) => option.textContent);
    expect(sites).toEqual(['All sites', 'Acme (owner@example.com)', 'Globex (owner@example.com)', 'Acme (Account 2)']);
    choose('Site', 'Acme (Account 2)');
    expect(screen.getAllByRole('checkbox', { name: 'Select Forecast' })).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – <b>Globex</b>' })).toBeNull();
  });

  test('Shift+click picks every shown document between the last one clicked and this one', async () => {
    await setup();
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – <b>Globex</b>'), { shiftKey: true });
    expect(['Budget 2025 – Sales', 'Budget 2025 – Legal', 'Forecast', 'Budget 2025 – <b>Globex</b>'].map((name) => checkbox(name).checked)).toEqual([true, true, true, true]);
    expect(screen.getByText('4 documents selected')).toBeTruthy();
    fireEvent.click(checkbox('Forecast'));
    fireEvent.click(checkbox('Budget 2025 – Legal'), { shiftKey: true });
    expect(['Budget 2025 – Sales', 'Budget 2025 – Legal', 'Forecast'].map((name) => checkbox(name).checked)).toEqual([true, false, false]);
  });
});
