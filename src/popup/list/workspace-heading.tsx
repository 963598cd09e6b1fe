/**
 * A workspace's heading in the listing: its name (saying so when it holds no document) and one
 * More actions button (⋯) whose menu (menu/action-menu.tsx) holds, in this order: for its
 * owners, Rename, which turns the heading into the same rename field a document row has
 * (rename-field.tsx): Enter saves, Escape cancels; for those who may add documents to it (owners,
 * editors), New document, which turns it into a name field (new-document-field.tsx); for everyone,
 * Share…, which opens who has access to it (panels/share-panel.tsx); for everyone, when it holds
 * documents, Back up…, which downloads each of them as a `.grist` file (reads/downloads.ts: the
 * permission asked in the click, the run's progress in the status line); last, set apart from New
 * document, for its owners, Move to trash, its documents with it (changes/kinds/workspace-trash.ts), with
 * Undo. Focus comes back to the ⋯ button from the fields and the panel.
 */
import { useState } from 'preact/hooks';
import { markedName } from '../../listing-view/highlighted.tsx';
import type { WorkspaceHeadingRow } from '../../listing-view/listing-rows.ts';
import { t } from '../../shared/i18n.ts';
import { canAddDocuments, canRename } from '../../shared/protocol/listing.ts';
import { onDemand, withPart } from '../on-demand/lazy.tsx';
import type { MenuItem } from '../menu/action-menu.tsx';
import { ActionMenu, MoreButton } from './more-button.tsx';
import { pure } from './pure.tsx';
import { useRenameRow } from './rename-row.ts';
import type { PopupStore, RenameState } from '../store-types.ts';

interface WorkspaceHeadingProps {
  store: PopupStore;
  row: WorkspaceHeadingRow;
  /** The workspace's entry in `store.renames`, if it is in edit mode or saving. */
  rename: RenameState | undefined;
  /** In CSS pixels, from the row layout (listing-rows.ts). */
  height: number;
  /** True under an account's heading: an `<h4>` below the site's `<h3>`, rather than an `<h3>`. */
  nested: boolean;
}

/** The New document field, loaded when first opened. */
const NewDocumentField = onDemand(() => import('../panels/new-document-field.tsx').then((module) => module.NewDocumentField));
/** The rename field, loaded when the popup is idle or with the first rename (rename-field.tsx). */
const RenameField = onDemand(() => import('../panels/rename-field.tsx').then((module) => module.RenameField));

function WorkspaceHeadingContent({ store, row, rename, height, nested }: WorkspaceHeadingProps) {
  const { workspace, key, ref } = row;
  const Heading = nested ? 'h4' : 'h3';
  const { mode, shownName, rowRef, inputRef, renameButtonRef } = useRenameRow<HTMLDivElement>(rename, workspace.name);
  const [creating, setCreating] = useState(false);
  const [menu, setMenu] = useState(false);

  if (rename && mode === 'editing') {
    return (
      <div class="workspace-heading editing" ref={rowRef} data-row-key={key} style={{ height: `${height}px` }}>
        <RenameField
          currentName={workspace.name}
          label={t('newWorkspaceNameFor', workspace.name)}
          rename={rename}
          idBase={key}
          inputRef={inputRef}
          store={store}
          subject={ref}
        />
      </div>
    );
  }
  if (creating) {
    return (
      <div class="workspace-heading editing" data-row-key={key} style={{ height: `${height}px` }}>
        <NewDocumentField store={store} workspace={ref} onDone={() => setCreating(false)} />
      </div>
    );
  }
  /** The menu's items, in the order of the module comment. */
  const menuItems = (): MenuItem[] => {
    const items: MenuItem[] = [];
    if (canRename(workspace)) items.push({ label: t('rename'), run: () => withPart(RenameField, () => store.beginRename(ref)) });
    if (canAddDocuments(workspace)) items.push({ label: t('newDocument'), run: () => setCreating(true) });
    const resource = { kind: 'workspace' as const, orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: workspace.id };
    items.push({ label: t('menuShare'), run: () => store.openShare({ resource, name: workspace.name, url: `${ref.siteUrl}/ws/${workspace.id}/`, row: ref, opener: { key, selector: '.more' } }) });
    // Every document the listing shows in it (the listing holds none of the trash's), read by anyone who sees them.
    if (workspace.documents.length) items.push({ label: t('menuBackUp'), hint: t('menuBackUpHint'), run: () => store.backUp(workspace.documents.map((document) => ({ orgId: ref.orgId, siteUrl: ref.siteUrl, docId: document.id }))), refocus: true });
    // Owners only, as renaming (Grist answers 403 to editors: docs/grist-api.md "Workspaces").
    if (canRename(workspace)) items.push({ label: t('menuMoveToTrash'), run: () => void store.act('trashWorkspace', ref), separated: true });
    return items;
  };
  return (
    <div class="workspace-heading" ref={rowRef} data-row-key={key} style={{ height: `${height}px` }}>
      <Heading>
        <bdi dir="auto" title={shownName}>
          {markedName(shownName, store.terms)}
        </bdi>
      </Heading>
      {/* Said, or the next heading right under it would look like its documents' place. */}
      {!workspace.documents.length && <span class="empty">{t('noDocuments')}</span>}
      {mode === 'saving' && <span class="saving">{t('saving')}</span>}
      {/* The Rename field gives the focus back to it (rename-row.ts), as the other fields and the Share panel do. */}
      <MoreButton name={shownName} open={menu} onToggle={() => setMenu(!menu)} buttonRef={renameButtonRef} />
      {menu && <ActionMenu label={t('actionsFor', shownName)} items={menuItems()} onClose={() => setMenu(false)} />}
    </div>
  );
}

/** The heading, rendered again only when its own props change (as DocumentRow). */
export const WorkspaceHeading = pure(WorkspaceHeadingContent);
