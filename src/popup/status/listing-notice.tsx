/**
 * Why the whole listing could not be refreshed, in the popup's status region (status-area.tsx):
 * "Connect your Grist account" when no key is saved, otherwise the error with the listing's age
 * and the way out (error-actions.tsx). Loaded on demand (on-demand/lazy.tsx): most popups have none.
 */
import type { ErrorValue } from '../../shared/protocol/errors.ts';
import { t } from '../../shared/i18n.ts';
import { ErrorActions } from './error-actions.tsx';
import type { PopupStore } from '../store-types.ts';

export function ListingNotice({ store, error }: { store: PopupStore; error: ErrorValue }) {
  if (error.kind === 'no-key') {
    return (
      <div class="notice">
        <p class="notice-title">{t('connectTitle')}</p>
        <p>{t('connectText')}</p>
        <ErrorActions store={store} kind={error.kind} />
      </div>
    );
  }
  return (
    <div class="notice notice-error">
      <p class="notice-title">{t('refreshFailed')}</p>
      <p>{error.message}</p>
      {store.listing.value && <p class="hint">{t('listingFromEarlierRefresh')}</p>}
      <div class="notice-actions">
        <ErrorActions store={store} kind={error.kind} />
      </div>
    </div>
  );
}
