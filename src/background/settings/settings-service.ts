/**
 * The options page's messages: read and save the accounts, remove an account or its key, confirm
 * an account's saved key for a site, test a connection. Keys go in, never out: replies carry
 * `hasApiKey` only.
 */
import { t, tCount } from '../../shared/i18n.ts';
import { MAX_ACCOUNTS, type AccountInput, type ConnectionReport, type PublicAccount, type PublicSettings, type SettingsInput } from '../../shared/protocol/messages.ts';
import { normalizeSiteUrl } from '../../shared/rules/site-url.ts';
import type { Account, KeyHosts, Settings } from '../../shared/storage/storage-items.ts';
import { ApiError } from '../grist/api-error.ts';
import { connectToGrist, keyOf, NO_KEY_ERROR, readAccountsAndKeys, revokeKey } from '../grist/grist-connection.ts';
import { orgListSchema, profileSchema } from '../grist/grist-schemas.ts';
import { configuredOrigins } from '../grist/host-policy.ts';
import { forgetAccounts } from '../listing/listing-cache.ts';
import { ANONYMOUS_ANSWER_ERROR } from '../listing/listing-requests.ts';
import { commitAccess, commitRemoval, oneChangeAtATime, recordUser } from '../key-scope/account-writes.ts';

/** How long Test connection (and the check after Save) waits for an answer, in ms. */
const TEST_TIMEOUT_MS = 8000;

/** A Grist key is 40 hex characters; anything with spaces or control characters cannot be one. */
const PLAUSIBLE_KEY = /^[\x21-\x7e]+$/;

/** Where a new account's key may go before anything is saved for it: nowhere. */
const NO_HOSTS: KeyHosts = { confirmed: [], listed: [] };

function checkedUrl(input: string, field: 'personalSiteUrl' | 'fieldTeamSiteUrl'): string {
  const check = normalizeSiteUrl(input);
  if (!check.ok) throw new ApiError('invalid-input', t('errorInField', t(field), check.message));
  return check.url;
}

function checkedKey(input: string): string {
  const key = input.trim();
  if (!PLAUSIBLE_KEY.test(key)) throw new ApiError('invalid-input', t('errorNotAKey'));
  return key;
}

function publicAccount({ id, settings, hosts, user }: Account, hasApiKey: boolean): PublicAccount {
  const unconfirmed = hasApiKey ? configuredOrigins(settings).filter((origin) => !hosts.confirmed.includes(origin) && !hosts.listed.includes(origin)) : [];
  return { id, ...settings, hasApiKey, user: hasApiKey ? user : null, keyNotConfirmedFor: unconfirmed, listedOrigins: hasApiKey ? hosts.listed : [] };
}

function publicSettings(accounts: readonly Account[], keys: Readonly<Record<string, string>>): PublicSettings {
  return { accounts: accounts.map((account) => publicAccount(account, keyOf(keys, account.id) !== null)) };
}

/** The `getSettings` message. */
export async function getSettings(): Promise<PublicSettings> {
  const { accounts, keys } = await readAccountsAndKeys();
  return publicSettings(accounts, keys);
}

/**
 * Where an account's key may go after a save. A typed key goes to every configured site. The
 * saved key keeps only the confirmations of sites still configured: a changed or added address
 * gets no key until the user confirms it (confirmSavedKey) or types the key again. The team sites
 * Grist listed stay only while the key and the personal site that listed them stay.
 */
function hostsAfterSave(before: Account | undefined, settings: Settings, newKey: string | null): KeyHosts {
  const origins = configuredOrigins(settings);
  if (newKey) return { confirmed: origins, listed: [] };
  if (!before) return NO_HOSTS;
  const samePersonal = new URL(before.settings.personalSiteUrl).origin === new URL(settings.personalSiteUrl).origin;
  return {
    confirmed: before.hosts.confirmed.filter((origin) => origins.includes(origin)),
    listed: samePersonal ? before.hosts.listed : [],
  };
}

/** An account's input checked again (the page is not trusted). Throws ApiError `invalid-input`. */
function checkedInput(input: AccountInput): { id?: string; settings: Settings; newKey: string | null } {
  return {
    ...(input.id === undefined ? {} : { id: input.id }),
    settings: {
      personalSiteUrl: checkedUrl(input.personalSiteUrl, 'personalSiteUrl'),
      teamSiteUrls: [...new Set(input.teamSiteUrls.map((url) => checkedUrl(url, 'fieldTeamSiteUrl')))],
    },
    newKey: input.apiKey?.trim() ? checkedKey(input.apiKey) : null,
  };
}

/**
 * Throws ApiError `invalid-input` unless the input names every saved account, each once, and no
 * other: a page opened before another options page added or removed one would otherwise drop an
 * account, or bring one back, without the user seeing it.
 */
function refuseOtherAccounts(saved: readonly Account[], input: ReadonlyArray<{ id?: string }>): void {
  const named = input.flatMap(({ id }) => (id === undefined ? [] : [id]));
  const known = new Set(saved.map((account) => account.id));
  if (new Set(named).size !== named.length || named.length !== known.size || !named.every((id) => known.has(id))) {
    throw new ApiError('invalid-input', t('errorOptionsChanged'));
  }
}

/** Throws ApiError `invalid-input` when two accounts would hold the same key (one user, twice). */
function refuseSameKeyTwice(accounts: readonly Account[], keys: Readonly<Record<string, string>>): void {
  const seen = new Map<string, number>();
  accounts.forEach((account, index) => {
    const key = keys[account.id];
    if (key === undefined) return;
    const first = seen.get(key);
    if (first !== undefined) throw new ApiError('invalid-input', t('errorSameKeyTwice', String(index + 1), String(first + 1)));
    seen.set(key, index);
  });
}

/**
 * The `saveSettings` message: checks every account's URLs and typed key again, then, one save at a
 * time, changes the Origin rule and stores the accounts and keys together (account-writes.ts),
 * and forgets the cached listing of each account whose key or sites changed (accounts are removed
 * by removeAccount only: remove-account.ts). An account keeps who its key belongs to while its key and personal site stay.
 * Throws ApiError `invalid-input` for a bad address or key, more than MAX_ACCOUNTS accounts, the
 * same key for two accounts, or accounts other than the saved ones (refuseOtherAccounts); what the
 * browser threw when it refused the rule or the write (nothing is saved then).
 */
export async function saveSettings(input: SettingsInput): Promise<PublicSettings> {
  if (input.accounts.length > MAX_ACCOUNTS) throw new ApiError('invalid-input', tCount('errorTooManyAccounts', MAX_ACCOUNTS));
  const checked = input.accounts.map(checkedInput);
  return oneChangeAtATime(async () => {
    const before = await readAccountsAndKeys();
    refuseOtherAccounts(before.accounts, checked);
    const keys: Record<string, string> = {};
    const changed: string[] = [];
    const after = checked.map(({ id, settings, newKey }): Account => {
      const saved = before.accounts.find((account) => account.id === id);
      const accountId = saved?.id ?? crypto.randomUUID();
      const savedKey = saved ? keyOf(before.keys, saved.id) : null;
      const key = newKey ?? savedKey;
      if (key !== null) keys[accountId] = key;
      const sameSites = saved !== undefined && JSON.stringify(saved.settings) === JSON.stringify(settings);
      const sameUser = saved !== undefined && key === savedKey && saved.settings.personalSiteUrl === settings.personalSiteUrl;
      // A typed key, even the saved one again, starts its hosts afresh (hostsAfterSave): its listing
      // is fetched anew, so Grist lists its team sites again (a 304 would keep none).
      if (saved && (!sameSites || newKey !== null)) changed.push(saved.id);
      return { id: accountId, settings, hosts: hostsAfterSave(saved, settings, newKey), user: sameUser ? saved.user : null };
    });
    refuseSameKeyTwice(after, keys);
    await commitAccess(before.accounts, after, keys);
    // After the write: a refresh that read the old accounts stores nothing (see cacheEpoch).
    await forgetAccounts(changed);
    return publicSettings(after, keys);
  });
}

/** Runs a change to one saved account (see oneChangeAtATime). Throws ApiError `not-found` for an account gone. */
export function changeAccount(
  accountId: string,
  change: (account: Account, saved: { accounts: Account[]; keys: Record<string, string> }) => { accounts: Account[]; keys?: Record<string, string>; forget?: true },
): Promise<PublicSettings> {
  return oneChangeAtATime(async () => {
    const saved = await readAccountsAndKeys();
    const account = saved.accounts.find((entry) => entry.id === accountId);
    if (!account) throw new ApiError('not-found', t('errorAccountGone'));
    const { accounts, keys, forget } = change(account, saved);
    if (forget) {
      await commitRemoval(accounts, keys ?? saved.keys, () => revokeKey(accountId));
      // After the write: a refresh that read the key before stores nothing (see cacheEpoch).
      await forgetAccounts([accountId]);
    } else {
      await commitAccess(saved.accounts, accounts, keys);
    }
    return publicSettings(accounts, keys ?? saved.keys);
  });
}

/** The keys but one account's. */
export const keysWithout = (keys: Record<string, string>, accountId: string) => Object.fromEntries(Object.entries(keys).filter(([id]) => id !== accountId));

/** The `removeApiKey` message: forgets an account's key, where it went, who it was, and the listing it fetched; its sites stay. */
export function removeApiKey({ account: accountId }: { account: string }): Promise<PublicSettings> {
  // At once, not after the changes queued before this one: nothing more goes out with the key.
  revokeKey(accountId);
  return changeAccount(accountId, (account, { accounts, keys }) => ({
    accounts: accounts.map((entry) => (entry === account ? { ...entry, hosts: NO_HOSTS, user: null } : entry)),
    keys: keysWithout(keys, accountId),
    forget: true,
  }));
}

/**
 * The `confirmSavedKey` message: the user's "Use the saved key for <host>". In: the account, and a
 * site URL whose origin its saved key may now go to (while that origin is, or becomes, one of its
 * configured sites). Throws ApiError `no-key` with no saved key, `invalid-input` for a bad address,
 * `not-found` for an account gone.
 */
export async function confirmSavedKey({ account: accountId, siteUrl }: { account: string; siteUrl: string }): Promise<PublicSettings> {
  const check = normalizeSiteUrl(siteUrl);
  if (!check.ok) throw new ApiError('invalid-input', check.message);
  const origin = new URL(check.url).origin;
  return changeAccount(accountId, (account, { accounts, keys }) => {
    if (keyOf(keys, accountId) === null) throw NO_KEY_ERROR();
    const confirmed = [...new Set([...account.hosts.confirmed, origin])];
    return { accounts: accounts.map((entry) => (entry === account ? { ...entry, hosts: { ...entry.hosts, confirmed } } : entry)) };
  });
}

/**
 * The `testConnection` message: `GET {personal}/api/orgs` and `GET /api/profile/user` with the
 * typed key, or with the saved key of `account` when none is typed. A saved key goes only where it
 * was typed or confirmed for (`key-not-confirmed` otherwise), so an edited address can be tested
 * once the user confirms the key for it. The check of a saved account's own key and personal site
 * records who the key belongs to (the options' legend and the popup's account heading show it).
 * Throws ApiError `no-key` when there is no key to test with, or what the requests met.
 */
export async function testConnection(request: { account?: string; apiKey?: string; personalSiteUrl: string }): Promise<ConnectionReport> {
  const personalSiteUrl = checkedUrl(request.personalSiteUrl, 'personalSiteUrl');
  const typedKey = request.apiKey?.trim() ? checkedKey(request.apiKey) : null;
  const { accounts, keys } = await readAccountsAndKeys();
  const saved = accounts.find((entry) => entry.id === request.account);
  const apiKey = typedKey ?? (saved ? keyOf(keys, saved.id) : null);
  if (!apiKey) throw NO_KEY_ERROR();
  const url = new URL(personalSiteUrl);
  // The saved key goes where it was confirmed for (also an edited address the user confirmed it for, not saved yet).
  const confirmed = typedKey || saved?.hosts.confirmed.includes(url.origin) || saved?.hosts.listed.includes(url.origin) ? [url.origin] : [];
  // A person waits on this, right after pressing a button: one try, and a shorter wait.
  const client = connectToGrist({ settings: { personalSiteUrl, teamSiteUrls: [] }, hosts: { confirmed, listed: [] } }, apiKey, {
    timeoutMs: TEST_TIMEOUT_MS,
    retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
  });
  const [orgs, profile] = await Promise.all([
    client.get(personalSiteUrl, '/api/orgs', orgListSchema),
    client.get(personalSiteUrl, '/api/profile/user', profileSchema),
  ]);
  if (orgs.length === 0) throw ANONYMOUS_ANSWER_ERROR(url.host);
  if (saved && !typedKey && saved.settings.personalSiteUrl === personalSiteUrl) await recordUser(saved.id, apiKey, { name: profile.name, email: profile.email });
  return { userName: profile.name, userEmail: profile.email, siteCount: orgs.length };
}
