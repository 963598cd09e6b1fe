import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it } from 'vitest';
import { migrateStorage } from '../../src/background/settings/storage-migration.ts';
import { readChangeLog } from '../../src/background/change-log/change-log.ts';
import { forgetListing } from '../../src/background/listing/listing-cache.ts';
import { isListing } from '../../src/shared/listing.ts';
import {
  accountsItem,
  apiKeysItem,
  firstScreenItem,
  changeLogItem,
  CHANGE_LOG_VERSION,
  listingItem,
  listingPreviewItem,
  SCHEMA_VERSION,
  schemaVersionItem,
} from '../../src/shared/storage-items.ts';

/** A stored account with these settings. */
const account = (settings: unknown) => ({ id: 'a1', settings, hosts: { confirmed: [], listed: [] }, user: null });

const listing = {
  fetchedAt: 1,
  sites: [{ account: 'account-1', orgId: 2, name: 'Personal', domain: 'docs-5', personal: true, siteUrl: 'https://docs.getgrist.com', workspaces: [] }],
};

describe('storage items', () => {
  it('answer their defaults when nothing is stored', async () => {
    expect(await accountsItem.get()).toEqual([]);
    expect(await apiKeysItem.get()).toEqual({});
    expect(await listingItem.get()).toBeNull();
  });

  it('keep everything in storage.local', async () => {
    await apiKeysItem.set({ a1: 'a'.repeat(40) });
    expect(await fakeBrowser.storage.local.get('apiKeys')).toEqual({ apiKeys: { a1: 'a'.repeat(40) } });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });

  it.each([
    ['accounts of the wrong type', { accounts: 'https://docs.getgrist.com' }],
    ['a non-canonical or http URL', { accounts: [account({ personalSiteUrl: 'http://grist.example.com/', teamSiteUrls: [] })] }],
    ['a team list that is not a list', { accounts: [account({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: 'x' })] }],
    ['an account without an id', { accounts: [{ ...account({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] }), id: '' }] }],
  ] as [string, Record<string, unknown>][])('fall back to defaults on %s', async (_name, stored) => {
    await fakeBrowser.storage.local.set(stored);
    expect(await accountsItem.get()).toEqual([]);
    expect(await accountsItem.read()).toEqual({ value: [], corrupt: true });
  });

  it('tell nothing stored from something unreadable', async () => {
    expect(await accountsItem.read()).toEqual({ value: [], corrupt: false });
  });

  it('drop a listing with a broken document', async () => {
    await fakeBrowser.storage.local.set({
      listing: JSON.stringify({ ...listing, sites: [{ ...listing.sites[0], workspaces: [{ id: 1, name: 'Home', documents: [{ id: 3 }] }] }] }),
    });
    expect(await listingItem.get()).toBeNull();
  });

  it.each([
    ['truncated JSON', '{"fetchedAt": 1, "sites": ['],
    ['a listing stored as objects by version 1', { fetchedAt: 1, sites: [] }],
  ])('drop a listing stored as %s', async (_name, stored) => {
    await fakeBrowser.storage.local.set({ listing: stored });
    expect(await listingItem.get()).toBeNull();
  });

  it('store the listing as one JSON string', async () => {
    await listingItem.set(listing);
    expect(await fakeBrowser.storage.local.get('listing')).toEqual({ listing: JSON.stringify(listing) });
  });

  it('read back a valid listing', async () => {
    await listingItem.set(listing);
    expect(await listingItem.get()).toEqual(listing);
  });

  describe('the listing check (checked in place, for the popup at every open)', () => {
    const document = { id: 'd1', urlId: 'u1', name: 'Plan', access: null, isPinned: false, updatedAt: '2026-01-01T00:00:00Z' };
    const site = { ...listing.sites[0]!, workspaces: [{ id: 1, name: 'Home', documents: [document] }] };
    const good = { fetchedAt: 1, revision: 'r', sites: [site, { ...site, orgId: 3, error: { kind: 'timeout', message: 'No answer' }, workspaces: [{ id: 2, name: 'W', access: 'owners', documents: [] }] }] };

    it('takes a whole listing, with site errors and workspace access given or not', () => {
      expect(isListing(good)).toBe(true);
      expect(isListing(listing)).toBe(true);
      const headings = [{ id: 'a', user: { name: 'Edith', email: 'e@example.org' }, server: 'grist.example.org' }, { id: 'b', user: null, server: 'docs.getgrist.com', error: { kind: 'auth', message: 'Refused' } }];
      expect(isListing({ ...good, accounts: headings })).toBe(true);
    });

    it.each([
      ['no fetchedAt', { ...good, fetchedAt: undefined }],
      ['a revision that is not text', { ...good, revision: 3 }],
      ['sites that are not a list', { ...good, sites: {} }],
      ['a site without its URL', { ...good, sites: [{ ...site, siteUrl: undefined }] }],
      ['a site without its account', { ...good, sites: [{ ...site, account: undefined }] }],
      ['an account heading without its server', { ...good, accounts: [{ id: 'a', user: null }] }],
      ['an account heading with a user that is text', { ...good, accounts: [{ id: 'a', user: 'Edith', server: 'docs.getgrist.com' }] }],
      ['a site error without its message', { ...good, sites: [{ ...site, error: { kind: 'timeout' } }] }],
      ['a workspace id as text', { ...good, sites: [{ ...site, workspaces: [{ id: '1', name: 'Home', documents: [] }] }] }],
      ['a workspace access that is a number', { ...good, sites: [{ ...site, workspaces: [{ id: 1, name: 'Home', access: 1, documents: [] }] }] }],
      ['a document without its name', { ...good, sites: [{ ...site, workspaces: [{ id: 1, name: 'Home', documents: [{ ...document, name: undefined }] }] }] }],
      ['a document pinned as text', { ...good, sites: [{ ...site, workspaces: [{ id: 1, name: 'Home', documents: [{ ...document, isPinned: 'yes' }] }] }] }],
      ['null', null],
    ])('refuses %s', (_name, value) => {
      expect(isListing(value)).toBe(false);
    });
  });

  it('keep the popup’s first screen as one JSON string, and forget it with the listing', async () => {
    const drawing = { previewRevision: 'preview:r', made: '0.1.0 en', tree: ['main', {}, ['Plan']] as ['main', Record<string, string>, string[]] };
    await listingItem.set(listing);
    await listingPreviewItem.set(listing);
    await firstScreenItem.set(drawing);
    expect(await fakeBrowser.storage.local.get('firstScreen')).toEqual({ firstScreen: JSON.stringify(drawing) });
    expect(await firstScreenItem.get()).toEqual(drawing);
    await forgetListing();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('an empty stored key makes the keys unreadable: none is used', async () => {
    await fakeBrowser.storage.local.set({ apiKeys: { a1: '' } });
    expect(await apiKeysItem.get()).toEqual({});
  });
});

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
    expect((await changeLogItem.get()).entries).toEqual([{ ...entry, account: accounts[0]!.id, kind: 'rename', target: 'document' }]);
    // The old items are gone, and with them the listing of the old shape.
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual(['accounts', 'apiKeys', 'changeLog', 'schemaVersion']);
    // Run again (every worker start), it changes nothing.
    expect(await migrateStorage()).toEqual(accounts);
  });

  it('turns version 5’s rename history into the change log, every entry kept with its kind and target, and keeps the cached listing', async () => {
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
        { ...undo, kind: 'rename', target: 'document' },
        { ...moved, kind: 'move', target: 'document' },
        { ...workspace, kind: 'rename', target: 'workspace' },
        { ...renamed, kind: 'rename', target: 'document' },
      ],
    });
    expect(await readChangeLog()).toHaveLength(4);
    expect((await fakeBrowser.storage.local.get('renameHistory')).renameHistory).toBeUndefined();
    // Only the history changed shape: the cached listing stays, and the popup opens on it.
    expect(await listingItem.get()).toEqual(listing);
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
