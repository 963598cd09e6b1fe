/**
 * The one path of every change to a document or workspace, whatever its kind (kind-module.ts) and
 * whoever asked (the popup, the document window, a bulk run, an undo): the target is found in the
 * worker's own listing first (listed-documents.ts), sent with its account's client, one change of
 * it at a time (oneAtATime), read back when the answer did not say whether Grist applied it (never
 * sent again blindly), then recorded in the change log and the cached listing.
 */
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { documentSchema } from '../grist/grist-schemas.ts';
import { addLogEntry, settleLogEntry } from '../change-log/change-log.ts';
import { logFailure } from '../log-failure.ts';
import type { KindModule, ChangeRecord, ChangeTarget } from './kind-module.ts';

/**
 * True when a request went out but its answer was lost, so Grist may or may not have applied it: a
 * timeout, a reset, or a proxy's 502 or 504 after a long wait (grist-core issue 2083 reports 10 s
 * moves answered by a proxy's 502).
 */
export function answerLost(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.status === 502 || error.status === 504;
}

/**
 * After an answer that did not say whether Grist applied the change (the kind's mayHaveApplied):
 * reads the target back rather than send the change again. Returns when Grist has it; throws
 * ApiError `network` saying what is known otherwise (not applied, or not known).
 */
async function confirmAfterLostAnswer<T extends ChangeTarget>(client: GristClient, kind: KindModule<T>, target: T): Promise<void> {
  let applied: boolean;
  try {
    applied = await kind.applied(client, target);
  } catch {
    throw new ApiError('network', kind.unchecked?.(target) ?? t('errorLostAnswerUncheckedChange'));
  }
  if (!applied) throw new ApiError('network', kind.notApplied(target));
}

/**
 * Sends a change's one request, through its account's `client`, after what the kind reads first
 * (kind.readFirst). Returns once Grist has it (also when its answer did not say and the read-back
 * found it applied, or the kind's first read found it there already). Throws ApiError: the kind's
 * words for Grist's refusals (kind.refused), `network` when the answer did not say and it was not
 * applied, or what the request or the first read met.
 */
export async function sendChange<T extends ChangeTarget>(client: GristClient, kind: KindModule<T>, target: T): Promise<void> {
  try {
    if (kind.readFirst && !(await kind.readFirst(client, target))) return;
  } catch (error) {
    // What the first read met is not the request's answer: never read as one Grist may have applied.
    throw error instanceof ApiError ? ((await kind.refused(error, target)) ?? error) : error;
  }
  try {
    await kind.send(client, target);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if ((kind.mayHaveApplied ?? answerLost)(error)) return confirmAfterLostAnswer(client, kind, target);
    throw (await kind.refused(error, target)) ?? error;
  }
}

/**
 * Adds the change-log entry of a change Grist confirmed. From the call on, the log holds it. Out,
 * once written: the entry's id, or null when the log could not be written (the change happened,
 * so that is logged, not thrown).
 */
export async function logChange<T extends ChangeTarget>(kind: KindModule<T>, target: T, record: ChangeRecord): Promise<string | null> {
  try {
    return (await addLogEntry({ ...kind.logEntry(target), ...record })).id;
  } catch (error) {
    logFailure('recording the change in the change log')(error);
    return null;
  }
}

/**
 * Write-ahead, for a change that takes what cannot be read back afterwards (a person's removal from
 * a site takes their grants inside it): the change-log entries of `targets`, marked pending
 * (ChangeEntry.pending), stored in one write before any of their requests leaves, so a worker
 * stopped between a request and its confirmation loses nothing an undo needs. Settle each with
 * settleAhead once its request is answered. Out: the entries' ids, in the order of `targets`.
 * Throws what the log's write threw: then nothing may be sent.
 */
export async function logAhead<T extends ChangeTarget>(kind: KindModule<T>, targets: readonly T[], record: ChangeRecord): Promise<string[]> {
  // Added in one tick: the log's batched writes store them together.
  const entries = await Promise.all(targets.map((target) => addLogEntry({ ...kind.logEntry(target), ...record, pending: true })));
  return entries.map(({ id }) => id);
}

/**
 * Settles an entry written ahead (logAhead): `confirmed` once Grist has the change (it becomes an
 * entry like any other, which can be undone), or dropped when Grist does not have it. Throws what
 * the log's write threw (the entry stays pending: the next start resumes it).
 */
export function settleAhead(entryId: string, confirmed: boolean): Promise<void> {
  return settleLogEntry(entryId, confirmed);
}

/**
 * Sends a change (sendChange), then records it in the change log and the cached listing, side by
 * side. Call it in the target's queue (oneAtATime). Out: its change-log entry's id (null when the
 * log could not be written, or when the change turned out to change nothing: kind.unchanged).
 * Throws as sendChange does; nothing is recorded then.
 */
export async function applyChange<T extends ChangeTarget>(client: GristClient, kind: KindModule<T>, target: T, record: ChangeRecord): Promise<string | null> {
  await sendChange(client, kind, target);
  if (kind.unchanged?.(target)) return null;
  const [entryId] = await Promise.all([logChange(kind, target, record), kind.storeNoted([{ target, mark: kind.note(target) }])]);
  return entryId;
}

/**
 * A document as Grist has it now (outside the trash), read through `siteUrl`, for read-backs and
 * undos; null when Grist answers 404: in the trash, gone, or not on that site (docs/grist-api.md "Remove to trash", "Renaming").
 * Throws what else the read met.
 */
export async function documentNow(client: GristClient, siteUrl: string, docId: string) {
  try {
    return await client.get(siteUrl, `/api/docs/${encodeURIComponent(docId)}`, documentSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
