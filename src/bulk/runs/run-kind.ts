/**
 * What one kind of bulk run (a rename, a move, a move to the trash, a copy, an access change, a backup) is on the Bulk changes
 * page, as the page's counterpart of the worker's KindModule (background/changes/kind-module.ts):
 * its start message, what its form must have prepared for anything to be sent, its words, and what
 * Undo this batch came to for each document in its words. Each kind is one module describing only
 * these (rename.ts, move.ts, trash.ts, copy.ts, share.ts, backup.ts); the runner (runner.ts) starts, follows, stops,
 * retries and undoes every kind's run the same way.
 */
import type { BatchUndoResult, BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import { RUN_WORDS } from '../../page-shared/bulk-words.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';
import type { RequestOf } from '../../shared/protocol/messages.ts';

/** The message that starts a run of each kind. */
export interface StartMessages {
  rename: 'startBulkRename';
  move: 'startBulkMove';
  trash: 'startBulkTrash';
  copy: 'startBulkCopy';
  share: 'startBulkShare';
  backup: 'startBulkBackup';
}

/** What the page says of a run of a kind, whatever its form prepared: for the run's panel and status line. */
export interface RunKindWords {
  kind: BulkRunSnapshot['kind'];
  /** Its heading, summary, start, batch undo's summary and the button that leaves it (shared with the History). */
  words: (typeof RUN_WORDS)[BulkRunSnapshot['kind']];
  /** What Undo this batch came to for one document, by outcome: each a message with the outcome's `message` as its one placeholder. */
  undone: Record<BatchUndoResult['outcome'], MessageKey>;
}

/** A kind of run, started from what its form prepared (P). */
export interface RunKind<K extends BulkRunSnapshot['kind'], P> extends RunKindWords {
  kind: K;
  message: StartMessages[K];
  /**
   * Its form's check and its start: the start message's request (all but the request id, which the
   * runner gives each answer of the user) for what the form prepared; null when nothing would be
   * sent (nothing picked, no document the rules rename, ...): no run starts.
   */
  request(prepared: P): Omit<RequestOf<StartMessages[K]>, 'requestId'> | null;
}

const START_MESSAGES: StartMessages = { rename: 'startBulkRename', move: 'startBulkMove', trash: 'startBulkTrash', copy: 'startBulkCopy', share: 'startBulkShare', backup: 'startBulkBackup' };

/**
 * The kind of run `kind`, started from what its form prepared (P) by `request` (see RunKind): its
 * start message and its words are the kind's own (START_MESSAGES, RUN_WORDS); `undone`, only the
 * outcomes its undo says in words of its own (the others: UNDONE_WORDS).
 */
export function defineRunKind<K extends BulkRunSnapshot['kind'], P>(kind: K, request: RunKind<K, P>['request'], undone: Partial<RunKindWords['undone']> = {}): RunKind<K, P> {
  return { kind, message: START_MESSAGES[kind], words: RUN_WORDS[kind], undone: { ...UNDONE_WORDS, ...undone }, request };
}

/** What a rename's and a move's undo came to, in the words every kind says them with unless its own differ. */
const UNDONE_WORDS: RunKindWords['undone'] = {
  restored: 'bulkRestored',
  'renamed-since': 'bulkNotRestoredElsewhere',
  'moved-since': 'bulkNotRestoredMovedElsewhere',
  failed: 'bulkNotRestoredFailed',
};

/** What Undo this batch came to for a document of a run of `kind`, in that kind's words. */
export function undoneText(kind: RunKindWords, result: BatchUndoResult): string {
  return t(kind.undone[result.outcome], result.message ?? '');
}
