/**
 * The one runner every kind of bulk run goes through on the Bulk changes page: started from a
 * kind's descriptor (run-kind.ts) and what its form prepared, followed while the worker sends it,
 * stopped, retried, and undone as a batch, with what each step came to in the run kind's words for
 * the status line. The run belongs to the worker; the page only watches it.
 */
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { Backend } from '../../page-shared/backend-client.ts';
import type { BatchUndoResult, BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import { settle, type ErrorValue } from '../../shared/protocol/errors.ts';
import { t, tCount, type CountedKey } from '../../shared/i18n.ts';
import type { RequestOf } from '../../shared/protocol/messages.ts';
import type { RunKind, StartMessages } from './run-kind.ts';
import { RUN_KINDS } from './run-kinds.ts';

/**
 * `next`, a later look at a run, with the sharing change `shown` showed when it is the same run and
 * the worker no longer holds its change: the worker lets a sharing run's emails go once the run is
 * done (run-state.ts forgetTargets); this page, which showed them, keeps them while it shows it.
 */
function keepShownChange(shown: BulkRunSnapshot | null, next: BulkRunSnapshot): BulkRunSnapshot {
  return shown?.id === next.id && shown.sharing && !next.sharing ? { ...next, sharing: shown.sharing } : next;
}

/** Undo results by the id of the run item's document: a copy's undo changed the copy, the item names the document copied. */
function byRunDocument(results: readonly BatchUndoResult[], into: ReadonlyMap<string, BatchUndoResult> = new Map()): Map<string, BatchUndoResult> {
  const byDocument = new Map(into);
  for (const result of results) byDocument.set(result.copyOf ?? result.docId, result);
  return byDocument;
}

/** How often the page looks at a run under way, in ms: about as often as a rename is answered. */
export const RUN_POLL_MS = 250;

/** Counts a run's items by state. */
export function runCounts(run: BulkRunSnapshot) {
  const counts = { changed: 0, failed: 0, notSent: 0, finished: 0 };
  for (const item of run.items) {
    // `changed`: done as asked (a backup's `saved` changes nothing in Grist, and counts here all the same).
    if (item.state === 'renamed' || item.state === 'moved' || item.state === 'trashed' || item.state === 'copied' || item.state === 'shared' || item.state === 'saved') counts.changed += 1;
    else if (item.state === 'failed') counts.failed += 1;
    else if (item.state === 'not-sent') counts.notSent += 1;
    else continue;
    counts.finished += 1;
  }
  return counts;
}

/**
 * The bytes a backup run's downloads received so far, in all (BulkItemStatus.bytes: an item saved
 * counts its size). A total to come is not known: a queued item's size is known once its download
 * starts (BulkItemStatus.totalBytes, shown on its row).
 */
export function bytesReceived(run: BulkRunSnapshot): number {
  return run.items.reduce((sum, item) => sum + (item.bytes ?? 0), 0);
}

/** "18 renamed, 1 failed, 1 not sent." ("18 moved, …" for a move run, and so on: RUN_WORDS). */
export function describeRun(run: BulkRunSnapshot): string {
  const counts = runCounts(run);
  return t(RUN_KINDS[run.kind].words.summary, String(counts.changed), String(counts.failed), String(counts.notSent));
}

/** "Renaming 18 documents…" ("Moving …"): the documents on their way, not those it will not send. */
function describeStart(run: BulkRunSnapshot): string {
  const sent = run.items.filter((item) => item.state === 'queued' || item.state === 'sending').length;
  const words = RUN_KINDS[run.kind].words;
  return tCount(words.going, sent);
}

/** "Restored 18 of 20 names." ("Moved 18 of 20 documents back." for a move run, and so on: `undone`, its kind's words). */
function describeUndo(undone: CountedKey, results: readonly BatchUndoResult[]): string {
  const restored = results.filter((result) => result.outcome === 'restored').length;
  return tCount(undone, results.length, String(restored));
}

/** The run as the page's views see it, and what they can do with it. */
export interface RunView {
  /** The run shown (started here, or found under way when the page opened); null: choosing. */
  readonly run: ReadonlySignal<BulkRunSnapshot | null>;
  /** What Undo this batch came to, by the id of the run item's document (BatchUndoResult.copyOf for a copy); null before it was asked. */
  readonly undone: ReadonlySignal<ReadonlyMap<string, BatchUndoResult> | null>;
  /** True while a start, stop, retry or undo is waiting for the worker. */
  readonly busy: ReadonlySignal<boolean>;
  /** The last result worth announcing. */
  readonly announcement: ReadonlySignal<string>;
  stop(): Promise<void>;
  retryFailed(): Promise<void>;
  /** Undoes the run's batch (each document checked by the worker) and shows what each came to. */
  undoBatch(): Promise<void>;
}

/** A request to the worker that answers with a run (or none). */
type RunRequest = () => Promise<{ ok: true; value: BulkRunSnapshot | null } | { ok: false; error: ErrorValue }>;

/** What the runner sends: the start of each kind of run, and the messages about a run under way. */
export type RunnerBackend = Pick<Backend, StartMessages[BulkRunSnapshot['kind']] | 'getBulkRun' | 'stopBulkRun' | 'retryFailedBulk' | 'undoBatch'>;

/** The run as the page's store drives it: its state, writable, and how to start and follow a run. */
export interface Runner extends RunView {
  readonly run: Signal<BulkRunSnapshot | null>;
  readonly undone: Signal<ReadonlyMap<string, BatchUndoResult> | null>;
  readonly busy: Signal<boolean>;
  readonly announcement: Signal<string>;
  /**
   * The user's answer: starts a run of `kind` from what its form prepared, when its check lets
   * anything be sent (RunKind.request), and follows it. The start gets one new request id
   * (BulkStart), which the worker knows a start sent again by; what the last batch's undo came to
   * is no longer shown. Nothing is sent while the worker is busy with the run shown.
   */
  begin<K extends BulkRunSnapshot['kind'], P>(kind: RunKind<K, P>, prepared: P): Promise<void>;
  /** Follows run `runId` until it is done, showing each look; stops when another run is shown. */
  follow(runId: string): Promise<void>;
  /**
   * Shows `next`, a look at a run from the worker, with what its undo came to when one was asked
   * (from this page or another: the worker keeps it with the run, BulkRunSnapshot.undone).
   */
  show(next: BulkRunSnapshot): void;
}

/** Creates the runner of the page's runs. In: the backend, and how to wait between two looks at a run (ms). */
export function createRunner(backend: RunnerBackend, wait: (ms: number) => Promise<void>): Runner {
  const run = signal<BulkRunSnapshot | null>(null);
  const undone = signal<ReadonlyMap<string, BatchUndoResult> | null>(null);
  const busy = signal(false);
  const announcement = signal('');

  function show(next: BulkRunSnapshot): void {
    batch(() => {
      run.value = keepShownChange(run.value, next);
      if (next.undone) undone.value = byRunDocument(next.undone);
    });
  }

  /** Follows run `runId` until it is done, showing each look; stops when another run is shown. */
  async function follow(runId: string): Promise<void> {
    while (run.value?.id === runId && !run.value.done) {
      await wait(RUN_POLL_MS);
      const reply = await settle(backend.getBulkRun({ runId }));
      if (run.value?.id !== runId) return;
      if (!reply.ok || !reply.value) {
        announcement.value = reply.ok ? t('bulkRunGone') : reply.error.message;
        return;
      }
      show(reply.value);
      if (reply.value.done) announcement.value = describeRun(reply.value);
    }
  }

  /** Runs one request to the worker about the run, showing the run it answers and following it. */
  async function act(request: RunRequest): Promise<void> {
    if (busy.value) return;
    busy.value = true;
    const reply = await settle(request());
    busy.value = false;
    if (!reply.ok) {
      announcement.value = reply.error.message;
      return;
    }
    if (!reply.value) return;
    show(reply.value);
    announcement.value = reply.value.done ? describeRun(reply.value) : describeStart(reply.value);
    await follow(reply.value.id);
  }

  /** Undoes the run's batch and shows what each document came to; nothing for a run without an undo. */
  async function undoBatch(): Promise<void> {
    const current = run.value;
    const words = current && !current.withoutUndo ? RUN_KINDS[current.kind].words.undone : undefined;
    if (!current || !words || busy.value) return;
    busy.value = true;
    announcement.value = t('bulkUndoing');
    const reply = await settle(backend.undoBatch({ batchId: current.batchId }));
    busy.value = false;
    if (!reply.ok) {
      announcement.value = reply.error.message;
      return;
    }
    undone.value = byRunDocument(reply.value, undone.value ?? undefined);
    announcement.value = describeUndo(words, reply.value);
  }

  return {
    run,
    undone,
    busy,
    announcement,
    begin(kind, prepared) {
      const request = kind.request(prepared);
      if (!request) return Promise.resolve();
      if (!busy.value) undone.value = null;
      const requestId = crypto.randomUUID();
      // Each kind's request goes with its own message (RunKind.message); TypeScript cannot follow K there.
      const start = backend[kind.message] as (request: RequestOf<typeof kind.message>) => ReturnType<RunRequest>;
      return act(() => start.call(backend, { ...request, requestId } as RequestOf<typeof kind.message>));
    },
    follow,
    show,
    stop: () => act(() => backend.stopBulkRun({ runId: run.value!.id })),
    retryFailed: () => act(() => backend.retryFailedBulk({ runId: run.value!.id })),
    undoBatch,
  };
}
