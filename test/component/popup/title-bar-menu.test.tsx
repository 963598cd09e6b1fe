// @vitest-environment jsdom
/**
 * The popup's title bar (title-bar-menu.tsx, app.tsx): the search box first, then one Menu button
 * whose menu names each of Refresh, History, People, Trash, Bulk changes and Options in words, with
 * a line saying what it is (issue 49: six unlabelled icons a newcomer had to hover). Keyboard as
 * the WAI-ARIA menu button pattern has it; a view chosen there gives the focus back to the Menu
 * button when it is left.
 */
import { act, fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { deferred } from '../../setup/deferred.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { setupPopupTests, freshListing, setup, searchBox, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

const ITEMS = [
  ['Refresh', 'List every site again'],
  ['History', 'Changes made here; most can be undone'],
  ['People', 'Everyone with access to your sites'],
  ['Trash', 'Removed documents and workspaces'],
  ['Bulk changes', 'Rename, move, copy or trash many documents at once, in a tab'],
  ['Options', 'API key and site URLs'],
] as const;

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const menu = () => screen.getByRole('menu', { name: 'Menu' });
const items = () => within(menu()).getAllByRole('menuitem');
const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name });

/** Settles a view's code loaded on demand and what it reads when shown. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

async function popupWithViews() {
  const popup = await setup({ refresh: { ok: true, value: freshListing() } });
  popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
  popup.backend.readTrash.mockResolvedValue({ ok: true, value: [] });
  return popup;
}

describe('the title bar (issue 49)', () => {
  test('the search box comes first, then one Menu button, named by the word it shows; nothing else in the title bar', async () => {
    await popupWithViews();
    const header = screen.getByRole('banner');
    const controls = [...header.querySelectorAll('input, button, a, select')];
    expect(controls).toEqual([searchBox(), menuButton()]);
    expect(menuButton().textContent).toBe('Menu');
    expect(menuButton().getAttribute('aria-haspopup')).toBe('menu');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('each item of the menu shows its name and what it is, in words: its name is the words shown, its description the line under it', async () => {
    await popupWithViews();
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(menuButton().getAttribute('aria-controls')).toBe(menu().id);
    const shown = items().map((item) => {
      const name = item.querySelector('.menu-label')!;
      const hint = document.getElementById(item.getAttribute('aria-describedby')!)!;
      // Both shown in the item (nothing hiding them from sight); the hint is its description.
      expect(item.contains(hint)).toBe(true);
      expect(name.closest('.visually-hidden, [hidden]')).toBeNull();
      expect(hint.closest('.visually-hidden, [hidden]')).toBeNull();
      // Its accessible name is the words shown as its name, exactly.
      expect(within(menu()).getByRole('menuitem', { name: name.textContent! })).toBe(item);
      return [name.textContent, hint.textContent];
    });
    expect(shown).toEqual(ITEMS.map(([name, hint]) => [name, hint]));
    // Grouped: Refresh; the views; the pages that open in a tab.
    expect(within(menu()).getAllByRole('separator')).toHaveLength(2);
  });

  test('keyboard: ArrowDown on the button opens it on its first item, ArrowUp on its last; the arrows wrap, Home and End, a letter; Escape closes it, the focus back on the button', async () => {
    await popupWithViews();
    menuButton().focus();
    key(menuButton(), 'ArrowDown');
    expect(document.activeElement).toBe(items()[0]);
    key(document.activeElement!, 'ArrowUp');
    expect(document.activeElement).toBe(items()[5]);
    key(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(items()[0]);
    key(document.activeElement!, 'End');
    expect(document.activeElement).toBe(items()[5]);
    key(document.activeElement!, 'Home');
    expect(document.activeElement).toBe(items()[0]);
    // A letter: the next item that starts with it.
    key(document.activeElement!, 't');
    expect(document.activeElement?.textContent).toMatch(/^Trash/);
    key(document.activeElement!, 'p');
    expect(document.activeElement?.textContent).toMatch(/^People/);
    // Escape is the menu's: its default prevented (Chrome would close the popup).
    expect(key(document.activeElement!, 'Escape')).toBe(false);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');

    key(menuButton(), 'ArrowUp');
    expect(document.activeElement).toBe(items()[5]);
    // Tab closes it and goes on.
    key(document.activeElement!, 'Tab');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test.each(['History', 'People', 'Trash'] as const)('the keyboard alone opens the %s: the focus back on the Menu button; Escape leaves it, the focus back there', async (name) => {
    await popupWithViews();
    menuButton().focus();
    key(menuButton(), 'ArrowDown');
    key(document.activeElement!, name[0]!.toLowerCase());
    const item = document.activeElement as HTMLElement;
    expect(item.textContent).toMatch(new RegExp(`^${name}`));
    // Enter on a focused button is a click.
    fireEvent.click(item);
    await settle();
    expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(document.activeElement).toBe(menuButton());
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();

    // The view shown is said in the menu; Escape there closes the menu only, not the view.
    key(menuButton(), 'ArrowDown');
    expect(within(menu()).getByRole('menuitem', { name }).getAttribute('aria-current')).toBe('true');
    expect(within(menu()).getAllByRole('menuitem').filter((each) => each.hasAttribute('aria-current'))).toHaveLength(1);
    key(document.activeElement!, 'Escape');
    expect(screen.getByRole('heading', { name })).toBeTruthy();

    // Escape anywhere leaves the view: the list again, the focus on the Menu button.
    document.body.focus();
    expect(key(document.body, 'Escape')).toBe(false);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(document.activeElement).toBe(menuButton());
    // Back to documents does the same (history.test.tsx, "leaving the History, the Trash and the People view").
  });

  test('one view chosen over another shows it in its place', async () => {
    await popupWithViews();
    chooseInTitleMenu('History');
    await settle();
    chooseInTitleMenu('Trash');
    await settle();
    expect(screen.getByRole('heading', { name: 'Trash' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
  });

  test('Refresh lists every site again, and says it is not available while a refresh is under way; Bulk changes and Options open their pages', async () => {
    const popup = await popupWithViews();
    const answer = deferred<Reply<'refreshListing'>>();
    popup.backend.refreshListing.mockReturnValueOnce(answer.promise);
    chooseInTitleMenu('Refresh');
    expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(menuButton());
    fireEvent.click(menuButton());
    expect(within(menu()).getByRole('menuitem', { name: 'Refresh' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(menuButton());
    await act(async () => answer.resolve({ ok: true, value: freshListing() }));
    fireEvent.click(menuButton());
    expect(within(menu()).getByRole('menuitem', { name: 'Refresh' }).hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(menuButton());

    chooseInTitleMenu('Bulk changes');
    expect(popup.openBulkChanges).toHaveBeenCalledTimes(1);
    chooseInTitleMenu('Options');
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
  });

  test('a click elsewhere closes the menu', async () => {
    await popupWithViews();
    fireEvent.click(menuButton());
    expect(document.activeElement).toBe(items()[0]);
    // Where a click takes the focus.
    act(() => screen.getByRole('link', { name: 'Open Budget' }).focus());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });
});
