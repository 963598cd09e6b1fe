/** One document in the listing: its pages' expand button, its link, pin mark, time, quiet access and public marks, the rename field and its one More actions menu (⋯). */
import { useState } from 'preact/hooks';
import { t, tRepeated, type MessageKey } from '../../shared/i18n.ts';
import { canRename, documentPageUrl } from '../../shared/protocol/listing.ts';
import { markedName } from '../../listing-view/highlighted.tsx';
import { PinIcon } from '../icons/icons.tsx';
import { onDemand, withPart } from '../on-demand/lazy.tsx';
import { exactTime, timeAgo } from '../../page-shared/relative-time.ts';
import type { DocumentItemRow } from '../../listing-view/listing-rows.ts';
import { MoreButton } from './more-button.tsx';
import { pure } from './pure.tsx';
import { useRenameRow } from './rename-row.ts';
import type { MoveState, PopupStore, RenameState } from '../store-types.ts';

/** The destination picker, loaded when first opened. */
const MovePanel = onDemand(() => import('../panels/move-panel.tsx').then((module) => module.MovePanel));
/** The More actions menu, drawn only while open (row-menu.tsx). */
const RowMenu = onDemand(() => import('../panels/row-menu.tsx').then((module) => module.RowMenu));
/** The rename field, loaded when the popup is idle or with the first rename (rename-field.tsx). */
const RenameField = onDemand(() => import('../panels/rename-field.tsx').then((module) => module.RenameField));

interface DocumentRowProps {
  store: PopupStore;
  row: DocumentItemRow;
  /** The document's entry in `store.renames`, if it is in edit mode or saving. */
  rename: RenameState | undefined;
  /** The row's move, while its destination picker is open. */
  moving: MoveState | undefined;
  /** In CSS pixels, from the row layout (listing-rows.ts). */
  height: number;
  /**
   * True for a row a keystroke brings: drawn without its buttons, in the room they take, and
   * without its time's tooltip; both come in the list's next render, after the frame (results-list.tsx).
   */
  bare: boolean;
  /** True while its pages are shown under it (store.unfoldedPages): its expand button says so. */
  unfolded: boolean;
}

/** Grist's role names (`owners`...) in the singular words the badge shows. */
const ROLE_LABELS: Readonly<Record<string, MessageKey>> = { editors: 'roleEditor', viewers: 'roleViewer' };

/**
 * The role as a word for the badge, and the class that colours it (the same for every language).
 * None for owners, the common case: a badge on every row would say nothing.
 */
function roleOf(access: string | null): { label: string; name: string } | null {
  if (!access || access === 'owners') return null;
  const name = access.replace(/s$/, '');
  const key = ROLE_LABELS[access];
  return { label: key ? t(key) : name, name };
}

/**
 * A list item for one document: its name (the link that opens it), its time and one More actions
 * button (⋯) whose menu holds everything the row does (panels/row-menu.tsx), as Grist's own home
 * page shows a document. Its role and public marks stay, quiet. Owners get one action on hover, in
 * the time's place rather than a column of its own: Rename, which turns the row into a text field
 * (Enter saves, Escape cancels, and focus comes back to the Rename button afterwards). F2 renames
 * the focused row and Delete moves it to the trash, as the menu says.
 * Names are rendered as text only: they come from Grist and may contain markup. Each name also
 * gets its own direction (`dir="auto"`, isolated in popup.css), so a right-to-left name or one
 * holding bidi override characters cannot reorder the badge and buttons around it.
 */
function DocumentRowContent({ store, row, rename, moving, height, bare, unfolded }: DocumentRowProps) {
  const { document, ref, key } = row;
  const { mode, shownName, rowRef, inputRef, renameButtonRef } = useRenameRow<HTMLLIElement>(rename, document.name);
  const [menu, setMenu] = useState(false);
  const beginRename = () => withPart(RenameField, () => store.beginRename(ref));

  if (rename && mode === 'editing') {
    return (
      <li class="document editing" ref={rowRef} data-row-key={key} style={{ height: `${height}px` }}>
        <RenameField
          currentName={document.name}
          label={t('newNameFor', document.name)}
          rename={rename}
          idBase={key}
          inputRef={inputRef}
          store={store}
          subject={ref}
        />
      </li>
    );
  }

  if (moving) {
    return (
      <li class="document moving" data-row-key={key} style={{ height: `${height}px` }}>
        <MovePanel store={store} row={row} state={moving} />
      </li>
    );
  }

  const role = roleOf(document.access);
  const modified = timeAgo(document.updatedAt);
  return (
    <li
      // The room of its one button, More actions (popup.css); the hover Rename takes the time's.
      class={bare ? 'document bare-1' : 'document'}
      ref={rowRef}
      data-row-key={key}
      // The whole name, for a name the row cuts short. Not on the link, where it would be read
      // after the link's label, as its description.
      title={shownName}
      style={{ height: `${height}px` }}
      onKeyDown={(event) => {
        // F2 renames the focused document, as in file managers; Delete moves it to the trash
        // (owners only, as renaming: shared/rules/document-rules.ts canTrash). A held key repeats, and
        // the focus goes on to the next row: only the press itself acts, or holding Delete would
        // trash one document after another.
        if (!canRename(document) || mode !== 'view' || menu || event.repeat) return;
        if (event.key === 'F2') beginRename();
        else if (event.key === 'Delete') void store.act('trashDocument', ref);
        else return;
        event.preventDefault();
      }}
    >
      {/* Its pages, under it (issue 52); → and ← on its link do the same (results-list.tsx). Comes with the buttons: a bare row keeps its room (popup.css). */}
      {!bare && (
        <button
          type="button"
          class="pages-toggle"
          aria-expanded={unfolded ? 'true' : 'false'}
          aria-label={tRepeated(unfolded ? 'hidePages' : 'showPages', shownName)}
          onClick={() => store.showPages(row, !unfolded)}
        />
      )}
      <a
        // A pinned one keeps room for the pin mark in its end (popup.css).
        class={document.isPinned ? 'document-link pinned' : 'document-link'}
        href={documentPageUrl(row.site.siteUrl, document)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={tRepeated('openDocument', shownName)}
        dir="auto"
        // The link opens the document itself; the worker only hears of it (Recently opened). The
        // middle button opens it in a new tab without a click event.
        onClick={() => store.noteOpened(row)}
        onAuxClick={(event) => {
          if (event.button === 1) store.noteOpened(row);
        }}
      >
        {markedName(shownName, store.terms)}
      </a>
      {document.isPinned && <PinIcon />}
      {role && <span class={`badge badge-${role.name}`}>{role.label}</span>}
      {/* Grist's listing says so (no request of its own): anyone with the link may open it. */}
      {document.isPublic && (
        <span class="badge badge-public" title={tRepeated('publicDocumentTooltip')}>
          {tRepeated('publicDocument')}
        </span>
      )}
      {mode === 'saving' && <span class="saving">{t('saving')}</span>}
      {/* Over the time, shown on hover (or focused from the keyboard) in its place: before it, so CSS can hide the time then (popup.css). */}
      {!bare && canRename(document) && (
        <button
          ref={renameButtonRef}
          type="button"
          class="icon-button rename"
          aria-label={tRepeated('renameDocument', shownName)}
          aria-keyshortcuts="F2"
          title={tRepeated('renameTooltip')}
          aria-disabled={mode === 'saving' ? 'true' : undefined}
          onClick={beginRename}
        />
      )}
      {modified && (
        // Its tooltip, the exact time (a date format for each new row), comes with the buttons.
        <time class="modified" dateTime={document.updatedAt} title={bare ? undefined : tRepeated('modifiedOn', exactTime(document.updatedAt))}>
          {modified}
        </time>
      )}
      {!bare && <MoreButton name={shownName} open={menu} onToggle={() => setMenu(!menu)} />}
      {menu && <RowMenu store={store} row={row} rename={beginRename} onClose={() => setMenu(false)} />}
    </li>
  );
}

/** The row, rendered again only when its own props change (what the search matches in its name is marked without it: see highlighted.tsx). */
export const DocumentRow = pure(DocumentRowContent);
