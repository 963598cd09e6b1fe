/**
 * The change log (shared/change-log.ts), written only here: an entry for every change Grist confirmed
 * (a rename, a move), newest first, as many as `keptEntries` keeps. Writes are queued, so two
 * changes confirmed at once cannot drop each other's entry; entries confirmed while a write is
 * under way are written together by the next one (a bulk run confirms dozens a second).
 */
import { keptEntries, type ChangeEntry } from '../../shared/change-log.ts';
import { changeLogItem, CHANGE_LOG_VERSION } from '../../shared/storage-items.ts';
import { batchedWrites, serialQueue } from '../pacing.ts';

const queue = serialQueue();

/** An entry's id: random, so ids never repeat, whatever was cleared. */
function newId(): string {
  return crypto.randomUUID();
}

/** Entries confirmed together are written together (see batchedWrites), newest first. */
const writeEntries = batchedWrites<ChangeEntry>(queue, async (added) => {
  const stored = await changeLogItem.get();
  await changeLogItem.set({ version: CHANGE_LOG_VERSION, entries: keptEntries([...added.reverse(), ...stored.entries]) });
});

/**
 * Adds an entry for a change Grist confirmed. In: everything but its id and time. Out: the entry,
 * once stored. From the call on, `readChangeLog` holds it (it waits for the write). The oldest
 * entries drop off (see keptEntries).
 */
export async function addLogEntry(entry: Omit<ChangeEntry, 'id' | 'at'>): Promise<ChangeEntry> {
  const added: ChangeEntry = { ...entry, id: newId(), at: Date.now() };
  await writeEntries(added);
  return added;
}

/** The entries, newest first, once the writes queued before are done. */
export async function readChangeLog(): Promise<ChangeEntry[]> {
  return (await queue(() => changeLogItem.get())).entries;
}

/** Entries marked undone together are written together (a batch's undo marks hundreds). */
const writeUndone = batchedWrites<{ id: string; by: string }>(queue, async (marks) => {
  const undoneBy = new Map(marks.map((mark) => [mark.id, mark.by]));
  const stored = await changeLogItem.get();
  if (!stored.entries.some((entry) => undoneBy.has(entry.id))) return;
  await changeLogItem.set({ ...stored, entries: stored.entries.map((entry) => (undoneBy.has(entry.id) ? { ...entry, undoneBy: undoneBy.get(entry.id) } : entry)) });
});

/** Marks entry `id` as undone by entry `by`; an entry no longer kept is left alone. */
export function markUndone(id: string, by: string): Promise<void> {
  return writeUndone({ id, by });
}

/** Forgets every entry. Grist is not touched: the changes stay as they are. */
export function forgetChangeLog(): Promise<void> {
  return queue(() => changeLogItem.remove());
}
