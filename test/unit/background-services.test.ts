/**
 * The background's message handlers against the fake Grist server, with an in-memory `browser`
 * (fake-browser) whose host permissions and declarativeNetRequest are stubbed per test.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshListing } from '../../src/background/listing/listing-service.ts';
import { renameDocument } from '../../src/background/changes/rename.ts';
import { confirmSavedKey, getSettings, removeApiKey, saveSettings, testConnection } from '../../src/background/settings/settings-service.ts';
import { readChangeLog } from '../../src/background/change-log/change-log.ts';
import { createGristClient } from '../../src/background/grist/grist-client.ts';
import { orgListSchema } from '../../src/background/grist/grist-schemas.ts';
import { ApiError } from '../../src/background/grist/api-error.ts';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import { accountsItem, apiKeysItem, listingPreviewItem } from '../../src/shared/storage-items.ts';
import { DOCS, ORGS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { ACCOUNT_1, EDITOR_ACCOUNT, OWNER_ACCOUNT, saveEditorThenOwner, saveSettingsWithKey } from '../setup/saved-key.ts';

let grist: FakeGrist;
let granted: ReturnType<typeof vi.fn>;
let updateDynamicRules: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  granted = vi.fn(async () => true);
  updateDynamicRules = vi.fn(async () => undefined);
  fakeBrowser.permissions.contains = granted as never;
  fakeBrowser.declarativeNetRequest.updateDynamicRules = updateDynamicRules as never;
  Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
});
afterEach(async () => {
  await grist.close();
});

async function configure(apiKey: string | null = USERS.owner.apiKey, teamSiteUrls: string[] = []) {
  if (apiKey) await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls }, apiKey);
  // An account saved without a key (or whose key was removed): its sites only.
  else await accountsItem.set([{ id: ACCOUNT_1, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls }, hosts: { confirmed: [], listed: [] }, user: null }]);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('refreshListing', () => {
  it('lists every site with its address, workspaces and documents, and caches it', async () => {
    await configure();
    const listing = await refreshListing();
    expect(listing.sites.map((site) => [site.name, site.siteUrl, site.personal])).toEqual([
      ['Personal', `${grist.url}/o/docs`, true],
      ['Acme Corp', `${grist.url}/o/acme`, false],
      ['Globex Inc', `${grist.url}/o/globex`, false],
    ]);
    const engineering = listing.sites[1]?.workspaces.find((workspace) => workspace.name === 'Engineering');
    expect(engineering?.documents.find((doc) => doc.id === DOCS.roadmap.id)).toEqual({
      id: DOCS.roadmap.id,
      urlId: DOCS.roadmap.urlId,
      name: 'Roadmap 2026',
      access: 'owners',
      isPinned: true,
      updatedAt: DOCS.roadmap.updatedAt,
    });
    expect(await readListing()).toEqual(listing);
  });

  it('says "no key" without calling Grist when none is saved', async () => {
    await configure(null);
    expect((await failure(refreshListing())).kind).toBe('no-key');
    expect(grist.requests).toHaveLength(0);
  });

  it('reads Grist’s anonymous answer (200 []) as a key that did not arrive, not as "no sites"', async () => {
    await configure();
    grist.injectFault({ path: '/api/orgs', status: 200, body: '[]', contentType: 'application/json' });
    const error = await failure(refreshListing());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/as if no API key was sent/);
  });

  it('keeps a failing site’s last good workspaces, with its error', async () => {
    await configure();
    await refreshListing();
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', status: 500 });
    const listing = await refreshListing();
    const globex = listing.sites.find((site) => site.orgId === ORGS.globex.id);
    expect(globex?.error).toMatchObject({ kind: 'server', status: 500 });
    expect(globex?.workspaces.map((workspace) => workspace.name)).toEqual(['Home', 'Projects']);
    expect(listing.sites.find((site) => site.orgId === ORGS.acme.id)?.error).toBeUndefined();
  });

  it('a refused key is an auth error that points to the options', async () => {
    await configure('f'.repeat(40));
    const error = await failure(refreshListing());
    expect(error.toValue()).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).toMatch(/Profile settings → API/);
  });

  it('never sends the key to a host without permission', async () => {
    await configure();
    granted.mockResolvedValue(false);
    expect((await failure(refreshListing())).kind).toBe('no-host-permission');
    expect(grist.requests).toHaveLength(0);
  });
});

describe('renameDocument', () => {
  it('sends one JSON PATCH to the document’s own site and updates the cache', async () => {
    await configure();
    await refreshListing();
    grist.clearRequests();
    expect(await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: '  Bugs  ' })).toEqual({ name: 'Bugs', entryId: expect.any(String) });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    expect(grist.requests).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `/o/acme/api/docs/${DOCS.bugTracker.id}`, contentType: 'application/json', body: '{"name":"Bugs"}' }),
    ]);
    const cached = await readListing();
    const names = cached?.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((doc) => doc.name)));
    expect(names).toContain('Bugs');
  });

  it('refuses an empty name without sending anything (Grist would silently ignore it)', async () => {
    await configure();
    await refreshListing();
    grist.clearRequests();
    expect((await failure(renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: '  ' }))).kind).toBe('invalid-input');
    expect(grist.requests).toHaveLength(0);
  });

  it('tells an editor that only owners rename', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    const error = await failure(renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Mine' }));
    expect(error.toValue()).toEqual({ kind: 'forbidden', status: 403, message: 'Only owners can rename a document in Grist, and you are not an owner of “Bug Tracker”.' });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('refuses a document the listing does not hold, so a message cannot pick the host', async () => {
    await configure();
    await refreshListing();
    grist.clearRequests();
    expect((await failure(renameDocument({ orgId: 999, docId: DOCS.bugTracker.id, name: 'x' }))).kind).toBe('not-found');
    expect(grist.requests).toHaveLength(0);
  });
});

describe('renameDocument with two accounts that both list the document (issue 19)', () => {

  /** Ed's account first, then Olivia's: two users of the one server, both listing Acme. */
  async function configureBoth(): Promise<void> {
    await saveEditorThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    await readListing(); // the refresh's own write
    grist.clearRequests();
  }
  const patches = () => grist.requests.filter((request) => request.method === 'PATCH');
  const copiesOf = async (docId: string) =>
    ((await readListing())?.sites ?? []).flatMap((site) =>
      site.workspaces.flatMap((workspace) => workspace.documents.filter((document) => document.id === docId).map((document) => [site.account, document.access, document.name])),
    );

  it('sends one PATCH with the key of the account that owns it, though the editor’s account comes first', async () => {
    await configureBoth();
    expect(await copiesOf(DOCS.bugTracker.id)).toEqual([
      [EDITOR_ACCOUNT, 'editors', 'Bug Tracker'],
      [OWNER_ACCOUNT, 'owners', 'Bug Tracker'],
    ]);
    expect(await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' })).toEqual({ name: 'Bugs', entryId: expect.any(String) });
    expect(patches()).toEqual([
      expect.objectContaining({ path: `/o/acme/api/docs/${DOCS.bugTracker.id}`, body: '{"name":"Bugs"}', apiKey: USERS.owner.apiKey }),
    ]);
    expect(grist.requests.every((request) => request.apiKey === USERS.owner.apiKey)).toBe(true);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    // Both accounts' copies show the new name; the history names the account that renamed it.
    await vi.waitFor(async () =>
      expect(await copiesOf(DOCS.bugTracker.id)).toEqual([
        [EDITOR_ACCOUNT, 'editors', 'Bugs'],
        [OWNER_ACCOUNT, 'owners', 'Bugs'],
      ]),
    );
    expect((await readChangeLog())[0]).toMatchObject({ account: OWNER_ACCOUNT, docId: DOCS.bugTracker.id, oldName: 'Bug Tracker', newName: 'Bugs' });
  });

  it('where both accounts own it, the first of them in the options’ order renames it', async () => {
    await configureBoth();
    // Ed owns Leads (given to him directly), Olivia owns all of Acme.
    expect((await copiesOf(DOCS.leads.id)).map(([account, access]) => [account, access])).toEqual([
      [EDITOR_ACCOUNT, 'owners'],
      [OWNER_ACCOUNT, 'owners'],
    ]);
    await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.leads.id, name: 'Leads 2027' });
    expect(patches()).toEqual([expect.objectContaining({ path: `/o/acme/api/docs/${DOCS.leads.id}`, apiKey: USERS.editor.apiKey })]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads 2027');
    expect((await readChangeLog())[0]).toMatchObject({ account: EDITOR_ACCOUNT, docId: DOCS.leads.id });
  });
});

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

describe('the Grist client', () => {
  const client = (timeoutMs = 5000) =>
    createGristClient({ apiKey: USERS.owner.apiKey, keyDestination: () => 'allowed', hasHostPermission: async () => true, timeoutMs });

  it.each([
    ['an HTML page from a proxy', { status: 200, body: '<html>Sign in</html>', contentType: 'text/html' }, 'bad-response'],
    ['truncated JSON', { status: 200, body: '[{"id": 1, "na', contentType: 'application/json' }, 'bad-response'],
    ['JSON of the wrong shape', { status: 200, body: '{"orgs": []}', contentType: 'application/json' }, 'bad-response'],
    ['an empty error body', { status: 502 }, 'server'],
    ['a dropped connection', { drop: true }, 'network'],
  ])('turns %s into a %s error', async (_name, fault, kind) => {
    grist.injectFault({ path: '/api/orgs', ...fault });
    expect((await failure(client().get(grist.url, '/api/orgs', orgListSchema))).kind).toBe(kind);
  });

  it('gives up on a server that never answers', async () => {
    grist.injectFault({ path: '/api/orgs', hang: true });
    const error = await failure(client(300).get(grist.url, '/api/orgs', orgListSchema));
    expect(error.kind).toBe('timeout');
  });

  const KEY = USERS.owner.apiKey;
  it.each([
    ['whole', `bad key ${KEY}`],
    ['upper-cased', `bad key ${KEY.toUpperCase()}`],
    ['URL-encoded', `bad request /api/orgs?auth=${encodeURIComponent(`Bearer ${KEY}`)}`],
    ['URL-encoded with an escape for every character', `bad key ${[...KEY.slice(3, 25)].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')}`],
    ['cut to 16 characters', `bad key ...${KEY.slice(10, 26)}...`],
  ])('withholds a Grist error text that holds the key %s', async (_form, echo) => {
    grist.injectFault({ path: '/api/orgs', status: 400, body: JSON.stringify({ error: echo }), contentType: 'application/json' });
    const error = await failure(client().get(grist.url, '/api/orgs', orgListSchema));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(`${new URL(grist.url).host} refused the request.`);
    expect(error.serverMessage).toBeUndefined();
  });

  it('passes on a Grist error text that holds only 15 characters of the key', async () => {
    const said = `bad key ...${KEY.slice(10, 25)}...`;
    grist.injectFault({ path: '/api/orgs', status: 400, body: JSON.stringify({ error: said }), contentType: 'application/json' });
    const error = await failure(client().get(grist.url, '/api/orgs', orgListSchema));
    expect(error.serverMessage).toBe(said);
    expect(error.message).toContain(said);
  });

  it('refuses plain http outside localhost before sending anything', async () => {
    const error = await failure(client().get('http://grist.example.com', '/api/orgs', orgListSchema));
    expect(error.kind).toBe('invalid-input');
  });
});
