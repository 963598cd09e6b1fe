/**
 * The title bar's Menu button and its menu (app.tsx): Refresh, the views shown in place of the list
 * (History, People, Trash), and the pages that open in a tab (Bulk changes, Options), each item a
 * word and a line saying what it is, so nothing needs hovering to be understood. One button beside
 * the search box, not six icons, nor six words: the popup is 380 px wide, and the six labels take
 * about 330 px in English and over 450 px in French (for example "Modifications groupées").
 *
 * Keyboard as the WAI-ARIA menu button pattern has it (www.w3.org/WAI/ARIA/apg/patterns/menu-button/):
 * Enter, Space or ArrowDown on the button opens the menu on its first item, ArrowUp on its last; in
 * the menu the arrow keys (wrapping), Home and End move, a letter moves to the next item starting
 * with it, Enter or Space chooses, Escape closes it with the focus back on the button, Tab closes
 * it and goes on. Choosing an item puts the focus back on the button too, before the item runs (a
 * view then shows; leaving it brings the focus back there again: app.tsx).
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';

/** One item of the menu. */
export interface TitleBarItem {
  /** Names the item's icon (`.icon-<id>` in popup.css) and its elements' ids. */
  id: 'refresh' | 'history' | 'people' | 'trash' | 'bulk' | 'options';
  label: string;
  /** What it is or does, one short line under the label (its accessible description). */
  hint: string;
  run: () => void;
  /** Shown, and said, as not available now (a refresh under way); choosing it still runs it (a refresh then does nothing). */
  disabled?: boolean;
  /** The view shown now is this item's (`aria-current`). */
  current?: boolean;
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
  const menuRef = useRef<HTMLUListElement>(null);
  const entries = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useLayoutEffect(() => {
    if (open) entries().at(open === 'first' ? 0 : -1)?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (item: TitleBarItem) => {
    close(true);
    item.run();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
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
        moveTo(all.length - 1);
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
        const next = [...all.slice(at + 1), ...all.slice(0, at + 1)].find((entry) => entry.textContent?.trim().toLocaleLowerCase().startsWith(letter));
        if (!next) return;
        next.focus();
      }
    }
    event.preventDefault();
    event.stopPropagation();
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
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span class="icon icon-line icon-menu" aria-hidden="true" />
        {t('menu')}
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={MENU_ID}
          class="title-bar-menu"
          role="menu"
          aria-labelledby="title-bar-menu-button"
          onKeyDown={onMenuKeyDown}
          // Closes when the focus leaves it for anything but one of its items or its button (a click
          // elsewhere); the button toggles it by itself.
          onFocusOut={(event) => {
            const to = event.relatedTarget as Node | null;
            if (to !== buttonRef.current && !menuRef.current?.contains(to)) close(false);
          }}
        >
          {items.map((item) => [
            item.group && <li role="separator" key={`${item.id}-separator`} />,
            <li role="none" key={item.id}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-describedby={`menu-${item.id}-hint`}
                aria-disabled={item.disabled ? 'true' : undefined}
                aria-current={item.current ? 'true' : undefined}
                onClick={() => choose(item)}
              >
                <span class={`icon icon-line icon-${item.id}`} aria-hidden="true" />
                <span class="menu-item-words">
                  <span class="menu-item-label">{item.label}</span>
                  {/* Its description, not part of its name (what a screen reader says first, and what
                      a voice command names): hidden from the name, said through aria-describedby. */}
                  <span class="menu-item-hint" id={`menu-${item.id}-hint`} aria-hidden="true">
                    {item.hint}
                  </span>
                </span>
              </button>
            </li>,
          ])}
        </ul>
      )}
    </div>
  );
}
