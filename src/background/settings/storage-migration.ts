/**
 * Brings stored data to the current schema version. Every item is validated on read (bad data
 * reads as its default), so a version change need only drop what cannot be trusted to have the
 * new shape: the cached listing, which the next refresh rebuilds; say where a key saved by an
 * older version may go; turn the one configuration of versions before 5 into account 1; and turn
 * the rename history of versions before 6 into the change log, entry by entry; remove what
 * versions before 8 kept that they should not have (forgetWhatVersion8Keeps); and turn the change
 * log's entries of versions before 10 into entries that say what they changed (changeLogVersion4).
 */
import browser from 'webextension-polyfill';
import * as v from 'valibot';
import { DEFAULT_SETTINGS, accountsItem, apiKeysItem, firstScreenItem, keyHostsSchema, SCHEMA_VERSION, schemaVersionItem, settingsSchema, type Account } from '../../shared/storage/storage-items.ts';
import { forgetAccountEntries, readChangeLog } from '../change-log/change-log.ts';
import { batchLogItem, batchLogVersion3Item, changeLogItem, changeLogVersion3Item, CHANGE_LOG_VERSION, historyVersion1Item, type ChangeEntryVersion3 } from '../../shared/storage/change-log-items.ts';
import type { ChangeEntry, EntryTarget } from '../../shared/protocol/change-log.ts';
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
    // Change log version 2, which changeLogVersion4 turns into the current one.
    await changeLogVersion3Item.set({ version: 2, entries });
  }
  await historyVersion1Item.remove();
}

/**
 * What an entry of change log versions 2 and 3 changed: its `docId` held a document's id, a
 * workspace's workspaceKey (its id in `workspace`) or a site's siteKey (its id is the site's).
 * Null when the entry does not say (a workspace's without its workspace).
 */
function targetOf(entry: ChangeEntryVersion3): EntryTarget | null {
  switch (entry.target) {
    case 'document':
      return { kind: 'document', id: entry.docId };
    case 'workspace':
      return entry.workspace ? { kind: 'workspace', id: entry.workspace.id } : null;
    case 'site':
      return { kind: 'site', id: entry.site.orgId };
  }
}

/** What an entry of change log versions 2 and 3 holds that every kind's entry still holds alike. */
function commonOf({ kind: _kind, target: _target, docId: _docId, oldName: _oldName, newName: _newName, to: _to, pinned: _pinned, person: _person, copyOf: _copyOf, access: _access, ...common }: ChangeEntryVersion3) {
  return common;
}

/**
 * An entry of change log versions 2 and 3 as the current version has it (ChangeEntry): its target
 * by kind and id, a rename's two names, the other kinds' one (`newName`: the same as `oldName`
 * but for a copy, whose `oldName` was its original's), and what each kind's undo needs as it was.
 * Null for an entry that lacks what its kind needs (a move without where it went...): no version
 * wrote one, and its undo could not be made.
 */
function entryVersion4(entry: ChangeEntryVersion3): ChangeEntry | null {
  const { kind, oldName, newName, to, pinned, person, copyOf, access } = entry;
  const common = commonOf(entry);
  const target = targetOf(entry);
  if (!target) return null;
  const documentOnly = target.kind === 'document' ? target : null;
  const documentOrWorkspace = target.kind === 'site' ? null : target;
  const name = newName;
  switch (kind) {
    case 'rename':
      return documentOrWorkspace && { ...common, kind, target: documentOrWorkspace, oldName, newName };
    case 'move':
      return documentOnly && to ? { ...common, kind, target: documentOnly, name, to } : null;
    case 'remove':
    case 'restore':
    case 'create':
      return documentOrWorkspace && { ...common, kind, target: documentOrWorkspace, name };
    case 'pin':
      return documentOnly && pinned !== undefined ? { ...common, kind, target: documentOnly, name, pinned } : null;
    case 'copy':
      return documentOnly && copyOf ? { ...common, kind, target: documentOnly, name, copyOf: { ...copyOf, name: oldName } } : null;
    case 'delete':
      return documentOnly && { ...common, kind, target: documentOnly, name };
    case 'access':
      return access ? { ...common, kind, target, name, access } : null;
    case 'person':
      return target.kind === 'site' && person ? { ...common, kind, target, person } : null;
  }
}

/**
 * The change log of versions 2 and 3 (before schema version 10), and its bulk runs' entries stored
 * apart, as the current version (entryVersion4), in one write: stopped before it, it is read and
 * turned again at the next start. Nothing stored, or a log of the current version: left alone.
 */
async function changeLogVersion4(): Promise<void> {
  const log = await changeLogVersion3Item.get();
  if (!log) return;
  const turned = (entries: readonly ChangeEntryVersion3[]) => entries.flatMap((entry) => entryVersion4(entry) ?? []);
  const batches = log.batches ?? [];
  const runs = await Promise.all(batches.map(async (id) => [id, turned(await batchLogVersion3Item(id).get())] as const));
  await storeTogether(changeLogItem.entry({ version: CHANGE_LOG_VERSION, entries: turned(log.entries), ...(log.batches ? { batches } : {}) }), ...runs.map(([id, entries]) => batchLogItem(id).entry(entries)));
}

/**
 * What versions before 8 kept that they should not have: the popup's drawing of its first screen,
 * which may picture a panel that was open (the Share panel's people and emails; shared/storage/first-screen.ts
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
  // Before version 8's step: it reads the log (readChangeLog), which reads the current shape only.
  if (version < 10) await changeLogVersion4();
  // Unreadable accounts are no sign that any was removed: their entries stay then.
  if (version < 8) await forgetWhatVersion8Keeps(accounts.corrupt ? null : current);
  await schemaVersionItem.set(SCHEMA_VERSION);
  return current;
}
