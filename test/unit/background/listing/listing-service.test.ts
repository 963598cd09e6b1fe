/**
 * How a refresh treats Grist: one request per site, at most 6 at once per host, revalidated with
 * the cached ETags so that an unchanged listing costs no bodies and keeps its revision.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IN_FLIGHT_PER_HOST } from '../../../../src/background/grist/grist-client.ts';
import { fetchListing, refreshListing, startRefresh } from '../../../../src/background/listing/listing-service.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { cacheEpoch, readCachedListing, readListing, storeFetchedListing } from '../../../../src/background/listing/listing-cache.ts';
import type { Listing, RefreshStep } from '../../../../src/shared/protocol/listing.ts';
import { accountsItem, apiKeysItem, listingTagsItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, generateSeed, ORGS, SECOND_USERS, USERS } from '../../../fake-grist/sample-data.ts';
import { startTwoServers } from '../../../fake-grist/two-servers.ts';
import { startFakeGrist, type FakeGrist, type FakeGristOptions } from '../../../fake-grist/server.ts';
import { ACCOUNT_1, saveAccounts, saveSettingsWithKey } from '../../../setup/saved-key.ts';

let grist: FakeGrist;

async function start(options: FakeGristOptions = { mode: 'org-in-path' }) {
  grist = await startFakeGrist(options);
  fakeBrowser.permissions.contains = (async () => true) as never;
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await grist.close();
});

const gets = () => grist.requests.filter((request) => request.method === 'GET');

describe('revalidation', () => {
  beforeEach(() => start());

  it('the first refresh sends no ETags; the next sends them all, gets 304s, no bodies, and the same revision', async () => {
    const first = await refreshListing();
    expect(gets().every((request) => request.ifNoneMatch === undefined)).toBe(true);
    grist.clearRequests();

    const second = await refreshListing();
    expect(gets().map((request) => [request.path, request.answer])).toEqual(
      expect.arrayContaining([
        ['/o/docs/api/orgs', { status: 304, bodyBytes: 0 }],
        ['/o/docs/api/orgs/current/workspaces', { status: 304, bodyBytes: 0 }],
        ['/o/acme/api/orgs/current/workspaces', { status: 304, bodyBytes: 0 }],
        ['/o/globex/api/orgs/current/workspaces', { status: 304, bodyBytes: 0 }],
      ]),
    );
    expect(gets()).toHaveLength(4);
    expect(second.revision).toBe(first.revision);
    expect(second.sites).toEqual(first.sites);
  });

  it('a change on one site is fetched in full there only, and gives a new revision', async () => {
    const first = await refreshListing();
    await fetch(`${grist.url}/o/acme/api/docs/${DOCS.roadmap.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed in Grist' }),
    });
    grist.clearRequests();
    const second = await refreshListing();
    const changed = gets().filter((request) => request.answer?.status === 200).map((request) => request.path);
    expect(changed).toEqual(['/o/acme/api/orgs/current/workspaces']);
    expect(second.revision).not.toBe(first.revision);
    const names = second.sites.flatMap((site) => site.workspaces.flatMap((w) => w.documents.map((d) => d.name)));
    expect(names).toContain('Renamed in Grist');
  });

  it('an unchanged refresh leaves the cache as it is: no 3 MB rewrite', async () => {
    await refreshListing();
    const stored = await readListing();
    const write = vi.spyOn(fakeBrowser.storage.local, 'set');
    const second = await refreshListing();
    expect(await readListing()).toEqual(stored);
    expect(second.revision).toBe(stored?.revision);
    expect(write).not.toHaveBeenCalled();
  });

  it('a rename made here is in the cache at once and survives the next revalidation', async () => {
    await refreshListing();
    await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' });
    const listing = await refreshListing();
    const names = listing.sites.flatMap((site) => site.workspaces.flatMap((w) => w.documents.map((d) => d.name)));
    expect(names).toContain('Bugs');
    expect(await readListing()).toEqual(listing);
  });
});

describe('load on Grist', () => {
  it(`at most ${MAX_IN_FLIGHT_PER_HOST} requests at once to one host, one per site`, async () => {
    await start({ mode: 'org-in-path', seed: generateSeed({ teams: 20, docsPerTeam: 2 }) });
    grist.injectFault({ path: /workspaces$/, delayMs: 60 });
    const listing = await refreshListing();
    expect(listing.sites).toHaveLength(21);
    expect(grist.mostInFlight(`127.0.0.1:${grist.port}`)).toBe(MAX_IN_FLIGHT_PER_HOST);
    const perSite = new Map<string, number>();
    for (const request of gets()) perSite.set(request.path, (perSite.get(request.path) ?? 0) + 1);
    expect([...perSite.values()].every((count) => count === 1)).toBe(true);
  });

  it('a refresh started before the settings changed is not shared: it is out of date', async () => {
    await start();
    grist.injectFault({ path: /workspaces$/, delayMs: 100 });
    const first = refreshListing();
    const [account] = await accountsItem.get();
    await accountsItem.set([{ ...account!, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: ['https://grist.initech.com'] } }]);
    const second = refreshListing();
    expect(await second).not.toBe(await first);
    expect(gets().filter((request) => request.path === '/o/docs/api/orgs')).toHaveLength(2);
  });

  it('a refresh is under way once its storage reads are done, before Grist answers; one joining it too', async () => {
    await start();
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 300 });
    const first = startRefresh();
    const second = startRefresh();
    let listed = false;
    void first.listing.then(() => (listed = true));
    await Promise.all([first.underway, second.underway]);
    expect(listed).toBe(false);
    expect(await second.listing).toBe(await first.listing);
  });

  it('a refresh that cannot start (no key) is not left under way forever', async () => {
    await start();
    await apiKeysItem.set({});
    const refresh = startRefresh();
    await expect(refresh.listing).rejects.toMatchObject({ kind: 'no-key' });
    await expect(refresh.underway).resolves.toBeUndefined();
  });

  it('popups opening during a refresh share it', async () => {
    await start();
    grist.injectFault({ path: /workspaces$/, delayMs: 100 });
    const [first, second] = await Promise.all([refreshListing(), refreshListing()]);
    expect(second).toBe(first);
    expect(gets().filter((request) => request.path === '/o/docs/api/orgs')).toHaveLength(1);
  });
});

describe('a bare self-hosted URL as the personal site (issue 28)', () => {
  const bare = (request: { path: string }) => request.path === '/api/orgs/current';

  it('on an org-in-path server, asks which org the bare host serves at the first listing only: the answer can only be 400', async () => {
    await start({ mode: 'org-in-path' });
    await saveSettingsWithKey({ personalSiteUrl: grist.url, teamSiteUrls: [] }, USERS.owner.apiKey);
    const first = await refreshListing();
    expect(first.sites.map((site) => site.siteUrl)).toEqual([`${grist.url}/o/docs-5`, `${grist.url}/o/acme`, `${grist.url}/o/globex`]);
    expect(gets().filter(bare)).toHaveLength(1);
    grist.clearRequests();
    // With the site list cached (304), then without its ETag (the list sent in full): neither asks again.
    await refreshListing();
    expect(gets().find((request) => request.path === '/api/orgs')?.ifNoneMatch).toBeDefined();
    await listingTagsItem.remove();
    const again = await refreshListing();
    expect(again.sites.map((site) => site.siteUrl)).toEqual(first.sites.map((site) => site.siteUrl));
    expect(gets().filter(bare)).toEqual([]);
  });

  it('on a single-org server, the bare host is the one site', async () => {
    await start({ mode: 'single-org', singleOrgDomain: 'acme' });
    await saveSettingsWithKey({ personalSiteUrl: grist.url, teamSiteUrls: [] }, USERS.owner.apiKey);
    const listing = await refreshListing();
    expect(listing.sites.map((site) => [site.name, site.siteUrl])).toEqual([['Acme Corp', grist.url]]);
  });
});

describe('one round trip with a cached listing', () => {
  beforeEach(() => start());

  const WORKSPACES = ['/o/docs/api/orgs/current/workspaces', '/o/acme/api/orgs/current/workspaces', '/o/globex/api/orgs/current/workspaces'];
  /** The one saved account, with its key, as fetchListing takes it. */
  const ACCOUNTS = () => [
    {
      account: {
        id: ACCOUNT_1,
        settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] },
        hosts: { confirmed: [new URL(grist.url).origin], listed: [] },
        user: null,
      },
      apiKey: USERS.owner.apiKey,
    },
  ];
  /** ETags for every site of `listing` that name no body Grist has: as after a change on every site. */
  const staleTags = (listing: Listing) => ({
    [ACCOUNT_1]: Object.fromEntries(listing.sites.map((site) => [`${site.siteUrl}/api/orgs/current/workspaces`, 'W/"stale"'])),
  });

  it('asks the cached sites for their workspaces while /api/orgs is still on its way', async () => {
    await refreshListing();
    grist.clearRequests();
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 1000 });
    const refresh = refreshListing();
    await vi.waitFor(() => expect(gets().map((request) => request.path)).toEqual(expect.arrayContaining(WORKSPACES)), { timeout: 800 });
    expect(gets().find((request) => request.path === '/o/docs/api/orgs')?.answer).toBeUndefined();
    await refresh;
    expect(gets()).toHaveLength(4);
  });

  it('without a cached listing, asks for workspaces only once /api/orgs has answered', async () => {
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 300 });
    const refresh = refreshListing();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gets().map((request) => request.path)).toEqual(['/o/docs/api/orgs']);
    expect((await refresh).sites).toHaveLength(3);
  });

  it('drops the answer of a site no longer listed, asks a new one once listed, and takes names from the new list', async () => {
    const listing = await refreshListing();
    const [personal, acme] = listing.sites;
    const gone = { ...acme!, orgId: 999, name: 'Gone Ltd', domain: 'gone', siteUrl: `${grist.url}/o/gone` };
    // The cache as it might be after acme was renamed in Grist, globex joined and "gone" was left.
    const previous: Listing = { fetchedAt: 0, sites: [personal!, { ...acme!, name: 'Acme (old name)' }, gone] };
    grist.clearRequests();
    const { listing: fetched } = await fetchListing(ACCOUNTS(), staleTags(previous), async () => previous);
    expect(fetched.sites.map((site) => site.name)).toEqual(listing.sites.map((site) => site.name));
    expect(fetched.sites.map((site) => site.error)).toEqual([undefined, undefined, undefined]);
    expect(gets().map((request) => request.path).sort()).toEqual(['/o/docs/api/orgs', ...WORKSPACES, '/o/gone/api/orgs/current/workspaces'].sort());
  });

  it('a cached site in error that answers now loses its error', async () => {
    const listing = await refreshListing();
    const failed = { ...listing.sites[1]!, error: { kind: 'server' as const, status: 503, message: 'Grist is down.' } };
    const previous: Listing = { ...listing, sites: [listing.sites[0]!, failed, listing.sites[2]!] };
    const { listing: fetched } = await fetchListing(ACCOUNTS(), staleTags(previous), async () => previous);
    expect(fetched.sites.map((site) => site.error)).toEqual([undefined, undefined, undefined]);
    expect(fetched.sites[1]?.workspaces).toEqual(listing.sites[1]?.workspaces);
  });

  it('a 304 for a site whose cached copy is in error, or missing, is asked again in full', async () => {
    const listing = await refreshListing();
    // Every ETag but the site list's: the list then comes in full, with globex, which the cache lacks.
    const tags = await readCachedListing().tags;
    delete tags[ACCOUNT_1]![`${grist.url}/o/docs/api/orgs`];
    const failed = { ...listing.sites[1]!, workspaces: [], error: { kind: 'server' as const, status: 503, message: 'Grist is down.' } };
    const previous: Listing = { ...listing, sites: [listing.sites[0]!, failed] };
    grist.clearRequests();
    const { listing: fetched } = await fetchListing(ACCOUNTS(), tags, async () => previous);
    expect(fetched.sites).toEqual(listing.sites);
    const answers = (path: string) => gets().filter((request) => request.path === path).map((request) => request.answer?.status);
    expect(answers('/o/acme/api/orgs/current/workspaces')).toEqual([304, 200]);
    expect(answers('/o/globex/api/orgs/current/workspaces')).toEqual([304, 200]);
    expect(answers('/o/docs/api/orgs/current/workspaces')).toEqual([304]);
  });

  it('a cached listing that cannot be read costs a second request, not a wrong listing', async () => {
    const listing = await refreshListing();
    await readListing(); // the refresh's own write, which would otherwise land after this one
    await fakeBrowser.storage.local.set({ listing: '{"not": "a listing"}' });
    grist.clearRequests();
    const fresh = await refreshListing();
    expect(fresh.sites).toEqual(listing.sites);
    expect(gets().filter((request) => request.path === '/o/docs/api/orgs').map((request) => request.answer?.status)).toEqual([304, 200]);
  });

  it('the requests leave before the cached listing (megabytes at 20,000 documents) is read', async () => {
    await refreshListing();
    const storage = fakeBrowser.storage.local;
    const get = storage.get.bind(storage);
    let listingRead = false;
    vi.spyOn(storage, 'get').mockImplementation((async (keys: string) => {
      if (keys !== 'listing') return get(keys);
      await new Promise((resolve) => setTimeout(resolve, 300));
      listingRead = true;
      return get(keys);
    }) as never);
    grist.clearRequests();
    const refresh = refreshListing();
    await vi.waitFor(() => expect(gets()).toHaveLength(4), { timeout: 250 });
    expect(listingRead).toBe(false);
    expect((await refresh).sites).toHaveLength(3);
  });

  it('a refresh whose every site changed never reads the cached listing', async () => {
    await refreshListing();
    await readListing(); // the refresh's own write, which would otherwise land after the next one
    const cached = (await readListing()) as Listing;
    await listingTagsItem.set({ revision: cached.revision!, tags: staleTags(cached) });
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    const listing = await refreshListing();
    expect(listing.sites.flatMap((site) => site.workspaces)).not.toEqual([]);
    expect(read.mock.calls.filter(([keys]) => keys === 'listing')).toEqual([]);
  });

  it('a listing stored after the ETags were read is never paired with them', async () => {
    const listing = await refreshListing();
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 300 });
    const refresh = refreshListing();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Another listing lands meanwhile, under the same ETags: a 304 must not take its documents.
    const planted = structuredClone(listing);
    for (const workspace of planted.sites.flatMap((site) => site.workspaces)) for (const document of workspace.documents) document.name = 'Planted';
    const cache = readCachedListing();
    await storeFetchedListing(planted, await cache.tags, (siteUrl) => `${siteUrl}/api/orgs/current/workspaces`, cache, cacheEpoch());
    expect((await refresh).sites).toEqual(listing.sites);
  });

  it('never sends the key early to a cached site on a host that is not configured', async () => {
    const listing = await refreshListing();
    const other = await startFakeGrist({ mode: 'org-in-path' });
    try {
      const planted = { ...listing.sites[1]!, orgId: 998, siteUrl: `${other.url}/o/acme` };
      const previous: Listing = { ...listing, sites: [...listing.sites, planted] };
      const { listing: fetched } = await fetchListing(ACCOUNTS(), staleTags(previous), async () => previous);
      expect(other.requests).toEqual([]);
      expect(fetched.sites.map((site) => site.siteUrl)).toEqual(listing.sites.map((site) => site.siteUrl));
    } finally {
      await other.close();
    }
  });

  it('a site list refused for a revoked key fails the refresh, whatever the early requests met', async () => {
    await refreshListing();
    grist.revokeKey(USERS.owner.id);
    await expect(refreshListing()).rejects.toMatchObject({ kind: 'auth', status: 401 });
    expect(await readListing()).not.toBeNull();
  });
});

describe('the cache never lies (issue 11, findings 5 and 6)', () => {
  beforeEach(() => start());

  const namesOf = (listing: Listing | null) =>
    listing?.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((document) => document.name))) ?? [];

  /** Renames a document in Grist itself, as the user would in Grist's own page. */
  async function renameInGrist(siteUrl: string, docId: string, name: string): Promise<void> {
    const response = await fetch(`${siteUrl}/api/docs/${docId}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(200);
  }

  it('a listing write the browser refuses (over quota) stores none of it; the next refresh shows Grist’s new name', async () => {
    await refreshListing();
    await readListing(); // its write is done
    await renameInGrist(`${grist.url}/o/acme`, DOCS.bugTracker.id, 'Bugs (renamed in Grist)');
    const storage = fakeBrowser.storage.local;
    const set = storage.set.bind(storage);
    const refused = vi.spyOn(storage, 'set').mockImplementation((async (items: Record<string, unknown>) => {
      if ('listing' in items) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    }) as never);
    expect(namesOf(await refreshListing())).toContain('Bugs (renamed in Grist)');
    await readListing(); // the refused write has been tried
    expect(refused.mock.calls.some(([items]) => 'listing' in (items as object))).toBe(true);
    refused.mockRestore();
    expect(namesOf(await refreshListing())).toContain('Bugs (renamed in Grist)');
  });

  it('ETags stored with another listing are never paired with the cached one', async () => {
    const first = await refreshListing();
    await readListing();
    await renameInGrist(`${grist.url}/o/acme`, DOCS.bugTracker.id, 'Bugs (renamed in Grist)');
    // What a write that failed halfway in an older version left: the new ETags beside the old listing.
    await refreshListing();
    await readListing();
    const tags = await listingTagsItem.get();
    await fakeBrowser.storage.local.set({ listing: JSON.stringify(first) });
    expect(tags?.revision).not.toBe(first.revision);
    expect(namesOf(await refreshListing())).toContain('Bugs (renamed in Grist)');
  });

  it('a rename made here keeps the cached ETags paired with the listing', async () => {
    await refreshListing();
    await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' });
    const [listing, tags] = [await readListing(), await listingTagsItem.get()];
    expect(tags?.revision).toBe(listing?.revision);
    grist.clearRequests();
    await refreshListing();
    // Only the renamed document's site changed in Grist; every other 304 found its cached copy.
    expect(gets().filter((request) => request.answer?.status !== 304).map((request) => request.path)).toEqual(['/o/acme/api/orgs/current/workspaces']);
  });

  it('removing the key during a refresh: nothing more goes out with it, and nothing is stored', async () => {
    const { removeApiKey } = await import('../../../../src/background/settings/settings-service.ts');
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 200 });
    const refresh = refreshListing();
    await vi.waitFor(() => expect(gets()).toHaveLength(1));
    await removeApiKey({ account: ACCOUNT_1 });
    // The popup that asked gets an answer: each site says the settings changed.
    expect((await refresh).sites.map((site) => site.error?.kind)).toEqual(['outdated', 'outdated', 'outdated']);
    // Only the request sent before the key was removed: no site's workspaces were asked with it.
    expect(gets().map((request) => request.path)).toEqual(['/o/docs/api/orgs']);
    await readListing();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readListing()).toBeNull();
    expect(await fakeBrowser.storage.local.get(['listing', 'listingPreview', 'listingTags'])).toEqual({});
    // Nor where the key went: the team sites the refresh's site list named are not recorded for the account.
    expect(await apiKeysItem.get()).toEqual({});
    expect((await accountsItem.get()).map((account) => account.hosts)).toEqual([{ confirmed: [], listed: [] }]);
  });

  it('saving other settings during a refresh: what the refresh fetched under the old ones is not stored', async () => {
    const { saveSettings } = await import('../../../../src/background/settings/settings-service.ts');
    Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 200 });
    const refresh = refreshListing();
    await vi.waitFor(() => expect(gets()).toHaveLength(1));
    await saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: ['https://grist.initech.com'] }] });
    await refresh;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readListing()).toBeNull();
  });
});

describe('one dead site (issue 11, finding 8)', () => {
  beforeEach(() => start());

  it('each site is reported as its answer arrives; one that hangs holds back only itself', async () => {
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', hang: true });
    const refresh = startRefresh();
    const steps: RefreshStep[] = [];
    refresh.watch((step) => steps.push(step));
    let settled = false;
    void refresh.listing.then(() => (settled = true));
    await vi.waitFor(() => expect(steps.filter((step) => 'site' in step)).toHaveLength(2));
    expect(steps[0]).toEqual({ sites: [expect.objectContaining({ name: 'Personal' }), expect.objectContaining({ name: 'Acme Corp' }), expect.objectContaining({ name: 'Globex Inc' })] });
    expect(steps.flatMap((step) => ('site' in step ? [step.index] : [])).sort()).toEqual([0, 1]);
    expect(settled).toBe(false);
    // A page that joins now gets the steps so far.
    const joined: RefreshStep[] = [];
    startRefresh().watch((step) => joined.push(step));
    await vi.waitFor(() => expect(joined).toEqual(steps));
    grist.clearFaults(); // the hanging request is dropped; its retry answers
    const listing = await refresh.listing;
    expect(listing.sites.map((site) => site.error)).toEqual([undefined, undefined, undefined]);
    expect(steps.filter((step) => 'site' in step).map((step) => ('site' in step ? step.index : -1))).toEqual([expect.any(Number), expect.any(Number), 2]);
  });

  it('a site Grist answers 304 to is reported unchanged', async () => {
    await refreshListing();
    await readListing();
    const steps: RefreshStep[] = [];
    const refresh = startRefresh();
    refresh.watch((step) => steps.push(step));
    await refresh.listing;
    expect(steps.flatMap((step) => ('site' in step ? [step.unchanged] : []))).toEqual([true, true, true]);
  });
});

describe('several accounts (issue 19): two users of one server', () => {
  const OWNER = 'account-owner';
  const EDITOR = 'account-editor';
  const KEYS: Record<string, string> = { [OWNER]: USERS.owner.apiKey, [EDITOR]: USERS.editor.apiKey };
  const OLIVIA = { name: USERS.owner.name, email: USERS.owner.email };

  // A test's last refresh stores its listing after it answers: in that test's storage, not the next one's.
  afterEach(async () => {
    await readListing();
  });

  /** Starts the fake and saves Olivia's account, then Ed's, both on it (their keys: `keys`). */
  async function startTwo(keys: Record<string, string> = KEYS): Promise<void> {
    grist = await startFakeGrist({ mode: 'org-in-path' });
    fakeBrowser.permissions.contains = (async () => true) as never;
    Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: OWNER, settings, apiKey: keys[OWNER]!, user: OLIVIA },
      { id: EDITOR, settings, apiKey: keys[EDITOR]! },
    ]);
  }

  /** Each GET as `<the account whose key it carried> <path>`, sorted. */
  const keyedGets = () =>
    gets()
      .map((request) => `${Object.keys(KEYS).find((id) => KEYS[id] === request.apiKey) ?? `key ${String(request.apiKey)}`} ${request.path}`)
      .sort();
  const sitesOf = (listing: Listing) => listing.sites.map((site) => [site.account, site.name, site.siteUrl]);

  /** What each account's user may list: Olivia owns Acme and Globex; Ed edits Acme. */
  const BOTH_SITES = () => [
    [OWNER, 'Personal', `${grist.url}/o/docs`],
    [OWNER, 'Acme Corp', `${grist.url}/o/acme`],
    [OWNER, 'Globex Inc', `${grist.url}/o/globex`],
    [EDITOR, 'Personal', `${grist.url}/o/docs`],
    [EDITOR, 'Acme Corp', `${grist.url}/o/acme`],
  ];
  const BOTH_REQUESTS = [
    `${EDITOR} /o/acme/api/orgs/current/workspaces`,
    `${EDITOR} /o/docs/api/orgs`,
    `${EDITOR} /o/docs/api/orgs/current/workspaces`,
    `${OWNER} /o/acme/api/orgs/current/workspaces`,
    `${OWNER} /o/docs/api/orgs`,
    `${OWNER} /o/docs/api/orgs/current/workspaces`,
    `${OWNER} /o/globex/api/orgs/current/workspaces`,
  ];

  it('one refresh lists both, each site with its account under the accounts’ headings, each asked with its own key', async () => {
    await startTwo();
    const listing = await refreshListing();
    const server = new URL(grist.url).host;
    expect(listing.accounts).toEqual([
      { id: OWNER, user: OLIVIA, server },
      { id: EDITOR, user: null, server },
    ]);
    expect(sitesOf(listing)).toEqual(BOTH_SITES());
    expect(listing.sites.map((site) => site.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    // Each user's own answer: Olivia owns Acme's workspaces, Ed edits them; each has their own personal site.
    const acme = (account: string) => listing.sites.find((site) => site.account === account && site.orgId === ORGS.acme.id)!;
    expect(acme(OWNER).workspaces.map((workspace) => workspace.access)).toEqual(acme(OWNER).workspaces.map(() => 'owners'));
    expect(acme(EDITOR).workspaces.map((workspace) => workspace.access)).toEqual(acme(EDITOR).workspaces.map(() => 'editors'));
    const personal = (account: string) => listing.sites.find((site) => site.account === account && site.personal)!.orgId;
    expect([personal(OWNER), personal(EDITOR)]).toEqual([ORGS.ownerPersonal.id, ORGS.editorPersonal.id]);
    // One request per site of each account, with that account's key and no other.
    expect(keyedGets()).toEqual(BOTH_REQUESTS);
    expect(await readListing()).toEqual(listing);
  });

  it('keeps the ETags per account: the next refresh sends each account its own, and both get 304s', async () => {
    await startTwo();
    const first = await refreshListing();
    await readListing(); // its write is done
    const stored = await listingTagsItem.get();
    expect(Object.keys(stored?.tags ?? {}).sort()).toEqual([EDITOR, OWNER].sort());
    // One URL, two users, two answers: each account keeps its own ETag for it.
    const siteList = `${grist.url}/o/docs/api/orgs`;
    expect(stored?.tags[OWNER]?.[siteList]).toEqual(expect.any(String));
    expect(stored?.tags[EDITOR]?.[siteList]).toEqual(expect.any(String));
    expect(stored?.tags[OWNER]?.[siteList]).not.toBe(stored?.tags[EDITOR]?.[siteList]);
    grist.clearRequests();

    const second = await refreshListing();
    expect(keyedGets()).toEqual(BOTH_REQUESTS);
    for (const request of gets()) {
      const account = request.apiKey === USERS.owner.apiKey ? OWNER : EDITOR;
      const url = `${grist.url}${request.path}`;
      expect([request.path, request.ifNoneMatch, request.answer]).toEqual([request.path, stored?.tags[account]?.[url], { status: 304, bodyBytes: 0 }]);
    }
    expect(second.revision).toBe(first.revision);
    expect(second.sites).toEqual(first.sites);
  });

  it('an account whose key Grist refuses shows its error under its own heading; the other lists', async () => {
    await startTwo({ ...KEYS, [EDITOR]: 'f'.repeat(40) });
    // The refused account first: it holds nothing back.
    const [owner, editor] = await accountsItem.get();
    await accountsItem.set([editor!, owner!]);
    const listing = await refreshListing();
    expect(listing.accounts).toEqual([
      { id: EDITOR, user: null, server: new URL(grist.url).host, error: expect.objectContaining({ kind: 'auth', status: 401 }) },
      { id: OWNER, user: OLIVIA, server: new URL(grist.url).host },
    ]);
    expect(sitesOf(listing)).toEqual(BOTH_SITES().filter(([account]) => account === OWNER));
    expect(listing.sites.map((site) => site.error)).toEqual([undefined, undefined, undefined]);
  });

  it('a key revoked since the last refresh: its account keeps its last good sites under its error; the other lists afresh', async () => {
    await startTwo();
    const first = await refreshListing();
    await readListing();
    grist.revokeKey(USERS.editor.id);
    const listing = await refreshListing();
    expect(listing.accounts?.map((account) => [account.id, account.error?.kind])).toEqual([
      [OWNER, undefined],
      [EDITOR, 'auth'],
    ]);
    expect(listing.sites).toEqual(first.sites);
  });

  it('removing an account during a refresh: no further request carries its key, and nothing of it is stored', async () => {
    await startTwo();
    // No cached listing: each account's sites are asked once its site list is in.
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 200 });
    const refresh = refreshListing();
    await vi.waitFor(() => expect(keyedGets()).toEqual([`${EDITOR} /o/docs/api/orgs`, `${OWNER} /o/docs/api/orgs`]));
    await removeAccount({ account: EDITOR });
    await refresh.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Only the site list asked before the removal went with Ed's key; none of his sites was asked.
    expect(gets().filter((request) => request.apiKey === USERS.editor.apiKey).map((request) => request.path)).toEqual(['/o/docs/api/orgs']);
    expect(await readListing()).toBeNull();
    expect(await listingTagsItem.get()).toBeNull();
    expect(await apiKeysItem.get()).toEqual({ [OWNER]: USERS.owner.apiKey });
    expect((await accountsItem.get()).map((account) => account.id)).toEqual([OWNER]);

    // The next refresh is the remaining account's alone.
    grist.clearFaults();
    grist.clearRequests();
    const listing = await refreshListing();
    expect(listing.accounts).toBeUndefined();
    expect(sitesOf(listing)).toEqual(BOTH_SITES().filter(([account]) => account === OWNER));
    expect(gets().every((request) => request.apiKey === USERS.owner.apiKey)).toBe(true);
  });

  it('removing an account during a refresh that revalidates the cache: its part of the cache is gone for good, the other’s stays', async () => {
    await startTwo();
    const first = await refreshListing();
    await readListing();
    grist.clearRequests();
    grist.injectFault({ path: '/api/orgs', holdAnswerMs: 200 });
    const refresh = refreshListing();
    // Both site lists and every cached site's revalidation are on their way.
    await vi.waitFor(() => expect(keyedGets()).toEqual(BOTH_REQUESTS));
    await removeAccount({ account: EDITOR });
    await refresh.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets().filter((request) => request.apiKey === USERS.editor.apiKey)).toHaveLength(3);
    const cached = await readListing();
    expect(cached?.sites).toEqual(first.sites.filter((site) => site.account === OWNER));
    expect(cached?.accounts).toBeUndefined();
    expect(Object.keys((await listingTagsItem.get())?.tags ?? {})).toEqual([OWNER]);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(EDITOR);
  });
});

describe('several accounts (issue 19): two servers', () => {
  it('a server that is down shows its error under its account’s heading; the other server’s account lists, each with its own key only', async () => {
    const servers = await startTwoServers();
    grist = servers.first; // closed by the file's afterEach; the second below
    try {
      fakeBrowser.permissions.contains = (async () => true) as never;
      await saveAccounts([
        { id: 'work', settings: { personalSiteUrl: `${servers.first.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey },
        { id: 'client', settings: { personalSiteUrl: `${servers.second.url}/o/docs`, teamSiteUrls: [] }, apiKey: SECOND_USERS.edith.apiKey },
      ]);
      servers.second.injectFault({ path: '/api/orgs', status: 503 });
      const listing = await refreshListing();
      await readListing();
      expect(listing.accounts?.map((account) => [account.id, account.server, account.error?.kind])).toEqual([
        ['work', new URL(servers.first.url).host, undefined],
        ['client', new URL(servers.second.url).host, 'server'],
      ]);
      expect(listing.sites.map((site) => [site.account, site.name, site.error])).toEqual([
        ['work', 'Personal', undefined],
        ['work', 'Acme Corp', undefined],
        ['work', 'Globex Inc', undefined],
      ]);
      expect(new Set(servers.first.requests.map((request) => request.apiKey))).toEqual(new Set([USERS.owner.apiKey]));
      // Its site list only (tried again, as any 503), with its own key.
      expect(new Set(servers.second.requests.map((request) => `${request.path} ${request.apiKey}`))).toEqual(new Set([`/o/docs/api/orgs ${SECOND_USERS.edith.apiKey}`]));

      // Back up: both list, the client's sites at their own server's address (org ids and a domain collide).
      servers.second.clearFaults();
      const both = await refreshListing();
      await readListing();
      expect(both.accounts?.map((account) => account.error)).toEqual([undefined, undefined]);
      expect(both.sites.filter((site) => site.account === 'client').map((site) => [site.name, site.siteUrl])).toEqual([
        ['Personal', `${servers.second.url}/o/docs`],
        ['Acme Research', `${servers.second.url}/o/acme`],
      ]);
    } finally {
      await servers.second.close();
    }
  });
});
