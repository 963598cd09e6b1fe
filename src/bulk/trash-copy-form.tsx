/**
 * Beside Move selected to…: **Move selected to trash**, and **Copy selected to…**, the destination
 * picker of a move over every workspace the first picked document's account can copy to. Neither
 * sends anything: each makes its change the one the preview shows, which asks before the run
 * starts (preview-table.tsx). Deleting forever is never offered in bulk (trash-copy.ts).
 */
import { DestinationPicker } from '../move-view/destination-picker.tsx';
import { t, tCount } from '../shared/i18n.ts';
import { TRASH_DAYS } from '../shared/protocol/trash.ts';
import type { BulkStore } from './store.ts';

/** Focus on Copy selected to…, once drawn. */
const focusCopy = () => setTimeout(() => document.getElementById('copy-selected')?.focus(), 0);

export function TrashCopyForm({ store }: { store: BulkStore }) {
  const count = store.selected.value.size;
  const busy = store.busy.value;
  return (
    <section class="bulk-section trash-copy" aria-labelledby="trash-copy-heading">
      <h2 id="trash-copy-heading">{t('bulkTrashCopyHeading')}</h2>
      {store.choosingCopy.value ? (
        <DestinationPicker
          idBase="bulk-copy"
          subject={tCount('documentCount', count)}
          destinations={store.copyDestinations.value}
          confirmation={() => null}
          crossSiteNote={'anotherSiteForCopy'}
          onChoose={(destination) => store.copySelected(destination)}
          onClose={() => {
            store.chooseCopy(false);
            focusCopy();
          }}
        />
      ) : (
        <div class="move-buttons">
          <button type="button" id="trash-selected" disabled={count === 0 || busy} onClick={() => store.trashSelected()}>
            {t('bulkTrashSelected')}
          </button>
          <button type="button" id="copy-selected" disabled={count === 0 || busy} onClick={() => store.chooseCopy(true)}>
            {t('bulkCopySelectedTo')}
          </button>
        </div>
      )}
      <p class="hint">{t('bulkTrashHint', tCount('dayCount', TRASH_DAYS))}</p>
    </section>
  );
}
