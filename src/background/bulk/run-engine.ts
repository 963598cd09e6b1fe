/**
 * The bulk run engine: one operation (operation.ts) on many documents, owned by the worker (closing
 * the page does not stop a run). A change of a kind is one operation (renames, moves to one
 * workspace, moves to the trash, copies to one workspace, one access change: OPERATIONS), whose
 * items are logged, recorded in the cached listing and undone as one batch; an operation may do
 * none of these (a run that only reads). Each
 * kind's targets (targets/) check every document against the worker's own listing, which also gives
 * its site, before the run starts: a page cannot aim the key anywhere. Here: sending them. At most
 * BULK_IN_FLIGHT_PER_HOST requests are on their way per host (the document's current site, where its
 * PATCH goes); a 429 with Retry-After pauses that host, then the same request is sent again (Grist
 * did not apply it; a plan's refusal, its billing 429 included, arrives as `forbidden` and is never
 * sent again); every change goes through the one-at-a-time queue of its document and the change
 * pipeline (sendChange), so an answer lost on the way is read back, never re-sent blindly. A run has
 * one sender: an item is handed to send() once, and not again before that send is back
 * (run.sending), however often the run is retried and from however many pages; and a start is one
 * run: each start carries the id the page chose when the user answered (BulkStart), and the same id
 * again answers the run it started (startedBy), however often the message comes. Stop, Retry failed
 * and where a run stands are here too; Undo this batch is batch-undo.ts.
 */
import type { SharingChange } from '../../shared/protocol/sharing.ts';
import type { BatchUndoResult, BulkItemStatus, BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import type { DocumentPlace, Listing } from '../../shared/protocol/listing.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { ChangeTarget } from '../changes/kind-module.ts';
import { copyKind } from '../changes/kinds/copy.ts';
import { moveKind } from '../changes/kinds/move.ts';
import { renameKind } from '../changes/kinds/rename.ts';
import { trashKind } from '../changes/kinds/trash.ts';
import { accessKind } from '../changes/kinds/access.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, NO_KEY_ERROR, readKeyedAccounts } from '../grist/grist-connection.ts';
import { cacheEpoch, readListing } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';
import { oneAtATime, perHostLimit, sleep } from '../pacing.ts';
import { changeOperation, type Operation, type OperationTarget } from './operation.ts';

/** Requests on their way to one host at once: gentle on Grist, which limits calls per document. */
export const BULK_IN_FLIGHT_PER_HOST = 2;

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

interface Run extends BulkRunSnapshot {
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

const runs = new Map<string, Run>();
/**
 * The starts asked for, by the page's request id (BulkStart): the id of the run each started, once
 * it has. Kept for the worker's life, as the runs' results are (a random id and a run's id: no
 * target, no email), so that a start repeated after its run is done still answers that run and
 * never starts it again; a worker started again has none (nor any run to answer).
 */
const startedBy = new Map<string, Promise<string>>();
/** The run started last: a page opened again shows it. */
let latestRun: Run | null = null;
/** The per-host limit every run and batch undo shares: BULK_IN_FLIGHT_PER_HOST at once per host. */
export const limitFor = perHostLimit(BULK_IN_FLIGHT_PER_HOST);
/** Until when (ms since the epoch) a host asked not to be called (429 with Retry-After). */
const pausedUntil = new Map<string, number>();
/** The operation of each kind of run: a kind of change, each saying what its items' states are (KindModule.bulk). */
const OPERATIONS: Record<Run['kind'], Operation> = { rename: changeOperation(renameKind), move: changeOperation(moveKind), trash: changeOperation(trashKind), copy: changeOperation(copyKind), share: changeOperation(accessKind) };

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

function snapshot(run: Run): BulkRunSnapshot {
  const items = run.items.map((item) => ({ ...item }));
  const done = items.every((item) => item.state !== 'queued' && item.state !== 'sending');
  const undone = run.undone?.map((result) => ({ ...result }));
  return { id: run.id, kind: run.kind, ...(run.to ? { to: run.to } : {}), ...(run.sharing ? { sharing: run.sharing } : {}), batchId: run.batchId, ...(run.operation.undoable ? {} : { withoutUndo: true as const }), items, stopped: run.stopped, done, ...(undone ? { undone } : {}) };
}

function runOf(runId: string): Run {
  const run = runs.get(runId);
  if (!run) throw new ApiError('not-found', t('bulkRunGone'));
  return run;
}

/**
 * Sends item `index` of `run`, waiting out a pause its host asked for, then records it. The host's
 * slot is held only for the PATCH (and a read-back of a lost answer): the cache and history writes
 * that follow are the worker's, not Grist's. Never rejects.
 */
async function send(run: Run, index: number): Promise<void> {
  // Before anything is awaited: a go() that runs meanwhile sees it taken.
  run.sending.add(index);
  const item = run.items[index]!;
  const { target, due } = run.changes[index]!;
  const host = new URL(target.siteUrl).host;
  try {
    // Stopped, or its account removed (forgetAccountRuns): what is not on its way yet is not sent.
    const halted = () => run.stopped || run.changes[index] === null;
    // undefined: halted before its turn; false: Grist has it already (nothing sent).
    const sent = await limitFor(host)(async (): Promise<boolean | undefined> => {
      if (halted()) return undefined;
      item.state = 'sending';
      for (;;) {
        const wait = (pausedUntil.get(host) ?? 0) - Date.now();
        if (wait > 0) await sleep(wait);
        // Halted while this host was paused.
        if (halted()) return undefined;
        try {
          return await oneAtATime(target.key, async () => {
            if (due && !due()) return false;
            return await run.operation.perform(run.client(target.account), target);
          });
        } catch (error) {
          // A 429 with Retry-After means Grist did not apply it: after the pause it asked for, the
          // same request again. (A plan's refusal is `forbidden` by now: destinationRefused.)
          if (error instanceof ApiError && error.kind === 'rate-limited' && error.retryAfterMs !== undefined && !halted()) {
            pausedUntil.set(host, Math.max(pausedUntil.get(host) ?? 0, Date.now() + error.retryAfterMs));
            continue;
          }
          throw error;
        }
      }
    });
    if (!sent) {
      item.state = 'not-sent';
      item.message = t(sent !== undefined ? run.operation.unchanged : run.changes[index] === null ? 'bulkAccountRemoved' : 'bulkStopped');
      return;
    }
    // Grist has it now. The change log holds the entry from this call on (Undo this batch reads it
    // after its write); the cache gets every change of the run in one write, at its end. An
    // operation that writes neither (a read) has nothing to record.
    // Not for an account removed meanwhile (forgetAccountRuns): its entries are gone, and stay so.
    const { log, cache } = run.operation;
    if (log && run.changes[index] !== null) {
      const logged = log(target, { source: 'bulk', batchId: run.batchId });
      run.logging.add(logged);
      void logged.then(() => run.logging.delete(logged));
    }
    if (cache) run.marks.set(index, cache.note(target));
    item.state = run.operation.confirmed;
    delete item.message;
  } catch (error) {
    // A move, trash or copy Grist refused for the user's rights or the destination's plan (402, the
    // billing 429, a limit): Retry failed would be refused the same way, so it is not offered again
    // (unless its operation says otherwise: Operation.retriesRefusal, a rename's).
    item.state = !run.operation.retriesRefusal && error instanceof ApiError && error.kind === 'forbidden' ? 'not-sent' : 'failed';
    item.message = error instanceof ApiError ? error.message : t('errorInternal');
    // Its account was removed on the way (its key revoked: the request failed unsent): never sent again.
    if (run.changes[index] === null) {
      item.state = 'not-sent';
      item.message = t('bulkAccountRemoved');
    }
    if (!(error instanceof ApiError)) logFailure(`a bulk ${run.kind}`)(error);
  } finally {
    run.sending.delete(index);
  }
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
function forgetTargets(run: Run): void {
  if (!isDone(run) || run.logging.size > 0) return;
  run.items.forEach((item, index) => {
    if (item.state !== 'failed') run.changes[index] = null;
  });
  run.marks.clear();
  if (run.sharing && run.sharing.kind !== 'public') delete run.sharing;
}

/**
 * Sends every queued item of `run` that is not on its way already (run.sending), each host at its
 * own pace; once all are answered, writes the confirmed ones to the cached listing, in one write
 * (each stores the whole listing: megabytes). A rename, move or undo of one of them made meanwhile
 * (in the popup, the history) wins over it. Once the run is done and all that is written, its
 * targets go (forgetTargets).
 */
function go(run: Run): void {
  const sent = [...run.items.entries()].filter(([index, item]) => item.state === 'queued' && run.changes[index] && !run.sending.has(index));
  void Promise.all(sent.map(([index]) => send(run, index))).then(async () => {
    const confirmed = sent.flatMap(([index, item]) => {
      const mark = run.marks.get(index);
      const change = run.changes[index];
      return item.state === run.operation.confirmed && mark !== undefined && change ? [{ target: change.target, mark }] : [];
    });
    // Marks are noted only by an operation that records in the cache (send).
    if (confirmed.length > 0) await run.operation.cache?.store(confirmed).catch(logFailure(`recording a bulk ${run.kind}`));
    await Promise.all(run.logging);
    forgetTargets(run);
  });
}

/** A new run of `operation`, shown as a run of `kind`, through each account's `client`, not started yet (see start). */
function newRun(kind: Run['kind'], operation: Operation, client: Run['client']): Run {
  return { id: crypto.randomUUID(), kind, operation, batchId: crypto.randomUUID(), items: [], stopped: false, done: false, changes: [], client, marks: new Map(), sending: new Set(), logging: new Set() };
}

/** Keeps `run` as the latest, starts sending it, and answers its snapshot. */
function start(run: Run): BulkRunSnapshot {
  runs.set(run.id, run);
  latestRun = run;
  go(run);
  return snapshot(run);
}

/**
 * Starts a run once for `requestId`: the first start with it makes the run (`begin`); the same id
 * again (the message repeated, even while the first still reads the accounts and the listing)
 * answers that run as it stands now and adds nothing. A start that failed started nothing: its id
 * may start one. Out and throws: as `begin`.
 */
function startOnce(requestId: string, begin: () => Promise<BulkRunSnapshot>): Promise<BulkRunSnapshot> {
  const started = startedBy.get(requestId);
  if (started) return started.then((runId) => snapshot(runOf(runId)));
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
  /**
   * Adds an item: `not-sent` with `notSent` as its message when that is set (nothing is sent for
   * it), else sent as `change`.
   */
  add(status: BulkItemStatus, change: RunChange<OperationTarget> | null, notSent: string | null): void;
}

/**
 * Starts a run of `kind` (its operation: OPERATIONS) once for `requestId`: see startOperation.
 */
export function startRun(kind: Run['kind'], requestId: string, fill: (filler: RunFiller) => void): Promise<BulkRunSnapshot> {
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
 * The `getBulkRun` message: where the run stands; with `runId` null, the latest run (null when
 * the worker has none: it keeps runs in memory, so none after it restarted). Throws ApiError
 * `not-found` for a run id the worker no longer has.
 */
export async function getBulkRun({ runId }: { runId: string | null }): Promise<BulkRunSnapshot | null> {
  if (runId === null) return latestRun && snapshot(latestRun);
  return snapshot(runOf(runId));
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
  return snapshot(run);
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
  go(run);
  return snapshot(run);
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
