/**
 * The popup's one kind of menu (`role="menu"`), drawn only while open, just after its button: a
 * document row's ⋯ (panels/row-menu.tsx), a workspace heading's and a site heading's
 * (list/more-button.tsx), and the title bar's Menu (title-bar-menu.tsx). Keyboard as the WAI-ARIA
 * menu button pattern has it (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): focus on the
 * first item when it opens (or the last, when opened by ArrowUp), the arrow keys (wrapping), Home
 * and End move among the items, a letter moves to the next item starting with it, Enter or Space
 * chooses, Escape closes it with focus back on its button, Tab closes it and goes on. An item's
 * key, where it has one, is shown at its end and named in `aria-keyshortcuts`; its hint, where it
 * has one, is a line under its label, its accessible description. A row's or a heading's menu is
 * placed fixed under its button (above it near the bottom of the popup), so the list's scrolling
 * box does not cut it, and a scroll that moves its button or a resize closes it; the title bar's is placed by popup.css
 * (`.title-bar-menu`), under the title bar, where the popup growing for it does not close it.
 *
 * An item may open a submenu (a row's Download ▸, and its CSV of a table ▸), as the same pattern's
 * submenus have it (https://www.w3.org/WAI/ARIA/apg/patterns/menubar/): ArrowRight, Enter, Space or
 * a click open it with the focus on its first item; ArrowLeft or Escape close that one level, the
 * focus back on its item; Tab closes every level; choosing an item of a submenu closes them all.
 * A submenu is placed beside its menu (on the side with room; over it when neither has).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** One entry of a menu. */
export interface MenuItem {
  label: string;
  run: () => void;
  /** The key that does the same on the focused row: `aria` as `aria-keyshortcuts` names it (`F2`, `Delete`), `shown` as the keyboard prints it. */
  key?: { aria: string; shown: string };
  /** The row stays where the focus can go back to its button (a pin); the others take the focus elsewhere. */
  refocus?: true;
  /** Set apart from the items before it by a line (a move to the trash, away from what creates). */
  separated?: true;
  /** What it is or does, one short line under the label (its accessible description). */
  hint?: string;
  /** Its icon, `.icon-<icon>` in popup.css, before the label. */
  icon?: string;
  /** Shown, and said, as not available now (a refresh under way); choosing it still runs it (the item then does nothing). */
  disabled?: boolean;
  /** The view shown now is this item's (`aria-current`). */
  current?: boolean;
  /** The items of the submenu it opens (▸) instead of running: `run` is then never called. */
  submenu?: readonly MenuItem[];
  /** Called as its submenu opens: a read of what the submenu lists, shown in `submenu` once answered. */
  onOpen?: () => void;
}

interface ActionMenuProps {
  /** The menu's accessible name ("Actions for Budget"), or the id of the element that names it (its button). */
  label: string | { by: string };
  /** In the order shown; the least harmful first, where the focus starts. */
  items: readonly MenuItem[];
  onClose: () => void;
  /** Its element's id (its button's `aria-controls`). */
  id?: string;
  /** Placed by popup.css under the title bar (`.title-bar-menu`), not fixed under its button. */
  titleBar?: true;
  /** The focus starts on the last item (opened by ArrowUp on its button). */
  focusLast?: boolean;
  /**
   * A submenu, rendered just after its item (what `button` finds): `closeAll` closes the menu it
   * belongs to, and so every level (an item chosen, Tab).
   */
  nested?: { closeAll: (refocus: boolean) => void };
}

/** A menu's own items (not those of a submenu open inside it). */
const OWN_ITEMS = ':scope > li > [role="menuitem"]';

/** The menu of `items`, for the button rendered just before it (see the module comment). */
export function ActionMenu({ label, items, onClose, id, titleBar, focusLast, nested }: ActionMenuProps) {
  const menuRef = useRef<HTMLUListElement>(null);
  // Its More actions button, just before it: the menu is placed by it, and focus goes back to it on Escape.
  const button = () => menuRef.current?.previousElementSibling as HTMLElement | null | undefined;
  const [place, setPlace] = useState<{ top: number; right?: number; left?: number } | null>(null);
  // The label of the item whose submenu is open.
  const [openSubmenu, setOpenSubmenu] = useState<string | null>(null);
  // Where its button was when the menu was placed by it.
  const placedBy = useRef<DOMRect | undefined>(undefined);
  const hintIds = useId();

  useLayoutEffect(() => {
    if (titleBar) return;
    const box = button()?.getBoundingClientRect();
    const height = menuRef.current?.offsetHeight ?? 0;
    if (nested) return;
    placedBy.current = box;
    if (box) setPlace({ top: box.bottom + height > innerHeight ? Math.max(0, box.top - height) : box.bottom, right: Math.max(0, innerWidth - box.right) });
  }, []);
  // A submenu: beside its menu, on its end side when there is room, else before it, else over it;
  // placed again when its items change (the tables read in place of "Reading tables…"), so the
  // longer list is not cut off at the bottom.
  useLayoutEffect(() => {
    if (!nested) return;
    const box = button()?.getBoundingClientRect();
    const menuBox = button()?.closest('[role="menu"]')?.getBoundingClientRect();
    const width = menuRef.current?.offsetWidth ?? 0;
    const height = menuRef.current?.offsetHeight ?? 0;
    if (!box || !menuBox) return;
    const left = menuBox.right + width <= innerWidth ? menuBox.right : Math.max(0, menuBox.left - width);
    setPlace({ top: Math.max(0, Math.min(box.top, innerHeight - height)), left });
  }, [items.length]);
  // Once placed (a hidden menu takes no focus): its first item, or its last.
  useLayoutEffect(() => {
    if (place || titleBar) [...(menuRef.current?.querySelectorAll<HTMLElement>(OWN_ITEMS) ?? [])].at(focusLast ? -1 : 0)?.focus();
  }, [place === null]);
  // Placed once, it would float away from its row: a scroll that moves its button, or a resize,
  // closes it. Only one that moves it: the browser sends a scroll's event at the next frame
  // (https://drafts.csswg.org/cssom-view/#scrolling-events), so a click that first scrolled the
  // button into view (the popup's page scrolls at 200% zoom, or when shorter than its content)
  // would otherwise close the menu it just opened.
  useEffect(() => {
    // A submenu goes with its menu.
    if (titleBar || nested) return;
    const away = () => onClose();
    const scrolled = () => {
      const box = button()?.getBoundingClientRect();
      if (!box || box.top !== placedBy.current?.top || box.right !== placedBy.current.right) onClose();
    };
    addEventListener('scroll', scrolled, true);
    addEventListener('resize', away);
    return () => {
      removeEventListener('scroll', scrolled, true);
      removeEventListener('resize', away);
    };
  }, []);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus) button()?.focus();
  };
  const toggleSubmenu = (item: MenuItem) => {
    if (openSubmenu === item.label) return setOpenSubmenu(null);
    setOpenSubmenu(item.label);
    item.onOpen?.();
  };
  const choose = (item: MenuItem) => {
    if (item.submenu) return toggleSubmenu(item);
    // In a submenu, what is only said (a read under way, why it failed) keeps the menus open.
    if (nested && item.disabled) return;
    if (nested) nested.closeAll(item.refocus === true);
    else close(item.refocus === true);
    item.run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    // A submenu's keys are its own (Tab goes on up: every level closes).
    if (nested && event.key !== 'Tab') event.stopPropagation();
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>(OWN_ITEMS) ?? [])];
    const at = entries.indexOf(globalThis.document.activeElement as HTMLElement);
    const moveTo = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    switch (event.key) {
      case 'ArrowRight': {
        const item = items[at];
        if (!item?.submenu) return;
        if (openSubmenu !== item.label) toggleSubmenu(item);
        break;
      }
      case 'ArrowLeft':
        if (!nested) return;
        close(true);
        break;
      case 'ArrowDown':
        moveTo(at + 1);
        break;
      case 'ArrowUp':
        moveTo(at - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(entries.length - 1);
        break;
      case 'Escape':
        // Taken here (its default prevented, its way up stopped): a view shown keeps showing, and Chrome keeps the popup.
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default: {
        // A letter: the next item whose label starts with it, after the focused one.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLocaleLowerCase();
        const next = [...entries.slice(at + 1), ...entries.slice(0, at + 1)].find((entry) => entry.querySelector('.menu-label')?.textContent?.trim().toLocaleLowerCase().startsWith(letter));
        if (!next) return;
        next.focus();
      }
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <ul
      ref={menuRef}
      id={id}
      class={titleBar ? 'action-menu title-bar-menu' : 'action-menu'}
      role="menu"
      aria-label={typeof label === 'string' ? label : undefined}
      aria-labelledby={typeof label === 'string' ? undefined : label.by}
      style={titleBar ? undefined : place ? { top: `${place.top}px`, ...(place.left === undefined ? { right: `${place.right}px` } : { left: `${place.left}px` }) } : { visibility: 'hidden' }}
      onKeyDown={onKeyDown}
      // Closes when the focus leaves it for anything but one of its items (a click elsewhere); its
      // own button toggles it by itself.
      onFocusOut={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to !== button() && !menuRef.current?.contains(to)) close(false);
      }}
    >
      {items.map((item, index) => [
        item.separated && <li role="separator" key={`${item.label}-separator`} />,
        // A submenu's items by place: one that replaces another (the tables read in place of
        // "Reading tables…") keeps its element, and so the focus.
        <li role="none" key={nested ? index : item.label}>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-keyshortcuts={item.key?.aria}
            aria-describedby={item.hint ? `${hintIds}-${index}` : undefined}
            aria-disabled={item.disabled ? 'true' : undefined}
            aria-current={item.current ? 'true' : undefined}
            aria-haspopup={item.submenu ? 'menu' : undefined}
            aria-expanded={item.submenu ? openSubmenu === item.label : undefined}
            onClick={() => choose(item)}
          >
            {item.icon && <span class={`icon icon-line icon-${item.icon}`} aria-hidden="true" />}
            <span class="menu-words">
              <span class="menu-label">{item.label}</span>
              {/* Its description, not part of its name (what a screen reader says first, and what
                  a voice command names): hidden from the name, said through aria-describedby. */}
              {item.hint && (
                <span class="menu-hint" id={`${hintIds}-${index}`} aria-hidden="true">
                  {item.hint}
                </span>
              )}
            </span>
            {/* Read through aria-keyshortcuts, not as part of the item's name. */}
            {item.key && (
              <kbd class="menu-key" aria-hidden="true">
                {item.key.shown}
              </kbd>
            )}
            {item.submenu && (
              <span class="menu-submenu" aria-hidden="true">
                ▸
              </span>
            )}
          </button>
          {item.submenu && openSubmenu === item.label && <ActionMenu label={item.label} items={item.submenu} onClose={() => setOpenSubmenu(null)} nested={{ closeAll: nested ? nested.closeAll : close }} />}
        </li>,
      ])}
    </ul>
  );
}
