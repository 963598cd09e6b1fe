/**
 * The changes to the saved accounts, their API keys and the hosts each key may go to run one at a
 * time through this module's queue (two options tabs saving at once must not interleave; the
 * storage migration at start-up runs before any message is handled), and change the Origin rule
 * with them: a rule for one site beside settings for another would have Grist refuse every rename
 * with 403 (docs/grist-api.md, "The Origin trap"). The rule changes first; if the browser refuses it,
 * nothing is stored; if the storage write fails, the rule is put back.
 */
import { accountsItem, apiKeysItem, type Account, type AccountUser } from '../../shared/storage/storage-items.ts';
import { storeTogether } from '../storage-writes.ts';
import { readAccountsAndKeys } from '../grist/grist-connection.ts';
import { logFailure } from '../log-failure.ts';
import { serialQueue } from '../pacing.ts';
import { syncOriginRule } from './origin-rule.ts';
import { syncContextMenus } from './site-menus.ts';

/** Runs a change once every change queued before it has settled. Out: its result. */
export const oneChangeAtATime = serialQueue();

/**
 * Moves from accounts `before` to `after`: the Origin rule, then the accounts and (when given) the
 * whole new map of keys by account id in one storage write, then the context menus. Call it inside
 * oneChangeAtATime. Throws what the browser threw when the rule or the write is refused; nothing
 * has changed then. A menu that fails to update is logged, not thrown: the menus are rebuilt at
 * every worker start.
 */
export async function commitAccess(before: readonly Account[], after: readonly Account[], apiKeys?: Record<string, string>): Promise<void> {
  await syncOriginRule(after);
  try {
    await storeTogether(accountsItem.entry([...after]), ...(apiKeys === undefined ? [] : [apiKeysItem.entry(apiKeys)]));
  } catch (error) {
    await syncOriginRule(before).catch(logFailure('putting the Origin rule back'));
    throw error;
  }
  await syncContextMenus(after).catch(logFailure('menu update'));
}

/**
 * Stores accounts and keys after a removal (an account or its key), then changes the Origin rule
 * and the menus: forgetting a key must not wait on, or fail with, the browser's rule API. A rule
 * left wider than the accounts only leaves Origin off the extension's own requests to a host; it
 * sends no key there. `revoke` stops what is on its way with the removed key: it runs right after
 * the write, for what was started from storage before it (the caller revokes at once too). Call it
 * inside oneChangeAtATime. Throws what the storage write threw.
 */
export async function commitRemoval(after: readonly Account[], apiKeys: Record<string, string>, revoke: () => void): Promise<void> {
  await storeTogether(accountsItem.entry([...after]), apiKeysItem.entry(apiKeys));
  revoke();
  await syncOriginRule(after).catch(logFailure('Origin rule update'));
  await syncContextMenus(after).catch(logFailure('menu update'));
}

/**
 * Records the team sites `GET /api/orgs` listed for one account's key (their origins), so that key
 * may go there and the Origin rule and menus cover them. In: the account as the refresh that
 * listed them read it, that key, and the origins. Only while the account still has that key and
 * that personal site: an account removed, or whose key or site changed meanwhile, gets nothing
 * (a change to another account does not stop it: its listing is stored, and needs these hosts).
 */
export function recordListedHosts(listedFor: Account, apiKey: string, listed: string[]): Promise<void> {
  return oneChangeAtATime(async () => {
    const { accounts: before, keys } = await readAccountsAndKeys();
    const account = before.find((entry) => entry.id === listedFor.id);
    const sorted = [...listed].sort();
    if (!account || keys[account.id] !== apiKey || account.settings.personalSiteUrl !== listedFor.settings.personalSiteUrl) return;
    if (JSON.stringify([...account.hosts.listed].sort()) === JSON.stringify(sorted)) return;
    const after = before.map((entry) => (entry === account ? { ...entry, hosts: { ...entry.hosts, listed: sorted } } : entry));
    await commitAccess(before, after);
  });
}

/**
 * Records who saved account `accountId`'s key belongs to, when it is news and `apiKey` is still
 * its key; nothing else changes. For the connection check (settings-service.ts) and the access
 * changes' own check (sharing/own-email.ts), which sits below the settings.
 */
export function recordUser(accountId: string, apiKey: string, user: AccountUser): Promise<void> {
  return oneChangeAtATime(async () => {
    const { accounts, keys } = await readAccountsAndKeys();
    const account = accounts.find((entry) => entry.id === accountId);
    // Only while the key checked is still the account's.
    if (!account || keys[accountId] !== apiKey || JSON.stringify(account.user) === JSON.stringify(user)) return;
    await storeTogether(accountsItem.entry(accounts.map((entry) => (entry === account ? { ...entry, user } : entry))));
  });
}
