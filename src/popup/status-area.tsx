/**
 * The popup's one live region (`role="status"`): the quiet "Refreshing…" line, what a refresh or a
 * rename came to, a whole-listing error, the "Connect your Grist account" state and the search's
 * "No documents match" (or, while the whole listing is still being read, that the search waits for it). Keeping them in one region means each change is announced once.
 */
import { t } from '../shared/i18n.ts';
import { countDocuments } from '../shared/search.ts';
import { onDemand } from './lazy.tsx';
import type { PopupStore } from './store-types.ts';

/** The last change's Undo (undo-offer.tsx): its code loads with the first change, not with every popup. */
const UndoOffer = onDemand('UndoOffer');
/** Why the listing could not be refreshed (listing-notice.tsx): loaded when there is such a reason. */
const ListingNotice = onDemand('ListingNotice');

/** Renders the status region from the store; see the module comment. */
export function StatusArea({ store }: { store: PopupStore }) {
  const error = store.listingError.value;
  const listing = store.listing.value;
  const rows = store.rows.value;
  const searching = store.query.value.trim() !== '';
  const refreshing = store.refreshing.value;
  const answered = store.answered.value;

  let listingState = null;
  if (store.searchWaits.value) {
    listingState = <p class="empty-state">{t('searchWaitsForListing')}</p>;
  } else if (searching && listing && rows.length === 0) {
    listingState = <p class="empty-state">{t('noMatch')}</p>;
  } else if (!searching && !refreshing && !error && listing && countDocuments(listing) === 0 && listing.sites.every((site) => !site.error) && !listing.accounts?.some((account) => account.error)) {
    listingState = <p class="empty-state">{t('noDocumentsYet')}</p>;
  }

  return (
    <div class="status" role="status">
      {/* null, not `cond && …`: an empty string would be a text node that each render rewrites. */}
      {refreshing ? (
        <p class="quiet refreshing">
          {answered && answered.answered < answered.total ? t('refreshingAnswered', String(answered.answered), String(answered.total)) : t('refreshing')}
        </p>
      ) : null}
      {store.announcement.value ? <p class="quiet announcement">{store.announcement.value}</p> : null}
      {store.lastChange.value ? <UndoOffer store={store} /> : null}
      {error ? <ListingNotice store={store} error={error} /> : null}
      {listingState}
    </div>
  );
}
