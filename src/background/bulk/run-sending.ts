/**
 * Sending a bulk run's items (run-state.ts Run): at most BULK_IN_FLIGHT_PER_HOST requests on their
 * way per host (the document's current site, where its PATCH goes); a 429 with Retry-After pauses
 * that host, then the same request is sent again (Grist did not apply it; a plan's refusal, its
 * billing 429 included, arrives as `forbidden` and is never sent again); every change goes through
 * the one-at-a-time queue of its document and the change pipeline (sendChange), so an answer lost on
 * the way is read back, never re-sent blindly. A run has one sender: an item is handed to send()
 * once, and not again before that send is back (run.sending), however often the run is retried and
 * from however many pages. Once all are answered, the run's results are stored (go).
 */
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import { logFailure } from '../log-failure.ts';
import { oneAtATime, perHostLimit, sleep } from '../pacing.ts';
import { forgetTargets, type Run } from './run-state.ts';

/** Requests on their way to one host at once: gentle on Grist, which limits calls per document. */
export const BULK_IN_FLIGHT_PER_HOST = 2;
/** The per-host limit every run and batch undo shares: BULK_IN_FLIGHT_PER_HOST at once per host. */
export const limitFor = perHostLimit(BULK_IN_FLIGHT_PER_HOST);
/** The per-host limits of operations that declare their own (Operation.inFlightPerHost), by that number. */
const ownLimits = new Map<number, ReturnType<typeof perHostLimit>>();

/** The per-host limit `run`'s items are sent under. */
function limitOf(run: Run): ReturnType<typeof perHostLimit> {
  const concurrency = run.operation.inFlightPerHost;
  if (concurrency === undefined) return limitFor;
  let limit = ownLimits.get(concurrency);
  if (!limit) ownLimits.set(concurrency, (limit = perHostLimit(concurrency)));
  return limit;
}
/** Until when (ms since the epoch) a host asked not to be called (429 with Retry-After). */
const pausedUntil = new Map<string, number>();

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
    const sent = await limitOf(run)(host)(async (): Promise<boolean | undefined> => {
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
    run.operation.keeps?.changed(run);
  }
}

/**
 * Sends every queued item of `run` that is not on its way already (run.sending), each host at its
 * own pace; once all are answered, writes the confirmed ones to the cached listing, in one write
 * (each stores the whole listing: megabytes). A rename, move or undo of one of them made meanwhile
 * (in the popup, the history) wins over it. Once the run is done and all that is written, its
 * targets go (forgetTargets).
 */
export function go(run: Run): void {
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
    // A run kept across worker restarts records its end (a backup writes its backup.json).
    await run.operation.keeps?.settled(run);
  });
}
