/**
 * Undoing a rename from the history, safely against changes made elsewhere: the document or
 * workspace is read first (`GET {site}/api/docs/<docId>`, `GET {site}/api/workspaces/<id>`); only
 * when it still has the name the rename gave it is the old name sent back, in one PATCH, through
 * the same one-rename-at-a-time queue as every rename. Also the history as the pages see it.
 */
import type { HistoryEntry, HistoryItem, UndoOutcome } from '../../shared/history.ts';
import { accountShortNames } from '../../shared/listing.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { documentSchema, workspaceSchema } from '../grist/grist-schemas.ts';
import { clientsFor, NO_KEY_ERROR, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { keyDestination } from '../grist/host-policy.ts';
import { clearHistory as forgetHistory, markUndone, readHistory } from './rename-history.ts';
import { oneAtATime, renameAt } from '../rename/rename-service.ts';
import { moveAt } from '../move/move-service.ts';
import { forgetDocument } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';

/** The saved account that made an entry, with its key; undefined when it was removed since. */
function accountOf(entry: HistoryEntry, accounts: readonly KeyedAccount[]): KeyedAccount | undefined {
  return accounts.find(({ account }) => account.id === entry.account);
}

/**
 * Why an entry cannot be undone now, as the error undoRename answers; null when it can. It is
 * undone with the account that made it, or not at all: another account's key is never tried.
 * A move is undone through the site it went to.
 */
function whyNot(entry: HistoryEntry, accounts: readonly KeyedAccount[]): ApiError | null {
  if (entry.undoneBy) return new ApiError('invalid-input', t('undoAlreadyUndone'));
  const keyed = accountOf(entry, accounts);
  if (!keyed) return new ApiError('not-configured', t('undoAccountRemoved'));
  if (keyed.apiKey === null) return NO_KEY_ERROR();
  const siteUrl = entry.kind === 'move' && entry.to ? entry.to.site.url : entry.site.url;
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

/**
 * What the renamed document or workspace (`workspaceId`) is called now and the caller's access to
 * it, read from Grist. Throws ApiError `not-found` when Grist no longer has it (a document is then
 * taken out of the cached listing), or what the read met.
 */
async function readCurrent(client: GristClient, entry: HistoryEntry, workspaceId: number | undefined): Promise<{ name: string; access: string | null }> {
  const siteUrl = entry.site.url;
  try {
    if (workspaceId !== undefined) return await client.get(siteUrl, `/api/workspaces/${workspaceId}`, workspaceSchema);
    return await client.get(siteUrl, `/api/docs/${encodeURIComponent(entry.docId)}`, documentSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      if (workspaceId !== undefined) throw new ApiError('not-found', t('errorWorkspaceGone', entry.newName, new URL(siteUrl).host), 404);
      await forgetDocument(entry.docId);
      throw new ApiError('not-found', t('errorDocumentGone', entry.newName, new URL(siteUrl).host), 404);
    }
    throw error;
  }
}

/** The `getHistory` message: the entries, newest first, each with whether it can be undone. */
export async function getHistory(): Promise<HistoryItem[]> {
  const [entries, accounts] = await Promise.all([readHistory(), readKeyedAccounts()]);
  const names = accountShortNames(accounts.map(({ account }) => account));
  return entries.map((entry) => {
    const madeBy = entry.account === undefined ? undefined : names.get(entry.account);
    return { ...entry, cannotUndo: whyNot(entry, accounts)?.message ?? null, ...(madeBy === undefined ? {} : { madeBy }) };
  });
}

/** The `clearHistory` message: forgets the history; Grist is not touched. */
export async function clearHistory(): Promise<null> {
  await forgetHistory();
  return null;
}

/**
 * The `undoRename` message. In: the history entry and its document's id, or a workspace rename's
 * `docId` (its workspaceKey) (so the undo takes its
 * place in that document's queue at once, before anything is read: a rename asked for after it
 * goes after it), and `force` to restore its old name even though the document was renamed
 * elsewhere since ("Restore … anyway").
 * Out: `restored`, or `renamed-elsewhere` with the name it has now (nothing sent).
 * Throws ApiError: `not-found` for an entry no longer kept or a document gone from Grist (404),
 * `invalid-input` for an entry already undone, `not-configured` for a site no longer in the
 * options, `forbidden` when the user is no longer an owner (Grist answers 403 to others), or what
 * the read or the rename met. Nothing is sent but the read, in every one of these.
 */
export function undoRename({ entryId, docId, force = false }: { entryId: string; docId: string; force?: boolean }): Promise<UndoOutcome> {
  return oneAtATime(docId, async () => {
    const entry = (await readHistory()).find((candidate) => candidate.id === entryId && candidate.docId === docId);
    if (!entry) throw new ApiError('not-found', t('undoEntryGone'));
    const accounts = await readKeyedAccounts();
    return undoNow(entry, { force, accounts, clientOf: clientsFor(accounts) });
  });
}

/**
 * Undoes one entry read from the history already (a bulk rename's batch reads it once for all its
 * entries), in its document's queue, with the saved accounts and keys given (readKeyedAccounts)
 * and their clients (clientsFor: one per account for the whole batch). `batchId`: the undo's own
 * entries are recorded as one batch, so undoing a batch takes one place of the history's 200, not
 * one each. Out and throws: as undoRename.
 */
export function undoEntry(entry: HistoryEntry, options: UndoContext): Promise<UndoOutcome> {
  return oneAtATime(entry.docId, () => undoNow(entry, options));
}

/** What an undo needs besides its entry: the saved accounts and keys, their clients, and its batch. */
interface UndoContext {
  accounts: readonly KeyedAccount[];
  clientOf: ReturnType<typeof clientsFor>;
  batchId?: string;
}

async function undoNow(entry: HistoryEntry, { force = false, accounts, clientOf, batchId }: UndoContext & { force?: boolean }): Promise<UndoOutcome> {
  const reason = whyNot(entry, accounts);
  if (reason) throw reason;
  const { account } = accountOf(entry, accounts)!;
  const client = clientOf(account.id);
  if (entry.kind === 'move') return undoMove(entry, account.id, client, force, batchId);
  const siteUrl = entry.site.url;
  const workspaceId = entry.kind === 'workspace' ? entry.workspace?.id : undefined;
  if (entry.kind === 'workspace' && workspaceId === undefined) throw new ApiError('not-found', t('undoEntryGone'));
  const current = await readCurrent(client, entry, workspaceId);
  // Owners only (Grist answers 403 to others): said before anything else, "anyway" would not help.
  if (current.access !== 'owners') throw new ApiError('forbidden', t(workspaceId === undefined ? 'errorNotOwnerOf' : 'errorNotOwnerOfWorkspace', current.name), 403);
  if (!force && current.name !== entry.newName) return { outcome: 'renamed-elsewhere', current: current.name };
  const result = await renameAt(
    client,
    { siteUrl, docId: entry.docId, currentName: current.name, workspaceId },
    entry.oldName,
    { account: account.id, source: 'undo', site: { orgId: entry.site.orgId, name: entry.site.name }, workspace: entry.workspace, ...(batchId ? { batchId } : {}) },
    { restoring: true },
  );
  // Grist has the old name back: a history that cannot be written must not say the undo failed.
  await markUndone(entry.id, result.entryId ?? 'unchanged').catch(logFailure('marking the undone rename'));
  return { outcome: 'restored', name: result.name, entryId: result.entryId };
}

/**
 * Undoes a move: reads the document through the site it went to; only when it is still in the
 * workspace the move put it in, under the same name (or `force`), is it moved back, in one PATCH
 * (moveAt), and the entry marked undone. Out: `restored`, or `renamed-elsewhere` (nothing sent)
 * with the workspace it is in now, or with `renamed` and its name now. Throws ApiError: `not-found` when that site no longer has it (moved on or deleted),
 * `forbidden` when the user no longer owns it, or what the read or the move met.
 */
async function undoMove(entry: HistoryEntry, account: string, client: GristClient, force: boolean, batchId: string | undefined): Promise<UndoOutcome> {
  const { to, workspace } = entry;
  if (!to || !workspace) throw new ApiError('not-found', t('undoEntryGone'));
  let current;
  try {
    current = await client.get(to.site.url, `/api/docs/${encodeURIComponent(entry.docId)}`, documentSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError('not-found', t('errorMovedAway', entry.newName, to.site.name), 404);
    throw error;
  }
  if (current.access !== 'owners') throw new ApiError('forbidden', t('errorNotOwnerToMove', current.name), 403);
  const now = { id: current.workspace.id ?? to.workspace.id, name: current.workspace.name };
  if (!force && now.id !== to.workspace.id) return { outcome: 'renamed-elsewhere', current: now.name };
  // Where the move put it, but renamed since: someone changed it after the move; asked first too.
  if (!force && current.name !== entry.newName) return { outcome: 'renamed-elsewhere', current: current.name, renamed: true };
  const back = await moveAt(client, { account, docId: entry.docId, name: current.name, from: { site: to.site, workspace: now }, to: { site: entry.site, workspace } }, {
    source: 'undo',
    ...(batchId ? { batchId } : {}),
  });
  // Back where it was: a history that cannot be written must not say the undo failed.
  await markUndone(entry.id, back.entryId ?? 'unchanged').catch(logFailure('marking the undone move'));
  return { outcome: 'restored', name: current.name, entryId: back.entryId };
}
