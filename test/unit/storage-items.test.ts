import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it } from 'vitest';
import { migrateStorage } from '../../src/background/settings/storage-migration.ts';
import { forgetListing } from '../../src/background/listing/listing-cache.ts';
import { isListing } from '../../src/shared/listing.ts';
import {
  keyHostsItem,
  apiKeyItem,
  firstScreenItem,
  listingItem,
  listingPreviewItem,
  SCHEMA_VERSION,
  schemaVersionItem,
  settingsItem,
} from '../../src/shared/storage-items.ts';
import { DEFAULT_PERSONAL_SITE_URL } from '../../src/shared/site-url.ts';

const listing = {
  fetchedAt: 1,
  sites: [{ orgId: 2, name: 'Personal', domain: 'docs-5', personal: true, siteUrl: 'https://docs.getgrist.com', workspaces: [] }],
};

describe('storage items', () => {
  it('answer their defaults when nothing is stored', async () => {
    expect(await settingsItem.get()).toEqual({ personalSiteUrl: DEFAULT_PERSONAL_SITE_URL, teamSiteUrls: [] });
    expect(await apiKeyItem.get()).toBeNull();
    expect(await listingItem.get()).toBeNull();
  });

  it('keep everything in storage.local', async () => {
    await apiKeyItem.set('a'.repeat(40));
    expect(await fakeBrowser.storage.local.get('apiKey')).toEqual({ apiKey: 'a'.repeat(40) });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });

  it.each([
    ['settings of the wrong type', { settings: 'https://docs.getgrist.com' }],
    ['a non-canonical or http URL', { settings: { personalSiteUrl: 'http://grist.example.com/', teamSiteUrls: [] } }],
    ['a team list that is not a list', { settings: { personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: 'x' } }],
  ] as [string, Record<string, unknown>][])('fall back to defaults on %s', async (_name, stored) => {
    await fakeBrowser.storage.local.set(stored);
    expect(await settingsItem.get()).toEqual(settingsItem.fallback);
    expect(await settingsItem.read()).toEqual({ value: settingsItem.fallback, corrupt: true });
  });

  it('tell nothing stored from something unreadable', async () => {
    expect(await settingsItem.read()).toEqual({ value: settingsItem.fallback, corrupt: false });
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
    });

    it.each([
      ['no fetchedAt', { ...good, fetchedAt: undefined }],
      ['a revision that is not text', { ...good, revision: 3 }],
      ['sites that are not a list', { ...good, sites: {} }],
      ['a site without its URL', { ...good, sites: [{ ...site, siteUrl: undefined }] }],
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

  it('an empty stored key reads as no key', async () => {
    await fakeBrowser.storage.local.set({ apiKey: '' });
    expect(await apiKeyItem.get()).toBeNull();
  });

  it('tell watchers of changes until aborted', async () => {
    const seen: unknown[] = [];
    const controller = new AbortController();
    apiKeyItem.watch((value) => seen.push(value), controller.signal);
    await apiKeyItem.set('k1');
    controller.abort();
    await apiKeyItem.set('k2');
    expect(seen).toEqual(['k1']);
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
    expect((await migrateStorage()).settings.personalSiteUrl).toBe('https://grist.example.com/o/docs');
    expect(await listingItem.get()).toBeNull();
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
    expect(await apiKeyItem.get()).toBe('k');
    expect((await settingsItem.get()).personalSiteUrl).toBe('https://grist.example.com/o/docs');
  });

  it('leaves current data alone', async () => {
    await fakeBrowser.storage.local.set({ schemaVersion: SCHEMA_VERSION, listing: JSON.stringify(listing) });
    await migrateStorage();
    expect(await listingItem.get()).toEqual(listing);
  });

  it('answers the default settings, with the key dropped, when the stored ones do not read back', async () => {
    await fakeBrowser.storage.local.set({ schemaVersion: SCHEMA_VERSION, apiKey: 'k', settings: { personalSiteUrl: 'grist', teamSiteUrls: [] } });
    expect(await migrateStorage()).toEqual({ settings: settingsItem.fallback, hosts: keyHostsItem.fallback });
    expect(await apiKeyItem.get()).toBeNull();
  });
});
