/**
 * shared/storage/storage-items.ts (and storage-item.ts, how each is declared): each item declared once,
 * read back through its check (bad data reads as its default).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it } from 'vitest';
import { forgetListing } from '../../../../src/background/listing/listing-cache.ts';
import { isListing } from '../../../../src/shared/protocol/listing.ts';
import { accountsItem, apiKeysItem, firstScreenItem, keptCopiesItem, listingItem, listingPreviewItem, MAX_KEPT_COPIES } from '../../../../src/shared/storage/storage-items.ts';
import { storedAccount as account } from '../../../setup/saved-key.ts';
import { listingOf, personalSiteEntry } from '../../../setup/listings.ts';

/** The listing the stored-items tests store: one personal site, no documents. */
const listing = listingOf([personalSiteEntry([], { account: 'account-1', orgId: 2 })]);

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

  it('keep the popup’s lost copies in storage.session only, and read a list longer than its bound as none', async () => {
    const kept = (index: number) => ({ key: `copy ${index}`, making: { id: `m${index}`, name: 'Plan (copy)', sentAt: 1, life: 'l', before: { ids: ['a'], answeredAt: 0 } } });
    await keptCopiesItem.set([kept(1)]);
    expect(await fakeBrowser.storage.session.get('keptCopies')).toEqual({ keptCopies: [kept(1)] });
    expect(await fakeBrowser.storage.local.get('keptCopies')).toEqual({});
    await fakeBrowser.storage.session.set({ keptCopies: Array.from({ length: MAX_KEPT_COPIES + 1 }, (_, index) => kept(index)) });
    expect(await keptCopiesItem.read()).toEqual({ value: [], corrupt: true });
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
