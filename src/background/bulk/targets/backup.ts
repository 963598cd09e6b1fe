/**
 * The targets of a bulk backup run: each document the page names looked up in the worker's listing
 * (which gives its site, so a page cannot aim the key anywhere), its file's path laid out in the
 * run's one new folder (file-names.ts), and the run kept in storage as it goes, so a worker the
 * browser stopped takes it up again at its next start (resumeBackupRuns). The work itself:
 * downloads/backup-operation.ts.
 */
import { t } from '../../../shared/i18n.ts';
import type { BulkBackupRequest, BulkItemStatus, BulkRunSnapshot } from '../../../shared/protocol/bulk.ts';
import { FILE_EXTENSIONS } from '../../../shared/protocol/downloads.ts';
import { siteDisplayName } from '../../../shared/protocol/listing.ts';
import { backupLayout } from '../../../shared/rules/file-names.ts';
import type { BackupEntry, StoredBackupRun } from '../../../shared/storage/backup-run-items.ts';
import { documentIndex } from '../../changes/listed-documents.ts';
import { downloadsGranted } from '../../downloads/permission-wait.ts';
import { backupOperation, keepRun, newBackupFolder, readStoredRuns, type BackupTarget } from '../../downloads/backup-operation.ts';
import type { Operation } from '../operation.ts';
import { resumeOperation, startOperation } from '../run-engine.ts';
import type { RunChange } from '../run-state.ts';


/** The operation of backup run `stored`, as the engine runs it (checked here by its shape: downloads/ sits below bulk/). */
const operationOf = (stored: StoredBackupRun): Operation => {
  const operation: Operation<BackupTarget> = backupOperation(stored);
  return operation as Operation;
};

/** The change of a document of a backup: its stored entry, downloaded with its account's key on its site. */
const changeOf = (entry: BackupEntry): RunChange<BackupTarget> => ({ target: { account: entry.account, key: entry.docId, siteUrl: entry.siteUrl, entry } });

/**
 * The `startBulkBackup` message. In: the documents to back up (as the page's listing names them)
 * and the format. Each is looked up in the worker's listing: one it does not list is `not-sent`
 * with the reason, and nothing is downloaded for it; the others are downloaded by the browser into
 * `Grist backup <YYYY-MM-DD HH.MM>/<site>/<workspace>/<document>.<ext>` of its download folder,
 * with a `backup.json` beside them once the run ends. Out: the run as it starts (as it stands, for
 * a `requestId` started already). Throws ApiError `no-downloads-permission` before anything starts
 * when the browser has not granted the optional permission (`once: 'granted'`, the popup's: not
 * within a minute of the start, permission-wait.ts), `no-key` when no key is saved.
 */
export async function startBulkBackup({ requestId, items, format, once }: BulkBackupRequest): Promise<BulkRunSnapshot> {
  await downloadsGranted(once);
  const startedAt = Date.now();
  const folder = await newBackupFolder(new Date(startedAt));
  const layout = backupLayout(folder);
  const stored: StoredBackupRun = { id: '', batchId: '', format, folder, startedAt, stopped: false, done: false, items: [], entries: [] };
  return startOperation('backup', operationOf(stored), requestId, ({ listing, setBackup, add }) => {
    setBackup({ format, folder });
    const find = documentIndex(listing);
    for (const { orgId, siteUrl, docId } of items) {
      const found = find({ orgId, siteUrl, docId });
      const name = found?.document.name ?? '';
      const siteName = found ? siteDisplayName(found.site) : '';
      const workspaceName = found?.workspace.name ?? '';
      const status: BulkItemStatus = { orgId, ...(siteUrl === undefined ? {} : { siteUrl }), docId, oldName: name, newName: name, siteName, workspaceName, state: 'queued' };
      if (!found) {
        stored.entries.push(null);
        add(status, null, t('errorNotInList'));
        continue;
      }
      const path = layout.pathOf({ siteName, workspaceName, name, docId }, format === 'csv' ? null : FILE_EXTENSIONS[format]);
      const entry: BackupEntry = { account: found.site.account, orgId, siteUrl: found.site.siteUrl, siteName, workspaceName, docId, name, path, files: [], tablesRead: false, savedAt: null };
      stored.entries.push(entry);
      add(status, changeOf(entry), null);
    }
  });
}

/**
 * At the worker's start: takes up again each backup run an earlier life of the worker stored, under
 * its id (a page following it finds it): a document whose download was started follows that
 * download by its id (downloads.search), never starting a second; a queued one is sent; a run whose
 * items were all done but whose backup.json was not written gets it. A run that had ended is shown
 * as it ended, its backup.json with it (a page that followed it may ask after the worker stopped:
 * seen in the end-to-end test, a run ending just before the stop), and Retry failed sends its failed
 * items again. Never rejects for a run (its failures are its items').
 */
export async function resumeBackupRuns(): Promise<void> {
  for (const stored of await readStoredRuns()) {
    keepRun(stored);
    const changes = stored.entries.map((entry, index) => {
      const state = stored.items[index]?.state;
      return entry && (state === 'queued' || state === 'sending' || state === 'failed') ? changeOf(entry) : null;
    });
    const backup = { format: stored.format, folder: stored.folder, ...(stored.done ? { manifestDownloadId: stored.manifestDownloadId ?? null } : {}) };
    await resumeOperation('backup', operationOf(stored), { id: stored.id, batchId: stored.batchId, items: stored.items, stopped: stored.stopped, backup, changes, done: stored.done });
  }
}
