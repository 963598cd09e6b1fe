/**
 * Brings stored data to the current schema version. Every item is validated on read (bad data
 * reads as its default), so a version change need only drop what cannot be trusted to have the
 * new shape: the cached listing, which the next refresh rebuilds; say where a key saved by an
 * older version may go; turn the one configuration of versions before 5 into account 1; and turn
 * the rename history of versions before 6 into the change log, entry by entry; and remove what
 * versions before 8 kept that they should not have (forgetWhatVersion8Keeps).
 */
import browser from 'webextension-polyfill';
import * as v from 'valibot';
import { DEFAULT_SETTINGS, accountsItem, apiKeysItem, firstScreenItem, keyHostsSchema, SCHEMA_VERSION, schemaVersionItem, settingsSchema, type Account } from '../../shared/storage-items.ts';
import { forgetAccountEntries, readChangeLog } from '../change-log/change-log.ts';
import { changeLogItem, CHANGE_LOG_VERSION, historyVersion1Item } from '../../shared/change-log-items.ts';
import { removeTogether, storeTogether } from '../storage-writes.ts';
import { configuredOrigins } from '../grist/host-policy.ts';
import { forgetListing } from '../listing/listing-cache.ts';

/** The items of versions before 5, which held one account: its sites, its key and where the key went. */
const LEGACY = { settings: 'settings', apiKey: 'apiKey', keyHosts: 'keyHosts' } as const;

/**
 * Account 1 from the stored items of a version before 5, unchanged: the same sites, key and hosts.
 * Null when nothing was configured. Unreadable settings read as the default site, docs.getgrist.com:
 * a saved key, made for the user's own server, must not follow them there, so it is dropped then
 * (the options page asks again). Version 3 recorded the hosts a key may go to: a key saved before
 * was saved with the sites configured then, as far as anything can tell, and keeps them, and no other.
 */
function legacyAccount(stored: Record<string, unknown>, version: number): { account: Account; apiKey: string | null } | null {
  if (stored[LEGACY.settings] === undefined && stored[LEGACY.apiKey] === undefined) return null;
  const settings = v.safeParse(settingsSchema, stored[LEGACY.settings] ?? DEFAULT_SETTINGS);
  const key = stored[LEGACY.apiKey];
  const apiKey = settings.success && typeof key === 'string' && key.length > 0 ? key : null;
  const hosts = v.safeParse(keyHostsSchema, stored[LEGACY.keyHosts]);
  let confirmed: string[] = [];
  if (version < 3 && settings.success) confirmed = configuredOrigins(settings.output);
  const account: Account = {
    id: crypto.randomUUID(),
    settings: settings.success ? settings.output : DEFAULT_SETTINGS,
    // No key, nowhere to go; a key's recorded hosts as they were; before version 3, its sites then.
    hosts: apiKey !== null && hosts.success ? hosts.output : { confirmed: apiKey === null ? [] : confirmed, listed: [] },
    user: null,
  };
  return { account, apiKey };
}

/**
 * The rename history of versions before 6, as the change log: each entry as it was, with its kind
 * (`rename` or `move`) and target (`document` or `workspace`) named; with the account `account`
 * when given (versions before 5 had one account, whose key made every rename). Written, then the
 * history removed: run again after a failure between the two, it writes the same log again.
 */
async function changeLogFromHistory(account: string | undefined): Promise<void> {
  const history = await historyVersion1Item.get();
  if (history.entries.length > 0) {
    const entries = history.entries.map(({ kind, ...entry }) => ({
      ...entry,
      ...(account === undefined ? {} : { account }),
      kind: kind === 'move' ? ('move' as const) : ('rename' as const),
      target: kind === 'workspace' ? ('workspace' as const) : ('document' as const),
    }));
    await changeLogItem.set({ version: CHANGE_LOG_VERSION, entries });
  }
  await historyVersion1Item.remove();
}

/**
 * What versions before 8 kept that they should not have: the popup's drawing of its first screen,
 * which may picture a panel that was open (the Share panel's people and emails; shared/first-screen.ts
 * FIRST_SCREEN_FORMAT), and the change-log entries of accounts removed (Remove account left them,
 * though none can be undone, and an access change's entry names other people). In: the accounts
 * saved now (null: not known, and every entry stays); entries of none (made before accounts had ids) stay.
 */
async function forgetWhatVersion8Keeps(accounts: readonly Account[] | null): Promise<void> {
  await firstScreenItem.remove();
  if (!accounts) return;
  const saved = new Set(accounts.map((account) => account.id));
  const gone = new Set((await readChangeLog()).flatMap((entry) => (entry.account !== undefined && !saved.has(entry.account) ? [entry.account] : [])));
  if (gone.size > 0) await forgetAccountEntries([...gone]);
}

/** Runs at every worker start; cheap when the version is current. Out: the accounts, as they stand after it. */
export async function migrateStorage(): Promise<Account[]> {
  // One round of reads: the worker's start waits for it.
  const [accounts, version, stored] = await Promise.all([accountsItem.read(), schemaVersionItem.get(), browser.storage.local.get(Object.values(LEGACY))]);
  if (version === SCHEMA_VERSION && !accounts.corrupt) return accounts.value;
  let current = accounts.value;
  if (accounts.corrupt) {
    // Unreadable accounts: their keys cannot be told where to go. Both go; the options page asks again.
    await removeTogether(accountsItem, apiKeysItem);
    current = [];
  }
  let historyAccount: string | undefined;
  if (version < 5) {
    const legacy = legacyAccount(stored, version);
    if (legacy) {
      current = [legacy.account];
      await storeTogether(accountsItem.entry(current), apiKeysItem.entry(legacy.apiKey === null ? {} : { [legacy.account.id]: legacy.apiKey }));
      // Every rename so far was made with this account's key: its undo goes with it.
      historyAccount = legacy.account.id;
    }
    await browser.storage.local.remove(Object.values(LEGACY));
  }
  // The listing's shape last changed in version 9; unreadable accounts leave theirs unowned.
  if (version < 9 || accounts.corrupt) await forgetListing();
  if (version < 6) await changeLogFromHistory(historyAccount);
  // Unreadable accounts are no sign that any was removed: their entries stay then.
  if (version < 8) await forgetWhatVersion8Keeps(accounts.corrupt ? null : current);
  await schemaVersionItem.set(SCHEMA_VERSION);
  return current;
}
