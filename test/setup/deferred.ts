/**
 * A promise a test settles when it chooses: for a backend's reply that should arrive only after
 * the test has looked at what the page shows while it waits.
 */

/** Out: the promise, and the functions that fulfil or reject it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((done, failed) => {
    resolve = done;
    reject = failed;
  });
  return { promise, resolve, reject };
}
