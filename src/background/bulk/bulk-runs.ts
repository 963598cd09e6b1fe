/**
 * Bulk rename runs: many renames, owned by the worker (closing the page does not stop a run).
 * Every document is checked against the worker's own listing, which also gives its site: a page
 * cannot aim the key anywhere. At most BULK_IN_FLIGHT_PER_HOST renames are on their way per host;
 * a 429 with Retry-After pauses that host, then the same rename is sent again (Grist did not apply
 * it); every rename goes through the one-rename-at-a-time queue of its document and the single
 * rename's path (sendRename, recordInHistory), so an answer lost on the way is read back,
 * never re-sent blindly.
 */
import type { BatchUndoResult, BulkItemStatus, BulkRenameItem, BulkRunSnapshot } from '../../shared/bulk.ts';
import { checkDocumentName } from '../../shared/document-name.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import { readHistory } from '../history/rename-history.ts';
import { undoEntry } from '../history/undo-service.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { cacheEpoch, noteRename, readListing, storeNotedRename } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';
import { perHostLimit, sleep } from '../pacing.ts';
import { type findDocument, oneAtATime, recordInHistory, savedConnection, sendRename } from '../rename/rename-service.ts';

/** Renames on their way to one host at once: gentle on Grist, which limits calls per document. */
export const BULK_IN_FLIGHT_PER_HOST = 2;

interface Run extends BulkRunSnapshot {
  /** By item index: the mark of its confirmed rename, for the cache write at the run's end (see noteRename). */
  marks: Map<number, number>;
  /**
   * The client its renames go through, made when it starts (or retries): one read of the key for
   * the whole run, not one per rename behind the cache's megabyte writes in the storage queue.
   * Once the settings or the key change, its calls fail as `outdated`, and nothing more is sent.
   */
  client: GristClient;
  /** Where each item is renamed (from the worker's listing), by index; null when not sent. */
  targets: Array<{ siteUrl: string; site: { orgId: number; name: string }; workspace: { id: number; name: string } } | null>;
}

const runs = new Map<string, Run>();
/** The run started last: a page opened again shows it. */
let latestRun: Run | null = null;
const limitFor = perHostLimit(BULK_IN_FLIGHT_PER_HOST);
/** Until when (ms since the epoch) a host asked not to be called (429 with Retry-After). */
const pausedUntil = new Map<string, number>();

/** A client with the saved key for as long as the settings and key stay as they are now. */
async function currentClient(): Promise<GristClient> {
  const epoch = cacheEpoch();
  return (await savedConnection({ isCurrent: () => cacheEpoch() === epoch })).client;
}

function snapshot(run: Run): BulkRunSnapshot {
  const items = run.items.map((item) => ({ ...item }));
  return { id: run.id, batchId: run.batchId, items, stopped: run.stopped, done: items.every((item) => item.state !== 'queued' && item.state !== 'sending') };
}

function runOf(runId: string): Run {
  const run = runs.get(runId);
  if (!run) throw new ApiError('not-found', t('bulkRunGone'));
  return run;
}

/**
 * Sends item `index` of `run`, waiting out a pause its host asked for, then records it. The host's
 * slot is held only for the PATCH (and a read-back of a lost answer): the cache and history writes
 * that follow are the worker's, not Grist's. Never rejects.
 */
async function send(run: Run, index: number): Promise<void> {
  const item = run.items[index]!;
  const target = run.targets[index]!;
  const host = new URL(target.siteUrl).host;
  const renameTarget = { siteUrl: target.siteUrl, docId: item.docId, currentName: item.oldName };
  try {
    // undefined: stopped before its turn; null: Grist already has that name (nothing sent).
    const stored = await limitFor(host)(async (): Promise<string | null | undefined> => {
      if (run.stopped) return undefined;
      item.state = 'sending';
      for (;;) {
        const wait = (pausedUntil.get(host) ?? 0) - Date.now();
        if (wait > 0) await sleep(wait);
        // Stop pressed while this host was paused: what is not on its way yet is not sent.
        if (run.stopped) return undefined;
        try {
          return await oneAtATime(item.docId, () => sendRename(run.client, renameTarget, item.newName));
        } catch (error) {
          // A 429 means Grist did not apply it: after the pause it asked for, the same rename again.
          if (error instanceof ApiError && error.kind === 'rate-limited' && error.retryAfterMs !== undefined && !run.stopped) {
            pausedUntil.set(host, Math.max(pausedUntil.get(host) ?? 0, Date.now() + error.retryAfterMs));
            continue;
          }
          throw error;
        }
      }
    });
    if (!stored) {
      item.state = 'not-sent';
      item.message = t(stored === undefined ? 'bulkStopped' : 'bulkUnchanged');
      return;
    }
    // Grist stores the name now. The history holds the entry from this call on (Undo this batch
    // reads it after its write); the cache gets every rename of the run in one write, at its end.
    run.marks.set(index, noteRename(item.docId, stored));
    void recordInHistory(renameTarget, stored, { source: 'bulk', site: target.site, workspace: target.workspace, batchId: run.batchId });
    item.newName = stored;
    item.state = 'renamed';
    delete item.message;
  } catch (error) {
    item.state = 'failed';
    item.message = error instanceof ApiError ? error.message : t('errorInternal');
    if (!(error instanceof ApiError)) logFailure('a bulk rename')(error);
  }
}

/**
 * Sends every queued item of `run`, each host at its own pace; once all are answered, writes the
 * renamed ones to the cached listing, in one write (each stores the whole listing: megabytes).
 */
function go(run: Run): void {
  const sent = [...run.items.entries()].filter(([, item]) => item.state === 'queued');
  void Promise.all(sent.map(([index]) => send(run, index))).then(() => {
    // A rename or undo of one of them made meanwhile (in the popup, the history) keeps its name.
    for (const [index, item] of sent) {
      const mark = run.marks.get(index);
      if (item.state === 'renamed' && mark !== undefined) void storeNotedRename(item.docId, mark).catch(logFailure('recording a bulk rename'));
    }
  });
}

/**
 * The `startBulkRename` message. In: the documents and their new names (as the page's preview
 * made them). Each is looked up in the worker's listing first: one it does not list, or whose new
 * name is empty, too long or unchanged, is `not-sent` with the reason, and nothing is sent for it.
 * Out: the run as it starts. Throws ApiError `no-key` when no key is saved.
 */
export async function startBulkRename({ items }: { items: BulkRenameItem[] }): Promise<BulkRunSnapshot> {
  const client = await currentClient();
  const listing = await readListing();
  // Looked up by key, not by a walk of the listing per item: a run may name 20,000 documents.
  const listed = new Map<string, NonNullable<ReturnType<typeof findDocument>>>();
  for (const site of listing?.sites ?? []) {
    for (const workspace of site.workspaces) for (const document of workspace.documents) listed.set(`${site.orgId}/${document.id}`, { site, workspace, document });
  }
  const run: Run = { id: crypto.randomUUID(), batchId: crypto.randomUUID(), items: [], stopped: false, done: false, targets: [], client, marks: new Map() };
  for (const { orgId, docId, newName } of items) {
    const found = listed.get(`${orgId}/${docId}`);
    const oldName = found?.document.name ?? '';
    const status: BulkItemStatus = {
      orgId,
      docId,
      newName,
      oldName,
      siteName: found?.site.name ?? '',
      workspaceName: found?.workspace.name ?? '',
      state: 'queued',
    };
    let message: string | null = null;
    if (!found) message = t('errorNotInList');
    else {
      const check = checkDocumentName(newName, oldName);
      if (check.kind === 'invalid') message = check.message;
      else if (check.kind === 'unchanged') message = t('bulkUnchanged');
      else status.newName = check.name;
    }
    if (message !== null) {
      status.state = 'not-sent';
      status.message = message;
    }
    run.items.push(status);
    run.targets.push(
      found && message === null
        ? { siteUrl: found.site.siteUrl, site: { orgId, name: found.site.name }, workspace: { id: found.workspace.id, name: found.workspace.name } }
        : null,
    );
  }
  runs.set(run.id, run);
  latestRun = run;
  go(run);
  return snapshot(run);
}

/**
 * The `getBulkRun` message: where the run stands; with `runId` null, the latest run (null when
 * the worker has none: it keeps runs in memory, so none after it restarted). Throws ApiError
 * `not-found` for a run id the worker no longer has.
 */
export async function getBulkRun({ runId }: { runId: string | null }): Promise<BulkRunSnapshot | null> {
  if (runId === null) return latestRun && snapshot(latestRun);
  return snapshot(runOf(runId));
}

/** The `stopBulkRun` message: what is on its way finishes; what is queued is not sent. */
export async function stopBulkRun({ runId }: { runId: string }): Promise<BulkRunSnapshot> {
  const run = runOf(runId);
  run.stopped = true;
  for (const item of run.items) {
    if (item.state === 'queued') {
      item.state = 'not-sent';
      item.message = t('bulkStopped');
    }
  }
  return snapshot(run);
}

/** The `retryFailedBulk` message: sends again only the documents whose rename failed. */
export async function retryFailedBulk({ runId }: { runId: string }): Promise<BulkRunSnapshot> {
  const run = runOf(runId);
  run.client = await currentClient();
  run.stopped = false;
  for (const item of run.items) {
    if (item.state === 'failed') {
      item.state = 'queued';
      delete item.message;
    }
  }
  go(run);
  return snapshot(run);
}

/**
 * The `undoBatch` message: undoes each rename of a batch that is not undone yet, safely, as a
 * single undo does (undo-service.ts), and says per document what it came to.
 */
export async function undoBatch({ batchId }: { batchId: string }): Promise<BatchUndoResult[]> {
  // The history is read once, and the connection made once, for the whole batch.
  const [history, connection] = await Promise.all([readHistory(), savedConnection()]);
  const entries = history.filter((entry) => entry.batchId === batchId && !entry.undoneBy);
  // The undo's own renames are one batch too: one place of the history's 200.
  const undoBatchId = crypto.randomUUID();
  return Promise.all(
    entries.map(async (entry): Promise<BatchUndoResult> => {
      const base = { docId: entry.docId, oldName: entry.oldName, newName: entry.newName };
      try {
        const outcome = await undoEntry(entry, { connection, batchId: undoBatchId });
        return outcome.outcome === 'restored' ? { ...base, outcome: 'restored' } : { ...base, outcome: 'renamed-elsewhere', message: outcome.current };
      } catch (error) {
        return { ...base, outcome: 'failed', message: error instanceof ApiError ? error.message : t('errorInternal') };
      }
    }),
  );
}
