/**
 * Undo this batch: every change of a bulk run (or of a batch undo) undone as a single undo is
 * (changes/undo.ts), at the bulk runs' pace per host, each with what it came to for its document.
 */
import type { BatchUndoResult } from '../../shared/protocol/bulk.ts';
import { targetKey, type ChangeEntry } from '../../shared/protocol/change-log.ts';
import { entryName, nameBefore, overtakenEntries } from '../../shared/protocol/change-log-reads.ts';
import type { UndoConflict, UndoOutcome } from '../../shared/protocol/undo-outcome.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import { readChangeLog } from '../change-log/change-log.ts';
import { undoEntry, undoSiteUrl } from '../changes/undo.ts';
import { clientsFor, readKeyedAccounts } from '../grist/grist-connection.ts';
import { recordBatchUndo } from './run-engine.ts';
import { limitFor } from './run-sending.ts';

/**
 * The `undoBatch` message: undoes each change of a batch that is not undone yet, safely, as a
 * single undo does (changes/undo.ts), at most BULK_IN_FLIGHT_PER_HOST at once per host (the site
 * each undo reads and sends through), as a run sends; and says per document what it came to: one
 * renamed since keeps its name (`renamed-since`, its name now), one moved since stays where it is
 * (`moved-since`, the workspace it is in now); nothing is sent for either. What it came to is kept
 * with the run of the batch (recordBatchUndo), for a Bulk page opened on it later.
 */
export async function undoBatch({ batchId }: { batchId: string }): Promise<BatchUndoResult[]> {
  // The change log and the accounts are read once for the whole batch.
  const [history, accounts] = await Promise.all([readChangeLog(), readKeyedAccounts()]);
  const clientOf = clientsFor(accounts);
  // A document deleted forever or restored since is not read: its entry says why (undo.ts whyNot).
  const overtaken = overtakenEntries(history);
  const entries = history.filter((entry) => entry.batchId === batchId && !entry.undoneBy);
  // The undo's own changes are one batch too: one place of the log's 200.
  const undoBatchId = crypto.randomUUID();
  const results = await Promise.all(
    entries.map(async (entry): Promise<BatchUndoResult> => {
      const base = { docId: targetKey(entry.target), ...(entry.kind === 'copy' ? { copyOf: entry.copyOf.docId } : {}), oldName: nameBefore(entry), newName: entryName(entry) };
      try {
        const host = new URL(undoSiteUrl(entry)).host;
        const outcome = await limitFor(host)(() => undoEntry(entry, { accounts, clientOf, overtaken, batchId: undoBatchId }));
        if (outcome.outcome === 'restored') {
          const message = [outcome.leftOut ?? '', keptWords(outcome.kept)].filter((said) => said !== '').join(' ');
          return { ...base, outcome: 'restored', ...(message ? { message } : {}) };
        }
        return { ...base, outcome: changedSince(entry, outcome), message: outcome.conflicts ? keptWords(outcome.conflicts) : outcome.current };
      } catch (error) {
        return { ...base, outcome: 'failed', message: error instanceof ApiError ? error.message : t('errorInternal') };
      }
    }),
  );
  recordBatchUndo(batchId, results);
  return results;
}

/** A person's grants an undo kept as changed since, in words, and where to put them back anyway ("" for none). */
function keptWords(kept: readonly UndoConflict[] = []): string {
  return kept.length > 0 ? t('personGrantsKept', kept.map(({ current }) => current).join('; ')) : '';
}

/**
 * What happened to the document of `entry` since, as its undo found (`conflict`): moved, when the
 * undo of a move found it in another workspace; else renamed (a rename's undo, a move's that found it
 * renamed where it went, a removal's of a copy or a restored document that found it renamed: the
 * only changes elsewhere an undo stops at, UndoOutcome).
 */
function changedSince(entry: ChangeEntry, conflict: Extract<UndoOutcome, { outcome: 'changed-elsewhere' }>): 'renamed-since' | 'moved-since' {
  return entry.kind === 'move' && !conflict.renamed ? 'moved-since' : 'renamed-since';
}
