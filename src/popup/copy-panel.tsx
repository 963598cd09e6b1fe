/**
 * A document row's copy form (its More actions menu's Make a copy…), shown in place of the row
 * while open: "Name of the copy" (Grist's own default, `<name> (copy)`), "As template (structure
 * only, no data)", and the move's destination picker over every workspace the user may add
 * documents to on any site of the same server, its own included; choosing one copies there. A
 * refusal stays here in Grist's words; after a lost answer the worker could not confirm, Copy
 * again sends it once more, only if the user asks. Loaded with the move's picker (on-demand.ts).
 */
import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import { DestinationPicker } from '../move-view/destination-picker.tsx';
import { copyName } from '../shared/document-actions.ts';
import { t } from '../shared/i18n.ts';
import { copyDestinations, placeIn } from '../shared/move.ts';
import type { DocumentItemRow } from '../listing-view/listing-rows.ts';
import type { MoveState, PopupStore } from './store-types.ts';
import { NameInput } from './name-input.tsx';
import type { DocumentPlace } from '../shared/listing.ts';

interface CopyPanelProps {
  store: PopupStore;
  row: DocumentItemRow;
  state: MoveState;
  /** Closes the form (Escape, Cancel) with focus back on the row. */
  onClose: () => void;
  /** Its title, which the panel brings into view with the whole form. */
  titleRef: Ref<HTMLParagraphElement>;
}

export function CopyPanel({ store, row, state, onClose, titleRef }: CopyPanelProps) {
  const { document: source, site, key } = row;
  const [name, setName] = useState(copyName(source.name));
  const [asTemplate, setAsTemplate] = useState(false);
  const listing = store.listing.value;
  if (state.saving) return <p class="move-title">{t('copying')}</p>;
  const copyTo = (to: DocumentPlace, typed: string, template: boolean) => void store.act('commitCopy', to, typed, template);
  const { lost } = state;
  return (
    <>
      <p class="move-title" dir="auto" ref={titleRef}>
        {t('copyTitle', source.name)}
      </p>
      <div class="copy-options">
        <NameInput
          label={t('copyNameLabel')}
          title={t('copyNameLabel')}
          value={name}
          onValue={setName}
          onEscape={onClose}
        />
        <label class="copy-template">
          <input type="checkbox" checked={asTemplate} onChange={(event) => setAsTemplate(event.currentTarget.checked)} />
          {t('copyAsTemplate')}
        </label>
      </div>
      {lost ? (
        <button type="button" class="link-button" onClick={() => copyTo(lost.to, lost.name, lost.asTemplate)}>
          {t('copyAgain')}
        </button>
      ) : null}
      <DestinationPicker
        idBase={`copy-${key}`}
        subject={source.name}
        destinations={listing ? copyDestinations(listing, { account: site.account, orgId: site.orgId, siteUrl: site.siteUrl }) : []}
        confirmation={() => null}
        crossSiteNote={'anotherSiteForCopy'}
        onChoose={(destination) =>
          copyTo(placeIn(destination.site, destination.workspace), name, asTemplate)
        }
        onClose={onClose}
        error={state.error}
      />
    </>
  );
}
