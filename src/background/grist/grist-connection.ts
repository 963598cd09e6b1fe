/**
 * A Grist client bound to one account: its key goes only where host-policy.ts allows for that
 * account, and only when the browser has granted the host permission.
 */
import DataLoader from 'dataloader';
import browser from 'webextension-polyfill';
import { t } from '../../shared/i18n.ts';
import { hostPermissionPattern } from '../../shared/rules/site-url.ts';
import { accountsItem, apiKeysItem, type Account } from '../../shared/storage/storage-items.ts';
import { ApiError } from './api-error.ts';
import { createGristClient, type GristClient, type GristClientOptions } from './grist-client.ts';
import { keyDestination, type SiteAccess } from './host-policy.ts';

/** The error when no key is saved (for the account asked). */
export const NO_KEY_ERROR = () => new ApiError('no-key', t('errorNoKey'));

/** A saved account and its saved key (null: none saved). Never leaves the worker. */
export interface KeyedAccount {
  account: Account;
  apiKey: string | null;
}

/** The saved accounts, in the options' order, and their keys by account id: one round of storage reads. */
export async function readAccountsAndKeys(): Promise<{ accounts: Account[]; keys: Record<string, string> }> {
  const [accounts, keys] = await Promise.all([accountsItem.get(), apiKeysItem.get()]);
  return { accounts, keys };
}

/** The saved accounts, in the options' order, each with its key. */
export async function readKeyedAccounts(): Promise<KeyedAccount[]> {
  const { accounts, keys } = await readAccountsAndKeys();
  return accounts.map((account) => ({ account, apiKey: keyOf(keys, account.id) }));
}

/** Account `accountId`'s key in the saved keys (apiKeysItem); null when it has none. */
export function keyOf(keys: Readonly<Record<string, string>>, accountId: string): string | null {
  return Object.hasOwn(keys, accountId) ? keys[accountId]! : null;
}

/**
 * In: host permission patterns asked for together. Out: whether each is granted. Granted patterns
 * are the usual case, so they are asked in one call; only when that says no is each asked alone.
 */
async function containsEach(patterns: readonly string[]): Promise<boolean[]> {
  if (await browser.permissions.contains({ origins: [...patterns] })) return patterns.map(() => true);
  if (patterns.length === 1) return [false];
  return Promise.all(patterns.map((pattern) => browser.permissions.contains({ origins: [pattern] })));
}

/**
 * In: one account's settings and key hosts, which say where its key may go (see host-policy.ts), that key, and
 * optionally the calls' `isCurrent` (a refresh stops sending once its settings are not the saved
 * ones), timeout and retries (see GristClientOptions). A client lives for one
 * refresh or rename, so each host's permission is asked of the browser once in it, not per call;
 * and the hosts a refresh asks for at once (one per site, 50 on a big account) share one call,
 * since each call is a round trip to the browser process that delays the requests behind it.
 */
export function connectToGrist(
  access: SiteAccess & { id?: string },
  apiKey: string,
  { isCurrent = () => true, ...calls }: Pick<GristClientOptions, 'isCurrent' | 'timeoutMs' | 'retry'> = {},
): GristClient {
  const granted = new DataLoader(containsEach);
  // A saved account's client stops sending its key once the key is revoked (revokeKey).
  const generation = access.id === undefined ? 0 : (keyGenerations.get(access.id) ?? 0);
  const notRevoked = () => access.id === undefined || (keyGenerations.get(access.id) ?? 0) === generation;
  return createGristClient({
    apiKey,
    ...calls,
    isCurrent: () => notRevoked() && isCurrent(),
    keyDestination: (url) => keyDestination(url, access),
    hasHostPermission: (url) => granted.load(hostPermissionPattern(url.href)),
  });
}

/** Each saved account's key generation, in memory: bumped by revokeKey. */
const keyGenerations = new Map<string, number>();

/**
 * Stops every client made so far for account `accountId` from sending anything more with its key
 * (a call not sent yet fails as `outdated`): its key or the account is being removed, at once, even
 * while a refresh, a bulk run or a batch undo is on its way. Clients made afterwards read the key
 * from storage again.
 */
export function revokeKey(accountId: string): void {
  keyGenerations.set(accountId, (keyGenerations.get(accountId) ?? 0) + 1);
}

/**
 * A client for each of the saved accounts given (readKeyedAccounts), made the first time it is
 * asked for, with its calls' options as connectToGrist takes them: one client per account for a
 * whole rename, move, batch undo or bulk run, so each host's permission is asked once in it.
 * The function throws ApiError `no-key` for an account that is not among them or has no key.
 */
export function clientsFor(accounts: readonly KeyedAccount[], calls: Parameters<typeof connectToGrist>[2] = {}): (accountId: string) => GristClient {
  const clients = new Map<string, GristClient>();
  return (accountId) => {
    let client = clients.get(accountId);
    if (!client) {
      const keyed = accounts.find(({ account }) => account.id === accountId);
      if (!keyed?.apiKey) throw NO_KEY_ERROR();
      client = connectToGrist(keyed.account, keyed.apiKey, calls);
      clients.set(accountId, client);
    }
    return client;
  };
}
