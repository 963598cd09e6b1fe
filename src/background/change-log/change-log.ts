/**
 * The change log (shared/change-log.ts), written only here (and by the start-up migration, before
 * anything reads it): an entry for every change Grist confirmed (a rename, a move...), newest
 * first, as many as `keptEntries` keeps. Writes are queued, so two
 * changes confirmed at once cannot drop each other's entry; entries confirmed while a write is
 * under way are written together by the next one (a bulk run confirms dozens a second).
 */
import { keptEntries, type ChangeEntry } from '../../shared/change-log.ts';
import { changeLogItem, CHANGE_LOG_VERSION, type StoredChangeLog } from '../../shared/storage-items.ts';
import { batchedWrites, serialQueue } from '../pacing.ts';

const queue = serialQueue();

/**
 * The log as this worker last read or wrote it. It alone writes the log (the storage migration
 * too, before any message is handled: background/index.ts), so a write need not read it first: a
 * full log (MAX_LOG_RECORDS entries) is some 7 MB that the browser reads and copies into the worker
 * before each write (Chromium's trace of a bulk copy run: 100 ms of the browser's main thread, 80 ms
 * of the worker's). Null until read, and after Clear history. Its entries are not changed in place.
 */
let kept: StoredChangeLog | null = null;

/** The log, read once (call it in the queue). */
async function stored(): Promise<StoredChangeLog> {
  return (kept ??= await changeLogItem.get());
}

/** Stores `log`, then keeps it as the log (call it in the queue). Throws what the write threw; nothing is kept then. */
async function store(log: StoredChangeLog): Promise<void> {
  await changeLogItem.set(log);
  kept = log;
}

/** Entries confirmed together are written together (see batchedWrites), newest first. */
const writeEntries = batchedWrites<ChangeEntry>(queue, async (added) => {
  await store({ version: CHANGE_LOG_VERSION, entries: keptEntries([...added.reverse(), ...(await stored()).entries]) });
});

/**
 * Adds an entry for a change Grist confirmed. In: everything but its id and time. Out: the entry,
 * once stored. From the call on, `readChangeLog` holds it (it waits for the write). The oldest
 * entries drop off (see keptEntries).
 */
export async function addLogEntry(entry: Omit<ChangeEntry, 'id' | 'at'>): Promise<ChangeEntry> {
  // A random id: ids never repeat, whatever was cleared.
  const added: ChangeEntry = { ...entry, id: crypto.randomUUID(), at: Date.now() };
  await writeEntries(added);
  return added;
}

/** The entries, newest first, once the writes queued before are done: the worker's own, read, never changed. */
export async function readChangeLog(): Promise<ChangeEntry[]> {
  return (await queue(stored)).entries;
}

/** Entries marked undone together are written together (a batch's undo marks hundreds). */
const writeUndone = batchedWrites<{ id: string; by: string }>(queue, async (marks) => {
  const undoneBy = new Map(marks.map((mark) => [mark.id, mark.by]));
  const log = await stored();
  if (!log.entries.some((entry) => undoneBy.has(entry.id))) return;
  await store({ ...log, entries: log.entries.map((entry) => (undoneBy.has(entry.id) ? { ...entry, undoneBy: undoneBy.get(entry.id) } : entry)) });
});

/** Marks entry `id` as undone by entry `by`; an entry no longer kept is left alone. */
export function markUndone(id: string, by: string): Promise<void> {
  return writeUndone({ id, by });
}

/** Forgets every entry. Grist is not touched: the changes stay as they are. */
export function forgetChangeLog(): Promise<void> {
  return queue(() => {
    // Read again next time, whether the removal is done or refused.
    kept = null;
    return changeLogItem.remove();
  });
}
