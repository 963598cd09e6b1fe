/**
 * The popup's one live region (`role="status"`): the quiet "Refreshing…" line, what a refresh or a
 * rename came to, a download's or a backup's line (download-line.tsx), a whole-listing error, the "Connect your Grist account" state and the search's
 * "No documents match" (or, while the whole listing is still being read, that the search waits for it). Keeping them in one region means each change is announced once.
 */
import { t, tCount } from '../../shared/i18n.ts';
import { countDocuments } from '../../shared/rules/search.ts';
import { onDemand } from '../on-demand/lazy.tsx';
import type { PopupStore } from '../store-types.ts';

/** The last change's Undo (undo-offer.tsx): its code loads with the first change, not with every popup. */
const UndoOffer = onDemand(() => import('./undo-offer.tsx').then((module) => module.UndoOffer));
/** Why the listing could not be refreshed (listing-notice.tsx): loaded when there is such a reason. */
const ListingNotice = onDemand(() => import('./listing-notice.tsx').then((module) => module.ListingNotice));
/** What a download or a heading's backup came to (download-line.tsx): loaded with the first, not with every popup. */
const DownloadLine = onDemand(() => import('./download-line.tsx').then((module) => module.DownloadLine));

/** What the list comes to: the search waits for the listing, finds nothing, or there is nothing yet; or null. */
function listingState(store: PopupStore) {
  const listing = store.listing.value;
  const searching = store.query.value.trim() !== '';
  if (store.searchWaits.value) return <p class="empty-state">{t('searchWaitsForListing')}</p>;
  if (searching && listing && store.rows.value.length === 0) return <p class="empty-state">{t('noMatch')}</p>;
  if (!searching && !store.refreshing.value && !store.listingError.value && listing && countDocuments(listing) === 0 && listing.sites.every((site) => !site.error) && !listing.accounts?.some((account) => account.error)) {
    return <p class="empty-state">{t('noDocumentsYet')}</p>;
  }
  return null;
}

/**
 * Renders the status region from the store; see the module comment. `listShown`: false while a view
 * shows in place of the list, which then says nothing (the Trash says itself what its search finds),
 * and is not searched.
 */
export function StatusArea({ store, listShown = true }: { store: PopupStore; listShown?: boolean }) {
  const error = store.listingError.value;
  const refreshing = store.refreshing.value;
  const answered = store.answered.value;

  return (
    <div class="status" role="status">
      {/* null, not `cond && …`: an empty string would be a text node that each render rewrites. */}
      {refreshing ? (
        <p class="quiet refreshing">
          {answered && answered.answered < answered.total ? tCount('refreshingAnswered', answered.total, String(answered.answered)) : t('refreshing')}
        </p>
      ) : null}
      {store.announcement.value ? <p class="quiet announcement">{store.announcement.value}</p> : null}
      {store.lastChange.value ? <UndoOffer store={store} /> : null}
      {store.download.value || store.backup.value ? <DownloadLine store={store} /> : null}
      {error ? <ListingNotice store={store} error={error} /> : null}
      {listShown ? listingState(store) : null}
    </div>
  );
}
