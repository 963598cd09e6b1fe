// @vitest-environment jsdom
/**
 * A heading is its name and one ⋯ (issue 49): a workspace heading's menu (Rename, New document,
 * Share…, then set apart Move to trash) and a site heading's (New workspace, People on this site…),
 * each the WAI-ARIA menu button pattern; and a document row's keys, F2 and Delete, still working on
 * the focused row now that its buttons are in its menu.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { chooseInMenu, listing, menuItems, openMenu, setup, settle } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

/** menu-setup's listing, where the user owns their personal site (and may add workspaces to it) but not Acme. */
function owningPersonal(): Listing {
  const shown = listing();
  return { ...shown, sites: [{ ...shown.sites[0]!, access: 'owners' }, ...shown.sites.slice(1)] };
}

describe('a heading is its name and one ⋯', () => {
  test('no other button on a heading: the workspace’s and the site’s actions are in their menus', async () => {
    await setup();
    const home = screen.getByRole('heading', { name: 'Home', level: 3 }).parentElement!;
    expect(within(home).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['More actions for Home']);
    const acme = screen.getByRole('heading', { name: 'Acme', level: 2 }).parentElement!;
    expect(within(acme).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['More actions for Acme']);
  });

  test('a document row: its pages’ expand button, its link, the owners’ Rename and its ⋯; nothing else', async () => {
    await setup();
    const budget = screen.getByRole('link', { name: 'Open Budget' }).closest('li')!;
    expect(within(budget).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Show pages of Budget', 'Rename Budget', 'More actions for Budget']);
    const notes = screen.getByRole('link', { name: 'Open Shared notes' }).closest('li')!;
    expect(within(notes).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Show pages of Shared notes', 'More actions for Shared notes']);
  });

  test('a workspace’s items by the user’s rights, Move to trash last and set apart from New document', async () => {
    await setup();
    // Home is the user's; Ops they edit; Sales they view.
    expect(await menuItems('Home')).toEqual(['Rename', 'New document', 'Share…', 'Back up…', '— Move to trash']);
    expect(await menuItems('Ops')).toEqual(['New document', 'Share…', 'Back up…']);
    expect(await menuItems('Sales')).toEqual(['Share…', 'Back up…']);
    const menu = await openMenu('Home');
    expect(within(menu).getAllByRole('separator')).toHaveLength(1);
  });

  test('a site’s items: New workspace for its owners, People on this site… for everyone', async () => {
    await setup(owningPersonal());
    expect(await menuItems('Personal')).toEqual(['New workspace', 'People on this site…', 'Back up…']);
    expect(await menuItems('Acme')).toEqual(['People on this site…', 'Back up…']);
  });

  test.each([
    ['a workspace', 'Home', 'Rename', 'Move to trash'],
    ['a site', 'Personal', 'New workspace', 'Back up…'],
  ])('keyboard on %s’s menu: the first item focused, arrows wrap, Home and End, Escape back to ⋯, Tab closes', async (_kind, name, first, last) => {
    await setup(owningPersonal());
    const button = screen.getByRole('button', { name: `More actions for ${name}` });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const menu = await openMenu(name);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: first })));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: last }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    const again = await openMenu(name);
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    // Not held back: the browser moves the focus on, and the menu closes.
    expect(fireEvent.keyDown(again, { key: 'Tab' })).toBe(true);
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('a scroll that left the ⋯ where the menu was placed keeps the menu open; one that moved it closes the menu', async () => {
    await setup();
    const button = screen.getByRole('button', { name: 'More actions for Home' });
    const menu = await openMenu('Home');
    // A click on a ⋯ out of view scrolls it into view first; the browser sends that scroll's
    // event at the next frame, after the menu opened under the ⋯ where it is now.
    fireEvent.scroll(document);
    await settle();
    expect(screen.getByRole('menu', { name: 'Actions for Home' })).toBe(menu);
    expect(within(menu).getByRole('menuitem', { name: 'Move to trash' })).toBeTruthy();
    // The list scrolled under it: the menu would float away from its heading.
    button.getBoundingClientRect = () => new DOMRect(300, 120, 24, 24);
    fireEvent.scroll(document);
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('New document from the menu: its field, and Escape gives the focus back to the heading’s ⋯', async () => {
    await setup();
    await chooseInMenu('Home', 'New document');
    const field = await screen.findByRole('textbox', { name: 'Name of the new document' });
    fireEvent.keyDown(field, { key: 'Escape' });
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Home' }));
  });
});

describe('a document row’s keys, with its buttons in its menu', () => {
  test('F2 on the focused row’s ⋯ opens its rename field; Escape puts the focus back in the row', async () => {
    await setup();
    const more = screen.getByRole('button', { name: 'More actions for Budget' });
    more.focus();
    fireEvent.keyDown(more, { key: 'F2' });
    const field = await screen.findByRole('textbox', { name: 'New name for Budget' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.keyDown(field, { key: 'Escape' });
    await settle();
    expect(document.activeElement?.closest('li')).toBe(screen.getByRole('link', { name: 'Open Budget' }).closest('li'));
  });

  test('Delete on the focused row’s link moves it to the trash; not while its menu is open, where the keys are the menu’s', async () => {
    const { backend } = await setup();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e1' } });
    const menu = await openMenu('Budget');
    fireEvent.keyDown(menu, { key: 'Delete' });
    await settle();
    expect(backend.removeDocument).not.toHaveBeenCalled();
    fireEvent.keyDown(menu, { key: 'Escape' });
    const link = screen.getByRole('link', { name: 'Open Budget' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Delete' });
    await settle();
    expect(backend.removeDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: 'budgetDoc000000000000' });
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
  });
});
