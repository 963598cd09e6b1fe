/**
 * settings/settings-service.ts: saving, reading and checking the accounts, and where a saved key
 * may go after the site URLs change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { confirmSavedKey, getSettings, removeApiKey, saveSettings, testConnection } from '../../../../src/background/settings/settings-service.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import { accountsItem, apiKeysItem, listingPreviewItem } from '../../../../src/shared/storage/storage-items.ts';
import { ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../../../fake-grist/server.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { configure, failure, grist, updateDynamicRules, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ signedIn: false });

describe('settings', () => {
  it('save normalises the addresses, keeps the key out of the reply, rebuilds the Origin rule and drops the old listing', async () => {
    // The account's listing under its old sites.
    await configure();
    await refreshListing();
    expect(await readListing()).not.toBeNull();
    const reply = await saveSettings({
      accounts: [{ id: ACCOUNT_1, apiKey: ` ${USERS.owner.apiKey}\n`, personalSiteUrl: `${grist.url}/o/docs/`, teamSiteUrls: ['https://grist.initech.com/api'] }],
    });
    expect(reply).toEqual({
      accounts: [
        { id: ACCOUNT_1, hasApiKey: true, user: null, personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: ['https://grist.initech.com'], keyNotConfirmedFor: [], listedOrigins: [] },
      ],
    });
    expect(JSON.stringify(reply)).not.toContain(USERS.owner.apiKey);
    expect(await apiKeysItem.get()).toEqual({ [ACCOUNT_1]: USERS.owner.apiKey });
    expect(await readListing()).toBeNull();
    expect(updateDynamicRules).toHaveBeenCalledWith({
      removeRuleIds: [1],
      addRules: [expect.objectContaining({ condition: expect.objectContaining({ requestDomains: ['127.0.0.1', 'grist.initech.com'] }) })],
    });
  });

  it('save refuses a bad address and stores nothing', async () => {
    const error = await failure(saveSettings({ accounts: [{ apiKey: 'k', personalSiteUrl: 'http://grist.example.com', teamSiteUrls: [] }] }));
    expect(error.kind).toBe('invalid-input');
    expect(await apiKeysItem.get()).toEqual({});
    expect(await accountsItem.get()).toEqual([]);
  });

  it('remove key forgets the key, the listing and its first screen', async () => {
    await configure();
    await refreshListing();
    await vi.waitFor(async () => expect(await listingPreviewItem.get()).not.toBeNull());
    expect(await removeApiKey({ account: ACCOUNT_1 })).toMatchObject({ accounts: [{ id: ACCOUNT_1, hasApiKey: false }] });
    expect(await apiKeysItem.get()).toEqual({});
    expect(await readListing()).toBeNull();
    expect(await listingPreviewItem.get()).toBeNull();
    expect((await getSettings()).accounts.map((account) => account.hasApiKey)).toEqual([false]);
  });

  it('test connection reports the user and the number of sites', async () => {
    await configure();
    expect(await testConnection({ account: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs` })).toEqual({
      userName: 'Olivia Owner',
      userEmail: 'owner@example.com',
      siteCount: 3,
    });
    // The account's saved key and site, checked: who the key belongs to is kept, for its heading.
    expect((await getSettings()).accounts[0]?.user).toEqual({ name: 'Olivia Owner', email: 'owner@example.com' });
  });

  it('test connection sends the saved key to an edited address only once the user confirms it for that host', async () => {
    await configure();
    const other = `${grist.url.replace('127.0.0.1', 'localhost')}/o/docs`;
    const error = await failure(testConnection({ account: ACCOUNT_1, personalSiteUrl: other }));
    expect(error.kind).toBe('key-not-confirmed');
    expect(error.message).toContain(`Use the saved key for localhost:${grist.port}`);
    expect(grist.requests).toHaveLength(0);
    await confirmSavedKey({ account: ACCOUNT_1, siteUrl: other });
    expect(await testConnection({ account: ACCOUNT_1, personalSiteUrl: other })).toMatchObject({ siteCount: 3 });
    expect(grist.requests.filter((request) => request.hasAuthorization).length).toBeGreaterThan(0);
  });
});

describe('the saved key after the site URLs change (issue 11, finding 1)', () => {
  let other: FakeGrist;
  beforeEach(async () => {
    other = await startFakeGrist({ mode: 'org-in-path' }); // another port: another origin, another server
  });
  afterEach(async () => {
    await other.close();
  });
  const keyed = (server: FakeGrist) => server.requests.filter((request) => request.hasAuthorization);

  it('a personal site URL changed without typing the key gets no key until the user confirms it', async () => {
    await configure();
    const moved = await saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: `${other.url}/o/docs`, teamSiteUrls: [] }] });
    expect(moved).toMatchObject({ accounts: [{ id: ACCOUNT_1, hasApiKey: true, keyNotConfirmedFor: [other.url] }] });
    expect(await failure(refreshListing())).toMatchObject({ kind: 'key-not-confirmed' });
    expect(await failure(testConnection({ account: ACCOUNT_1, personalSiteUrl: `${other.url}/o/docs` }))).toMatchObject({ kind: 'key-not-confirmed' });
    expect(keyed(other)).toEqual([]);
    // "Use the saved key for <host>": from then on it goes there.
    expect(await confirmSavedKey({ account: ACCOUNT_1, siteUrl: `${other.url}/o/docs` })).toMatchObject({ accounts: [{ keyNotConfirmedFor: [] }] });
    expect((await refreshListing()).sites).toHaveLength(3);
    expect(keyed(other).length).toBeGreaterThan(0);
  });

  it('changing back does not bring the first host back without confirming it again', async () => {
    await configure();
    await saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: `${other.url}/o/docs`, teamSiteUrls: [] }] });
    const back = await saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }] });
    expect(back.accounts[0]?.keyNotConfirmedFor).toEqual([grist.url]);
    grist.clearRequests();
    expect(await failure(refreshListing())).toMatchObject({ kind: 'key-not-confirmed' });
    expect(keyed(grist)).toEqual([]);
  });

  it('a team site URL added on another host lists with its own error; the other sites list', async () => {
    await configure();
    await saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [`${other.url}/o/acme`] }] });
    const listing = await refreshListing();
    const acme = listing.sites.find((site) => site.orgId === ORGS.acme.id);
    expect(acme).toMatchObject({ siteUrl: `${other.url}/o/acme`, error: { kind: 'key-not-confirmed' } });
    expect(listing.sites.filter((site) => !site.error)).toHaveLength(2);
    expect(keyed(other)).toEqual([]);
  });

  it('typing the key again with the new address sends it there', async () => {
    await configure();
    const saved = await saveSettings({ accounts: [{ id: ACCOUNT_1, apiKey: USERS.owner.apiKey, personalSiteUrl: `${other.url}/o/docs`, teamSiteUrls: [] }] });
    expect(saved.accounts[0]?.keyNotConfirmedFor).toEqual([]);
    expect((await refreshListing()).sites).toHaveLength(3);
    expect(keyed(other).length).toBeGreaterThan(0);
  });

  it('confirming needs a saved key and a site address', async () => {
    await configure(null);
    expect(await failure(confirmSavedKey({ account: ACCOUNT_1, siteUrl: grist.url }))).toMatchObject({ kind: 'no-key' });
    await configure();
    expect(await failure(confirmSavedKey({ account: ACCOUNT_1, siteUrl: 'http://grist.example.com' }))).toMatchObject({ kind: 'invalid-input' });
  });
});
