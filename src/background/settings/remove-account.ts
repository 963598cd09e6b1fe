/**
 * Remove account: the account and everything kept of it (its bulk runs, its log entries, its kept
 * copies, what was opened of its documents), apart from settings-service.ts, which sits below what this empties.
 */
import type { PublicSettings } from '../../shared/protocol/messages.ts';
import { forgetAccountRuns } from '../bulk/run-engine.ts';
import { forgetAccountEntries } from '../change-log/change-log.ts';
import { forgetAccountMakings } from '../changes/kept-copies.ts';
import { forgetAccountOpens } from '../opened/note-open.ts';
import { revokeKey } from '../grist/grist-connection.ts';
import { forgetAccountPages } from '../pages/known-pages.ts';
import { changeAccount, keysWithout } from './settings-service.ts';

/**
 * The `removeAccount` message: forgets an account at once and for good: its key, its sites, where
 * its key went (a host another account uses stays in the Origin rule and menus through that
 * account), its part of the cached listing (and with it the access checks' index of it, built
 * from the listing), its changes in the change log (none can be undone any more, and an access
 * change's entry names other people), the copies kept for its Copy again, the pages known of
 * its documents, the records of what was opened of them (frecency: note-open.ts), and what its
 * bulk runs have not sent (never sent). A refresh under way sends nothing more and stores nothing
 * (see forgetAccounts); nor does a bulk run (forgetAccountRuns), nor an open (noteOpen checks the
 * account is saved). Throws as changeAccount; the log, the copies, the pages and the opens are
 * forgotten only once the account is.
 */
export async function removeAccount({ account: accountId }: { account: string }): Promise<PublicSettings> {
  // At once, not after the changes queued before this one: nothing more goes out with the key.
  revokeKey(accountId);
  forgetAccountRuns(accountId);
  const settings = await changeAccount(accountId, (account, { accounts, keys }) => ({
    accounts: accounts.filter((entry) => entry !== account),
    keys: keysWithout(keys, accountId),
    forget: true,
  }));
  await Promise.all([forgetAccountEntries([accountId]), forgetAccountMakings(accountId), forgetAccountPages(accountId), forgetAccountOpens(accountId)]);
  return settings;
}
