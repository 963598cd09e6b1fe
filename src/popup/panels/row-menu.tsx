/**
 * A document row's More actions menu (menu/action-menu.tsx), drawn only while open: the items the
 * user's rights allow (shared/rules/document-rules.ts), in this one order wherever a document row is
 * shown (the listing, a search's results, the pinned rows): Rename and Move to… (owners), Make a
 * copy… and Share… (anyone who sees it: Share… shows a viewer their own access), Pin or Unpin
 * (owners and editors), then, set apart, Move to trash (owners). Rename shows its key, F2, and Move
 * to trash its key, Delete: both work on the focused row too (document-row.tsx).
 */
import { canPin, canTrash } from '../../shared/rules/document-rules.ts';
import { t } from '../../shared/i18n.ts';
import { canRename, documentPageUrl } from '../../shared/protocol/listing.ts';
import type { DocumentItemRow } from '../../listing-view/listing-rows.ts';
import type { PopupStore } from '../store-types.ts';
import { ActionMenu, type MenuItem } from '../menu/action-menu.tsx';

interface RowMenuProps {
  store: PopupStore;
  row: DocumentItemRow;
  /** Opens the row's rename field (its code loaded first: document-row.tsx). */
  rename: () => void;
  onClose: () => void;
}

/** The keys a document row answers to (document-row.tsx), as `aria-keyshortcuts` names them and as shown. */
export const RENAME_KEY = { aria: 'F2', shown: 'F2' };
export const trashKey = () => ({ aria: 'Delete', shown: t('keyDelete') });

export function RowMenu({ store, row, rename, onClose }: RowMenuProps) {
  const { document, ref, site } = row;
  // The least harmful first, where the focus starts (Rename only opens its field), the one that
  // takes the document away last: Enter, Enter on a menu just opened must not trash it.
  const items: MenuItem[] = [];
  // Moving asks what renaming does (owners only, shared/rules/move.ts canMove), without the move module in every popup.
  if (canRename(document)) items.push({ label: t('rename'), run: rename, key: RENAME_KEY }, { label: t('moveTo'), run: () => store.beginMove(ref) });
  items.push({ label: t('menuMakeCopy'), run: () => void store.act('beginCopy', ref) });
  const resource = { kind: 'document' as const, orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id };
  items.push({ label: t('menuShare'), run: () => store.openShare({ resource, name: document.name, url: documentPageUrl(site.siteUrl, document), row: ref, opener: { key: row.key, selector: '.more' } }) });
  if (canPin(document)) items.push({ label: t(document.isPinned ? 'menuUnpin' : 'menuPin'), run: () => void store.act('pinDocument', ref, !document.isPinned), refocus: true });
  if (canTrash(document)) items.push({ label: t('menuMoveToTrash'), run: () => void store.act('trashDocument', ref), key: trashKey(), separated: true });
  return <ActionMenu label={t('actionsFor', document.name)} items={items} onClose={onClose} />;
}
