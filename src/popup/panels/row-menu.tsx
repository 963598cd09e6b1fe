/**
 * A document row's More actions menu (`role="menu"`), drawn only while open: the items the user's
 * rights allow (shared/document-rules.ts): Make a copy… and Share… (anyone who sees it: Share…
 * shows a viewer their own access), Pin or Unpin
 * (owners and editors), Move to trash (owners), last. Keyboard as the ARIA menu pattern has it:
 * focus on the first item when it opens, the arrow keys (and Home, End) move among the items,
 * Enter or Space chooses, Escape closes it with focus back on its button, Tab closes it and goes
 * on. Placed
 * fixed under its button (above it near the bottom of the popup), so the list's scrolling box does
 * not cut it; a scroll or a resize closes it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { canPin, canTrash } from '../../shared/document-rules.ts';
import { t } from '../../shared/i18n.ts';
import { documentPageUrl } from '../../shared/listing.ts';
import type { DocumentItemRow } from '../../listing-view/listing-rows.ts';
import type { PopupStore } from '../store-types.ts';

interface RowMenuProps {
  store: PopupStore;
  row: DocumentItemRow;
  onClose: () => void;
}

interface Item {
  label: string;
  run: () => void;
  /** The row stays where the focus can go back to its button (a pin); the others take the focus elsewhere. */
  refocus?: true;
}

export function RowMenu({ store, row, onClose }: RowMenuProps) {
  const { document, ref } = row;
  const menuRef = useRef<HTMLUListElement>(null);
  // Its row's More actions button, just before it: the menu is placed by it, and focus goes back to it on Escape.
  const button = () => menuRef.current?.previousElementSibling as HTMLElement | null | undefined;
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  // The least harmful first, where the focus starts (Make a copy… only opens its form), the one
  // that takes the document away last: Enter, Enter on a menu just opened must not trash it.
  const items: Item[] = [{ label: t('menuMakeCopy'), run: () => void store.act('beginCopy', ref) }];
  const { site } = row;
  const resource = { kind: 'document' as const, orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id };
  items.push({ label: t('menuShare'), run: () => store.openShare({ resource, name: document.name, url: documentPageUrl(site.siteUrl, document), row: ref, opener: { key: row.key, selector: '.more' } }) });
  if (canPin(document)) items.push({ label: t(document.isPinned ? 'menuUnpin' : 'menuPin'), run: () => void store.act('pinDocument', ref, !document.isPinned), refocus: true });
  if (canTrash(document)) items.push({ label: t('menuMoveToTrash'), run: () => void store.act('trashDocument', ref) });

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
  const choose = (item: Item) => {
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
      aria-label={t('actionsFor', document.name)}
      style={place ? { top: `${place.top}px`, right: `${place.right}px` } : { visibility: 'hidden' }}
      onKeyDown={onKeyDown}
      // Closes when the focus leaves it for anything but one of its items (a click elsewhere); its
      // own button toggles it by itself.
      onFocusOut={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to !== button() && !menuRef.current?.contains(to)) close(false);
      }}
    >
      {items.map((item) => (
        <li role="none" key={item.label}>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(item)}>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
