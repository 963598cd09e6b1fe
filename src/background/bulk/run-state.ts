/**
 * A bulk run's state (run-engine.ts starts, stops and retries runs; run-sending.ts sends their
 * items): what the worker holds of each run (Run, every run by id), a run as the Bulk page is
 * shown it (snapshot), and letting go of its targets once it is done and its results are stored
 * (forgetTargets).
 */
import type { BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { ChangeTarget } from '../changes/kind-module.ts';
import type { GristClient } from '../grist/grist-client.ts';
import type { Operation, OperationTarget } from './operation.ts';

/** What a run does for one document: its change (or other operation), checked against the listing already (targets/). */
export interface RunChange<T extends OperationTarget = ChangeTarget> {
  /** The change, with the account the listing lookup chose (findDocument) and the site its request goes to. */
  target: T;
  /**
   * Checked again just before it is sent: false when Grist has it already (nothing to send).
   * Throws ApiError when it must not be sent any more.
   */
  due?: () => boolean;
}

export interface Run extends BulkRunSnapshot {
  /** What the run does for every item. */
  operation: Operation;
  /** By item index: the mark of its confirmed change, for the cache write at the run's end (Operation.cache). */
  marks: Map<number, number>;
  /**
   * The client of each account its requests go through, made when it starts (or retries): one read
   * of the keys for the whole run, not one per request behind the cache's megabyte writes in the
   * storage queue. Once the accounts or keys change, their calls fail as `outdated`, and nothing
   * more is sent. Throws ApiError `no-key` for an account gone or without a key.
   */
  client: (account: string) => GristClient;
  /** What each item sends (checked against the worker's listing), by index; null when not sent. */
  changes: Array<RunChange<OperationTarget> | null>;
  /**
   * The items handed to send() and not back yet, by index: the run's one sender. An item waiting
   * for its host's turn is still `queued`, so go() (a Retry failed from a second page, the message
   * twice) tells it apart by this, and never hands it to send() a second time.
   */
  sending: Set<number>;
  /**
   * The change-log writes of its confirmed changes not done yet: with the cache's write at its end,
   * the run's results, stored before its targets are let go (forgetTargets).
   */
  logging: Set<Promise<unknown>>;
}

/** Every run the worker holds, by id (kept in memory: none after the worker restarted, but those resumeOperation took up again). */
export const runs = new Map<string, Run>();

/** `run` as the Bulk page is shown it: a copy, with whether it is done. */
export function snapshot(run: Run): BulkRunSnapshot {
  const items = run.items.map((item) => ({ ...item }));
  const answered = items.every((item) => item.state !== 'queued' && item.state !== 'sending');
  // A backup is done once its backup.json is written too: its download id set (Show in folder).
  const done = answered && (!run.backup || run.backup.manifestDownloadId !== undefined);
  const undone = run.undone?.map((result) => ({ ...result }));
  return { id: run.id, kind: run.kind, ...(run.to ? { to: run.to } : {}), ...(run.sharing ? { sharing: run.sharing } : {}), ...(run.backup ? { backup: { ...run.backup } } : {}), batchId: run.batchId, ...(run.operation.undoable ? {} : { withoutUndo: true as const }), items, stopped: run.stopped, done, ...(undone ? { undone } : {}) };
}

/** The run of `runId`. Throws ApiError `not-found` for a run id the worker no longer has. */
export function runOf(runId: string): Run {
  const run = runs.get(runId);
  if (!run) throw new ApiError('not-found', t('bulkRunGone'));
  return run;
}

/** True when nothing of `run` is queued or on its way. */
const isDone = (run: Run) => run.sending.size === 0 && run.items.every((item) => item.state !== 'queued' && item.state !== 'sending');

/**
 * Lets go of what `run` holds to send its items, once it is done and its results are stored (the
 * change log's entries, the cache's write): the targets of the items that will not be sent again
 * (confirmed, not sent), each of which may name other people (an access change's emails, what its
 * first read found), their marks, and a sharing run's emails. A failed item keeps its own target
 * for Retry failed. What the Bulk page shows of a run stays: each item's document, names, state and
 * message (the page that followed it keeps the change it was shown: bulk/runs/runner.ts).
 */
export function forgetTargets(run: Run): void {
  if (!isDone(run) || run.logging.size > 0) return;
  run.items.forEach((item, index) => {
    if (item.state !== 'failed') run.changes[index] = null;
  });
  run.marks.clear();
  if (run.sharing && run.sharing.kind !== 'public') delete run.sharing;
}
