/**
 * Undoing a change of the change log, safely against changes made elsewhere, the same way for every
 * kind (the registry names the kind that undoes an entry: kinds/registry.ts undoerOf): its target is
 * read first, through the site the change left it on; only when it is still as the change left it
 * (or `force`) is the inverse change sent, through the change pipeline, in the target's queue. Also
 * the change log as the pages see it.
 */
import { sameTarget, targetKey, type ChangeEntry, type ChangeLogItem, type EntryTarget } from '../../shared/protocol/change-log.ts';
import { overtakenEntries, type Overtaken } from '../../shared/protocol/change-log-reads.ts';
import type { UndoOutcome } from '../../shared/protocol/undo-outcome.ts';
import { accountShortNames } from '../../shared/protocol/listing.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import { clientsFor, NO_KEY_ERROR, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { keyDestination } from '../grist/host-policy.ts';
import { forgetChangeLog, markUndone, readChangeLog } from '../change-log/change-log.ts';
import { logFailure } from '../log-failure.ts';
import { oneAtATime } from '../pacing.ts';
import type { GristClient } from '../grist/grist-client.ts';
import type { ChangeRecord, ChangeTarget, UndoingKind } from './kind-module.ts';
import { undoerOf } from './kinds/registry.ts';
import { applyChange } from './pipeline.ts';

/** The saved account that made an entry, with its key; undefined when it was removed since. */
function accountOf(entry: ChangeEntry, accounts: readonly KeyedAccount[]): KeyedAccount | undefined {
  return accounts.find(({ account }) => account.id === entry.account);
}

/** Why an overtaken entry (overtakenEntries) offers no undo. */
const OVERTAKEN_WORDS = { deleted: 'undoDeletedSince', restored: 'undoRestoredSince', removed: 'undoRemovedSince' } as const;

/**
 * Why an entry cannot be undone now, as the error undoChange answers; null when it can. In: the
 * entry, the saved accounts, and what a later change of the log did that leaves its undo nothing to
 * do, if anything (overtakenEntries). It is undone with the account that made it, or not at all:
 * another account's key is never tried.
 */
function whyNot(entry: ChangeEntry, accounts: readonly KeyedAccount[], overtaken?: Overtaken): ApiError | null {
  if (entry.undoneBy) return new ApiError('invalid-input', t('undoAlreadyUndone'));
  // Written ahead of its request and not confirmed yet (a removal under way, or stopped and resumed at the next start).
  if (entry.pending) return new ApiError('invalid-input', t('undoPending'));
  const undoer = undoerOf(entry);
  if (!undoer) return new ApiError('invalid-input', t('undoNeverDeleted'));
  if (overtaken) return new ApiError('invalid-input', t(OVERTAKEN_WORDS[overtaken]));
  const keyed = accountOf(entry, accounts);
  if (!keyed) return new ApiError('not-configured', t('undoAccountRemoved'));
  if (keyed.apiKey === null) return NO_KEY_ERROR();
  const siteUrl = undoer.undoSiteUrl(entry);
  const host = new URL(siteUrl).host;
  switch (keyDestination(new URL(siteUrl), keyed.account)) {
    case 'not-a-site':
      return new ApiError('not-configured', t('undoSiteNotConfigured', host));
    case 'not-confirmed':
      return new ApiError('key-not-confirmed', t('errorKeyNotConfirmed', host));
    case 'allowed':
      return null;
  }
}

/** The `readChangeLog` message: the change log's entries, newest first, each with whether it can be undone. */
export async function readChangeLogItems(): Promise<ChangeLogItem[]> {
  const [entries, accounts] = await Promise.all([readChangeLog(), readKeyedAccounts()]);
  const names = accountShortNames(accounts.map(({ account }) => account));
  const overtaken = overtakenEntries(entries);
  return entries.map((entry) => {
    const madeBy = entry.account === undefined ? undefined : names.get(entry.account);
    return { ...entry, cannotUndo: whyNot(entry, accounts, overtaken.get(entry.id))?.message ?? null, ...(madeBy === undefined ? {} : { madeBy }) };
  });
}

/** The `clearChangeLog` message: forgets the change log; Grist is not touched. */
export async function clearChangeLog(): Promise<null> {
  await forgetChangeLog();
  return null;
}

/**
 * The `undoChange` message. In: the entry and what it changed (`target`: a document, workspace or
 * site by its id), so the undo takes its place in that target's queue (targetKey) at once, before
 * anything is read: a change asked for after it goes after it; and `force` to undo it even though
 * the target was changed elsewhere since ("Restore … anyway"); `grants`, for a person's removal,
 * the grants changed since to put back all the same, each asked on its own ("Put back anyway").
 * Out: `restored` (for a person's removal, with the grants `kept` as changed since), or
 * `changed-elsewhere` with what it is now (nothing sent).
 * Throws ApiError: `not-found` for an entry no longer kept or a target gone from Grist (404),
 * `invalid-input` for an entry already undone or overtaken by a later change (overtakenEntries: its
 * document deleted forever, restored from the trash...), `not-configured` for a site no longer in
 * the options, `forbidden` when the user may no longer change it (Grist answers 403 to others), or what
 * the read or the change met. Nothing is sent but the read, in every one of these.
 */
export function undoChange({ entryId, target, force = false, grants = [] }: { entryId: string; target: EntryTarget; force?: boolean; grants?: string[] }): Promise<UndoOutcome> {
  return oneAtATime(targetKey(target), async () => {
    const log = await readChangeLog();
    const entry = log.find((candidate) => candidate.id === entryId && sameTarget(candidate.target, target));
    if (!entry) throw new ApiError('not-found', t('undoEntryGone'));
    const accounts = await readKeyedAccounts();
    return undoNow(entry, { force, grants, accounts, clientOf: clientsFor(accounts), overtaken: overtakenEntries(log) });
  });
}

/** What an undo needs besides its entry: the saved accounts and keys, their clients, what the log overtook, and its batch. */
export interface UndoContext {
  accounts: readonly KeyedAccount[];
  clientOf: ReturnType<typeof clientsFor>;
  /** The log's entries a later change overtook (overtakenEntries of the log the entry was read from): none of them is undone. */
  overtaken: ReadonlyMap<string, Overtaken>;
  /** The undo's own entries are recorded as one batch, so undoing a batch takes one place of the log's 200. */
  batchId?: string;
}

/**
 * Undoes one entry read from the change log already (a batch undo reads it once for all its
 * entries), in its target's queue, with the saved accounts and keys given (readKeyedAccounts),
 * their clients (clientsFor: one per account for the whole batch) and what that log overtook
 * (overtakenEntries: once for the whole batch). An entry that was pending when read (written
 * ahead: a person's removal) is read again in its turn, since what went before it in the queue (the
 * start-up resume of that removal) may have confirmed it. Out and throws: as undoChange.
 */
export function undoEntry(entry: ChangeEntry, context: UndoContext): Promise<UndoOutcome> {
  return oneAtATime(targetKey(entry.target), async () => {
    // Only a pending one: every read waits for the log's writes queued before it.
    const now = entry.pending ? (await readChangeLog()).find(({ id }) => id === entry.id) : entry;
    if (!now) throw new ApiError('not-found', t('undoEntryGone'));
    return undoNow(now, context);
  });
}

/** The site an undo of `entry` goes to: where the change left its target. */
export function undoSiteUrl(entry: ChangeEntry): string {
  return undoerOf(entry)?.undoSiteUrl(entry) ?? entry.site.url;
}

async function undoNow(entry: ChangeEntry, { force = false, grants = [], accounts, clientOf, batchId, overtaken }: UndoContext & { force?: boolean; grants?: readonly string[] }): Promise<UndoOutcome> {
  const reason = whyNot(entry, accounts, overtaken.get(entry.id));
  if (reason) throw reason;
  const { account } = accountOf(entry, accounts)!;
  const undo = { entry, account: account.id, client: clientOf(account.id), force, grants, record: { source: 'undo' as const, ...(batchId ? { batchId } : {}) } };
  return undoWith(undoerOf(entry)!, undo);
}

/** undoNow for an entry of `kind`: its inverse, read first, sent unless nothing needs to be. */
async function undoWith<T extends ChangeTarget>(
  kind: UndoingKind<T>,
  { entry, account, client, force, grants, record }: { entry: ChangeEntry; account: string; client: GristClient; force: boolean; grants: readonly string[]; record: ChangeRecord },
): Promise<UndoOutcome> {
  const inverse = await kind.inverse(client, entry, account, force, grants);
  if ('conflict' in inverse) return inverse.conflict;
  const firstIds: Array<string | null> = [];
  for (const first of 'undo' in inverse ? (inverse.first ?? []) : []) firstIds.push(await applyChange(client, first.kind, first.target, record));
  // The entry is undone by its own kind's change or, when that had nothing left to send, by the first that did.
  const entryId = ('undo' in inverse ? await applyChange(client, kind, inverse.undo, record) : null) ?? firstIds.find((id) => id !== null) ?? null;
  const kept = 'undo' in inverse ? (inverse.kept ?? []) : [];
  // Grist has it back: a log that cannot be written must not say the undo failed. What was kept as
  // changed since may still be put back anyway: the entry stays to be undone.
  if (kept.length === 0) await markUndone(entry.id, entryId ?? 'unchanged').catch(logFailure('marking the undone change'));
  const leftOut = 'undo' in inverse ? kind.leftOut?.(inverse.undo) : 'already' in inverse ? inverse.leftOut : null;
  return { outcome: 'restored', name: 'undo' in inverse ? inverse.undo.name : inverse.already, entryId, ...(leftOut ? { leftOut } : {}), ...(kept.length > 0 ? { kept } : {}) };
}
