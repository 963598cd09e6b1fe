/**
 * The preview: every picked document with its site and workspace, current name, new name (the
 * changed part marked, as text) and verdict, and, once a destination is chosen, where it moves,
 * windowed; the summary line; and the buttons that start a rename run or a move run (the latter
 * asking once, with the count, when documents leave their site).
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { marked } from '../listing-view/highlighted.tsx';
import { t } from '../shared/i18n.ts';
import { changedPart, verdictAt, type Verdict } from './rename-preview.ts';
import type { MovePlan } from './move-plan.ts';
import type { BulkStore } from './store.ts';
import { WindowedTable } from './windowed-table.tsx';

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
      return `${plan.destination.site.name} › ${plan.destination.workspace.name}`;
    case 'here':
      return t('bulkAlreadyThere');
    default:
      return t('bulkOtherServer');
  }
}

/** The Move button, and the one question a batch leaving its site asks before it is sent. */
function MoveRun({ store, plan }: { store: BulkStore; plan: MovePlan }) {
  const confirming = store.confirmingMove.value;
  const answerRef = useRef<HTMLButtonElement>(null);
  // Once, when it asks: a later render (a rule typed meanwhile) leaves the focus where it is.
  useLayoutEffect(() => {
    if (confirming) answerRef.current?.focus();
  }, [confirming]);
  if (confirming) {
    const question = plan.crossSite === 1 ? t('moveCrossSiteOne', plan.destination.site.name) : t('moveCrossSiteMany', plan.destination.site.name, String(plan.crossSite));
    return (
      <div class="move-run-confirmation">
        <p id="move-run-question">{question}</p>
        <button type="button" class="primary" aria-describedby="move-run-question" ref={answerRef} onClick={() => void store.move(true)}>
          {t('moveAnyway')}
        </button>
        <button type="button" onClick={() => store.cancelMove()}>
          {t('cancel')}
        </button>
      </div>
    );
  }
  return (
    <button type="button" class="primary" disabled={plan.moving === 0 || store.busy.value} onClick={() => void store.move()}>
      {plan.moving === 1 ? t('bulkMoveOne') : t('bulkMoveMany', String(plan.moving))}
    </button>
  );
}

export function PreviewTable({ store }: { store: BulkStore }) {
  const plan = store.movePlan.value;
  const preview = store.preview.value;
  const count = preview?.picked.length ?? 0;
  const counts = preview?.counts;
  return (
    <section class="bulk-section preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t('bulkPreviewHeading')}</h2>
      <p class="preview-summary" aria-live="polite">
        {!preview
          ? t('bulkFixRules')
          : count === 0
            ? t('bulkNothingSelected')
            : t('bulkPreviewSummary', String(counts!.rename), String(counts!.unchanged), String(counts!.invalid))}
      </p>
      <button type="button" class="primary" disabled={!counts || counts.rename === 0 || store.busy.value} onClick={() => void store.rename()}>
        {counts?.rename === 1 ? t('bulkRenameOne') : t('bulkRenameMany', String(counts?.rename ?? 0))}
      </button>
      {/* From the picked documents, not the preview: an unfinished rule does not hide moving. */}
      {plan && plan.outcomes.length > 0 && <MoveRun store={store} plan={plan} />}
      {count > 0 && (
        <WindowedTable
          label={t('bulkPreviewHeading')}
          count={count}
          row={(index) => {
            const picked = preview!.picked[index]!;
            const newName = preview!.newNames[index]!;
            const verdict = verdictAt(preview!, index);
            const changed = changedPart(picked.document.name, newName);
            return (
              <>
                <td class="where">
                  <bdi dir="auto">{`${picked.siteName} › ${picked.workspaceName}`}</bdi>
                </td>
                <td class="name" title={picked.document.name}>
                  <bdi dir="auto">{picked.document.name}</bdi>
                </td>
                <td class="name" title={newName}>
                  <bdi dir="auto">
                    {marked(newName, changed[1] > changed[0] ? [changed] : [])}
                  </bdi>
                </td>
                <td class={`verdict verdict-${verdict.kind}`} title={verdictText(verdict)}>
                  {verdictText(verdict)}
                </td>
                {plan && (
                  <td class={`where moves-${plan.outcomes[index]}`} title={moveText(plan, index)}>
                    <bdi dir="auto">{moveText(plan, index)}</bdi>
                  </td>
                )}
              </>
            );
          }}
          rowKey={(index) => `${preview!.picked[index]!.orgId}/${preview!.picked[index]!.document.id}`}
          columns={[t('bulkColumnWhere'), t('bulkColumnCurrent'), t('bulkColumnNew'), t('bulkColumnVerdict'), ...(plan ? [t('bulkColumnMovesTo')] : [])]}
        />
      )}
    </section>
  );
}
