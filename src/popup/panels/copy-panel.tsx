/**
 * A document row's copy form (its More actions menu's Make a copy…), shown in place of the row
 * while open: "Name of the copy" (Grist's own default, `<name> (copy)`), "As template (structure
 * only, no data)", and the move's destination picker over every workspace the user may add
 * documents to on any site of the same server, its own included, which starts chosen (a copy
 * beside its original, when the user may add documents there). Choosing a workspace only marks
 * it; Copy, or Enter in the name field, copies there, and Cancel (or Escape) closes the form: a
 * copy is never made by a click meant to choose. A refusal stays here in Grist's words; after a
 * lost answer the worker could not confirm, Copy again (only if the user asks) has the worker read
 * the destination first: it sends the copy only if Grist has not made it, and may send nothing.
 * Loaded with the move's picker (on-demand/lazy.tsx).
 */
import type { Ref } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { DestinationPicker } from '../../move-view/destination-picker.tsx';
import { copyName } from '../../shared/rules/document-rules.ts';
import { onEscape } from '../../page-shared/escape-key.ts';
import { t } from '../../shared/i18n.ts';
import { copyDestinations, placeIn, placeName, type MoveDestination } from '../../shared/rules/move.ts';
import type { DocumentItemRow } from '../../listing-view/listing-rows.ts';
import type { MoveState, PopupStore } from '../store-types.ts';
import { NameInput } from './name-input.tsx';
import type { DocumentPlace } from '../../shared/protocol/listing.ts';

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
  const { document: source, site, workspace, key } = row;
  const listing = store.listing.value;
  const destinations = listing ? copyDestinations(listing, { account: site.account, orgId: site.orgId, siteUrl: site.siteUrl }) : [];
  const [name, setName] = useState(copyName(source.name));
  const [asTemplate, setAsTemplate] = useState(false);
  const [chosen, setChosen] = useState<MoveDestination | null>(() => destinations.find((destination) => !destination.crossSite && destination.workspace.id === workspace.id) ?? null);
  const copyButton = useRef<HTMLButtonElement>(null);
  if (state.saving) return <p class="move-title">{t('copying')}</p>;
  const copyTo = (to: DocumentPlace, typed: string, template: boolean) => void store.act('commitCopy', to, typed, template);
  const copy = () => {
    if (chosen) copyTo(placeIn(chosen.site, chosen.workspace), name, asTemplate);
    // Enter in the name field with no workspace chosen yet: where to choose one.
    else globalThis.document.getElementById(`copy-${key}-filter`)?.focus();
  };
  // Escape on the form's own controls closes it, as in its fields (left to the page, it would close Chrome's whole popup).
  const onKeyDown = onEscape(onClose);
  const { lost } = state;
  const destinationId = `copy-${key}-destination`;
  return (
    <>
      <p class="move-title" dir="auto" ref={titleRef}>
        {t('copyTitle', source.name)}
      </p>
      <div class="copy-options" onKeyDown={onKeyDown}>
        <NameInput label={t('copyNameLabel')} title={t('copyNameLabel')} value={name} onValue={setName} onEnter={copy} onEscape={onClose} />
        <label class="copy-template">
          <input type="checkbox" checked={asTemplate} onChange={(event) => setAsTemplate(event.currentTarget.checked)} />
          {t('copyAsTemplate')}
        </label>
      </div>
      {lost ? (
        <button type="button" class="link-button" onKeyDown={onKeyDown} onClick={() => copyTo(lost.to, lost.name, lost.asTemplate)}>
          {t('copyAgain')}
        </button>
      ) : null}
      <DestinationPicker
        idBase={`copy-${key}`}
        subject={source.name}
        destinations={destinations}
        confirmation={() => null}
        crossSiteNote={'anotherSiteForCopy'}
        chosen={chosen}
        onChoose={(destination) => {
          setChosen(destination);
          // What is left to do: Copy (or Cancel).
          copyButton.current?.focus();
        }}
        onClose={onClose}
        error={state.error}
      />
      <p class="copy-destination" id={destinationId}>
        {chosen ? t('copyDestination', placeName(chosen)) : t('copyChooseDestination')}
      </p>
      <div class="move-confirmation-actions" onKeyDown={onKeyDown}>
        <button ref={copyButton} type="button" class="button primary" aria-describedby={destinationId} aria-disabled={chosen ? undefined : 'true'} onClick={copy}>
          {t('copyButton')}
        </button>
        <button type="button" class="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </>
  );
}
