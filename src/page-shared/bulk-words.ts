/**
 * The words of each kind of bulk run (rename, move, trash, copy, share, backup), as message keys: what the Bulk changes page says of a run
 * (bulk/runs/) and how the History heads its batch (history/batch-words.ts). Here, not in
 * either page's folder, so neither imports the other's code.
 */
import type { BulkRunSnapshot } from '../shared/protocol/bulk.ts';
import type { CountedKey, MessageKey } from '../shared/i18n.ts';

/**
 * What the page says of a run of each kind: its heading while under way and once done, its summary
 * ("18 renamed, …"), its start ("Renaming 18 documents…", counted), what Undo this batch came
 * to (counted by the documents it tried; absent for a kind of run without an undo:
 * BulkRunSnapshot.withoutUndo), and the button that leaves it.
 */
export const RUN_WORDS: Record<BulkRunSnapshot['kind'], Record<'heading' | 'doneHeading' | 'summary' | 'newRun', MessageKey> & { going: CountedKey; undone?: CountedKey }> = {
  rename: { heading: 'bulkRenameRunHeading', doneHeading: 'bulkRenameRunDoneHeading', summary: 'bulkRenameRunSummary', going: 'bulkRenaming', undone: 'bulkRenameUndoSummary', newRun: 'bulkNewRename' },
  move: { heading: 'bulkMoveRunHeading', doneHeading: 'bulkMoveRunDoneHeading', summary: 'bulkMoveRunSummary', going: 'bulkMoving', undone: 'bulkMoveUndoSummary', newRun: 'bulkNewRun' },
  trash: { heading: 'bulkTrashRunHeading', doneHeading: 'bulkTrashRunDoneHeading', summary: 'bulkTrashRunSummary', going: 'bulkTrashing', undone: 'bulkTrashUndoSummary', newRun: 'bulkNewRun' },
  copy: { heading: 'bulkCopyRunHeading', doneHeading: 'bulkCopyRunDoneHeading', summary: 'bulkCopyRunSummary', going: 'bulkCopying', undone: 'bulkCopyUndoSummary', newRun: 'bulkNewRun' },
  share: { heading: 'bulkShareRunHeading', doneHeading: 'bulkShareRunDoneHeading', summary: 'bulkShareRunSummary', going: 'bulkSharing', undone: 'bulkShareUndoSummary', newRun: 'bulkNewRun' },
  // A backup only reads: no undo, and no batch in the History.
  backup: { heading: 'bulkBackupRunHeading', doneHeading: 'bulkBackupRunDoneHeading', summary: 'bulkBackupRunSummary', going: 'bulkBackingUp', newRun: 'bulkNewRun' },
};
