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
}

/** The menu of `items`, for the button rendered just before it (see the module comment). */
export function ActionMenu({ label, items, onClose, id, titleBar, focusLast }: ActionMenuProps) {
  const menuRef = useRef<HTMLUListElement>(null);
  // Its More actions button, just before it: the menu is placed by it, and focus goes back to it on Escape.
  const button = () => menuRef.current?.previousElementSibling as HTMLElement | null | undefined;
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  // Where its button was when the menu was placed by it.
  const placedBy = useRef<DOMRect | undefined>(undefined);
  const hintIds = useId();

  useLayoutEffect(() => {
    if (titleBar) return;
    const box = button()?.getBoundingClientRect();
    const height = menuRef.current?.offsetHeight ?? 0;
    placedBy.current = box;
    if (box) setPlace({ top: box.bottom + height > innerHeight ? Math.max(0, box.top - height) : box.bottom, right: Math.max(0, innerWidth - box.right) });
  }, []);
  // Once placed (a hidden menu takes no focus): its first item, or its last.
  useLayoutEffect(() => {
    if (place || titleBar) [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].at(focusLast ? -1 : 0)?.focus();
  }, [place === null]);
  // Placed once, it would float away from its row: a scroll that moves its button, or a resize,
  // closes it. Only one that moves it: the browser sends a scroll's event at the next frame
  // (https://drafts.csswg.org/cssom-view/#scrolling-events), so a click that first scrolled the
  // button into view (the popup's page scrolls at 200% zoom, or when shorter than its content)
  // would otherwise close the menu it just opened.
  useEffect(() => {
    if (titleBar) return;
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
  const choose = (item: MenuItem) => {
    close(item.refocus === true);
    item.run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
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
      style={titleBar ? undefined : place ? { top: `${place.top}px`, right: `${place.right}px` } : { visibility: 'hidden' }}
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
        <li role="none" key={item.label}>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-keyshortcuts={item.key?.aria}
            aria-describedby={item.hint ? `${hintIds}-${index}` : undefined}
            aria-disabled={item.disabled ? 'true' : undefined}
            aria-current={item.current ? 'true' : undefined}
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
          </button>
        </li>,
      ])}
    </ul>
  );
}
