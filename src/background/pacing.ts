/**
 * How the worker paces its asynchronous work: tasks one after another (a queue), at most so many
 * calls at once per host, and waiting. Shared so each place that needs one does not grow its own.
 */
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * A queue: each task runs once every task queued before it has settled. In: what to do with a
 * task's failure besides rejecting its own promise (the queue itself goes on). Out: `run(task)`.
 */
export function serialQueue(onFailure: (error: unknown) => void = () => undefined): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const next = last.then(task);
    last = next.catch(onFailure);
    return next;
  };
}

/** One limit of `concurrency` calls at once per host name, made on first use. Out: `limitFor(host)`. */
export function perHostLimit(concurrency: number): (host: string) => LimitFunction {
  const limits = new Map<string, LimitFunction>();
  return (host) => {
    let limit = limits.get(host);
    if (!limit) limits.set(host, (limit = pLimit(concurrency)));
    return limit;
  };
}

/** Changes under way, by the key of what they change: a second change of a document waits for the first. */
const changesUnderWay = new Map<string, Promise<unknown>>();

/**
 * Runs `change` after every earlier change queued under the same `key` has settled: one change of a
 * document (its id) or workspace (its workspaceKey) at a time, whatever asked for it (the popup, the
 * document window, a bulk run, an undo), so each is checked against what the one before it left.
 * Out: what `change` answers.
 */
export function oneAtATime<T>(key: string, change: () => Promise<T>): Promise<T> {
  const next = (changesUnderWay.get(key) ?? Promise.resolve()).then(change);
  const settled = next.catch(() => undefined);
  changesUnderWay.set(key, settled);
  void settled.then(() => {
    if (changesUnderWay.get(key) === settled) changesUnderWay.delete(key);
  });
  return next;
}

/**
 * Resolves in a task of its own, after whatever the browser queued before it (a fetch's answer that
 * came in): a loop that starts much work at once awaits it between two starts. A message to itself,
 * not setTimeout(0), which browsers hold 4 ms once such calls nest five deep (HTML's timer nesting).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Under a stream of writes (a bulk rename confirms dozens of renames a second, and a cache write
 * stores megabytes), how long the next batch waits after one, as a multiple of how long that one
 * took: writes then take at most 1 / (1 + factor) of the worker's time, leaving it to the network.
 */
export const WRITE_PAUSE_FACTOR = 10;

/**
 * Gathers items and hands them to `write` in batches, as tasks of `queue`. Items added while a
 * batch waits for its turn go with it. When items came in while a batch was being written (a
 * stream), the next batch starts no sooner than WRITE_PAUSE_FACTOR times that write's duration
 * after it; otherwise (a lone write, such as one rename in the popup) it starts at once. Readers
 * queued meanwhile wait for it: they see every item added before them.
 * In: the queue and the write. Out: `add(item)`, settled once a batch holding the item was
 * written (rejected if that failed).
 */
export function batchedWrites<T>(queue: <R>(task: () => Promise<R>) => Promise<R>, write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: T[] = [];
  let next: Promise<void> | null = null;
  let pauseUntil = 0;
  return (item) => {
    waiting.push(item);
    next ??= queue(async () => {
      const pause = pauseUntil - Date.now();
      if (pause > 0) await sleep(pause);
      const items = waiting;
      waiting = [];
      next = null;
      const started = Date.now();
      try {
        await write(items);
      } finally {
        pauseUntil = waiting.length > 0 ? Date.now() + WRITE_PAUSE_FACTOR * (Date.now() - started) : 0;
      }
    });
    return next;
  };
}
