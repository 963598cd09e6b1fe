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

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
