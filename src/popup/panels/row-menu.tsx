/**
 * A document row's More actions menu (menu/action-menu.tsx), drawn only while open: the items the
 * user's rights allow (shared/rules/document-rules.ts), in this one order wherever a document row is
 * shown (the listing, a search's results, the pinned rows): Rename and Move to… (owners), Make a
 * copy… and Share… (anyone who sees it: Share… shows a viewer their own access), Pin or Unpin
 * (owners and editors), then, set apart, Move to trash (owners). Rename shows its key, F2, and Move
 * to trash its key, Delete: both work on the focused row too (document-row.tsx).
 *
 * Download ▸ (anyone who sees it: Grist lets viewers download, docs/grist-api.md "Downloads and
 * exports"), after Share…: a submenu of `.grist` (without history, the default, first), `.grist
 * with history`, Excel (.xlsx), and CSV of a table ▸, whose own submenu lists the document's
 * tables, read as it opens (one `readDocumentTables` each time). Choosing a format asks the
 * optional downloads permission in the click itself (store.ts requestDownloads), then downloads;
 * the status line says what it came to.
 */
import { useState } from 'preact/hooks';
import { canPin, canTrash } from '../../shared/rules/document-rules.ts';
import { t } from '../../shared/i18n.ts';
import { canRename, documentPageUrl } from '../../shared/protocol/listing.ts';
import type { DocumentItemRow } from '../../listing-view/listing-rows.ts';
import type { PopupStore } from '../store-types.ts';
import { ActionMenu, type MenuItem } from '../menu/action-menu.tsx';
import type { DownloadFormat } from '../../shared/protocol/downloads.ts';

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

/** The CSV submenu's tables: not asked yet, being read, read, or why not. */
type Tables = null | 'reading' | string[] | { error: string };

export function RowMenu({ store, row, rename, onClose }: RowMenuProps) {
  const { document, ref, site } = row;
  const [tables, setTables] = useState<Tables>(null);
  // The least harmful first, where the focus starts (Rename only opens its field), the one that
  // takes the document away last: Enter, Enter on a menu just opened must not trash it.
  const items: MenuItem[] = [];
  // Moving asks what renaming does (owners only, shared/rules/move.ts canMove), without the move module in every popup.
  if (canRename(document)) items.push({ label: t('rename'), run: rename, key: RENAME_KEY }, { label: t('moveTo'), run: () => store.beginMove(ref) });
  items.push({ label: t('menuMakeCopy'), run: () => void store.act('beginCopy', ref) });
  const resource = { kind: 'document' as const, orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id };
  items.push({ label: t('menuShare'), run: () => store.openShare({ resource, name: document.name, url: documentPageUrl(site.siteUrl, document), row: ref, opener: { key: row.key, selector: '.more' } }) });
  items.push({ label: t('menuDownload'), run: () => undefined, submenu: downloadItems() });
  if (canPin(document)) items.push({ label: t(document.isPinned ? 'menuUnpin' : 'menuPin'), run: () => void store.act('pinDocument', ref, !document.isPinned), refocus: true });
  if (canTrash(document)) items.push({ label: t('menuMoveToTrash'), run: () => void store.act('trashDocument', ref), key: trashKey(), separated: true });
  return <ActionMenu label={t('actionsFor', document.name)} items={items} onClose={onClose} />;

  /** The Download submenu; the focus goes back to the row's ⋯ once a format is chosen (the row stays). */
  function downloadItems(): MenuItem[] {
    const download = (format: DownloadFormat, tableId?: string) => () => store.downloadDocument(ref, document.name, format, tableId);
    return [
      { label: t('downloadGrist'), hint: t('downloadGristHint'), run: download('grist'), refocus: true },
      { label: t('downloadGristHistory'), run: download('grist-history'), refocus: true },
      { label: t('downloadXlsx'), hint: t('downloadXlsxHint'), run: download('xlsx'), refocus: true },
      { label: t('downloadCsv'), run: () => undefined, submenu: tableItems(), onOpen: readTables },
    ];
    function tableItems(): MenuItem[] {
      if (tables === null || tables === 'reading') return [{ label: t('tablesReading'), run: () => undefined, disabled: true }];
      if (!Array.isArray(tables)) return [{ label: tables.error, run: () => undefined, disabled: true }];
      if (!tables.length) return [{ label: t('tablesNone'), run: () => undefined, disabled: true }];
      return tables.map((tableId) => ({ label: tableId, run: download('csv', tableId), refocus: true }));
    }
  }

  /** Reads the tables as the CSV submenu opens (each opening: a table added since shows). */
  function readTables(): void {
    setTables('reading');
    void store.readDocumentTables(ref).then(setTables, (error: unknown) => setTables({ error: t('tablesReadFailed', String(error)) }));
  }
}
