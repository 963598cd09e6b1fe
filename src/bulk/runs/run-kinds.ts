/** Every kind of bulk run the page shows, by the run's kind: what the run panel and the status line say of it. */
import type { BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import { backupRun } from './backup.ts';
import { copyRun } from './copy.ts';
import { moveRun } from './move.ts';
import { renameRun } from './rename.ts';
import { shareRun } from './share.ts';
import type { RunKindWords } from './run-kind.ts';
import { trashRun } from './trash.ts';

/** The descriptor of each kind of run, by kind (a run snapshot names its kind only). */
export const RUN_KINDS: Record<BulkRunSnapshot['kind'], RunKindWords> = { rename: renameRun, move: moveRun, trash: trashRun, copy: copyRun, share: shareRun, backup: backupRun };
