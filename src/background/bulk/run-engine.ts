/**
 * The bulk run engine: one operation (operation.ts) on many documents, owned by the worker (closing
 * the page does not stop a run). A change of a kind is one operation (renames, moves to one
 * workspace, moves to the trash, copies to one workspace, one access change: OPERATIONS), whose
 * items are logged, recorded in the cached listing and undone as one batch; an operation may do
 * none of these (a run that only reads). Each
 * kind's targets (targets/) check every document against the worker's own listing, which also gives
 * its site, before the run starts: a page cannot aim the key anywhere. Here: starting a run (its
 * items are sent by run-sending.ts; what the worker holds of it: run-state.ts). A start is one
 * run: each start carries the id the page chose when the user answered (BulkStart), and the same id
 * again answers the run it started (startedBy), however often the message comes. Stop, Retry failed
 * and where a run stands are here too; Undo this batch is batch-undo.ts. Runs live in the worker's
 * memory, but a run whose operation keeps it (Operation.keeps: a backup's, whose downloads the
 * browser carries on) is taken up again by a worker started anew (resumeOperation).
 */
import type { SharingChange } from '../../shared/protocol/sharing.ts';
import type { BackupOfRun, BatchUndoResult, BulkItemStatus, BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import type { DocumentPlace, Listing } from '../../shared/protocol/listing.ts';
import { t } from '../../shared/i18n.ts';
import { copyKind } from '../changes/kinds/copy.ts';
import { moveKind } from '../changes/kinds/move.ts';
import { renameKind } from '../changes/kinds/rename.ts';
import { trashKind } from '../changes/kinds/trash.ts';
import { accessKind } from '../changes/kinds/access.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { ApiError } from '../grist/api-error.ts';
import { clientsFor, NO_KEY_ERROR, readKeyedAccounts } from '../grist/grist-connection.ts';
import { cacheEpoch, readListing } from '../listing/listing-cache.ts';
import { changeOperation, type Operation, type OperationTarget } from './operation.ts';
import { go } from './run-sending.ts';
import { forgetTargets, runOf, runs, snapshot, type Run, type RunChange } from './run-state.ts';

/**
 * The starts asked for, by the page's request id (BulkStart): the id of the run each started, once
 * it has. Kept for the worker's life, as the runs' results are (a random id and a run's id: no
 * target, no email), so that a start repeated after its run is done still answers that run and
 * never starts it again; a worker started again has none (nor any run to answer).
 */
const startedBy = new Map<string, Promise<string>>();
/** The run started last: a page opened again shows it. */
let latestRun: Run | null = null;
/**
 * The operation of each kind of run that changes Grist: a kind of change, each saying what its
 * items' states are (KindModule.bulk). A backup reads only: its operation is made per run
 * (downloads/backup-operation.ts), started with startOperation.
 */
const OPERATIONS: Record<Exclude<Run['kind'], 'backup'>, Operation> = { rename: changeOperation(renameKind), move: changeOperation(moveKind), trash: changeOperation(trashKind), copy: changeOperation(copyKind), share: changeOperation(accessKind) };

/**
 * Each account's client with its saved key, for as long as the accounts and keys stay as they are
 * now. Throws ApiError `no-key` when no account has a key.
 */
async function currentClients(): Promise<(account: string) => GristClient> {
  const epoch = cacheEpoch();
  const accounts = await readKeyedAccounts();
  if (!accounts.some(({ apiKey }) => apiKey !== null)) throw NO_KEY_ERROR();
  return clientsFor(accounts, { isCurrent: () => cacheEpoch() === epoch });
}

/** A new run of `operation`, shown as a run of `kind`, through each account's `client`, not started yet (see start). */
function newRun(kind: Run['kind'], operation: Operation, client: Run['client']): Run {
  return { id: crypto.randomUUID(), kind, operation, batchId: crypto.randomUUID(), items: [], stopped: false, done: false, changes: [], client, marks: new Map(), sending: new Set(), logging: new Set() };
}

/** Keeps `run` as the latest, starts sending it, and answers its snapshot. */
function start(run: Run): BulkRunSnapshot {
  runs.set(run.id, run);
  latestRun = run;
  run.operation.keeps?.changed(run);
  go(run);
  return snapshot(run);
}

/**
 * `run` as a page is shown it, with what its operation adds when a page asks (Operation.keeps
 * progress: a backup's bytes, from the browser's downloads: read then, never polled meanwhile).
 */
async function described(run: Run): Promise<BulkRunSnapshot> {
  const shown = snapshot(run);
  await run.operation.keeps?.progress(shown.items);
  return shown;
}

/**
 * Starts a run once for `requestId`: the first start with it makes the run (`begin`); the same id
 * again (the message repeated, even while the first still reads the accounts and the listing)
 * answers that run as it stands now and adds nothing. A start that failed started nothing: its id
 * may start one. Out and throws: as `begin`.
 */
function startOnce(requestId: string, begin: () => Promise<BulkRunSnapshot>): Promise<BulkRunSnapshot> {
  const started = startedBy.get(requestId);
  if (started) return started.then((runId) => described(runOf(runId)));
  const starting = begin();
  const runId = starting.then(({ id }) => id);
  startedBy.set(requestId, runId);
  runId.catch(() => startedBy.delete(requestId));
  return starting;
}

/** What a kind's targets get to fill a run as it starts (startRun). */
export interface RunFiller {
  /** Each account's client for the run (currentClients): the copies' destination reads use them. */
  client: Run['client'];
  /** The worker's listing, as cached: every item is checked against it. */
  listing: Listing | null;
  /** Sets a move or copy run's destination, as the listing has it. */
  setDestination(to: DocumentPlace): void;
  /** Sets a sharing run's change. */
  setSharing(change: SharingChange): void;
  /** Sets a backup run's format and folder. */
  setBackup(backup: BackupOfRun): void;
  /**
   * Adds an item: `not-sent` with `notSent` as its message when that is set (nothing is sent for
   * it), else sent as `change`.
   */
  add(status: BulkItemStatus, change: RunChange<OperationTarget> | null, notSent: string | null): void;
}

/**
 * Starts a run of `kind` (its operation: OPERATIONS) once for `requestId`: see startOperation.
 */
export function startRun(kind: Exclude<Run['kind'], 'backup'>, requestId: string, fill: (filler: RunFiller) => void): Promise<BulkRunSnapshot> {
  return startOperation(kind, OPERATIONS[kind], requestId, fill);
}

/**
 * Starts a run of `operation`, shown as a run of `kind`, once for `requestId` (startOnce): reads
 * the accounts' keys and the worker's listing, lets `fill` add every item, and starts sending. Out:
 * the run as it starts (as it stands, for a `requestId` started already). Throws ApiError `no-key`
 * when no key is saved.
 */
export function startOperation(kind: Run['kind'], operation: Operation, requestId: string, fill: (filler: RunFiller) => void): Promise<BulkRunSnapshot> {
  return startOnce(requestId, async () => {
    const [client, listing] = await Promise.all([currentClients(), readListing()]);
    const run = newRun(kind, operation, client);
    fill({
      client,
      listing,
      setDestination: (to) => (run.to = to),
      setSharing: (change) => (run.sharing = change),
      setBackup: (backup) => (run.backup = backup),
      add(status, change, notSent) {
        if (notSent !== null) {
          status.state = 'not-sent';
          status.message = notSent;
        }
        run.items.push(status);
        run.changes.push(notSent === null ? change : null);
      },
    });
    return start(run);
  });
}

/**
 * The `getBulkRun` message: where the run stands (a backup's items with their bytes so far,
 * Operation.keeps progress); with `runId` null, the latest run (null when the worker has none: it
 * keeps runs in memory, so none after it restarted, but a backup it took up again). Throws ApiError
 * `not-found` for a run id the worker no longer has.
 */
export async function getBulkRun({ runId }: { runId: string | null }): Promise<BulkRunSnapshot | null> {
  if (runId === null) return latestRun && described(latestRun);
  return described(runOf(runId));
}

/** A run as an operation that keeps its runs stored them (Operation.keeps), to take it up again: resumeOperation. */
export interface ResumedRun {
  id: string;
  batchId: string;
  items: BulkItemStatus[];
  stopped: boolean;
  backup?: BackupOfRun;
  /** By item index, as the run's: what each sends (null: not sent again: done, not sent). */
  changes: Array<RunChange<OperationTarget> | null>;
  /**
   * True for a run that had ended before the worker stopped: a page that followed it is shown how it
   * ended, and Retry failed sends its failed items; nothing is sent or written at the start, and it
   * does not become the latest run.
   */
  done?: boolean;
}

/**
 * Takes up again, under its own id, a run of `operation` (shown as a run of `kind`) that a worker
 * stopped by the browser held (its operation stored it: Operation.keeps): an item that was on its
 * way is queued again (its operation picks up what it had started, e.g. a download by its id),
 * and everything queued is sent; one that had ended (`done`) is only kept, to be shown and retried.
 * A run under way becomes the latest unless this worker started one. Out:
 * its snapshot. Without a saved key (or with the accounts changed since) nothing can be sent: its
 * queued items fail with the reason (Retry failed sends them once a key is there), and it never throws.
 */
export async function resumeOperation(kind: Run['kind'], operation: Operation, stored: ResumedRun): Promise<BulkRunSnapshot> {
  const run = newRun(kind, operation, () => {
    throw NO_KEY_ERROR();
  });
  Object.assign(run, { id: stored.id, batchId: stored.batchId, items: stored.items, stopped: stored.stopped, changes: stored.changes }, stored.backup ? { backup: stored.backup } : {});
  // One that had ended sends nothing now (Retry failed reads the accounts itself): kept as it is.
  if (stored.done) {
    runs.set(run.id, run);
    return snapshot(run);
  }
  for (const item of run.items) if (item.state === 'sending') item.state = 'queued';
  try {
    run.client = await currentClients();
  } catch (error) {
    for (const item of run.items) {
      if (item.state !== 'queued') continue;
      item.state = 'failed';
      item.message = error instanceof ApiError ? error.message : t('errorInternal');
    }
  }
  runs.set(run.id, run);
  latestRun ??= run;
  run.operation.keeps?.changed(run);
  go(run);
  return snapshot(run);
}

/** The `stopBulkRun` message: what is on its way finishes; what is queued is not sent. */
export async function stopBulkRun({ runId }: { runId: string }): Promise<BulkRunSnapshot> {
  const run = runOf(runId);
  run.stopped = true;
  for (const item of run.items) {
    if (item.state === 'queued') {
      item.state = 'not-sent';
      item.message = t('bulkStopped');
    }
  }
  run.operation.keeps?.changed(run);
  return described(run);
}

/**
 * The `retryFailedBulk` message: sends again only the documents whose change failed (a copy whose
 * answer was lost: read first, see targets/copy.ts). The run keeps one sender: an item on its way or
 * waiting for its host's turn is not sent again, so a second Retry failed (another Bulk page on the
 * run, the message twice, even while this one reads the accounts) adds nothing.
 */
export async function retryFailedBulk({ runId }: { runId: string }): Promise<BulkRunSnapshot> {
  const run = runOf(runId);
  run.client = await currentClients();
  run.stopped = false;
  for (const [index, item] of run.items.entries()) {
    // A failed item keeps its target (forgetTargets), unless its account was removed since.
    if (item.state === 'failed' && run.changes[index]) {
      item.state = 'queued';
      delete item.message;
    }
  }
  run.operation.keeps?.changed(run);
  go(run);
  return described(run);
}

/**
 * Keeps what an Undo this batch of `batchId` came to (`results`, from batch-undo.ts) with the run
 * of that batch, if the worker still has it: each document's last result replaces its earlier one
 * (an undo asked again tries only what was not undone), by the run item's document (a copy's
 * result names the document copied: BatchUndoResult.copyOf).
 */
export function recordBatchUndo(batchId: string, results: readonly BatchUndoResult[]): void {
  for (const run of runs.values()) {
    if (run.batchId !== batchId) continue;
    const byDocument = new Map((run.undone ?? []).map((result) => [result.copyOf ?? result.docId, result]));
    for (const result of results) byDocument.set(result.copyOf ?? result.docId, result);
    run.undone = [...byDocument.values()];
  }
}

/**
 * The `removeAccount` message's part here: what the runs hold for account `accountId` goes. Its
 * items not sent yet are not sent (`not-sent`, saying why), and not by Retry failed either (their
 * failed ones become not sent too); their targets are let go at once. Its key is revoked already
 * (revokeKey), so a request of it not on its way yet could not go anyway; one on its way ends as
 * Grist answers, and no change-log entry is written for it (the account's are forgotten:
 * forgetAccountEntries).
 */
export function forgetAccountRuns(accountId: string): void {
  for (const run of runs.values()) {
    run.changes.forEach((change, index) => {
      if (change?.target.account !== accountId) return;
      run.changes[index] = null;
      const item = run.items[index]!;
      if (item.state === 'queued' || item.state === 'failed') {
        item.state = 'not-sent';
        item.message = t('bulkAccountRemoved');
      }
    });
    forgetTargets(run);
    // A run kept across worker restarts (a backup's) stores this at once: a worker started again
    // would otherwise take those documents up as queued.
    run.operation.keeps?.changed(run);
  }
}

/**
 * What the worker holds of its runs, as data (for tests that check what it keeps, e.g. that a run
 * done holds no target's email): every run, its items, targets and change, and the starts asked
 * for. Functions (a run's clients) and the sending's internals are left out.
 */
export function heldRuns(): unknown {
  return {
    runs: [...runs.values()].map(({ client: _client, operation: _operation, logging: _logging, ...run }) => ({ ...run, marks: [...run.marks], sending: [...run.sending] })),
    startedBy: [...startedBy.keys()],
  };
}
