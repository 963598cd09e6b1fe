/**
 * The rename history (shared/history.ts), written only here: an entry for every rename Grist
 * confirmed, newest first, at most MAX_HISTORY_ENTRIES. Writes are queued, so two renames
 * confirmed at once cannot drop each other's entry.
 */
import { MAX_HISTORY_ENTRIES, type HistoryEntry } from '../../shared/history.ts';
import { historyItem, HISTORY_VERSION } from '../../shared/storage-items.ts';
import { serialQueue } from '../pacing.ts';

const queue = serialQueue();

/** An entry's id: random, so ids never repeat, whatever was cleared. */
function newId(): string {
  return crypto.randomUUID();
}

/**
 * Adds an entry for a rename Grist confirmed. In: everything but its id and time. Out: the entry.
 * The oldest entries past MAX_HISTORY_ENTRIES drop off.
 */
export function addHistoryEntry(entry: Omit<HistoryEntry, 'id' | 'at'>): Promise<HistoryEntry> {
  return queue(async () => {
    const stored = await historyItem.get();
    const added: HistoryEntry = { ...entry, id: newId(), at: Date.now() };
    await historyItem.set({ version: HISTORY_VERSION, entries: [added, ...stored.entries].slice(0, MAX_HISTORY_ENTRIES) });
    return added;
  });
}

/** The entries, newest first, once the writes queued before are done. */
export async function readHistory(): Promise<HistoryEntry[]> {
  return (await queue(() => historyItem.get())).entries;
}

/** Marks entry `id` as undone by entry `by`; an entry no longer kept is left alone. */
export function markUndone(id: string, by: string): Promise<void> {
  return queue(async () => {
    const stored = await historyItem.get();
    if (!stored.entries.some((entry) => entry.id === id)) return;
    await historyItem.set({ ...stored, entries: stored.entries.map((entry) => (entry.id === id ? { ...entry, undoneBy: by } : entry)) });
  });
}

/** Forgets every entry. Grist is not touched: the renames stay as they are. */
export function clearHistory(): Promise<void> {
  return queue(() => historyItem.remove());
}
