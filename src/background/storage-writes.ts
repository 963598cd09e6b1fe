/**
 * The worker's writes of several stored items at once, and who in the worker follows them by key.
 * The worker alone writes the listing, the accounts and the keys, always through these two, so
 * what reads them (the address bar's index) is told of exactly those writes by subscribing to
 * their keys: not by `storage.onChanged`, which copies every changed value, old and new, into each
 * context that listens: for a full change log, 15 MB into the worker at each write (Chromium's
 * trace of a bulk copy run: 120 ms on its thread, in the way of the run's answers).
 */
import browser from 'webextension-polyfill';
import type { StorageItem } from '../shared/storage/storage-item.ts';

/** A follower: the keys it reads, and what to do once one of them was written. */
interface Follower {
  keys: ReadonlySet<string>;
  written: () => void;
}

const followers = new Set<Follower>();

/**
 * Calls `written` after each write made through storeTogether or removeTogether that stores or
 * removes one of `keys` (never for a write refused). Out: a function that stops following.
 */
export function followWrites(keys: readonly string[], written: () => void): () => void {
  const follower: Follower = { keys: new Set(keys), written };
  followers.add(follower);
  return () => void followers.delete(follower);
}

/** Tells the followers of any of `keys` that they were written. */
function tell(keys: readonly string[]): void {
  for (const follower of followers) {
    if (keys.some((key) => follower.keys.has(key))) follower.written();
  }
}

/**
 * Writes several items in one `storage.local.set` call, so that they are stored together or, when
 * the browser refuses the write (over quota, say), none is: a browser applies one call's items as
 * one write and checks the quota for all of them before writing any. Once written, tells the
 * followers of the keys written. In: entries from each item's `entry(value)`.
 */
export async function storeTogether(...entries: Array<[string, unknown]>): Promise<void> {
  await browser.storage.local.set(Object.fromEntries(entries));
  tell(entries.map(([key]) => key));
}

/** Removes several items in one `storage.local.remove` call, then tells the followers of their keys (see storeTogether). */
export async function removeTogether(...items: Array<StorageItem<unknown>>): Promise<void> {
  const keys = items.map((item) => item.key);
  await browser.storage.local.remove(keys);
  tell(keys);
}
