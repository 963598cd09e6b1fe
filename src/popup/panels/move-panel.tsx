/**
 * A document row's destination picker in the popup (issue 18), or its copy form (copy-panel.tsx),
 * shown in place of the row while it is open: loaded with the first one (on-demand/lazy.tsx), not with
 * every popup.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { DestinationPicker } from '../../move-view/destination-picker.tsx';
import { CopyPanel } from './copy-panel.tsx';
import { crossSiteQuestion } from '../../move-view/moved-text.ts';
import { t } from '../../shared/i18n.ts';
import { moveDestinations, placeIn } from '../../shared/rules/move.ts';
import type { DocumentItemRow } from '../../listing-view/listing-rows.ts';
import { focusRowButton } from '../focus/focus.ts';
import type { MoveState, PopupStore } from '../store-types.ts';

export function MovePanel({ store, row, state }: { store: PopupStore; row: DocumentItemRow; state: MoveState }) {
  const { document: movedDocument, site, workspace, key } = row;
  const listing = store.listing.value;
  const titleRef = useRef<HTMLParagraphElement>(null);
  // The whole picker in view, not only its filter (which the focus brings into view).
  useLayoutEffect(() => {
    titleRef.current?.closest('li')?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  if (state.copy) {
    return (
      <CopyPanel
        store={store}
        row={row}
        state={state}
        titleRef={titleRef}
        onClose={() => {
          store.cancelMove();
          focusRowButton(key, '.more');
        }}
      />
    );
  }
  if (state.saving) return <p class="move-title">{t('moving')}</p>;
  return (
    <>
      <p class="move-title" dir="auto" ref={titleRef}>
        {t('moveDocument', movedDocument.name)}
      </p>
      <DestinationPicker
        idBase={`move-${key}`}
        subject={movedDocument.name}
        destinations={listing ? moveDestinations(listing, { account: site.account, orgId: site.orgId, siteUrl: site.siteUrl, workspaceId: workspace.id }) : []}
        confirmation={(destination) => (destination.crossSite ? crossSiteQuestion(destination.site, movedDocument.name) : null)}
        onChoose={(destination) => void store.commitMove(placeIn(destination.site, destination.workspace))}
        onClose={() => {
          store.cancelMove();
          focusRowButton(key, '.more');
        }}
        error={state.error}
      />
    </>
  );
}
