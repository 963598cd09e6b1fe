/**
 * The words of each kind of bulk run (rename, move, trash, copy, share), as message keys: what the Bulk changes page says of a run
 * (bulk/runs/) and how the History heads its batch (history/batch-words.ts). Here, not in
 * either page's folder, so neither imports the other's code.
 */
import type { BulkRunSnapshot } from './bulk.ts';
import type { MessageKey } from './i18n.ts';

/**
 * What the page says of a run of each kind: its heading while under way and once done, its summary
 * ("18 renamed, …"), its start ("Renaming 18 documents…", one document), what Undo this batch came
 * to, and the button that leaves it.
 */
export const RUN_WORDS: Record<BulkRunSnapshot['kind'], Record<'heading' | 'doneHeading' | 'summary' | 'going' | 'goingOne' | 'undone' | 'newRun', MessageKey>> = {
  rename: { heading: 'bulkRenameRunHeading', doneHeading: 'bulkRenameRunDoneHeading', summary: 'bulkRenameRunSummary', going: 'bulkRenaming', goingOne: 'bulkRenamingOne', undone: 'bulkRenameUndoSummary', newRun: 'bulkNewRename' },
  move: { heading: 'bulkMoveRunHeading', doneHeading: 'bulkMoveRunDoneHeading', summary: 'bulkMoveRunSummary', going: 'bulkMoving', goingOne: 'bulkMovingOne', undone: 'bulkMoveUndoSummary', newRun: 'bulkNewRun' },
  trash: { heading: 'bulkTrashRunHeading', doneHeading: 'bulkTrashRunDoneHeading', summary: 'bulkTrashRunSummary', going: 'bulkTrashing', goingOne: 'bulkTrashingOne', undone: 'bulkTrashUndoSummary', newRun: 'bulkNewRun' },
  copy: { heading: 'bulkCopyRunHeading', doneHeading: 'bulkCopyRunDoneHeading', summary: 'bulkCopyRunSummary', going: 'bulkCopying', goingOne: 'bulkCopyingOne', undone: 'bulkCopyUndoSummary', newRun: 'bulkNewRun' },
  share: { heading: 'bulkShareRunHeading', doneHeading: 'bulkShareRunDoneHeading', summary: 'bulkShareRunSummary', going: 'bulkSharing', goingOne: 'bulkSharingOne', undone: 'bulkShareUndoSummary', newRun: 'bulkNewRun' },
};
