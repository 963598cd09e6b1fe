/**
 * The Bulk changes page's whole view: while choosing, the document picker, the changes beside it
 * (the rename rules, a move, the trash or a copy, sharing, a download) and the preview of the one prepared under them;
 * once a run is started (or found under way), the run.
 */
import { useEffect } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { DocumentPicker } from './document-picker.tsx';
import { DownloadForm } from './download-form.tsx';
import { MoveForm } from './move-form.tsx';
import { PreviewTable } from './preview-table.tsx';
import { RulesForm } from './rules-form.tsx';
import { RunPanel } from './run-panel.tsx';
import { ShareForm } from './share-form.tsx';
import { TrashCopyForm } from './trash-copy-form.tsx';
import type { BulkStore } from './store.ts';

export function BulkApp({ store }: { store: BulkStore }) {
  useEffect(() => {
    void store.start();
  }, [store]);
  const listingError = store.listingError.value;
  return (
    <main class="bulk">
      <h1>{t('bulkTitle')}</h1>
      <p class="intro">{t('bulkIntro')}</p>
      {/* Always in the page: screen readers announce changes only in a live region that already exists. */}
      <p role="status" class="status">
        {store.announcement.value}
      </p>
      {listingError && (
        <p class="listing-error" role="alert">
          {listingError.message}
        </p>
      )}
      {store.run.value ? (
        <RunPanel store={store} />
      ) : (
        <>
          <div class="bulk-columns">
            <DocumentPicker store={store} />
            <div class="bulk-changes">
              <RulesForm store={store} />
              <MoveForm store={store} />
              <TrashCopyForm store={store} />
              <ShareForm store={store} />
              <DownloadForm store={store} />
            </div>
          </div>
          <PreviewTable store={store} />
        </>
      )}
    </main>
  );
}
