/**
 * A run as it goes and once done: its heading (and, once Undo this batch was asked, how much of it
 * was undone), the progress bar with "k of N" (a backup's: and the bytes received), Stop, Retry
 * failed, Undo this batch (for a run that can be undone: BulkRunSnapshot.withoutUndo; never a
 * backup's), and each document's outcome (renamed, moved, moved to the trash, copied, access
 * changed, saved with its size, failed with the reason in Grist's words, not sent; then what its
 * undo came to), in the columns of the run's kind; a backup's says where its files are.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { BatchUndoResult, BulkItemStatus, BulkRunSnapshot } from '../shared/protocol/bulk.ts';
import { t, type MessageKey } from '../shared/i18n.ts';
import { placeName } from '../shared/rules/move.ts';
import { formatSize } from '../page-shared/file-size.ts';
import { undoneText } from './runs/run-kind.ts';
import { RUN_KINDS } from './runs/run-kinds.ts';
import { bytesReceived, describeRun, runCounts } from './runs/runner.ts';
import { sharingChangeText } from './share/share-words.ts';
import type { BulkStore } from './store.ts';
import { textCell, WindowedTable } from './windowed-table.tsx';

/** What became of an item of a run of `kind`: what its undo came to once asked, else where it stands. */
function outcomeText(run: BulkRunSnapshot, item: BulkItemStatus, undo: BatchUndoResult | undefined): string {
  if (undo) return undoneText(RUN_KINDS[run.kind], undo);
  switch (item.state) {
    case 'queued':
      return t('bulkQueued');
    case 'sending':
      if (run.kind !== 'backup') return t('bulkSending');
      // A download on its way: what it received, of what the server announced when it did.
      if (item.bytes === undefined) return t('bulkDownloadingStarted');
      return item.totalBytes ? t('bulkDownloadingOf', formatSize(item.bytes), formatSize(item.totalBytes)) : t('bulkDownloadingBytes', formatSize(item.bytes));
    case 'renamed':
      return t('bulkRenamed');
    case 'moved':
      return t('bulkMoved');
    case 'trashed':
      return t('bulkTrashed');
    case 'copied':
      return t('bulkCopied');
    case 'shared':
      return t('bulkShared');
    case 'saved':
      return t('bulkSaved', formatSize(item.bytes ?? 0));
    case 'failed':
      return t('bulkFailed', item.message ?? '');
    case 'not-sent':
      return item.message ?? t('bulkNotSent');
  }
}

/**
 * The columns of a run of each kind between the document's place and its outcome, and each row's
 * cells there: a rename's old and new names; a move's name and destination; a trash run's and a
 * backup's name; a copy's name, its copy's, and where the copies go; a share's name and the change.
 */
function kindColumns(run: BulkRunSnapshot): { columns: MessageKey[]; cells: (item: BulkItemStatus) => ComponentChildren } {
  const to = run.to ? placeName(run.to) : '';
  switch (run.kind) {
    case 'rename':
      return { columns: ['bulkColumnOld', 'bulkColumnNew'], cells: (item) => (
          <>
            {textCell(item.oldName)}
            {textCell(item.newName)}
          </>
        ),
      };
    case 'move':
      return { columns: ['bulkColumnName', 'bulkColumnMovesTo'], cells: (item) => (
          <>
            {textCell(item.oldName)}
            {textCell(to, 'where')}
          </>
        ),
      };
    case 'trash':
    case 'backup':
      return { columns: ['bulkColumnName'], cells: (item) => textCell(item.oldName) };
    case 'copy':
      return { columns: ['bulkColumnName', 'copyNameLabel', 'bulkColumnCopiesTo'], cells: (item) => (
          <>
            {textCell(item.oldName)}
            {textCell(item.newName)}
            {textCell(to, 'where')}
          </>
        ),
      };
    case 'share': {
      // A run done lets its emails go in the worker (run-state.ts forgetTargets): a page opened after it has no change to show.
      const change = run.sharing ? sharingChangeText(run.sharing) : t('bulkShareChangeNotKept');
      return { columns: ['bulkColumnName', 'bulkColumnChange'], cells: (item) => (
          <>
            {textCell(item.oldName)}
            {textCell(change)}
          </>
        ),
      };
    }
  }
}

/** The run's heading: under way, done, or done and then undone ("… · 18 of 20 undone"). */
function runHeading(run: BulkRunSnapshot, undone: ReadonlyMap<string, BatchUndoResult> | null): string {
  const words = RUN_KINDS[run.kind].words;
  const heading = t(run.done ? words.doneHeading : words.heading);
  if (!undone) return heading;
  const restored = [...undone.values()].filter((result) => result.outcome === 'restored').length;
  return t('bulkRunUndoneHeading', heading, String(restored), String(undone.size));
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
  const words = RUN_KINDS[run.kind].words;
  const kind = kindColumns(run);
  const undone = store.undone.value;
  const busy = store.busy.value;
  const undoLeft = !undone || [...undone.values()].some((result) => result.outcome === 'failed');
  return (
    <section class="bulk-section run" aria-labelledby="run-heading" onFocusIn={(event) => (focused.current = event.target as Element)}>
      <h2 id="run-heading" tabIndex={-1} ref={headingRef}>
        {runHeading(run, undone)}
      </h2>
      <div class="run-progress">
        <progress id="run-progress" max={run.items.length} value={counts.finished} aria-labelledby="run-heading run-count" />
        <span id="run-count">
          {t('bulkProgress', String(counts.finished), String(run.items.length))}
          {run.kind === 'backup' && ` · ${t('bulkBytesReceived', formatSize(bytesReceived(run)))}`}
        </span>
      </div>
      {run.backup && <p class="run-where">{t(run.done ? 'bulkBackupSavedIn' : 'bulkBackupSavingInto', run.backup.folder)}</p>}
      {/* Said once: by the status line when it has just said it, here otherwise (a page opened after the run). */}
      {run.done && store.announcement.value !== describeRun(run) && <p class="run-summary">{describeRun(run)}</p>}
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
        {run.done && counts.changed > 0 && undoLeft && !run.withoutUndo && words.undone && (
          <button type="button" onClick={() => void store.undoBatch()} disabled={busy}>
            {t('undoThisBatch')}
          </button>
        )}
        {run.done && typeof run.backup?.manifestDownloadId === 'number' && (
          <button type="button" onClick={() => void store.showInFolder(run.backup!.manifestDownloadId!)}>
            {t('showInFolder')}
          </button>
        )}
        {run.done && (
          <button type="button" class="primary" onClick={() => void store.newBulkChange()} disabled={busy}>
            {t(words.newRun)}
          </button>
        )}
      </div>
      <WindowedTable
        label={t(words.heading)}
        columns={[t('bulkColumnWhere'), ...kind.columns.map((key) => t(key)), t('bulkColumnOutcome')]}
        count={run.items.length}
        rowKey={(index) => `${run.items[index]!.orgId}/${run.items[index]!.docId}`}
        row={(index) => {
          const item = run.items[index]!;
          const undo = undone?.get(item.docId);
          const outcome = outcomeText(run, item, undo);
          return (
            <>
              <td class="where">
                <bdi dir="auto">{item.siteName ? `${item.siteName} › ${item.workspaceName}` : ''}</bdi>
              </td>
              {kind.cells(item)}
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
