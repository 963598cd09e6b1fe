/**
 * Beside the rename rules: **Move selected to…**, the destination picker of a move (issue 18), and
 * the destination chosen. The preview then shows where each picked document goes, and its Move
 * button starts the run (preview-table.tsx).
 */
import { DestinationPicker } from '../move-view/destination-picker.tsx';
import { t, tCount } from '../shared/i18n.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';
import type { BulkStore } from './store.ts';

/** Focus on the button that opens the picker (Move selected to…, or Change destination), once drawn. */
const focusChooser = () => setTimeout(() => document.getElementById('choose-destination')?.focus(), 0);

export function MoveForm({ store }: { store: BulkStore }) {
  const plan = store.movePlan.value;
  const count = store.selected.value.size;
  const choosing = store.choosingDestination.value;
  return (
    <section class="bulk-section move" aria-labelledby="move-heading">
      <h2 id="move-heading">{t('bulkMoveHeading')}</h2>
      {plan && (
        <p class="move-destination">
          <bdi dir="auto">{t('bulkMoveDestination', siteDisplayName(plan.destination.site), plan.destination.workspace.name)}</bdi>
        </p>
      )}
      {choosing ? (
        <DestinationPicker
          idBase="bulk-move"
          subject={tCount('documentCount', count)}
          destinations={store.destinations.value}
          // Asked once for the batch, with the count, when the run starts (preview-table.tsx).
          confirmation={() => null}
          onChoose={(destination) => {
            store.setDestination(destination);
            focusChooser();
          }}
          onClose={() => {
            store.chooseDestination(false);
            focusChooser();
          }}
        />
      ) : (
        <div class="move-buttons">
          <button type="button" id="choose-destination" disabled={count === 0} onClick={() => store.chooseDestination(true)}>
            {plan ? t('bulkMoveChange') : t('bulkMoveSelectedTo')}
          </button>
          {plan && (
            <button
              type="button"
              onClick={() => {
                store.setDestination(null);
                focusChooser();
              }}
            >
              {t('bulkMoveClear')}
            </button>
          )}
        </div>
      )}
      <p class="hint">{t('bulkMoveHint')}</p>
    </section>
  );
}
