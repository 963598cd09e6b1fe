/**
 * The popup's one kind of menu (`role="menu"`), drawn only while open, under the ⋯ button just
 * before it: a document row's (row-menu.tsx), a workspace heading's and a site heading's
 * (list/heading-menu.ts). Keyboard as the WAI-ARIA menu button pattern has it
 * (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): focus on the first item when it opens,
 * the arrow keys (and Home, End) move among the items, Enter or Space chooses, Escape closes it
 * with focus back on its button, Tab closes it and goes on. An item's key, where it has one, is
 * shown at its end and named in `aria-keyshortcuts`. Placed fixed under its button (above it near
 * the bottom of the popup), so the list's scrolling box does not cut it; a scroll or a resize
 * closes it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

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
}

interface ActionMenuProps {
  /** The menu's accessible name ("Actions for Budget"). */
  label: string;
  /** In the order shown; the least harmful first, where the focus starts. */
  items: readonly MenuItem[];
  onClose: () => void;
}

/** The menu of `items`, for the ⋯ button rendered just before it (see the module comment). */
export function ActionMenu({ label, items, onClose }: ActionMenuProps) {
  const menuRef = useRef<HTMLUListElement>(null);
  // Its More actions button, just before it: the menu is placed by it, and focus goes back to it on Escape.
  const button = () => menuRef.current?.previousElementSibling as HTMLElement | null | undefined;
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);

  useLayoutEffect(() => {
    const box = button()?.getBoundingClientRect();
    const height = menuRef.current?.offsetHeight ?? 0;
    if (box) setPlace({ top: box.bottom + height > innerHeight ? Math.max(0, box.top - height) : box.bottom, right: Math.max(0, innerWidth - box.right) });
  }, []);
  // Once placed (a hidden menu takes no focus): its first item.
  useLayoutEffect(() => {
    if (place) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [place === null]);
  // Placed once, it would float away from its row: a scroll or a resize closes it.
  useEffect(() => {
    const away = () => onClose();
    addEventListener('scroll', away, true);
    addEventListener('resize', away);
    return () => {
      removeEventListener('scroll', away, true);
      removeEventListener('resize', away);
    };
  }, []);

  const close = (refocus: boolean) => {
    onClose();
    if (refocus) button()?.focus();
  };
  const choose = (item: MenuItem) => {
    close(item.refocus === true);
    item.run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(globalThis.document.activeElement as HTMLElement);
    const moveTo = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    switch (event.key) {
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
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <ul
      ref={menuRef}
      class="row-menu"
      role="menu"
      aria-label={label}
      style={place ? { top: `${place.top}px`, right: `${place.right}px` } : { visibility: 'hidden' }}
      onKeyDown={onKeyDown}
      // Closes when the focus leaves it for anything but one of its items (a click elsewhere); its
      // own button toggles it by itself.
      onFocusOut={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to !== button() && !menuRef.current?.contains(to)) close(false);
      }}
    >
      {items.map((item) => [
        item.separated && <li role="separator" key={`${item.label}-separator`} class="menu-separator" />,
        <li role="none" key={item.label}>
          <button type="button" role="menuitem" tabIndex={-1} aria-keyshortcuts={item.key?.aria} onClick={() => choose(item)}>
            <span class="menu-label">{item.label}</span>
            {/* Read through aria-keyshortcuts, not as part of the item's name. */}
            {item.key && (
              <kbd class="menu-key" aria-hidden="true">
                {item.key.shown}
              </kbd>
            )}
          </button>
        </li>,
      ])}
    </ul>
  );
}
