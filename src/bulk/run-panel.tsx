/**
 * A run as it goes and once done: the progress bar with "k of N", Stop, Retry failed, Undo this
 * batch, and each document's outcome (renamed, moved, moved to the trash, copied, failed with the
 * reason, not sent; then what its undo came to).
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { BatchUndoResult, BulkItemStatus } from '../shared/bulk.ts';
import { t } from '../shared/i18n.ts';
import { describeRun, RUN_WORDS, runCounts } from './run-control.ts';
import type { BulkStore } from './store.ts';
import { WindowedTable } from './windowed-table.tsx';

function outcomeText(item: BulkItemStatus, undo: BatchUndoResult | undefined): string {
  if (undo) {
    if (undo.outcome === 'restored') return t('bulkRestored');
    if (undo.outcome === 'renamed-elsewhere') return t('bulkNotRestoredElsewhere', undo.message ?? '');
    if (undo.outcome === 'moved-elsewhere') return t('bulkNotRestoredMovedElsewhere', undo.message ?? '');
    return t('bulkNotRestoredFailed', undo.message ?? '');
  }
  switch (item.state) {
    case 'queued':
      return t('bulkQueued');
    case 'sending':
      return t('bulkSending');
    case 'renamed':
      return t('bulkRenamed');
    case 'moved':
      return t('bulkMoved');
    case 'trashed':
      return t('bulkTrashed');
    case 'copied':
      return t('bulkCopied');
    case 'failed':
      return t('bulkFailed', item.message ?? '');
    case 'not-sent':
      return item.message ?? t('bulkNotSent');
  }
}

export function RunPanel({ store }: { store: BulkStore }) {
  const run = store.run.value!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The control in the panel that had focus last. */
  const focused = useRef<Element | null>(null);
  // The run replaces the form (its Rename button goes), and its own buttons go as they are used
  // (Stop, Retry failed, Undo this batch): focus on them would fall to the page. It goes to the
  // run's heading instead; focus the user put elsewhere is left alone.
  useLayoutEffect(() => {
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, []);
  useLayoutEffect(() => {
    if (focused.current && !focused.current.isConnected) {
      focused.current = null;
      headingRef.current?.focus();
    }
  });
  const counts = runCounts(run);
  const words = RUN_WORDS[run.kind];
  // Where a move or copy run goes (a trash run: the trash), in the column a rename run gives the new name.
  const move = run.to && run.kind !== 'rename' ? `${run.to.site.name} › ${run.to.workspace.name}` : run.kind === 'trash' ? t('trash') : null;
  const undone = store.undone.value;
  const busy = store.busy.value;
  const undoLeft = !undone || [...undone.values()].some((result) => result.outcome === 'failed');
  return (
    <section class="bulk-section run" aria-labelledby="run-heading" onFocusIn={(event) => (focused.current = event.target as Element)}>
      <h2 id="run-heading" tabIndex={-1} ref={headingRef}>
        {t(run.done ? words.doneHeading : words.heading)}
      </h2>
      <div class="run-progress">
        <progress id="run-progress" max={run.items.length} value={counts.finished} aria-labelledby="run-heading run-count" />
        <span id="run-count">{t('bulkProgress', String(counts.finished), String(run.items.length))}</span>
      </div>
      {run.done && <p class="run-summary">{describeRun(run)}</p>}
      <div class="run-actions">
        {!run.done && (
          <button type="button" onClick={() => void store.stop()} disabled={busy || run.stopped}>
            {t('bulkStop')}
          </button>
        )}
        {run.done && counts.failed > 0 && (
          <button type="button" onClick={() => void store.retryFailed()} disabled={busy}>
            {t('bulkRetryFailed')}
          </button>
        )}
        {run.done && counts.changed > 0 && undoLeft && (
          <button type="button" onClick={() => void store.undoBatch()} disabled={busy}>
            {t('undoThisBatch')}
          </button>
        )}
        {run.done && (
          <button type="button" class="primary" onClick={() => void store.newBulkRename()} disabled={busy}>
            {t(words.newRun)}
          </button>
        )}
      </div>
      <WindowedTable
        label={t(words.heading)}
        columns={[t('bulkColumnWhere'), t('bulkColumnOld'), move ? t(run.kind === 'copy' ? 'bulkColumnCopiesTo' : 'bulkColumnMovesTo') : t('bulkColumnNew'), t('bulkColumnOutcome')]}
        count={run.items.length}
        rowKey={(index) => `${run.items[index]!.orgId}/${run.items[index]!.docId}`}
        row={(index) => {
          const item = run.items[index]!;
          const undo = undone?.get(item.docId);
          const outcome = outcomeText(item, undo);
          return (
            <>
              <td class="where">
                <bdi dir="auto">{item.siteName ? `${item.siteName} › ${item.workspaceName}` : ''}</bdi>
              </td>
              <td class="name" title={item.oldName}>
                <bdi dir="auto">{item.oldName}</bdi>
              </td>
              {move ? (
                <td class="where" title={move}>
                  <bdi dir="auto">{move}</bdi>
                </td>
              ) : (
                <td class="name" title={item.newName}>
                  <bdi dir="auto">{item.newName}</bdi>
                </td>
              )}
              <td class={`outcome outcome-${undo ? undo.outcome : item.state}`} title={outcome}>
                {outcome}
              </td>
            </>
          );
        }}
      />
    </section>
  );
}
