import { fakeBrowser } from '@webext-core/fake-browser';
import type { Runtime } from 'webextension-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/background/grist/api-error.ts';
import type { Refresh } from '../../../src/background/listing/listing-service.ts';
import { createListingPortListener, createMessageListener, createPeoplePortListener, type Handlers } from '../../../src/background/message-router.ts';
import type { Listing, RefreshStep } from '../../../src/shared/protocol/listing.ts';
import { LISTING_PORT, listingPortName, MESSAGES, PEOPLE_PORT, type ListingPart, type MessageName, type SitesPeoplePart } from '../../../src/shared/protocol/messages.ts';
import type { AccessList, AccessResource } from '../../../src/shared/protocol/sharing.ts';
import { deferred } from '../../setup/deferred.ts';
import { leastValid } from '../../setup/request-values.ts';
import { siteEntry } from '../../setup/listings.ts';

const settings = { accounts: [{ id: 'a1', hasApiKey: true, user: null, personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] }] };

/**
 * A spy for every message MESSAGES declares, each answering null but getSettings (`settings`):
 * the router passes on whatever its handler answers. `overrides` replace some.
 */
function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const spies = Object.fromEntries(Object.keys(MESSAGES).map((name) => [name, vi.fn(async () => null)]));
  return { ...spies, getSettings: vi.fn(async () => settings), ...overrides } as unknown as Handlers;
}

const ownPage = (): Runtime.MessageSender => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/src/popup/index.html'),
});

describe('the message router', () => {
  it('answers the extension’s own pages with a Result', async () => {
    const listen = createMessageListener(handlers(), Promise.resolve());
    await expect(listen({ type: 'getSettings', request: null }, ownPage())).resolves.toEqual({ ok: true, value: settings });
  });

  it.each([
    ['a web page (content script)', { id: fakeBrowser.runtime.id, url: 'https://evil.example.com/', tab: { id: 1 } }],
    ['another extension', { id: 'other-extension', url: 'chrome-extension://other-extension/page.html' }],
    ['a sender without a URL', { id: fakeBrowser.runtime.id }],
  ])('drops messages from %s without running anything', (_name, sender) => {
    const all = handlers();
    const listen = createMessageListener(all, Promise.resolve());
    expect(listen({ type: 'renameDocument', request: { orgId: 1, docId: 'd', name: 'n' } }, sender as Runtime.MessageSender)).toBeUndefined();
    expect(all.renameDocument).not.toHaveBeenCalled();
  });

  it('drops messages that are not of the protocol', () => {
    const listen = createMessageListener(handlers(), Promise.resolve());
    expect(listen({ type: 'stealKey', request: null }, ownPage())).toBeUndefined();
    expect(listen('getSettings', ownPage())).toBeUndefined();
  });

  it('refuses a malformed request before its handler runs', async () => {
    const all = handlers();
    const listen = createMessageListener(all, Promise.resolve());
    const reply = await listen({ type: 'renameDocument', request: { orgId: '1', docId: 'd', name: 'n' } }, ownPage());
    expect(reply).toEqual({ ok: false, error: { kind: 'invalid-input', message: 'The extension sent a malformed request.' } });
    expect(all.renameDocument).not.toHaveBeenCalled();
  });

  it.each([
    ['saveSettings with more than ten accounts', 'saveSettings', { accounts: Array.from({ length: 11 }, () => ({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] })) }],
    ['removeAccount naming no account', 'removeAccount', { account: '' }],
    ['removeApiKey without an account, as before accounts', 'removeApiKey', null],
    ['renameWorkspace without its site URL (org ids are per server)', 'renameWorkspace', { orgId: 1, workspaceId: 2, name: 'n' }],
    ['startBulkMove to a workspace without its site URL', 'startBulkMove', { requestId: 'r1', items: [], to: { orgId: 1, workspaceId: 2 } }],
    ['startBulkTrash without the request id a repeated start is known by', 'startBulkTrash', { items: [] }],
    ['removePerson carrying grants: the worker takes what its own preview read, never grants a page sends', 'removePerson', { email: 'p@example.com', previewId: 'p', sites: [{ orgId: 1, siteUrl: 'https://acme.getgrist.com', had: { role: 'owners', workspaces: [], documents: [] } }] }],
    ['downloadDocument in a format Grist has no download for', 'downloadDocument', { orgId: 1, docId: 'd', format: 'pdf' }],
    ['downloadDocument of a CSV naming an empty table', 'downloadDocument', { orgId: 1, docId: 'd', format: 'csv', tableId: '' }],
    ['readDocumentTables without its document', 'readDocumentTables', { orgId: 1 }],
    ['showDownload of a download id that is not a whole number', 'showDownload', { downloadId: 1.5 }],
    ['downloadDocument marked to wait for anything but the permission granted', 'downloadDocument', { orgId: 1, docId: 'd', format: 'grist', once: 'always' }],
    ['startBulkBackup marked to wait for anything but the permission granted', 'startBulkBackup', { requestId: 'r1', items: [], format: 'grist', once: true }],
    ['dropWaitingDownloads carrying a request (it takes none)', 'dropWaitingDownloads', { all: true }],
  ] as const)('refuses %s before its handler runs', async (_name, type, request) => {
    const all = handlers();
    const reply = await createMessageListener(all, Promise.resolve())({ type, request }, ownPage());
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(all[type]).not.toHaveBeenCalled();
  });

  it('passes a download’s request to its handler, and its answer back', async () => {
    const done = { downloadId: 3, path: '/home/me/Downloads/Budget-Expenses.csv', bytes: 120 };
    const downloadDocument = vi.fn(async () => done);
    const listen = createMessageListener(handlers({ downloadDocument }), Promise.resolve());
    const request = { orgId: 1, siteUrl: 'https://acme.getgrist.com', docId: 'd', format: 'csv', tableId: 'Expenses' };
    await expect(listen({ type: 'downloadDocument', request }, ownPage())).resolves.toEqual({ ok: true, value: done });
    expect(downloadDocument).toHaveBeenCalledWith(request);
  });

  it('passes a start marked to wait for the downloads permission, and a drop of it, to their handlers', async () => {
    const downloadDocument = vi.fn(async () => ({ downloadId: 1, path: '/d/D.grist', bytes: 1 }));
    const dropWaitingDownloads = vi.fn(async () => null);
    const listen = createMessageListener(handlers({ downloadDocument, dropWaitingDownloads }), Promise.resolve());
    const request = { orgId: 1, docId: 'd', format: 'grist', once: 'granted' };
    await expect(listen({ type: 'downloadDocument', request }, ownPage())).resolves.toMatchObject({ ok: true });
    expect(downloadDocument).toHaveBeenCalledWith(request);
    await expect(listen({ type: 'dropWaitingDownloads', request: null }, ownPage())).resolves.toEqual({ ok: true, value: null });
    expect(dropWaitingDownloads).toHaveBeenCalledOnce();
  });

  it('returns an ApiError as a value', async () => {
    const listen = createMessageListener(
      handlers({ refreshListing: async () => Promise.reject(new ApiError('auth', 'Grist refused the API key.', 401)) }),
      Promise.resolve(),
    );
    await expect(listen({ type: 'refreshListing', request: null }, ownPage())).resolves.toEqual({
      ok: false,
      error: { kind: 'auth', status: 401, message: 'Grist refused the API key.' },
    });
  });

  it('hides the text of unexpected errors, which could hold anything', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listen = createMessageListener(
      handlers({ getSettings: async () => Promise.reject(new Error('secret-key-in-a-stack')) }),
      Promise.resolve(),
    );
    const reply = await listen({ type: 'getSettings', request: null }, ownPage());
    expect(JSON.stringify(reply)).not.toContain('secret-key');
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad-response' } });
  });

  it('waits for start-up before handling', async () => {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const all = handlers();
    const reply = createMessageListener(all, ready)({ type: 'getSettings', request: null }, ownPage());
    await Promise.resolve();
    expect(all.getSettings).not.toHaveBeenCalled();
    started();
    await reply;
    expect(all.getSettings).toHaveBeenCalledOnce();
  });
});

/**
 * The router derived from MESSAGES: what it does for one message it does for every message the map
 * declares, with nothing listed here (a new message is covered once it is in the map).
 */
describe('every message MESSAGES declares', () => {
  const names = Object.keys(MESSAGES) as MessageName[];
  /** Requests no message takes: each message takes null (`v.null()`) or an object with a required field. */
  const malformed = (name: MessageName): unknown[] => [undefined, 'request', 42, true, [], {}, { request: null }, ...(MESSAGES[name].request.type === 'null' ? [] : [null])];

  it.each(names)('%s: a malformed request is answered with an error value, and its handler does not run', async (name) => {
    const all = handlers();
    const listen = createMessageListener(all, Promise.resolve());
    for (const request of malformed(name)) {
      const reply = await listen({ type: name, request }, ownPage());
      expect(reply, JSON.stringify(request)).toEqual({ ok: false, error: { kind: 'invalid-input', message: 'The extension sent a malformed request.' } });
    }
    expect(all[name]).not.toHaveBeenCalled();
  });

  it.each(names)('%s: from a web page, another extension or a sender without a URL, no reply and nothing runs', (name) => {
    const all = handlers();
    const listen = createMessageListener(all, Promise.resolve());
    const senders = [
      { id: fakeBrowser.runtime.id, url: 'https://evil.example.com/', tab: { id: 1 } },
      { id: 'other-extension', url: 'chrome-extension://other-extension/page.html' },
      { id: fakeBrowser.runtime.id },
    ] as Runtime.MessageSender[];
    for (const sender of senders) for (const request of [null, {}]) expect(listen({ type: name, request }, sender)).toBeUndefined();
    expect(all[name]).not.toHaveBeenCalled();
  });

  it.each(names)('%s: a handler that fails is answered with its error as a value', async (name) => {
    // Past the schema with a request it lets through: the map's own check decides, not a list here.
    const failing = handlers({ [name]: async () => Promise.reject(new ApiError('forbidden', 'Only owners may do that.', 403)) });
    const listen = createMessageListener(failing, Promise.resolve());
    const reply = await listen({ type: name, request: leastValid(MESSAGES[name].request) }, ownPage());
    expect(reply).toEqual({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only owners may do that.' } });
  });
});

/** A port as the browser hands it to onConnect. `open` false makes postMessage throw, as on a closed port. */
function fakePort(name = LISTING_PORT, sender = ownPage()) {
  const port = {
    name,
    sender,
    open: true,
    parts: [] as ListingPart[],
    postMessage(part: ListingPart) {
      if (!port.open) throw new Error('Attempting to use a disconnected port object');
      port.parts.push(part);
    },
    onDisconnect: { addListener: vi.fn() },
  };
  return port;
}

const site = (orgId: number, name: string) => siteEntry(orgId, name, [], { siteUrl: `https://s${orgId}.getgrist.com` });

describe('the listing port', () => {
  const listing: Listing = { fetchedAt: 7, revision: 'r1', sites: [site(1, 'One'), site(2, 'Two')] };
  /** A refresh giving `outcome`, under way at once, whose steps are its site list and then each site. */
  const refreshing = (outcome: () => Promise<Listing>) =>
    vi.fn((): Refresh => {
      const listeners: Array<(step: RefreshStep) => void> = [];
      const report = (step: RefreshStep) => listeners.forEach((listener) => listener(step));
      // As a real refresh: its storage reads, then its steps, then its listing.
      const listing = new Promise((resolve) => setTimeout(resolve, 0)).then(outcome).then((result) => {
        report({ sites: result.sites.map(({ account, orgId, name, domain, personal, siteUrl }) => ({ account, orgId, name, domain, personal, siteUrl })) });
        result.sites.forEach((entry, index) => report({ site: entry, index, unchanged: index === 1 }));
        return result;
      });
      return { listing, underway: Promise.resolve(), watch: (listener) => void listeners.push(listener), cachedRevision: Promise.resolve('r0') };
    });
  const connect = (port: ReturnType<typeof fakePort>, start: () => Refresh, ready: Promise<unknown> = Promise.resolve()) =>
    createListingPortListener(start, ready)(port as unknown as Runtime.Port);

  it('says the refresh is under way, then passes on each step as it comes, then the rest of the reply', async () => {
    const port = fakePort();
    connect(port, refreshing(async () => structuredClone(listing)));
    await vi.waitFor(() => expect(port.parts).toHaveLength(5));
    expect(port.parts).toEqual([
      { underway: true },
      { sites: listing.sites.map(({ workspaces: _, ...header }) => header) },
      { site: listing.sites[0], index: 0, unchanged: false },
      { site: listing.sites[1], index: 1, unchanged: true },
      { end: { ok: true, value: { fetchedAt: 7, revision: 'r1', sites: [] } } },
    ]);
  });

  it('to a page showing the cached listing the refresh revalidates, sends an unchanged site without its workspaces', async () => {
    const port = fakePort(listingPortName('r0'));
    connect(port, refreshing(async () => structuredClone(listing)));
    await vi.waitFor(() => expect(port.parts).toHaveLength(5));
    expect(port.parts.slice(2, 4)).toEqual([{ site: listing.sites[0], index: 0, unchanged: false }, { index: 1, asShown: true }]);
    // A page showing another listing gets every site whole.
    const other = fakePort(listingPortName('r-other'));
    connect(other, refreshing(async () => structuredClone(listing)));
    await vi.waitFor(() => expect(other.parts).toHaveLength(5));
    expect(other.parts[3]).toEqual({ site: listing.sites[1], index: 1, unchanged: true });
  });

  it('says nothing is under way until the refresh is', async () => {
    let readsDone!: () => void;
    const port = fakePort();
    connect(port, () => ({
      listing: new Promise<Listing>(() => undefined),
      underway: new Promise<void>((resolve) => (readsDone = resolve)),
      watch: () => undefined,
      cachedRevision: Promise.resolve(undefined),
    }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(port.parts).toEqual([]);
    readsDone();
    await vi.waitFor(() => expect(port.parts).toEqual([{ underway: true }]));
  });

  it('answers a failed refresh as one error value', async () => {
    const port = fakePort();
    connect(port, refreshing(async () => Promise.reject(new ApiError('auth', 'Grist refused the API key.', 401))));
    await vi.waitFor(() => expect(port.parts).toHaveLength(2));
    expect(port.parts).toContainEqual({ end: { ok: false, error: { kind: 'auth', status: 401, message: 'Grist refused the API key.' } } });
  });

  it('leaves other ports, and ports from others, alone: nothing runs', async () => {
    const start = refreshing(async () => listing);
    for (const port of [fakePort('other'), fakePort(LISTING_PORT, { id: 'other-extension', url: 'chrome-extension://other-extension/page.html' })]) {
      connect(port, start);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(start).not.toHaveBeenCalled();
  });

  it('waits for start-up, and a page closed before the end stops the parts without an error', async () => {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const start = refreshing(async () => listing);
    const port = fakePort();
    connect(port, start, ready);
    await Promise.resolve();
    expect(start).not.toHaveBeenCalled();
    port.open = false;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    started();
    await vi.waitFor(() => expect(start).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(port.parts).toEqual([]);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

/**
 * The People view's port as the browser hands it to onConnect: the page's messages delivered with
 * `ask`, its closing with `close` (onDisconnect, after which postMessage throws, as on a closed port).
 */
function fakePeoplePort(name = PEOPLE_PORT, sender = ownPage()) {
  const heard: Array<(message: unknown) => void> = [];
  const closed: Array<() => void> = [];
  const port = {
    name,
    sender,
    open: true,
    parts: [] as SitesPeoplePart[],
    postMessage(part: SitesPeoplePart) {
      if (!port.open) throw new Error('Attempting to use a disconnected port object');
      port.parts.push(structuredClone(part));
    },
    onMessage: { addListener: (listener: (message: unknown) => void) => heard.push(listener) },
    onDisconnect: { addListener: (listener: () => void) => closed.push(listener) },
    ask: (message: unknown) => heard.forEach((listener) => listener(structuredClone(message))),
    close: () => {
      port.open = false;
      closed.forEach((listener) => listener());
    },
  };
  return port;
}

describe('the People port', () => {
  const sites = [1, 2, 3].map((orgId) => ({ orgId, siteUrl: `https://s${orgId}.getgrist.com` }));
  const listOf = (resource: AccessResource): AccessList => ({ resource, account: 'a1', ownEmail: 'me@example.com', savedUsers: [], canChange: true, onlySelf: false, people: [], publicRole: null });
  /** readAccess with each site's read held until the test settles it, by org id. */
  const heldReads = () => {
    const reads = new Map(sites.map(({ orgId }) => [orgId, deferred<AccessList>()]));
    const readAccess = vi.fn((resource: AccessResource) => reads.get(resource.orgId)!.promise);
    return { reads, readAccess };
  };
  /** readEachAccess over `readAccess`: each site's read started in a task of its own, in order, while wanted. */
  const eachOf =
    (readAccess: Handlers['readAccess']) =>
    async (resources: AccessResource[], each: (index: number, read: Promise<AccessList>) => void, wanted: () => boolean) => {
      for (const [index, resource] of resources.entries()) {
        if (!wanted()) return;
        each(index, readAccess(resource));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
  const connect = (port: ReturnType<typeof fakePeoplePort>, readAccess: Handlers['readAccess'], ready: Promise<unknown> = Promise.resolve()) =>
    createPeoplePortListener(eachOf(readAccess), ready)(port as unknown as Runtime.Port);
  const resource = (index: number) => ({ kind: 'site', ...sites[index]! }) as const;

  it('reads every site at once, and posts each as it answers: a site that never answers holds back none of the others', async () => {
    const { reads, readAccess } = heldReads();
    const port = fakePeoplePort();
    connect(port, readAccess);
    port.ask({ sites });
    await vi.waitFor(() => expect(readAccess).toHaveBeenCalledTimes(3));
    expect(readAccess.mock.calls.map(([asked]) => asked)).toEqual([resource(0), resource(1), resource(2)]);
    // Site 1 (a slow host) never answers; 3, then 2, do.
    reads.get(3)!.resolve(listOf(resource(2)));
    await vi.waitFor(() => expect(port.parts).toHaveLength(1));
    expect(port.parts).toEqual([{ index: 2, reply: { ok: true, value: listOf(resource(2)) } }]);
    reads.get(2)!.resolve(listOf(resource(1)));
    await vi.waitFor(() => expect(port.parts).toHaveLength(2));
    expect(port.parts[1]).toEqual({ index: 1, reply: { ok: true, value: listOf(resource(1)) } });
  });

  it('posts a failed read as an error value, in its place', async () => {
    const { reads, readAccess } = heldReads();
    const port = fakePeoplePort();
    connect(port, readAccess);
    port.ask({ sites });
    await vi.waitFor(() => expect(readAccess).toHaveBeenCalledTimes(3));
    reads.get(1)!.reject(new ApiError('timeout', 's1.getgrist.com did not answer in 15 s.'));
    await vi.waitFor(() => expect(port.parts).toHaveLength(1));
    expect(port.parts).toEqual([{ index: 0, reply: { ok: false, error: { kind: 'timeout', message: 's1.getgrist.com did not answer in 15 s.' } } }]);
  });

  it('once the page closed the port, posts nothing more (the reads under way finish), without an error', async () => {
    const { reads, readAccess } = heldReads();
    const port = fakePeoplePort();
    const posted = vi.spyOn(port, 'postMessage');
    connect(port, readAccess);
    port.ask({ sites });
    await vi.waitFor(() => expect(readAccess).toHaveBeenCalledTimes(3));
    reads.get(1)!.resolve(listOf(resource(0)));
    await vi.waitFor(() => expect(port.parts).toHaveLength(1));
    port.close();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    reads.get(2)!.resolve(listOf(resource(1)));
    reads.get(3)!.reject(new ApiError('network', 'Could not reach s3.getgrist.com.'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(posted).toHaveBeenCalledOnce();
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('tells the reads to start no more once the page closed the port', async () => {
    let wanted: (() => boolean) | undefined;
    const port = fakePeoplePort();
    createPeoplePortListener(async (_resources, _each, asked) => void (wanted = asked), Promise.resolve())(port as unknown as Runtime.Port);
    port.ask({ sites });
    await vi.waitFor(() => expect(wanted).toBeDefined());
    expect(wanted!()).toBe(true);
    port.close();
    expect(wanted!()).toBe(false);
  });

  it('when the reads cannot start at all, posts the error as a value for each site not started', async () => {
    const port = fakePeoplePort();
    createPeoplePortListener(async (_resources, each) => {
      each(0, new Promise<AccessList>(() => undefined));
      throw new ApiError('network', 'The storage could not be read.');
    }, Promise.resolve())(port as unknown as Runtime.Port);
    port.ask({ sites });
    await vi.waitFor(() => expect(port.parts).toHaveLength(2));
    const failed = { ok: false, error: { kind: 'network', message: 'The storage could not be read.' } };
    expect(port.parts).toEqual([
      { index: 1, reply: failed },
      { index: 2, reply: failed },
    ]);
  });

  it('answers a malformed request with one refusal and reads nothing; a second request on the port is not read', async () => {
    const readAccess = vi.fn(async (asked: AccessResource) => listOf(asked));
    for (const request of [{ sites: [{ orgId: '1', siteUrl: 'x' }] }, { sites: 'all' }, null, { sites: Array.from({ length: 1001 }, () => sites[0]) }]) {
      const port = fakePeoplePort();
      connect(port, readAccess);
      port.ask(request);
      await vi.waitFor(() => expect(port.parts).toHaveLength(1));
      expect(port.parts).toEqual([{ refused: { kind: 'invalid-input', message: expect.any(String) } }]);
    }
    expect(readAccess).not.toHaveBeenCalled();
    const port = fakePeoplePort();
    connect(port, readAccess);
    port.ask({ sites: sites.slice(0, 1) });
    port.ask({ sites });
    await vi.waitFor(() => expect(port.parts).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(readAccess).toHaveBeenCalledOnce();
  });

  it('waits for start-up; leaves other ports, and ports from others, alone', async () => {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const readAccess = vi.fn(async (asked: AccessResource) => listOf(asked));
    const others = [fakePeoplePort(LISTING_PORT), fakePeoplePort(PEOPLE_PORT, { id: 'other-extension', url: 'chrome-extension://other-extension/page.html' })];
    const port = fakePeoplePort();
    for (const each of [...others, port]) {
      connect(each, readAccess, ready);
      each.ask({ sites });
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(readAccess).not.toHaveBeenCalled();
    started();
    await vi.waitFor(() => expect(port.parts).toHaveLength(3));
    expect(readAccess).toHaveBeenCalledTimes(3);
    expect(others.map(({ parts }) => parts)).toEqual([[], []]);
  });
});
