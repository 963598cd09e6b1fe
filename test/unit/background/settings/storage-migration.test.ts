/**
 * settings/storage-migration.ts: stored data of every older schema version brought to the current
 * one.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it } from 'vitest';
import { migrateStorage } from '../../../../src/background/settings/storage-migration.ts';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { accountsItem, apiKeysItem, firstScreenItem, listingItem, SCHEMA_VERSION, schemaVersionItem } from '../../../../src/shared/storage/storage-items.ts';
import { changeLogItem, CHANGE_LOG_VERSION } from '../../../../src/shared/storage/change-log-items.ts';
import { storedAccount as account } from '../../../setup/saved-key.ts';
import { listingOf, personalSiteEntry } from '../../../setup/listings.ts';

/** `entry` without its fields `keys`: what a migration leaves out. */
function without<T extends object>(entry: T, ...keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !keys.includes(key))) as Partial<T>;
}

/** The listing the stored-items tests store: one personal site, no documents. */
const listing = listingOf([personalSiteEntry([], { account: 'account-1', orgId: 2 })]);

describe('storage migration', () => {
  it('drops the cached listing of an older schema and records the version, keeping settings and key', async () => {
    await fakeBrowser.storage.local.set({
      schemaVersion: 0,
      listing,
      apiKey: 'k',
      settings: { personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: [] },
    });
    expect((await migrateStorage())[0]?.settings.personalSiteUrl).toBe('https://grist.example.com/o/docs');
    expect(await listingItem.get()).toBeNull();
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
    const [only] = await accountsItem.get();
    expect(await apiKeysItem.get()).toEqual({ [only!.id]: 'k' });
  });

  it('turns version 4’s one configuration into account 1, unchanged, and its history into that account’s', async () => {
    const settings = { personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: ['https://grist.example.com/o/acme'] };
    const keyHosts = { confirmed: ['https://grist.example.com'], listed: ['https://acme.example.com'] };
    const entry = { id: 'e1', at: 1, site: { orgId: 2, name: 'Personal', url: 'https://grist.example.com/o/docs' }, workspace: null, docId: 'd1', oldName: 'A', newName: 'B', source: 'popup' };
    // Exactly what version 4 stored.
    await fakeBrowser.storage.local.set({
      schemaVersion: 4,
      settings,
      apiKey: 'k'.repeat(40),
      keyHosts,
      listing: JSON.stringify({ fetchedAt: 1, sites: [] }),
      listingTags: { revision: 'r', tags: { 'https://grist.example.com/o/docs/api/orgs': '"1"' } },
      renameHistory: { version: 1, entries: [entry] },
    });
    const accounts = await migrateStorage();
    expect(accounts).toEqual([{ id: expect.any(String), settings, hosts: keyHosts, user: null }]);
    expect(await accountsItem.get()).toEqual(accounts);
    expect(await apiKeysItem.get()).toEqual({ [accounts[0]!.id]: 'k'.repeat(40) });
    const { docId, ...renamed } = entry;
    expect((await changeLogItem.get()).entries).toEqual([{ ...renamed, account: accounts[0]!.id, kind: 'rename', target: { kind: 'document', id: docId } }]);
    // The old items are gone, and with them the listing of the old shape.
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual(['accounts', 'apiKeys', 'changeLog', 'schemaVersion']);
    // Run again (every worker start), it changes nothing.
    expect(await migrateStorage()).toEqual(accounts);
  });

  it('turns version 5’s rename history into the change log, every entry kept with its kind and what it changed', async () => {
    const site = { orgId: 5, name: 'Acme Corp', url: 'https://grist.example.com/o/acme' };
    const globex = { orgId: 6, name: 'Globex', url: 'https://grist.example.com/o/globex' };
    // Exactly what version 5 stored: a document renamed and undone, a workspace renamed, a move of a bulk run.
    const renamed = { id: 'e1', account: 'a1', at: 1, site, workspace: { id: 7, name: 'Engineering' }, docId: 'd1', oldName: 'A', newName: 'B', source: 'popup', undoneBy: 'e4' };
    const workspace = { kind: 'workspace', id: 'e2', account: 'a1', at: 2, site, workspace: { id: 7, name: 'Engineering' }, docId: 'workspace:7', oldName: 'Eng', newName: 'Engineering', source: 'page' };
    const moved = {
      kind: 'move',
      id: 'e3',
      account: 'a1',
      at: 3,
      site,
      workspace: { id: 7, name: 'Engineering' },
      to: { site: globex, workspace: { id: 9, name: 'Projects' } },
      docId: 'd2',
      oldName: 'Plan',
      newName: 'Plan',
      source: 'bulk',
      batchId: 'b1',
    };
    const undo = { id: 'e4', account: 'a1', at: 4, site, workspace: { id: 7, name: 'Engineering' }, docId: 'd1', oldName: 'B', newName: 'A', source: 'undo' };
    const stored = JSON.stringify(listing);
    await fakeBrowser.storage.local.set({
      schemaVersion: 5,
      accounts: [account({ personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: [] })],
      apiKeys: { a1: 'k'.repeat(40) },
      listing: stored,
      renameHistory: { version: 1, entries: [undo, moved, workspace, renamed] },
    });
    await migrateStorage();
    expect(await changeLogItem.get()).toEqual({
      version: CHANGE_LOG_VERSION,
      entries: [
        { ...without(undo, 'docId'), kind: 'rename', target: { kind: 'document', id: 'd1' } },
        { ...without(moved, 'docId', 'oldName', 'newName'), kind: 'move', target: { kind: 'document', id: 'd2' }, name: 'Plan' },
        { ...without(workspace, 'docId'), kind: 'rename', target: { kind: 'workspace', id: 7 } },
        { ...without(renamed, 'docId'), kind: 'rename', target: { kind: 'document', id: 'd1' } },
      ],
    });
    expect(await readChangeLog()).toHaveLength(4);
    expect((await fakeBrowser.storage.local.get('renameHistory')).renameHistory).toBeUndefined();
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
  });

  it('drops version 6’s cached listing, whose documents lack their public mark, and keeps its accounts, keys and change log', async () => {
    const accounts = [account({ personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: [] })];
    const changeLog = { version: CHANGE_LOG_VERSION, entries: [] };
    await fakeBrowser.storage.local.set({ schemaVersion: 6, accounts, apiKeys: { a1: 'k'.repeat(40) }, listing: JSON.stringify(listing), changeLog });
    expect(await migrateStorage()).toEqual(accounts);
    // A refresh answered 304 would have kept its documents without the mark: the next one lists them afresh.
    expect(await listingItem.get()).toBeNull();
    expect(await apiKeysItem.get()).toEqual({ a1: 'k'.repeat(40) });
    expect(await changeLogItem.get()).toEqual(changeLog);
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
  });

  it('removes what version 7 kept that it should not have: its first screen’s drawing (a panel’s emails in it) and the change log of accounts removed; the saved accounts’ entries stay', async () => {
    const accounts = [account({ personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: [] })];
    const site = { orgId: 2, name: 'Home', url: 'https://grist.example.com/o/docs' };
    const logged = (id: string, accountId: string, extra: object = {}) => ({ id, at: 1, account: accountId, site, workspace: null, docId: 'd1', oldName: 'A', newName: 'B', source: 'popup', kind: 'rename', target: 'document', ...extra });
    const removedAccess = logged('e2', 'removed-account', { kind: 'access', access: { delta: { users: { 'ann.other@example.com': 'editors' } }, before: { users: { 'ann.other@example.com': null } } } });
    // Change log version 3, as version 7 stored it.
    const changeLog = { version: 3, entries: [logged('e1', 'a1'), removedAccess, logged('e3', 'removed-account')], batches: ['run-of-removed'] };
    const drawing = JSON.stringify({ previewRevision: 'preview:r', made: '0.1.0 en', tree: ['main', {}, ['ann.other@example.com']] });
    await fakeBrowser.storage.local.set({ schemaVersion: 7, accounts, apiKeys: { a1: 'k'.repeat(40) }, changeLog, 'changeLog:run-of-removed': [logged('e4', 'removed-account', { batchId: 'run-of-removed', source: 'bulk' })], firstScreen: drawing });
    expect(await migrateStorage()).toEqual(accounts);
    expect((await readChangeLog()).map((entry) => entry.id)).toEqual(['e1']);
    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(stored).not.toContain('ann.other@example.com');
    expect(stored).not.toContain('removed-account');
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
  });

  it('drops version 8’s cached listing and its first screen, which read another person’s personal site as the user’s own; the accounts and change log stay', async () => {
    const accounts = [account({ personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: [] })];
    const changeLog = { version: CHANGE_LOG_VERSION, entries: [] };
    // Version 8 marked Ann's personal site `personal`, at the user's own address.
    const theirs = personalSiteEntry([], { account: 'a1', orgId: 9, domain: 'docs-9' });
    const drawing = JSON.stringify({ previewRevision: 'preview:r', made: '0.1.0 en', tree: ['main', {}, ['Personal']] });
    await fakeBrowser.storage.local.set({ schemaVersion: 8, accounts, apiKeys: { a1: 'k'.repeat(40) }, listing: JSON.stringify(listingOf([theirs])), changeLog, firstScreen: drawing });
    expect(await migrateStorage()).toEqual(accounts);
    expect(await listingItem.get()).toBeNull();
    expect(await firstScreenItem.get()).toBeNull();
    expect(await changeLogItem.get()).toEqual(changeLog);
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
  });

  it('a first install has no account', async () => {
    expect(await migrateStorage()).toEqual([]);
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
  });

  it('leaves current data alone', async () => {
    await fakeBrowser.storage.local.set({ schemaVersion: SCHEMA_VERSION, listing: JSON.stringify(listing) });
    await migrateStorage();
    expect(await listingItem.get()).toEqual(listing);
  });

  it('drops the keys when the stored accounts do not read back: a key must not go to a default site', async () => {
    await fakeBrowser.storage.local.set({ schemaVersion: SCHEMA_VERSION, apiKeys: { a1: 'k' }, accounts: [account({ personalSiteUrl: 'grist', teamSiteUrls: [] })] });
    expect(await migrateStorage()).toEqual([]);
    expect(await apiKeysItem.get()).toEqual({});
  });

  it('drops version 4’s key when its settings do not read back, and keeps account 1 on the default site without it', async () => {
    await fakeBrowser.storage.local.set({ schemaVersion: 4, apiKey: 'k', settings: { personalSiteUrl: 'grist', teamSiteUrls: [] } });
    const [only] = await migrateStorage();
    expect(only?.settings).toEqual({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] });
    expect(only?.hosts).toEqual({ confirmed: [], listed: [] });
    expect(await apiKeysItem.get()).toEqual({});
  });
});
