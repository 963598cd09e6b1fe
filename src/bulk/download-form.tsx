/**
 * Beside the other changes: **Download selected…**, which opens the backup's form in the preview
 * (backup-preview.tsx): nothing is sent from here, and nothing is downloaded before Start.
 */
import { t } from '../shared/i18n.ts';
import type { BulkStore } from './store.ts';

/** The Download selected… section: its button (off with nothing selected or a run under way) opens the backup's form through the store. */
export function DownloadForm({ store }: { store: BulkStore }) {
  return (
    <section class="bulk-section download" aria-labelledby="download-heading">
      <h2 id="download-heading">{t('menuDownload')}</h2>
      <div class="move-buttons">
        <button type="button" id="download-selected" disabled={store.busy.value} aria-expanded={store.backupAsked.value} onClick={() => store.downloadSelected()}>
          {t('bulkDownloadSelected')}
        </button>
      </div>
      <p class="hint">{t('bulkDownloadHint')}</p>
    </section>
  );
}
