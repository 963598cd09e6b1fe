/**
 * What the status line (status-area.tsx) says of the popup's downloads (reads/downloads.ts): a
 * document's download on its way ("Downloading Budget…"), saved ("Saved Budget.grist in your
 * downloads (1.2 MB).", with Show in folder) or why not (Grist's words, or what the refused
 * permission is for); and a heading's backup: its progress ("Backing up 12 of 40 documents ·
 * 3.1 MB", with a progress bar), then what it came to (with Open in Bulk changes, where each
 * document's outcome is) and Show in folder (its backup.json's download: BackupOfRun
 * manifestDownloadId, shown in the backup's folder).
 */
import { formatSize } from '../../page-shared/file-size.ts';
import { t, tCount } from '../../shared/i18n.ts';
import type { PopupStore } from '../store-types.ts';
import { backupProgress } from '../reads/downloads.ts';

/** The status line's words of the popup's download or backup (see the top of this file); nothing when there is none. In: the popup's store. */
export function DownloadLine({ store }: { store: PopupStore }) {
  const line = store.download.value;
  const run = store.backup.value;
  return (
    <>
      {line ? (
        <div class="download-line">
          <p class="quiet">
            {line.state === 'downloading' ? t('downloadingDocument', line.name) : line.state === 'saved' ? t('downloadSaved', line.file, formatSize(line.bytes)) : line.message}
          </p>
          {line.state === 'saved' ? (
            <button type="button" class="link-button" onClick={() => store.showDownload(line.downloadId)}>
              {t('showInFolder')}
            </button>
          ) : null}
        </div>
      ) : null}
      {run ? <BackupLine store={store} /> : null}
    </>
  );
}

/** The backup run's line: its progress while under way, then what it came to. */
function BackupLine({ store }: { store: PopupStore }) {
  const run = store.backup.value!;
  const { finished, saved, failed, total, bytes } = backupProgress(run);
  const size = formatSize(bytes);
  if (!run.done) {
    return (
      // Not said every second in the live region (status-area.tsx): read when the user looks; the end is said.
      <div class="backup-line" aria-live="off">
        <p class="quiet">{tCount('backingUp', total, String(finished), size)}</p>
        <progress max={total} value={finished} aria-label={t('backupProgressLabel')} />
      </div>
    );
  }
  return (
    <div class="backup-line">
      <p class="quiet">
        {tCount('backedUp', saved, run.backup?.folder ?? '', size)}
        {failed ? ` ${tCount('backupNotSaved', failed)}` : null}
      </p>
      {typeof run.backup?.manifestDownloadId === 'number' ? (
        <button type="button" class="link-button" onClick={() => store.showDownload(run.backup!.manifestDownloadId!)}>
          {t('showInFolder')}
        </button>
      ) : null}
      <button type="button" class="link-button" onClick={() => store.openBulkChanges()}>
        {t('openInBulkChanges')}
      </button>
    </div>
  );
}
