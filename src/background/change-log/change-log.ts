/**
 * The change log (shared/protocol/change-log.ts), written only here (and by the start-up migration, before
 * anything reads it): an entry for every change Grist confirmed (a rename, a move...), newest
 * first, as many as `keptEntries` keeps. Writes are queued, so two
 * changes confirmed at once cannot drop each other's entry; entries confirmed while a write is
 * under way are written together by the next one (a bulk run confirms dozens a second).
 * Stored as the log's own item (the entries of no bulk run, and the runs' ids) and an item per
 * bulk run (change-log-items.ts), so that a write stores what it changed: a full log
 * (MAX_LOG_RECORDS entries) is some 7 MB, and each write of it cost 230 ms of the browser's main
 * thread and 150 ms of the worker's (Chromium's trace of a bulk copy run).
 */
import browser from 'webextension-polyfill';
import type { ChangeEntry, NewChangeEntry, PersonSiteChange } from '../../shared/protocol/change-log.ts';
import { keptEntries, MAX_LOG_CHANGES } from '../../shared/protocol/change-log-reads.ts';
import { batchLogItem, changeLogItem, CHANGE_LOG_VERSION, writtenAheadItem } from '../../shared/storage/change-log-items.ts';
import { t } from '../../shared/i18n.ts';
import { accountsItem } from '../../shared/storage/storage-items.ts';
import { ApiError } from '../grist/api-error.ts';
import { logFailure } from '../log-failure.ts';
import { storeTogether } from '../storage-writes.ts';
import { batchedWrites, serialQueue } from '../pacing.ts';

const queue = serialQueue();

/** Where entries are stored, by batch id ('' for the log's own item, which holds those of no batch): the entries under it, newest first. */
type Stored = Map<string, ChangeEntry[]>;

/**
 * The log as this worker last read or wrote it: its entries, newest first, how they are stored,
 * and the runs a corrupt stored log named beyond the newest MAX_LOG_CHANGES (never read; the next
 * write removes them). It alone writes the log (the storage migration too, before any message is
 * handled: background/index.ts), so a write need not read it first: reading a full log cost 100 ms
 * of the browser's main thread and 80 ms of the worker's (the same trace). Null until read, and
 * after Clear history. Its entries are not changed in place.
 */
let kept: { entries: ChangeEntry[]; stored: Stored; unread: string[] } | null = null;

/** The log, read once (call it in the queue). */
async function stored(): Promise<NonNullable<typeof kept>> {
  if (kept) return kept;
  const { entries, batches = [] } = await changeLogItem.get();
  // Asked at once, each read a round trip to the browser: the newest MAX_LOG_CHANGES batches (the
  // most a log keeps), not every one a corrupt list names. The log's own entries go last: a batch
  // named '' (in a corrupt log) cannot take their place. What is read is kept as a write keeps it
  // (the newest of a run too long, say), and the next write stores that.
  const items: Stored = new Map([...(await Promise.all(batches.slice(0, MAX_LOG_CHANGES).map(async (id) => [id, await batchLogItem(id).get()] as const))), ['', entries]]);
  return (kept = { entries: keptEntries([...items.values()].flat().sort((a, b) => b.at - a.at)), stored: items, unread: batches.slice(MAX_LOG_CHANGES) });
}

/**
 * Stores `entries` (newest first) as the log, then keeps it (call it in the queue): in one write,
 * the log's own item (small: the entries of no batch, at most MAX_LOG_CHANGES) and each batch
 * whose entries changed, so that a bulk run's writes store that run, not every run kept; then the
 * batches no longer kept, and those a corrupt log named but were never read, are removed (a removal
 * refused is logged: it leaves items that no log names, never read, which Clear history removes).
 * Throws what the write threw; nothing is kept then.
 */
async function store(entries: ChangeEntry[]): Promise<void> {
  const { stored: before, unread } = await stored();
  const after: Stored = new Map([['', []]]);
  for (const entry of entries) {
    const id = entry.batchId ?? '';
    if (!after.has(id)) after.set(id, []);
    after.get(id)!.push(entry);
  }
  const written = [...after].filter(([id, list]) => !id || list.length !== before.get(id)?.length || list.some((entry, index) => entry !== before.get(id)![index]));
  // The batches written ahead (writtenAheadItem), in the same write, while any is or was pending.
  const pending = [...new Set(entries.filter((entry) => entry.pending).map((entry) => entry.batchId ?? ''))];
  const wasPending = [...before.values()].some((list) => list.some((entry) => entry.pending));
  await storeTogether(
    ...written.map(([id, list]) => (id ? batchLogItem(id).entry(list) : changeLogItem.entry({ version: CHANGE_LOG_VERSION, entries: list, batches: [...after.keys()].slice(1) }))),
    ...(pending.length > 0 || wasPending ? [writtenAheadItem.entry(pending)] : []),
  );
  kept = { entries, stored: after, unread: [] };
  const dropped = [...new Set([...before.keys(), ...unread])].filter((id) => !after.has(id));
  if (dropped.length > 0) await browser.storage.local.remove(dropped.map((id) => batchLogItem(id).key)).catch(logFailure('trimming the change log'));
}

/** The entries a write left out, as their account was removed (see writeEntries). */
const leftOut = new WeakSet<ChangeEntry>();

/**
 * Entries confirmed together are written together (see batchedWrites), newest first; but not one
 * whose account is no longer saved: a change on its way to Grist as its account was removed lands
 * there, and its entry would come after Remove account forgot the account's (forgetAccountEntries,
 * queued after the accounts are stored without it), naming the account, and perhaps other people,
 * for good. The accounts are read in the queue, so every write after theirs sees it gone.
 */
const writeEntries = batchedWrites<ChangeEntry>(queue, async (added) => {
  const saved = new Set((await accountsItem.get()).map(({ id }) => id));
  const written = added.filter((entry) => {
    const kept = entry.account === undefined || saved.has(entry.account);
    if (!kept) leftOut.add(entry);
    return kept;
  });
  if (written.length > 0) await store(keptEntries([...written.reverse(), ...(await stored()).entries]));
});

/** The time of the last entry added, in ms since the epoch. */
let lastAt = 0;

/**
 * Adds an entry for a change Grist confirmed. In: everything but its id and time. Out: the entry,
 * once stored. From the call on, `readChangeLog` holds it (it waits for the write). The oldest
 * entries drop off (see keptEntries). Throws ApiError `not-found` when its account is no longer
 * saved (removed: nothing of it is kept), or what the write threw.
 */
export async function addLogEntry(entry: NewChangeEntry): Promise<ChangeEntry> {
  // A random id: ids never repeat, whatever was cleared. Times never repeat either (two changes
  // confirmed in one millisecond are a millisecond apart): the log's items, read back, are put
  // in order by them.
  const added: ChangeEntry = { ...entry, id: crypto.randomUUID(), at: (lastAt = Math.max(Date.now(), lastAt + 1)) };
  await writeEntries(added);
  if (leftOut.has(added)) throw new ApiError('not-found', t('errorAccountGone'));
  return added;
}

/** The entries, newest first, once the writes queued before are done: the worker's own, read, never changed. */
export async function readChangeLog(): Promise<ChangeEntry[]> {
  return (await queue(stored)).entries;
}

/** Entries marked undone together are written together (a batch's undo marks hundreds). */
const writeUndone = batchedWrites<{ id: string; by: string }>(queue, async (marks) => {
  const undoneBy = new Map(marks.map((mark) => [mark.id, mark.by]));
  const { entries } = await stored();
  if (!entries.some((entry) => undoneBy.has(entry.id))) return;
  await store(entries.map((entry) => (undoneBy.has(entry.id) ? { ...entry, undoneBy: undoneBy.get(entry.id) } : entry)));
});

/** Marks entry `id` as undone by entry `by`; an entry no longer kept is left alone. */
export function markUndone(id: string, by: string): Promise<void> {
  return writeUndone({ id, by });
}

/** Put-backs recorded together are written together. */
const writePutBack = batchedWrites<{ id: string; grants: readonly string[] }>(queue, async (records) => {
  const { entries } = await stored();
  const adding = new Map<string, Set<string>>();
  for (const { id, grants } of records) adding.set(id, new Set([...(adding.get(id) ?? []), ...grants]));
  if (!entries.some((entry) => entry.kind === 'person' && adding.has(entry.id))) return;
  await store(
    entries.map((entry) => {
      const grants = adding.get(entry.id);
      if (entry.kind !== 'person' || !grants) return entry;
      return { ...entry, person: { ...entry.person, putBack: [...new Set([...(entry.person.putBack ?? []), ...grants])] } };
    }),
  );
});

/**
 * Records on a person's removal (entry `id`) that its undo is about to send `grants`
 * (PersonSiteChange.putBack), before they are sent; an entry no longer kept is left alone. Throws
 * what the write threw: then nothing may be sent.
 */
export function recordPutBack(id: string, grants: readonly string[]): Promise<void> {
  return writePutBack({ id, grants });
}

/** Removals' grants read again, amended together, are written together. */
const writeTaken = batchedWrites<{ id: string; taken: Pick<PersonSiteChange, 'workspaces' | 'documents'> }>(queue, async (amends) => {
  const taken = new Map(amends.map(({ id, taken: grants }) => [id, grants]));
  const { entries } = await stored();
  if (!entries.some((entry) => entry.pending && entry.kind === 'person' && taken.has(entry.id))) return;
  await store(entries.map((entry) => (entry.pending && entry.kind === 'person' && taken.has(entry.id) ? { ...entry, person: { ...entry.person, ...taken.get(entry.id)! } } : entry)));
});

/**
 * Records on a person's removal written ahead (entry `id`, still pending) the workspace and
 * document grants it takes, as read again just before its PATCH (`taken`), in place of those
 * written ahead: its Undo gives back what the removal took, not what a preview read before someone
 * else changed it. An entry no longer pending or kept is left alone. Throws what the write threw:
 * then the PATCH may not be sent.
 */
export function recordTaken(id: string, taken: Pick<PersonSiteChange, 'workspaces' | 'documents'>): Promise<void> {
  return writeTaken({ id, taken });
}

/**
 * The batches whose entries are written ahead and not confirmed yet ('' for entries of no batch),
 * read from their own small item, not from the log: the worker's start asks it every time.
 */
export function readWrittenAhead(): Promise<string[]> {
  return writtenAheadItem.get();
}

/** Written-ahead entries settled together are written together (a removal from 200 sites settles 200). */
const writeSettled = batchedWrites<{ id: string; confirmed: boolean }>(queue, async (settled) => {
  const confirmed = new Map(settled.map((each) => [each.id, each.confirmed]));
  const { entries } = await stored();
  if (!entries.some((entry) => confirmed.has(entry.id))) return;
  await store(
    entries.flatMap((entry) => {
      const kept = confirmed.get(entry.id);
      if (kept === undefined) return [entry];
      if (!kept) return [];
      const done = { ...entry };
      delete done.pending;
      return [done];
    }),
  );
});

/**
 * Settles entry `id`, written ahead of its request (ChangeEntry.pending): `confirmed` when Grist
 * has the change (its pending mark goes, and it can be undone), otherwise dropped (Grist does not
 * have it: nothing to undo). An entry no longer kept is left alone. Throws what the write threw.
 */
export function settleLogEntry(id: string, confirmed: boolean): Promise<void> {
  return writeSettled({ id, confirmed });
}

/**
 * Forgets the entries made with the accounts `ids` (removed: none of them can be undone any more,
 * and an access change's or a person's removal's entry names other people): the log's own and
 * those of its bulk runs, in one write (store; a run left with no entry is removed). Entries of
 * other accounts, or of none (made before accounts had ids), stay. Throws what the write threw;
 * the entries stay then.
 */
export function forgetAccountEntries(ids: readonly string[]): Promise<void> {
  const gone = new Set(ids);
  return queue(async () => {
    const { entries } = await stored();
    const left = entries.filter((entry) => entry.account === undefined || !gone.has(entry.account));
    if (left.length !== entries.length) await store(left);
  });
}

/**
 * Forgets every entry: removes the log's own item and every bulk run's, those no log names too
 * (see store), found in the whole of storage (read once, at a Clear history). Grist is not
 * touched: the changes stay as they are.
 */
export function forgetChangeLog(): Promise<void> {
  return queue(async () => {
    // Read again next time, whether the removal is done or refused.
    kept = null;
    // The log's own item (`changeLog`) and its runs' (`changeLog:<id>`).
    await browser.storage.local.remove(Object.keys(await browser.storage.local.get(null)).filter((key) => key.startsWith(changeLogItem.key)));
  });
}
