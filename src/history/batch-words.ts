/**
 * A bulk run's batch as the history names it: which kind of run it was (a rename, a move, a move to
 * the trash, a copy), or the undo of which, by the kind of its entries; and the words of its
 * heading and of its undo's result.
 */
import type { BulkRunSnapshot } from '../shared/bulk.ts';
import type { ChangeLogItem } from '../shared/change-log.ts';
import { t, type MessageKey } from '../shared/i18n.ts';
import { RUN_WORDS } from '../bulk/run-control.ts';

/** The kind of bulk run a batch's entry was part of (for an undo's batch, the run it undid). */
function runKind(entry: ChangeLogItem): BulkRunSnapshot['kind'] {
  switch (entry.kind) {
    case 'move':
      return 'move';
    // A run to the trash records removals; its undo, restores.
    case 'remove':
      return entry.source === 'undo' ? 'copy' : 'trash';
    case 'restore':
      return 'trash';
    case 'copy':
      return 'copy';
    default:
      return 'rename';
  }
}

/** A batch's heading, for one document and for several, by its run's kind: [the run, its undo]. */
const HEADINGS: Record<BulkRunSnapshot['kind'], { run: [MessageKey, MessageKey]; undo: [MessageKey, MessageKey] }> = {
  rename: { run: ['historyBatchOne', 'historyBatchMany'], undo: ['historyUndoBatchOne', 'historyUndoBatch'] },
  move: { run: ['historyBatchMoveOne', 'historyBatchMoveMany'], undo: ['historyUndoMoveBatchOne', 'historyUndoMoveBatch'] },
  trash: { run: ['historyBatchTrashOne', 'historyBatchTrashMany'], undo: ['historyUndoTrashBatchOne', 'historyUndoTrashBatch'] },
  copy: { run: ['historyBatchCopyOne', 'historyBatchCopyMany'], undo: ['historyUndoCopyBatchOne', 'historyUndoCopyBatch'] },
};

/**
 * What undoing a batch says it came to, by the kind of its entries (what their undo does): "Restored
 * 3 of 4 documents from the trash." A restore is in an undo's batch only (of a run to the trash).
 */
const UNDONE: Partial<Record<ChangeLogItem['kind'], MessageKey>> = {
  move: RUN_WORDS.move.undone,
  remove: RUN_WORDS.trash.undone,
  restore: 'bulkRestoreUndoSummary',
  copy: RUN_WORDS.copy.undone,
};

/** The heading of a batch (its entries, newest first): "Bulk move to trash of 2 documents", "Undo of a bulk copy: 3 documents". */
export function batchHeading(batch: readonly ChangeLogItem[]): string {
  const first = batch[0];
  if (!first) return '';
  const { run, undo } = HEADINGS[runKind(first)];
  const [one, many] = first.source === 'undo' ? undo : run;
  return batch.length === 1 ? t(one) : t(many, String(batch.length));
}

/** What undoing a batch (its entries) came to: `restored` of `total` documents put back. */
export function batchUndone(batch: readonly ChangeLogItem[], restored: number, total: number): string {
  return t((batch[0] && UNDONE[batch[0].kind]) ?? 'bulkUndoSummary', String(restored), String(total));
}
