/**
 * The backup's form, in the preview once **Download selected…** is pressed: the format (radio
 * buttons, each with a line saying what its files hold), then what the run will do: the count
 * ("Download 40 documents"), where the files go (the folder named with the date it will use, and
 * the layout inside it), the work (how many files, at what pace per host), what becomes of a
 * document in the trash, then **Start** and Cancel. Start asks for the browser's `downloads`
 * permission in the click itself; refused, the form says what it is for and stays as it was.
 * Escape or Cancel closes it, the focus back on Download selected….
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { onEscape } from '../page-shared/escape-key.ts';
import { t, tCount } from '../shared/i18n.ts';
import { DOWNLOAD_FORMATS } from '../shared/protocol/downloads.ts';
import { BACKUP_DOWNLOADS_PER_HOST } from '../shared/protocol/downloads.ts';
import { backupLayout, FORMAT_WORDS } from './backup/backup-words.ts';
import type { BulkStore } from './store.ts';

/** Puts the focus on Download selected… once drawn: where the form was opened from. */
const focusOpener = () => setTimeout(() => document.getElementById('download-selected')?.focus(), 0);

/** The backup's form (see the top of this file). In: the Bulk page's store; its choices and Start go to the store. */
export function BackupPreview({ store }: { store: BulkStore }) {
  const formatRef = useRef<HTMLFieldSetElement>(null);
  const count = store.picked.value.length;
  const format = store.backupFormat.value;
  const refused = store.downloadsRefused.value;
  // Once, as it opens: the format is the first thing to answer.
  useLayoutEffect(() => formatRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus(), []);
  const close = () => {
    store.cancelBackup();
    focusOpener();
  };
  const hosts = tCount('bulkBackupHostCount', store.backupHosts.value);
  return (
    <div class="backup-form" role="group" aria-labelledby="backup-count" onKeyDown={onEscape(close)}>
      <fieldset class="formats" ref={formatRef}>
        <legend>{t('bulkDownloadFormat')}</legend>
        {DOWNLOAD_FORMATS.map((each) => (
          <div key={each} class="format">
            <input type="radio" id={`backup-format-${each}`} name="backup-format" value={each} checked={each === format} aria-describedby={`backup-format-${each}-holds`} onChange={() => store.setBackupFormat(each)} />
            <label class="format-name" for={`backup-format-${each}`}>
              {t(FORMAT_WORDS[each].label)}
            </label>
            <span class="hint" id={`backup-format-${each}-holds`}>
              {t(FORMAT_WORDS[each].holds)}
            </span>
          </div>
        ))}
      </fieldset>
      <p id="backup-count" class="preview-summary">
        {tCount('bulkDownloadCount', count)}
      </p>
      <p class="backup-where">
        {t('bulkBackupWhere')} <code>{backupLayout(store.backupFolder.value, format)}</code>
      </p>
      <p class="hint">{format === 'csv' ? tCount('bulkBackupWorkCsv', count, hosts, String(BACKUP_DOWNLOADS_PER_HOST)) : tCount('bulkBackupWork', count, hosts, String(BACKUP_DOWNLOADS_PER_HOST))}</p>
      <p class="hint">{t('bulkBackupTrashNote')}</p>
      {refused && (
        <p class="field-error" role="alert">
          {refused.reason ? t('bulkDownloadsRefusedBecause', refused.reason) : t('bulkDownloadsRefused')}
        </p>
      )}
      <div class="move-buttons">
        <button type="button" class="primary" disabled={count === 0 || store.busy.value} onClick={() => void store.startBackup()}>
          {t('bulkBackupStart')}
        </button>
        <button type="button" onClick={close}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
