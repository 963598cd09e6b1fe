/**
 * An account's heading, or why its sites could not be listed, above its sites: only with two or
 * more accounts (listing-rows.ts), so loaded with the first such row (listing-row.tsx).
 */
import { t } from '../../shared/i18n.ts';
import { plainTextName } from '../../shared/rules/plain-text-name.ts';
import type { AccountRow } from '../../listing-view/listing-rows.ts';
import { ListingError } from '../status/error-actions.tsx';
import type { PopupStore } from '../store-types.ts';

/**
 * The heading says whose the account is and where: `<name> (<email>) — <server>`, or `Account <n>
 * — <server>` before a connection check has said whose key it is. The name and email come from the
 * user's Grist profile: text, each isolated, so a right-to-left one keeps to its own place.
 */
export function AccountRowView({ store, row, height }: { store: PopupStore; row: AccountRow; height: number }) {
  const style = { height: `${height}px` };
  if (row.kind === 'account-error') {
    return (
      <div class="site-error-row" style={style}>
        <ListingError store={store} error={row.error} earlier={row.earlier ? t('accountFromEarlierRefresh') : null} />
      </div>
    );
  }
  const { user, server } = row.account;
  const label = user ? t('accountUserAndServer', plainTextName(user.name), plainTextName(user.email), server) : t('accountHeadingUnnamed', String(row.number), server);
  return (
    <div class="account-heading" style={style}>
      <h2 title={label}>{label}</h2>
    </div>
  );
}
