/**
 * What is read from change-log entries (change-log.ts): the name an entry shows and the one it
 * had before, which entries the log keeps (keptEntries, with its limits), and which documents a
 * later change overtook (overtakenEntries).
 */
import { MAX_BULK_ITEMS } from './bulk.ts';
import { targetKey, type ChangeEntry, type ChangeKind } from './change-log.ts';

/**
 * The name an entry shows for what it changed, as it was once changed: a rename's new name, a
 * person's email, else its target's name.
 */
export function entryName(entry: ChangeEntry): string {
  switch (entry.kind) {
    case 'rename':
      return entry.newName;
    case 'person':
      return entry.person.email;
    default:
      return entry.name;
  }
}

/**
 * The name its undo puts back ("Restore … anyway"): a rename's old name, a copy's original's,
 * else as entryName.
 */
export function nameBefore(entry: ChangeEntry): string {
  if (entry.kind === 'rename') return entry.oldName;
  if (entry.kind === 'copy') return entry.copyOf.name;
  return entryName(entry);
}

/** The most changes kept, a bulk run's batch counting as one; the oldest drop off. */
export const MAX_LOG_CHANGES = 200;
/**
 * The most entries kept in all, so batches do not fill the browser's storage (10 MB for an
 * extension without unlimitedStorage); the newest batch is kept whole up to MAX_BULK_ITEMS.
 */
export const MAX_LOG_RECORDS = 5000;
/** The most entries keptEntries keeps: a whole newest batch and MAX_LOG_RECORDS others; a stored list of entries is read no further. */
export const MAX_KEPT_ENTRIES = MAX_BULK_ITEMS + MAX_LOG_RECORDS;

/**
 * The entries kept of `entries` (newest first), of the newest MAX_LOG_CHANGES changes (a batch
 * counting as one): the newest batch's newest MAX_BULK_ITEMS (a run logs one entry per document at
 * most: only a log stored wrong holds more, and Undo this batch would read them all), and of the
 * others as many as make MAX_LOG_RECORDS in all. With no batch at all, every entry counts as the
 * newest batch's, and MAX_LOG_CHANGES stops them first.
 */
export function keptEntries(entries: readonly ChangeEntry[]): ChangeEntry[] {
  const kept: ChangeEntry[] = [];
  /** The changes met: an entry's id, or its batch's (ids are random: none is another's). */
  const changes = new Set<string>();
  const newestBatch = entries.find((entry) => entry.batchId !== undefined)?.batchId;
  let newestKept = 0;
  for (const entry of entries) {
    if (changes.add(entry.batchId ?? entry.id).size > MAX_LOG_CHANGES) break;
    if (entry.batchId === newestBatch ? ++newestKept > MAX_BULK_ITEMS : kept.length >= MAX_LOG_RECORDS) continue;
    kept.push(entry);
  }
  return kept;
}

/**
 * What a later change of the log did to an entry's document that leaves the entry's undo nothing
 * to do: `deleted` forever since (nothing can bring it back); `restored` from the trash since, for
 * a move to the trash (the Trash view's Restore is a change of its own, not its undo); `removed` to
 * the trash since, for the changes whose undo moves it there (a restore, a copy, a new document).
 */
export type Overtaken = 'deleted' | 'restored' | 'removed';

/** The kinds of change whose undo moves the document to the trash. */
const TRASHED_BY_UNDO: ReadonlySet<ChangeKind> = new Set(['restore', 'copy', 'create']);

/**
 * The entries of `entries` (the log, newest first) that a later change to the same document has
 * overtaken (see Overtaken), by entry id. Documents are told apart by id (unique on a server, and
 * kept through a move). Where a document is now is told by the newest later change that moved it in
 * or out of the trash (a removal or a restore, an undo's as much as any: a trash undone since leaves
 * the copy it trashed with its own undo), and a later delete forever wins over every one.
 */
export function overtakenEntries(entries: readonly ChangeEntry[]): Map<string, Overtaken> {
  const overtaken = new Map<string, Overtaken>();
  /** Each document's state after the newest change seen so far that moved it in or out of the trash, or deleted it. */
  const now = new Map<string, Overtaken>();
  for (const entry of entries) {
    const key = targetKey(entry.target);
    const state = now.get(key);
    if (state === 'deleted' || (state === 'restored' && entry.kind === 'remove') || (state === 'removed' && TRASHED_BY_UNDO.has(entry.kind))) {
      overtaken.set(entry.id, state);
    }
    if (entry.kind === 'delete') now.set(key, 'deleted');
    else if (state === undefined && entry.kind === 'remove') now.set(key, 'removed');
    else if (state === undefined && entry.kind === 'restore') now.set(key, 'restored');
  }
  return overtaken;
}
