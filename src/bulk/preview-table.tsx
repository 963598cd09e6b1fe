/**
 * The preview of the change prepared (store.previewKind), in that change's words and columns:
 * - a rename: every picked document's site and workspace, current name, new name (the changed part
 *   marked, as text) and verdict, and **Rename N documents**;
 * - a move (once a destination is chosen): each one's name and where it goes, and **Move N
 *   documents** (asking once, with the count, when documents leave their site);
 * - a move to the trash, or a copy (once asked for beside the rules): each one's name (and its
 *   copy's), and the question that names the count, answered before anything is sent;
 * - an access change: each document's people, now and after (share-preview-table.tsx);
 * - a backup (once Download selected… is pressed): its form (backup-preview.tsx), and each one's name.
 * The summary line above it says what the change comes to. Windowed: 20,000 rows are fine.
 */
import type { ComponentChildren } from 'preact';
import { marked } from '../listing-view/highlighted.tsx';
import { copyName } from '../shared/rules/document-rules.ts';
import { t, tCount } from '../shared/i18n.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';
import { placeName } from '../shared/rules/move.ts';
import { TRASH_DAYS } from '../shared/protocol/trash.ts';
import { BackupPreview } from './backup-preview.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { SharePreviewTable } from './share-preview-table.tsx';
import { changedPart, verdictAt, type Verdict } from './rename/rename-preview.ts';
import type { PickedDocument } from './documents/picked-document.ts';
import type { MovePlan } from './move-plan.ts';
import type { BulkStore } from './store.ts';
import { textCell, WindowedTable } from './windowed-table.tsx';

function verdictText(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'rename':
      return t('bulkWillRename');
    case 'duplicate':
      return t('bulkDuplicate', verdict.workspaceName);
    case 'unchanged':
      return t('bulkVerdictUnchanged');
    case 'invalid':
      return t('bulkVerdictInvalid', verdict.reason);
  }
}

/** Where a picked document goes: the destination, or why it stays. */
function moveText(plan: MovePlan, index: number): string {
  switch (plan.outcomes[index]) {
    case 'move':
      return placeName(plan.destination);
    case 'here':
      return t('bulkAlreadyThere');
    default:
      return t('bulkOtherServer');
  }
}

/** Puts the focus on element `id` once drawn: where a question was asked from, after Cancel. */
const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);

/** The Move button, and the one question a batch leaving its site asks before it is sent. */
function MoveRun({ store, plan }: { store: BulkStore; plan: MovePlan }) {
  if (store.confirmingMove.value) {
    return (
      <ConfirmStep
        id="move-run-question"
        question={tCount('moveCrossSiteDocuments', plan.crossSite, siteDisplayName(plan.destination.site))}
        confirm={t('moveAnyway')}
        disabled={store.busy.value}
        onConfirm={() => void store.move(true)}
        onCancel={() => {
          store.cancelMove();
          focusLater('move-run');
        }}
      />
    );
  }
  return (
    <button type="button" id="move-run" class="primary" disabled={plan.moving === 0 || store.busy.value} onClick={() => void store.move()}>
      {tCount('bulkMove', plan.moving)}
    </button>
  );
}

/** The summary line: what the change prepared comes to, in its own words. */
function summaryText(store: BulkStore): string {
  const picked = store.picked.value;
  const preview = store.preview.value;
  const kind = store.previewKind.value;
  // An invalid rule is said while renaming only: it does not hide moving, trashing or copying.
  if (kind === 'rename' && !preview) return t('bulkFixRules');
  if (picked.length === 0) return t('bulkNothingSelected');
  const pending = store.pendingChange.value;
  const plan = store.movePlan.value;
  if (pending?.kind === 'trash') return tCount('bulkTrashPreviewSummary', picked.length, tCount('dayCount', TRASH_DAYS));
  if (pending?.kind === 'copy') return tCount('bulkCopyPreviewSummary', picked.length, placeName(pending.to));
  if (kind === 'move' && plan) {
    const here = plan.outcomes.filter((outcome) => outcome === 'here').length;
    return t('bulkMovePreviewSummary', String(plan.moving), placeName(plan.destination), String(here), String(plan.outcomes.length - plan.moving - here));
  }
  const counts = preview!.counts;
  return t('bulkPreviewSummary', String(counts.rename), String(counts.unchanged), String(counts.invalid));
}

/** What the preview asks to send: the button that starts the run, or the question asked before it. */
function PreviewAction({ store }: { store: BulkStore }) {
  const pending = store.pendingChange.value;
  const count = store.picked.value.length;
  const disabled = count === 0 || store.busy.value;
  if (pending) {
    const trash = pending.kind === 'trash';
    const question = trash ? tCount('bulkTrashQuestion', count) : tCount('bulkCopyQuestion', count, placeName(pending.to));
    return (
      <ConfirmStep
        // A question of its own (copy after trash): asked again, with the focus.
        key={pending.kind}
        id="pending-change-question"
        question={question}
        confirm={trash ? t('menuMoveToTrash') : t('copyButton')}
        disabled={disabled}
        onConfirm={() => void store.confirmPendingChange()}
        onCancel={() => {
          store.cancelPendingChange();
          focusLater(trash ? 'trash-selected' : 'copy-selected');
        }}
      />
    );
  }
  const plan = store.movePlan.value;
  if (plan) return <MoveRun store={store} plan={plan} />;
  const counts = store.preview.value?.counts;
  return (
    <button type="button" class="primary" disabled={!counts || counts.rename === 0 || store.busy.value} onClick={() => void store.rename()}>
      {tCount('bulkRename', counts?.rename ?? 0)}
    </button>
  );
}

/** The cells every kind's row starts with: the document's site and workspace, and its name. */
function placeAndName(picked: PickedDocument) {
  return (
    <>
      <td class="where">
        <bdi dir="auto">{`${picked.siteName} › ${picked.workspaceName}`}</bdi>
      </td>
      {textCell(picked.document.name)}
    </>
  );
}

/** The rows of the preview for the change prepared: columns, and each row's cells after placeAndName. */
function previewRows(store: BulkStore): { columns: string[]; cells: (index: number) => ComponentChildren } | null {
  const kind = store.previewKind.value;
  const base = [t('bulkColumnWhere'), t('bulkColumnName')];
  if (kind === 'trash' || kind === 'backup') return { columns: base, cells: () => null };
  if (kind === 'copy') return { columns: [...base, t('copyNameLabel')], cells: (index) => textCell(copyName(store.picked.value[index]!.document.name)) };
  const plan = store.movePlan.value;
  if (kind === 'move' && plan) return { columns: [...base, t('bulkColumnMovesTo')], cells: (index) => textCell(moveText(plan, index), `where moves-${plan.outcomes[index]}`) };
  const preview = store.preview.value;
  if (!preview) return null;
  return {
    columns: [t('bulkColumnWhere'), t('bulkColumnCurrent'), t('bulkColumnNew'), t('bulkColumnVerdict')],
    cells: (index) => {
      const newName = preview.newNames[index]!;
      const verdict = verdictAt(preview, index);
      const changed = changedPart(preview.picked[index]!.document.name, newName);
      return (
        <>
          <td class="name" title={newName}>
            <bdi dir="auto">{marked(newName, changed[1] > changed[0] ? [changed] : [])}</bdi>
          </td>
          {textCell(verdictText(verdict), `verdict verdict-${verdict.kind}`)}
        </>
      );
    },
  };
}

export function PreviewTable({ store }: { store: BulkStore }) {
  if (store.previewKind.value === 'share') {
    return (
      <section class="bulk-section preview" aria-labelledby="preview-heading">
        <h2 id="preview-heading">{t('bulkPreviewHeading')}</h2>
        <SharePreviewTable store={store} />
      </section>
    );
  }
  const picked = store.picked.value;
  const rows = previewRows(store);
  return (
    <section class="bulk-section preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t('bulkPreviewHeading')}</h2>
      {store.previewKind.value === 'backup' ? (
        <BackupPreview store={store} />
      ) : (
        <>
          <p class="preview-summary" aria-live="polite">
            {summaryText(store)}
          </p>
          <PreviewAction store={store} />
        </>
      )}
      {rows && picked.length > 0 && (
        <WindowedTable
          // A kind's own rows: the window starts again at the top.
          key={store.previewKind.value}
          label={t('bulkPreviewHeading')}
          count={picked.length}
          row={(index) => (
            <>
              {placeAndName(picked[index]!)}
              {rows.cells(index)}
            </>
          )}
          rowKey={(index) => `${picked[index]!.orgId}/${picked[index]!.document.id}`}
          columns={rows.columns}
        />
      )}
    </section>
  );
}
