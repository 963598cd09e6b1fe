/**
 * A bulk backup's work (the run engine's Operation, bulk/operation.ts): each document downloaded by
 * the browser into the run's folder (a CSV backup: one GET of its tables, then one file per table),
 * its end awaited, and the run kept in storage (backupRunsItem) so that a worker the browser stopped
 * resumes it at its next start, following each download it started by its id, never starting a
 * second. A backup reads only: nothing in the change log, nothing in the cached listing, no Undo.
 * Facts: docs/grist-api.md "Downloads and exports" (an error answer ends a download `interrupted`,
 * its reason read with a GET; onChanged carries no bytes).
 */
import * as v from 'valibot';
import { t } from '../../shared/i18n.ts';
import type { BackupOfRun, BulkItemState, BulkItemStatus } from '../../shared/protocol/bulk.ts';
import type { MessageKey } from '../../shared/i18n.ts';
import { BACKUP_DOWNLOADS_PER_HOST, type DownloadFormat } from '../../shared/protocol/downloads.ts';
import { backupFolder, tableFileNames } from '../../shared/rules/file-names.ts';
import { backupRunsItem, MAX_STORED_BACKUP_RUNS, type BackupEntry, type BackupFile, type StoredBackupRun } from '../../shared/storage/backup-run-items.ts';
import { ApiError } from '../grist/api-error.ts';
import { downloadPath, tablesPath } from '../grist/download-urls.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { logFailure } from '../log-failure.ts';
import { sleep, WRITE_PAUSE_FACTOR } from '../pacing.ts';
import { backupManifest, writeManifest } from './backup-manifest.ts';
import { findDownload, mayRetryDownload, progressOf, waitForDownload } from './browser-downloads.ts';

/** Downloads on their way to one host at once in a backup: BACKUP_DOWNLOADS_PER_HOST (shared with the Bulk page, which states it). */
export const BACKUP_IN_FLIGHT_PER_HOST = BACKUP_DOWNLOADS_PER_HOST;

/**
 * A document of a backup run, as its operation saves it (the engine's OperationTarget): its
 * account, document id (`key`) and site, and its entry, the run's stored one (mutated as it goes).
 */
export interface BackupTarget {
  account: string;
  key: string;
  siteUrl: string;
  entry: BackupEntry;
}

/** A run as the engine shows it to the operation's hooks (bulk/operation.ts KeptRun). */
interface RunView {
  id: string;
  batchId: string;
  items: readonly BulkItemStatus[];
  stopped: boolean;
  /** Its format and folder, and backup.json's download id once written (set here, at the run's end). */
  backup?: BackupOfRun;
}

/**
 * A backup's operation, in the shape of the run engine's Operation (bulk/operation.ts; the bulk
 * layer sits above this one, so it is matched there, by its shape: targets/backup.ts).
 */
export interface BackupOperation {
  confirmed: BulkItemState;
  unchanged: MessageKey;
  retriesRefusal: boolean;
  undoable: false;
  inFlightPerHost: number;
  perform(client: GristClient, target: BackupTarget): Promise<boolean>;
  keeps: {
    changed(run: RunView): void;
    settled(run: RunView): Promise<void>;
    progress(items: BulkItemStatus[]): Promise<void>;
  };
}

/** The GET of a document's tables: `{"tables":[{"id":"Expenses",...}]}`. */
const tablesSchema = v.object({ tables: v.array(v.object({ id: v.pipe(v.string(), v.minLength(1)) })) });

/** The runs this worker keeps, by id: what each stores (its live items, once the engine has it). */
const kept = new Map<string, { stored: StoredBackupRun; view: RunView | null }>();
/**
 * A write of the kept runs under way, whether another must follow it (a change came meanwhile), and
 * whether that change must be stored at once (a download started: its id).
 */
let writing: Promise<void> | null = null;
let writeAgain = false;
let writeAtOnce = false;

/** The kept runs as stored: each with its items as the engine holds them now. */
function storedRuns(): StoredBackupRun[] {
  return [...kept.values()].map(({ stored, view }) => ({ ...stored, items: (view?.items ?? stored.items).map((item) => ({ ...item })), stopped: view?.stopped ?? stored.stopped }));
}

/**
 * Stores every kept run: one write at a time, and one more after it when something changed while
 * it was written (never a write per change queued up: a run of 500 changes fast), that one no
 * sooner than WRITE_PAUSE_FACTOR times the last write's duration after it, so the writes of a long
 * run take at most a tenth of the worker's time; but at once when `atOnce` (a download started: a
 * worker stopped before its id is stored would download that file a second time on resuming). Out:
 * settled once a write that holds every change made before the call is done. Never rejects (logged).
 */
function store(atOnce = false): Promise<void> {
  if (writing) {
    writeAgain = true;
    writeAtOnce ||= atOnce;
    return writing;
  }
  writing = (async () => {
    do {
      writeAgain = false;
      writeAtOnce = false;
      const began = performance.now();
      await backupRunsItem.set(storedRuns()).catch(logFailure('storing a backup run'));
      if (writeAgain && !writeAtOnce) await sleep(WRITE_PAUSE_FACTOR * (performance.now() - began));
    } while (writeAgain);
    writing = null;
  })();
  return writing;
}

/**
 * Keeps `stored` (a backup run starting, or resumed), dropping the oldest done runs beyond
 * MAX_STORED_BACKUP_RUNS.
 */
export function keepRun(stored: StoredBackupRun): void {
  kept.set(stored.id, { stored, view: null });
  for (const [id, run] of kept) {
    if (kept.size <= MAX_STORED_BACKUP_RUNS) break;
    if (run.stored.done && id !== stored.id) kept.delete(id);
  }
}

/** The runs stored by an earlier life of the worker. */
export const readStoredRuns = (): Promise<StoredBackupRun[]> => backupRunsItem.get();

/** The folders given to the runs this worker started, from the start on (a run is kept only once the engine has it). */
const foldersGiven = new Set<string>();

/**
 * In: when a backup starts. Out: its folder (file-names.ts backupFolder), one that no backup run
 * this worker or an earlier life of it knows of has (kept, stored, or starting), so that two runs
 * started within one minute never write into one folder (their files go with `overwrite`).
 */
export async function newBackupFolder(date: Date): Promise<string> {
  const stored = await readStoredRuns();
  const folder = backupFolder(date, [...foldersGiven, ...[...kept.values()].map((run) => run.stored.folder), ...stored.map((run) => run.folder)]);
  foldersGiven.add(folder);
  return folder;
}

/** An error for a download that ended `interrupted` for `reason` while Grist, asked, found nothing wrong. */
const interrupted = (reason: string) => new ApiError('network', t('backupInterrupted', reason));

/**
 * Saves `file` of `target`: starts its download (or follows the one started, by its id), waits for
 * its end (waitForDownload, as a single download waits); interrupted for a reason a second try may
 * help (mayRetryDownload: the single download's rule), it is started once more into the same path (overwrite: one file, never a second); then, or for any other reason, Grist is asked
 * why with a GET (client.probe) and its answer thrown in its words ("Document is deleted"). A 429
 * saved nothing: thrown as Grist's `rate-limited` with its Retry-After, so the engine pauses the
 * host and performs again, which starts the download afresh. `persist` stores the run after each
 * step (a download's id at once). Chromium answers downloads.download with the id only once the
 * server has answered (seen in the end-to-end test, Grist answering after 4 s): a worker stopped
 * between the two never stored that id, so a file stored as `asked` with no id is first looked for
 * among the browser's downloads started since the run began (`startedAfter`: findDownload), and
 * followed when found; only if none, started.
 * Throws ApiError.
 */
async function saveFile(client: GristClient, target: BackupTarget, format: DownloadFormat, file: BackupFile, persist: (atOnce?: boolean) => void, startedAfter: number): Promise<void> {
  const path = downloadPath(target.entry.docId, format, file.tableId);
  if (file.downloadId === null && file.asked) {
    // Asked of the browser by a worker that stopped before the browser gave its id: follow the
    // download the browser has of it, if any, rather than ask Grist for the file a second time.
    file.downloadId = await findDownload({ urlEnd: path, pathEnd: file.path, startedAfter }).catch(() => null);
    if (file.downloadId !== null) persist(true);
  }
  for (;;) {
    if (file.downloadId === null) {
      // Stored before it is asked: a worker stopped before the id comes leaves the next one a trace.
      file.asked = true;
      persist(true);
      file.downloadId = await client.download(target.siteUrl, path, { filename: file.path, conflictAction: 'overwrite' });
      persist(true);
    }
    const outcome = await waitForDownload(file.downloadId);
    if (outcome.state === 'complete') {
      file.bytes = outcome.bytes;
      persist();
      return;
    }
    // Whatever comes next starts a new download, if any: the interrupted one is done with.
    file.downloadId = null;
    file.asked = false;
    if (mayRetryDownload(outcome.error) && !file.retried) {
      file.retried = true;
      continue;
    }
    try {
      await client.probe(target.siteUrl, path);
    } catch (error) {
      // A 429 is not the file's failure: after the pause, it gets its one retry again.
      if (error instanceof ApiError && error.kind === 'rate-limited') file.retried = false;
      persist();
      throw error;
    }
    persist();
    throw interrupted(outcome.error);
  }
}

/**
 * The operation of a backup run in `format`, which stores the run `stored` (kept: keepRun) as it
 * goes: its items' files are saved (saveFile), one file of a document at a time; once everything
 * sent is answered, its backup.json is written (again after each Retry failed). Out: the operation,
 * whose items end `saved`.
 */
export function backupOperation(stored: StoredBackupRun): BackupOperation {
  const persist = (atOnce = false) => void store(atOnce);
  const { format } = stored;
  return {
    confirmed: 'saved',
    unchanged: 'bulkUnchanged',
    retriesRefusal: true,
    undoable: false,
    inFlightPerHost: BACKUP_IN_FLIGHT_PER_HOST,
    async perform(client, target) {
      const { entry } = target;
      if (format === 'csv' && !entry.tablesRead) {
        const { tables } = await client.get(target.siteUrl, tablesPath(entry.docId), tablesSchema);
        const ids = tables.map(({ id }) => id);
        entry.files = tableFileNames(ids).map((name, index) => ({ path: `${entry.path}/${name}`, tableId: ids[index]!, downloadId: null, retried: false, bytes: null }));
        entry.tablesRead = true;
        persist();
      } else if (format !== 'csv' && entry.files.length === 0) {
        entry.files = [{ path: entry.path, downloadId: null, retried: false, bytes: null }];
      }
      for (const file of entry.files) {
        if (file.bytes === null) await saveFile(client, target, format, file, persist, stored.startedAt);
      }
      entry.savedAt = Date.now();
      persist();
      return true;
    },
    keeps: {
      changed(run) {
        // A new run is kept from its start on, under the id the engine gave it.
        if (stored.id === '') Object.assign(stored, { id: run.id, batchId: run.batchId });
        if (!kept.has(stored.id)) keepRun(stored);
        kept.get(stored.id)!.view = run;
        // Sent again (Retry failed): not done until it ends again, so a worker stopped meanwhile resumes it.
        if (run.items.some((item) => item.state === 'queued' || item.state === 'sending')) {
          stored.done = false;
          // Its backup.json is written again at its end: the run is not done before.
          if (run.backup) delete run.backup.manifestDownloadId;
        }
        persist();
      },
      async settled(run) {
        const done = run.items.every((item) => item.state !== 'queued' && item.state !== 'sending');
        const manifestDownloadId = await writeManifest(backupManifest({ ...stored, items: [...run.items] }, Date.now()));
        if (run.backup) run.backup.manifestDownloadId = manifestDownloadId;
        stored.manifestDownloadId = manifestDownloadId;
        stored.done = done;
        await store();
      },
      async progress(items) {
        fillSaved(stored, items);
        const following = stored.entries.flatMap((entry, index) => (entry && items[index]?.state === 'sending' ? [{ entry, item: items[index]! }] : []));
        const ids = following.flatMap(({ entry }) => entry.files.flatMap((file) => (file.bytes === null && file.downloadId !== null ? [file.downloadId] : [])));
        const progress = await progressOf(ids).catch(() => new Map<number, { bytes: number; totalBytes: number | null }>());
        for (const { entry, item } of following) {
          let bytes = 0;
          let totalBytes: number | null = 0;
          for (const file of entry.files) {
            const known = file.bytes ?? (file.downloadId === null ? undefined : progress.get(file.downloadId)?.bytes);
            const total = file.bytes ?? (file.downloadId === null ? null : (progress.get(file.downloadId)?.totalBytes ?? null));
            bytes += known ?? 0;
            totalBytes = totalBytes === null || total === null ? null : totalBytes + total;
          }
          item.bytes = bytes;
          if (totalBytes !== null && totalBytes > 0) item.totalBytes = totalBytes;
        }
      },
    },
  };
}

/** Sets each saved item's `bytes` (of `items`, a snapshot's copies) to its files' size in all. */
function fillSaved(stored: StoredBackupRun, items: BulkItemStatus[]): void {
  items.forEach((item, index) => {
    const entry = stored.entries[index];
    if (item.state === 'saved' && entry) item.bytes = entry.files.reduce((sum, file) => sum + (file.bytes ?? 0), 0);
  });
}

/** Forgets the runs this worker keeps (tests: a worker started again has none). */
export function forgetKeptRuns(): void {
  kept.clear();
  foldersGiven.clear();
}
