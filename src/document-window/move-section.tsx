/**
 * The document window's Move to… (issue 18), under the name field: where the document is ("In
 * <site> › <workspace>"), a Move to… button, and the destination picker in place under it, so a
 * page's document can be renamed and moved in one visit. Focus goes back to Move to… whenever the
 * picker closes (Escape, a move sent). Names come from Grist: text only, each isolated.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { DestinationPicker } from '../move-view/destination-picker.tsx';
import { crossSiteQuestion } from '../move-view/moved-text.ts';
import { t } from '../shared/i18n.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';
import { IsolatedNames, NAME_MARKS } from './isolated-names.tsx';
import type { DocumentWindowStore } from './store.ts';
import type { MoveState } from './window-move.ts';

/** The picker's id: its field, list and options are named after it. */
const PICKER_ID = 'move-destination';

export function MoveSection({ store, state, name }: { store: DocumentWindowStore; state: MoveState; name: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = state.picker === 'open';
  const moving = state.picker === 'moving';
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const { site, workspace } = state.place;
  return (
    <div class="move-section">
      <div class="place-row">
        <p class="document-place">
          <IsolatedNames text={t('documentPlace', NAME_MARKS[0], NAME_MARKS[1])} names={[siteDisplayName(site), workspace.name]} />
        </p>
        {/* aria-disabled rather than disabled while a move is on its way, so it keeps focus until Grist answers. */}
        <button
          type="button"
          class="button"
          ref={buttonRef}
          aria-expanded={open}
          aria-controls={open ? `${PICKER_ID}-list` : undefined}
          aria-disabled={store.moveUnderway.value ? 'true' : undefined}
          onClick={() => (open ? store.closeMovePicker() : void store.openMovePicker())}
        >
          {moving ? t('moving') : t('moveTo')}
        </button>
      </div>
      {open && (
        <DestinationPicker
          idBase={PICKER_ID}
          subject={name}
          destinations={store.destinations.value}
          confirmation={(destination) => (destination.crossSite ? crossSiteQuestion(destination.site, name) : null)}
          onChoose={(destination) => void store.moveTo(destination)}
          onClose={() => store.closeMovePicker()}
          error={state.error}
        />
      )}
    </div>
  );
}
