/**
 * A workspace's heading in the listing, saying so when it holds no document. Its owners get a
 * Rename button that turns the heading into the same rename field a document row has
 * (rename-field.tsx): Enter saves, Escape cancels. Those who may add documents to it (owners,
 * editors) get New document, which turns it into a name field (new-document-field.tsx). Its owners
 * also get Move workspace to trash, its documents with it (changes/workspace-trash.ts), with Undo.
 * Everyone gets Share workspace …, which opens who has access to it (panels/share-panel.tsx).
 */
import { useState } from 'preact/hooks';
import { markedName } from '../../listing-view/highlighted.tsx';
import type { WorkspaceHeadingRow } from '../../listing-view/listing-rows.ts';
import { t, tRepeated } from '../../shared/i18n.ts';
import { canAddDocuments, canRename } from '../../shared/listing.ts';
import { onDemand, withPart } from '../on-demand/lazy.tsx';
import { pure } from './pure.tsx';
import { useRenameRow } from './rename-row.ts';
import { ShareButton } from './share-button.tsx';
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
      {canRename(workspace) && (
        <button
          ref={renameButtonRef}
          type="button"
          class="icon-button rename"
          aria-label={tRepeated('renameWorkspace', shownName)}
          title={tRepeated('rename')}
          aria-disabled={mode === 'saving' ? 'true' : undefined}
          onClick={() => withPart(RenameField, () => store.beginRename(ref))}
        />
      )}
      {canAddDocuments(workspace) && <button type="button" class="icon-button new-document" aria-label={tRepeated('newDocumentIn', shownName)} title={tRepeated('newDocument')} onClick={() => setCreating(true)} />}
      {/* Owners only, as renaming (Grist answers 403 to editors: grist-api.md "Workspaces"). */}
      {canRename(workspace) && (
        <button type="button" class="icon-button trash-workspace" aria-label={tRepeated('trashWorkspace', shownName)} title={tRepeated('trashWorkspaceTooltip')} onClick={() => void store.act('trashWorkspace', ref)}>
          <span class="icon icon-line icon-trash" aria-hidden="true" />
        </button>
      )}
      <ShareButton
        store={store}
        label={tRepeated('shareWorkspace', shownName)}
        rowKey={key}
        target={{ resource: { kind: 'workspace', orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: workspace.id }, name: workspace.name, url: `${ref.siteUrl}/ws/${workspace.id}/`, row: ref }}
      />
    </div>
  );
}

/** The heading, rendered again only when its own props change (as DocumentRow). */
export const WorkspaceHeading = pure(WorkspaceHeadingContent);
