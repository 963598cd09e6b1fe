/**
 * A bulk run as the Bulk changes page sees it: started (by a request the store makes), followed
 * while the worker sends it, stopped, retried, and undone as a batch, with what each step came to in
 * words for the status line. The run belongs to the worker; the page only watches it.
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { Backend } from '../shared/backend-client.ts';
import type { BatchUndoResult, BulkRunSnapshot } from '../shared/bulk.ts';
import { settle, type ErrorValue } from '../shared/errors.ts';
import { RUN_WORDS } from '../shared/bulk-words.ts';
import { t } from '../shared/i18n.ts';

/** How often the page looks at a run under way, in ms: about as often as a rename is answered. */
export const RUN_POLL_MS = 250;

/** Counts a run's items by state. */
export function runCounts(run: BulkRunSnapshot) {
  const counts = { changed: 0, failed: 0, notSent: 0, finished: 0 };
  for (const item of run.items) {
    if (item.state === 'renamed' || item.state === 'moved' || item.state === 'trashed' || item.state === 'copied') counts.changed += 1;
    else if (item.state === 'failed') counts.failed += 1;
    else if (item.state === 'not-sent') counts.notSent += 1;
    else continue;
    counts.finished += 1;
  }
  return counts;
}

/** "18 renamed, 1 failed, 1 not sent." ("18 moved, …" for a move run, and so on: RUN_WORDS). */
export function describeRun(run: BulkRunSnapshot): string {
  const counts = runCounts(run);
  return t(RUN_WORDS[run.kind].summary, String(counts.changed), String(counts.failed), String(counts.notSent));
}

/** "Renaming 18 documents…" ("Moving …"): the documents on their way, not those it will not send. */
function describeStart(run: BulkRunSnapshot): string {
  const sent = run.items.filter((item) => item.state === 'queued' || item.state === 'sending').length;
  const words = RUN_WORDS[run.kind];
  return sent === 1 ? t(words.goingOne) : t(words.going, String(sent));
}

/** "Restored 18 of 20 names." ("Moved 18 of 20 documents back." for a move run, and so on). */
function describeUndo(run: BulkRunSnapshot, results: readonly BatchUndoResult[]): string {
  const restored = results.filter((result) => result.outcome === 'restored').length;
  return t(RUN_WORDS[run.kind].undone, String(restored), String(results.length));
}

/** The run as the page's views see it, and what they can do with it. */
export interface RunView {
  /** The run shown (started here, or found under way when the page opened); null: choosing. */
  readonly run: ReadonlySignal<BulkRunSnapshot | null>;
  /** What Undo this batch came to, by document id; null before it was asked. */
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

/** The run as the page's store drives it: its state, writable, and how to start and follow a run. */
export interface RunControl extends RunView {
  readonly run: Signal<BulkRunSnapshot | null>;
  readonly undone: Signal<ReadonlyMap<string, BatchUndoResult> | null>;
  readonly busy: Signal<boolean>;
  readonly announcement: Signal<string>;
  /** Runs one request to the worker about the run, showing the run it answers and following it. */
  act(request: RunRequest): Promise<void>;
  /**
   * Starts a new run with `request` (as act), the user's answer: it gets one new request id
   * (BulkStart), which the worker knows a start sent again by; what the last batch's undo came to
   * is no longer shown.
   */
  startRun(request: (requestId: string) => ReturnType<RunRequest>): Promise<void>;
  /** Follows run `runId` until it is done, showing each look; stops when another run is shown. */
  follow(runId: string): Promise<void>;
}

/** Creates the control of the page's run. In: the backend, and how to wait between two looks at a run (ms). */
export function createRunControl(backend: Pick<Backend, 'getBulkRun' | 'stopBulkRun' | 'retryFailedBulk' | 'undoBatch'>, wait: (ms: number) => Promise<void>): RunControl {
  const run = signal<BulkRunSnapshot | null>(null);
  const undone = signal<ReadonlyMap<string, BatchUndoResult> | null>(null);
  const busy = signal(false);
  const announcement = signal('');

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
      run.value = reply.value;
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
    run.value = reply.value;
    announcement.value = reply.value.done ? describeRun(reply.value) : describeStart(reply.value);
    await follow(reply.value.id);
  }

  /** Undoes the run's batch and shows what each document came to. */
  async function undoBatch(): Promise<void> {
    const current = run.value;
    if (!current || busy.value) return;
    busy.value = true;
    announcement.value = t('bulkUndoing');
    const reply = await settle(backend.undoBatch({ batchId: current.batchId }));
    busy.value = false;
    if (!reply.ok) {
      announcement.value = reply.error.message;
      return;
    }
    const results = new Map(undone.value ?? []);
    for (const result of reply.value) results.set(result.docId, result);
    undone.value = results;
    announcement.value = describeUndo(current, reply.value);
  }

  return {
    run,
    undone,
    busy,
    announcement,
    act,
    startRun: (request) => {
      if (!busy.value) undone.value = null;
      const requestId = crypto.randomUUID();
      return act(() => request(requestId));
    },
    follow,
    stop: () => act(() => backend.stopBulkRun({ runId: run.value!.id })),
    retryFailed: () => act(() => backend.retryFailedBulk({ runId: run.value!.id })),
    undoBatch,
  };
}
