/**
 * The title bar's Menu button and its menu (app.tsx): Refresh, the views shown in place of the list
 * (History, People, Trash), and the pages that open in a tab (Bulk changes, Options), each item a
 * word and a line saying what it is, so nothing needs hovering to be understood. One button beside
 * the search box, not six icons, nor six words: the popup is 380 px wide, and the six labels take
 * about 330 px in English and over 450 px in French (for example "Modifications groupées").
 *
 * The menu is the popup's one kind of menu (menu/action-menu.tsx), with its keyboard; here, its
 * button: Enter, Space or ArrowDown opens the menu on its first item, ArrowUp on its last.
 * Choosing an item puts the focus back on the button, before the item runs (a view then shows;
 * leaving it brings the focus back there again: app.tsx).
 */
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { ActionMenu, type MenuItem } from './menu/action-menu.tsx';

/** One item of the menu: a menu item with its icon, its hint and the focus back on the button once chosen. */
export interface TitleBarItem extends Omit<MenuItem, 'icon' | 'hint' | 'refocus' | 'separated' | 'key'> {
  /** Names the item's icon (`.icon-<id>` in popup.css). */
  id: 'refresh' | 'history' | 'people' | 'trash' | 'bulk' | 'options';
  /** What it is or does, one short line under the label. */
  hint: string;
  /** A line before this item, apart from the ones above it. */
  group?: true;
}

interface TitleBarMenuProps {
  items: readonly TitleBarItem[];
  /** The Menu button's element: the view it opened gives the focus back to it when left (app.tsx). */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

const MENU_ID = 'title-bar-menu';

export function TitleBarMenu({ items, buttonRef }: TitleBarMenuProps) {
  /** Which item takes the focus when the menu opens: its first, its last, or none (closed). */
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const close = () => setOpen(null);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return (
    <div class="title-bar-menu-holder">
      <button
        type="button"
        class="menu-button"
        id="title-bar-menu-button"
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? MENU_ID : undefined}
        onClick={() => (open ? close() : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span class="icon icon-line icon-menu" aria-hidden="true" />
        {t('menu')}
      </button>
      {open && (
        <ActionMenu
          key={open}
          id={MENU_ID}
          label={{ by: 'title-bar-menu-button' }}
          titleBar
          focusLast={open === 'last'}
          items={items.map(({ id, group, ...item }) => ({ ...item, icon: id, separated: group, refocus: true }))}
          onClose={close}
        />
      )}
    </div>
  );
}
