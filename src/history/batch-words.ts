/**
 * A bulk run's batch as the history names it: which kind of run it was (a rename, a move, a move to
 * the trash, a copy, an access change) by the kind of its entries, or the undo of which by the entries it undid; and
 * the words of its heading and of its undo's result.
 */
import type { BulkRunSnapshot } from '../shared/protocol/bulk.ts';
import type { ChangeLogItem } from '../shared/protocol/change-log.ts';
import { tCount, type CountedKey } from '../shared/i18n.ts';
import { RUN_WORDS } from '../page-shared/bulk-words.ts';

/** A kind of bulk run that writes to the change log: a backup only reads, so no batch of the History is one. */
type LoggedRunKind = Exclude<BulkRunSnapshot['kind'], 'backup'>;

/** The kind of bulk run an entry of a run (not an undo) was part of. */
function runKind(entry: ChangeLogItem): LoggedRunKind {
  switch (entry.kind) {
    case 'move':
      return 'move';
    case 'remove':
      return 'trash';
    case 'copy':
      return 'copy';
    case 'access':
      return 'share';
    default:
      return 'rename';
  }
}

/**
 * The kind of bulk run an undo's batch undid, by the entries it undid (those of `log` it marked
 * undoneBy); null when those were an undo's too, or when none of them is kept and the undo's own
 * entries do not tell: a removal undoes a copy as much as the restore of an undone trash.
 */
function undoneRunKind(batch: readonly ChangeLogItem[], log: readonly ChangeLogItem[]): LoggedRunKind | null {
  const ids = new Set(batch.map(({ id }) => id));
  const undone = log.find(({ undoneBy }) => undoneBy !== undefined && ids.has(undoneBy));
  if (undone) return undone.source === 'undo' ? null : runKind(undone);
  // None kept: an undo's removal undid a copy or the restore of an undone trash, who knows which; its
  // restore, rename or move undid a run's trash, rename or move (or an undo's: the log no longer says).
  const [first] = batch;
  if (!first || first.kind === 'remove') return null;
  return first.kind === 'restore' ? 'trash' : runKind(first);
}

/** A batch's heading (counted by its documents), by its run's kind: the run's, its undo's. */
const HEADINGS: Record<LoggedRunKind, { run: CountedKey; undo: CountedKey }> = {
  rename: { run: 'historyBatch', undo: 'historyUndoBatch' },
  move: { run: 'historyBatchMove', undo: 'historyUndoMoveBatch' },
  trash: { run: 'historyBatchTrash', undo: 'historyUndoTrashBatch' },
  copy: { run: 'historyBatchCopy', undo: 'historyUndoCopyBatch' },
  share: { run: 'historyBatchShare', undo: 'historyUndoShareBatch' },
};

/** The heading of an undo's batch whose undone run is not known: it says neither kind. */
const UNDO_OF_ANY: CountedKey = 'historyUndoAnyBatch';

/**
 * What undoing a batch says it came to, by the kind of its entries (what their undo does): "Restored
 * 3 of 4 documents from the trash." A restore is in an undo's batch only (of a run to the trash).
 */
const UNDONE: Partial<Record<ChangeLogItem['kind'], CountedKey>> = {
  move: RUN_WORDS.move.undone,
  remove: RUN_WORDS.trash.undone,
  restore: 'bulkRestoreUndoSummary',
  copy: RUN_WORDS.copy.undone,
  person: 'peopleUndoSummary',
  access: RUN_WORDS.share.undone,
};

/**
 * The heading of a batch (its entries, newest first), with the log it is part of (which holds the
 * changes an undo's batch undid): "Bulk move to trash of 2 documents", "Undo of a bulk copy: 3
 * documents", "Undo of a bulk change: 2 documents" for the undo of an undo.
 */
export function batchHeading(batch: readonly ChangeLogItem[], log: readonly ChangeLogItem[]): string {
  const first = batch[0];
  if (!first) return '';
  // A person removed from every site (or put back by its undo): no bulk run's kind.
  if (first.kind === 'person') return tCount(first.person.removed ? 'historyBatchPersonRemoved' : 'historyBatchPersonPutBack', batch.length, first.person.email);
  const undone = first.source === 'undo' ? undoneRunKind(batch, log) : undefined;
  return tCount(undone === undefined ? HEADINGS[runKind(first)].run : undone === null ? UNDO_OF_ANY : HEADINGS[undone].undo, batch.length);
}

/** What undoing a batch (its entries) came to: `restored` of `total` documents put back. */
export function batchUndone(batch: readonly ChangeLogItem[], restored: number, total: number): string {
  return tCount((batch[0] && UNDONE[batch[0].kind]) ?? 'bulkRenameUndoSummary', total, String(restored));
}
