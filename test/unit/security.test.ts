/**
 * The background's security rules, each shown with the message listener exactly as
 * src/background/index.ts wires it (real handlers, in-memory `browser`, the fake Grist server):
 * - no reply and no stored item but `apiKey` ever holds the key, whatever went wrong;
 * - the key goes only to the configured sites: never to another origin, not through a redirect,
 *   not over plain http outside this machine;
 * - only the extension's own pages are answered.
 * Each test would fail if the protection it names were removed. Every message the protocol map
 * (MESSAGES) declares is covered from the map: the one thing a new message adds here is its valid
 * request in everyRequest (its mapped type says when one is missing).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { Runtime } from 'webextension-polyfill';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createGristClient } from '../../src/background/grist/grist-client.ts';
import { anyJsonSchema, orgListSchema } from '../../src/background/grist/grist-schemas.ts';
import { createMessageListener, type Handlers } from '../../src/background/message-router.ts';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import type { ErrorKind } from '../../src/shared/protocol/errors.ts';
import type { Listing } from '../../src/shared/protocol/listing.ts';
import { LISTING_PORT, MESSAGES, PEOPLE_PORT, type ListingPart, type MessageName, type Reply, type RequestOf, type SitesPeoplePart, type SitesPeopleRequest } from '../../src/shared/protocol/messages.ts';
import { accountsItem, apiKeysItem, listingItem } from '../../src/shared/storage/storage-items.ts';
import { changeLogItem, CHANGE_LOG_VERSION } from '../../src/shared/storage/change-log-items.ts';
import { DOCS, ORGS, sampleSeed, SECOND_DOCS, SECOND_ORGS, SECOND_USERS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { ACCOUNT_1, saveAccounts, saveSettingsWithKey } from '../setup/saved-key.ts';
import { startTwoServers, type TwoServers } from '../fake-grist/two-servers.ts';
import { installFakeDownloads } from '../setup/fake-downloads.ts';
import { malformedRequests } from '../setup/request-values.ts';

/** The saved key: no reply, log line or stored item but `apiKey` may ever contain it. */
const KEY = USERS.owner.apiKey;

type Listener = (message: unknown, sender: Runtime.MessageSender) => Promise<unknown> | undefined;
/** A request for every message MESSAGES declares; the mapped type makes forgetting one a type error. */
type EveryRequest = { [K in MessageName]: RequestOf<K> };

/** `runtime.onMessage` as src/background/index.ts registers it. */
let wired: Listener;
/** `runtime.onConnect` as src/background/index.ts registers it (for the listing's port and the People view's). */
let wiredConnect: (port: Runtime.Port) => void;
const onConnect = { addListener: vi.fn() };
/** What the worker could use to hear web pages or other extensions; it must use none. */
const externalChannels = {
  onMessageExternal: { addListener: vi.fn() },
  onConnectExternal: { addListener: vi.fn() },
};

let grist: FakeGrist;
let hasPermission: Mock<() => Promise<boolean>>;
let updateDynamicRules: Mock<() => Promise<void>>;
let createMenu: Mock<() => void>;
let createWindow: Mock<() => Promise<object>>;
let logged: Mock<(...args: unknown[]) => void>;

/** The browser APIs fake-browser does not implement, stubbed; fresh mocks so each test counts its own calls. */
function stubBrowser(): void {
  hasPermission = vi.fn(async () => true);
  updateDynamicRules = vi.fn(async () => undefined);
  createMenu = vi.fn();
  createWindow = vi.fn(async () => ({}));
  fakeBrowser.permissions.contains = hasPermission as never;
  fakeBrowser.declarativeNetRequest.updateDynamicRules = updateDynamicRules as never;
  fakeBrowser.windows.create = createWindow as never;
  Object.assign(fakeBrowser.contextMenus, {
    removeAll: vi.fn(async () => undefined),
    create: createMenu,
    update: vi.fn(async () => undefined),
    onClicked: { addListener: vi.fn() },
  });
  Object.assign(fakeBrowser.commands, { onCommand: { addListener: vi.fn() } });
  Object.assign(fakeBrowser.runtime, externalChannels, { onConnect });
  // The browser's downloads, fetching each file from the fake Grist as Chromium would.
  installFakeDownloads({ fetchFiles: true });
}

beforeAll(async () => {
  stubBrowser();
  const addListener = vi.spyOn(fakeBrowser.runtime.onMessage, 'addListener');
  await import('../../src/background/index.ts');
  expect(addListener).toHaveBeenCalledOnce();
  wired = addListener.mock.calls[0]?.[0] as unknown as Listener;
  addListener.mockRestore();
  expect(onConnect.addListener).toHaveBeenCalledOnce();
  wiredConnect = onConnect.addListener.mock.calls[0]?.[0] as (port: Runtime.Port) => void;
});

beforeEach(async () => {
  stubBrowser();
  logged = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(logged);
  grist = await startFakeGrist({ mode: 'org-in-path' });
});
afterEach(async () => {
  // Logs are not replies, but they end up in bug reports: the key stays out of them too.
  expect(JSON.stringify(logged.mock.calls.map((args) => args.map(String)))).not.toContain(KEY);
  vi.restoreAllMocks();
  await grist.close();
});

const ownPage = (path = 'src/popup/index.html'): Runtime.MessageSender => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL(path),
});

const personalSite = () => `${grist.url}/o/docs`;
const bugTrackerPage = (server = grist) => `${server.url}/o/acme/${DOCS.bugTracker.urlId}/Bug-Tracker`;

/** A rename of the change log, for undoChange to undo: Roadmap 2025 → Roadmap 2026, its name now. */
const SEEDED_ENTRY_ID = 'seeded-entry';

async function configure(apiKey = KEY): Promise<void> {
  await saveSettingsWithKey({ personalSiteUrl: personalSite(), teamSiteUrls: [] }, apiKey);
  await changeLogItem.set({
    version: CHANGE_LOG_VERSION,
    entries: [
      {
        id: SEEDED_ENTRY_ID,
        kind: 'rename',
        target: { kind: 'document', id: DOCS.roadmap.id },
        account: ACCOUNT_1,
        at: 1,
        site: { orgId: ORGS.acme.id, name: 'Acme Corp', url: `${grist.url}/o/acme` },
        workspace: null,
        oldName: 'Roadmap 2025',
        newName: 'Roadmap 2026',
        source: 'popup',
      },
    ],
  });
  // In the trash already, for deleteDocument (restoreDocument takes back what removeDocument trashed).
  const readingList = grist.doc(DOCS.readingList.id);
  if (readingList && readingList.removedAt === undefined) {
    const removed = await fetch(`${grist.url}/o/docs/api/docs/${DOCS.readingList.id}/remove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    expect(removed.status).toBe(200);
    grist.clearRequests();
  }
}

/** Sends one message from `sender` through the wired listener. Out: the reply, or undefined for none. */
function deliver(type: MessageName, request: unknown, sender: Runtime.MessageSender): Promise<unknown> | undefined {
  return wired({ type, request }, sender);
}

/**
 * Opens a port named `name` from `sender` to the wired onConnect listener, and posts `ask` on it if
 * given (the People port's request). Out: the parts posted on it, as they come.
 */
function connect(name: string, sender: Runtime.MessageSender, ask?: SitesPeopleRequest): Array<ListingPart | SitesPeoplePart> {
  const posted: Array<ListingPart | SitesPeoplePart> = [];
  const heard: Array<(message: unknown) => void> = [];
  const port = {
    name,
    sender,
    postMessage: (part: ListingPart) => posted.push(part),
    disconnect: vi.fn(),
    onMessage: { addListener: (listener: (message: unknown) => void) => heard.push(listener) },
    onDisconnect: { addListener: vi.fn() },
  };
  wiredConnect(port as unknown as Runtime.Port);
  if (ask) for (const listener of heard) listener(structuredClone(ask));
  return posted;
}

/** The People port's request for the sample's two team sites, as the popup asks it. */
const peopleRequest = (): SitesPeopleRequest => ({ sites: [ORGS.acme, ORGS.globex].map((org) => ({ orgId: org.id, siteUrl: `${grist.url}/o/${org.domain}` })) });

async function send<K extends MessageName>(type: K, request: RequestOf<K>): Promise<Reply<K>> {
  const reply = deliver(type, request, ownPage());
  expect(reply, `no reply to ${type}`).toBeInstanceOf(Promise);
  return (await reply) as Reply<K>;
}

/** Everything in `storage.local` but the key's own item, and `storage.sync`, as JSON. */
async function storedOutsideApiKey(): Promise<string> {
  const local = await fakeBrowser.storage.local.get(null);
  delete local.apiKeys;
  const sync = await fakeBrowser.storage.sync.get(null);
  // The worker's own keeping (a backup run, the copies kept for Copy again) too.
  const session = await fakeBrowser.storage.session.get(null);
  return JSON.stringify({ local, sync, session });
}

/**
 * Sends every message of `requests` in its order (removeApiKey last). Checks that no reply and no
 * stored item outside `apiKey` holds `key` after any of them. Out: the replies by message name.
 */
/** Stands for the id of the run the `startBulkRename` of the same sendEvery started ('none' if it failed). */
const THIS_RUN = 'this-run';
/** Stands for the batch id of the removal the `removePerson` of the same sendEvery started ('none' if it failed). */
const THIS_REMOVAL = 'this-removal';

async function sendEvery(requests: Record<MessageName, unknown>, key = KEY): Promise<Record<MessageName, Reply<MessageName>>> {
  const replies = {} as Record<MessageName, Reply<MessageName>>;
  for (const type of Object.keys(requests) as MessageName[]) {
    let request = requests[type];
    if ((request as { runId?: unknown } | null)?.runId === THIS_RUN) {
      const started = replies.startBulkRename;
      request = { runId: started?.ok ? (started.value as { id: string }).id : 'none' };
    }
    if ((request as { batchId?: unknown } | null)?.batchId === THIS_REMOVAL) {
      const started = replies.removePerson;
      request = { batchId: started?.ok ? (started.value as { batchId: string }).batchId : 'none' };
    }
    const reply = deliver(type, request, ownPage());
    expect(reply, `no reply to ${type}`).toBeInstanceOf(Promise);
    replies[type] = (await reply) as Reply<MessageName>;
    // A removal answers at once and goes on in the worker: followed until done, as its page does, so
    // its log writes land before the next message (and test) reads the log.
    while (type === 'getPersonRemoval' && replies[type].ok && !(replies[type].value as { done: boolean }).done) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      replies[type] = (await deliver(type, request, ownPage())) as Reply<MessageName>;
    }
    expect(JSON.stringify(replies[type]), `the reply to ${type}`).not.toContain(key);
    expect(await storedOutsideApiKey(), `storage after ${type}`).not.toContain(key);
  }
  return replies;
}

/** A valid request of every type, on the first fake server. */
function everyRequest(overrides: Partial<EveryRequest> = {}): EveryRequest {
  const requests: EveryRequest = {
    getSettings: null,
    saveSettings: { accounts: [{ id: ACCOUNT_1, personalSiteUrl: personalSite(), teamSiteUrls: [] }] },
    confirmSavedKey: { account: ACCOUNT_1, siteUrl: personalSite() },
    testConnection: { account: ACCOUNT_1, personalSiteUrl: personalSite() },
    refreshListing: null,
    renameDocument: { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' },
    renameWorkspace: { orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: WORKSPACES.marketing.id, name: 'Sales & Marketing' },
    createWorkspace: { orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, name: 'Research' },
    // Acme's Home, which no other request uses: to the trash, then back.
    removeWorkspace: { orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: WORKSPACES.acmeHome.id },
    restoreWorkspace: { orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: WORKSPACES.acmeHome.id },
    moveDocument: { orgId: ORGS.acme.id, docId: DOCS.campaignPlan.id, to: { orgId: ORGS.acme.id, workspaceId: WORKSPACES.engineering.id } },
    pinDocument: { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, pinned: true },
    copyDocument: { orgId: ORGS.acme.id, docId: DOCS.roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: WORKSPACES.marketing.id }, name: 'Roadmap copy', asTemplate: false },
    createDocument: { orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: WORKSPACES.marketing.id, name: 'New plan' },
    removeDocument: { orgId: ORGS.acme.id, docId: DOCS.campaignPlan.id },
    readTrash: null,
    readAccess: { kind: 'document', orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: DOCS.bugTracker.id },
    changeAccess: {
      resource: { kind: 'document', orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: DOCS.bugTracker.id },
      account: ACCOUNT_1,
      delta: { users: { 'new@example.com': 'viewers' } },
    },
    restoreDocument: { orgId: ORGS.acme.id, docId: DOCS.campaignPlan.id },
    deleteDocument: { orgId: ORGS.ownerPersonal.id, docId: DOCS.readingList.id },
    getDocumentAtUrl: { pageUrl: bugTrackerPage() },
    renameDocumentAtUrl: { pageUrl: bugTrackerPage(), name: 'Bugs again' },
    readChangeLog: null,
    undoChange: { entryId: SEEDED_ENTRY_ID, target: { kind: 'document', id: DOCS.roadmap.id } },
    startBulkRename: { requestId: crypto.randomUUID(), items: [{ orgId: ORGS.acme.id, docId: DOCS.leads.id, newName: 'Leads 2027' }] },
    startBulkMove: { requestId: crypto.randomUUID(), items: [{ orgId: ORGS.globex.id, docId: DOCS.projectAlpha.id }], to: { orgId: ORGS.globex.id, siteUrl: `${grist.url}/o/globex`, workspaceId: WORKSPACES.globexHome.id } },
    startBulkTrash: { requestId: crypto.randomUUID(), items: [{ orgId: ORGS.acme.id, docId: DOCS.leads.id }] },
    startBulkCopy: { requestId: crypto.randomUUID(), items: [{ orgId: ORGS.acme.id, docId: DOCS.leads.id }], to: { orgId: ORGS.globex.id, siteUrl: `${grist.url}/o/globex`, workspaceId: WORKSPACES.projects.id } },
    startBulkShare: { requestId: crypto.randomUUID(), items: [{ orgId: ORGS.acme.id, docId: DOCS.leads.id }], change: { kind: 'share', emails: ['new@example.com'], role: 'viewers' } },
    startBulkBackup: { requestId: crypto.randomUUID(), items: [{ orgId: ORGS.acme.id, docId: DOCS.leads.id }], format: 'grist' },
    getBulkRun: { runId: THIS_RUN },
    stopBulkRun: { runId: THIS_RUN },
    retryFailedBulk: { runId: THIS_RUN },
    undoBatch: { batchId: 'no-such-batch' },
    downloadDocument: { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, format: 'grist' },
    readDocumentTables: { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id },
    showDownload: { downloadId: 1 },
    // Issue 52 (part W's merge keeps its own): a document's pages, and one of them opened.
    readPages: { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id },
    openPage: { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, viewRef: 1 },
    dropWaitingDownloads: null,
    readPersonGrants: { email: USERS.sharedOnly.email },
    removePerson: { email: USERS.sharedOnly.email, sites: [{ orgId: ORGS.globex.id, siteUrl: `${grist.url}/o/globex` }] },
    getPersonRemoval: { batchId: THIS_REMOVAL },
    clearChangeLog: null,
    removeApiKey: { account: ACCOUNT_1 },
    removeAccount: { account: ACCOUNT_1 },
  };
  return { ...requests, ...overrides };
}

/** The error kinds of the replies, for the messages that failed. */
function failedKinds(replies: Record<MessageName, Reply<MessageName>>): Partial<Record<MessageName, ErrorKind>> {
  return Object.fromEntries(
    Object.entries(replies).flatMap(([type, reply]) => (reply.ok ? [] : [[type, reply.error.kind]])),
  );
}

/** The messages that call Grist with the saved key. */
const NETWORK_MESSAGES = [
  'testConnection',
  'refreshListing',
  'renameDocument',
  'renameWorkspace',
  'createWorkspace',
  'removeWorkspace',
  'restoreWorkspace',
  'moveDocument',
  'pinDocument',
  'copyDocument',
  'createDocument',
  'removeDocument',
  'restoreDocument',
  'deleteDocument',
  'getDocumentAtUrl',
  'renameDocumentAtUrl',
  'undoChange',
  'readAccess',
  'changeAccess',
  'downloadDocument',
  'readDocumentTables',
] as const;
const allFailWith = (kind: ErrorKind, types: readonly MessageName[] = NETWORK_MESSAGES) =>
  Object.fromEntries(types.map((type) => [type, kind]));
/**
 * The messages that ask Grist whose key each saved account holds when no connection check said
 * (own-email.ts withSavedUsers): with the key refused, they fail as the asking did, and no removal
 * starts for getPersonRemoval to follow (issue 48 review).
 */
const ASKING_WHOSE_KEY = ['readPersonGrants', 'removePerson', 'startBulkShare'] as const;
const askingFailsWith = (kind: ErrorKind) => ({ ...allFailWith(kind, ASKING_WHOSE_KEY), getPersonRemoval: 'not-found' });

describe('the key never leaves the background in a reply or a stored item', () => {
  it('every message type, answered with success', async () => {
    await configure();
    const replies = await sendEvery(
      everyRequest({ saveSettings: { accounts: [{ id: ACCOUNT_1, apiKey: ` ${KEY}\n`, personalSiteUrl: personalSite(), teamSiteUrls: [] }] } }),
    );
    expect(failedKinds(replies)).toEqual({});
    expect(Object.keys(replies).sort()).toEqual(Object.keys(MESSAGES).sort());
    expect(replies.getSettings).toEqual({
      ok: true,
      value: { accounts: [{ id: ACCOUNT_1, hasApiKey: true, user: null, personalSiteUrl: personalSite(), teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] }] },
    });
    expect(replies.renameDocument).toEqual({ ok: true, value: { name: 'Bugs', entryId: expect.any(String) } });
    expect(replies.removeApiKey).toMatchObject({ ok: true, value: { accounts: [{ hasApiKey: false }] } });
    expect(replies.removeAccount).toEqual({ ok: true, value: { accounts: [] } });
    // The key typed in the options page is answered without it too.
    await configure();
    const typed = await send('testConnection', { apiKey: KEY, personalSiteUrl: personalSite() });
    expect(typed).toMatchObject({ ok: true, value: { siteCount: 3 } });
    expect(JSON.stringify(typed)).not.toContain(KEY);
  });

  it('every message type, when Grist refuses the saved key (401)', async () => {
    await configure();
    await send('refreshListing', null); // the listing renameDocument works from
    grist.rotateKey(USERS.owner.id);
    const replies = await sendEvery(everyRequest());
    expect(failedKinds(replies)).toEqual({ ...allFailWith('auth'), ...askingFailsWith('auth') });
  });

  it.each([
    [
      400,
      {
        ...allFailWith('bad-request'),
        ...askingFailsWith('bad-request'),
      },
    ],
    [403, { ...allFailWith('forbidden'), ...askingFailsWith('forbidden') }],
    [404, { ...allFailWith('not-found'), ...askingFailsWith('not-found') }],
  ] as const)('every message type, when Grist’s %i error text echoes the key', async (status, kinds) => {
    await configure();
    await send('refreshListing', null);
    const echo = `Bad request: invalid API key ${KEY} (Authorization: Bearer ${KEY})`;
    grist.injectFault({ path: /^\/api\//, status, body: JSON.stringify({ error: echo }), contentType: 'application/json' });
    const replies = await sendEvery(everyRequest());
    expect(failedKinds(replies)).toEqual(kinds);
    // Grist's text is withheld whole: the messages say what happened without it.
    expect(JSON.stringify(replies)).not.toContain('Grist said');
  });

  it.each([
    ['upper-cased', KEY.toUpperCase()],
    ['cut', KEY.slice(20, 36)],
    ['URL-encoded', encodeURIComponent(`Bearer ${KEY}`)],
  ])('the cached listing, when one site’s error text echoes the key %s', async (_form, echo) => {
    await configure();
    grist.injectFault({
      path: '/o/globex/api/orgs/current/workspaces',
      status: 404,
      body: JSON.stringify({ error: `no workspaces for ${echo}` }),
      contentType: 'application/json',
    });
    const reply = await send('refreshListing', null);
    expect(reply.ok).toBe(true);
    const globex = reply.ok ? reply.value.sites.find((site) => site.orgId === ORGS.globex.id) : undefined;
    expect(globex?.error).toMatchObject({ kind: 'not-found', message: expect.not.stringContaining('no workspaces') });
    expect(JSON.stringify(reply)).not.toContain(echo);
    expect(await readListing()).toEqual(reply.ok ? reply.value : null);
    expect(await storedOutsideApiKey()).not.toContain(echo);
  });

  it('every message type, for addresses that are not configured or not allowed', async () => {
    await configure();
    const other = 'https://grist.other.example.com';
    const replies = await sendEvery(
      everyRequest({
        saveSettings: { accounts: [{ personalSiteUrl: 'http://grist.example.com', teamSiteUrls: [] }] },
        testConnection: { account: ACCOUNT_1, personalSiteUrl: `${other}/o/docs` },
        renameDocument: { orgId: 999, docId: DOCS.bugTracker.id, name: 'Bugs' }, // a site the listing does not hold
        renameWorkspace: { orgId: ORGS.globex.id, siteUrl: `${grist.url}/o/globex`, workspaceId: WORKSPACES.engineering.id, name: 'x' }, // not a workspace of that site
        moveDocument: { orgId: ORGS.acme.id, docId: DOCS.campaignPlan.id, to: { orgId: ORGS.globex.id, workspaceId: WORKSPACES.engineering.id } }, // not a workspace of that site
        getDocumentAtUrl: { pageUrl: `${other}/o/acme/${DOCS.bugTracker.urlId}/Bug-Tracker` },
        renameDocumentAtUrl: { pageUrl: `${other}/o/acme/${DOCS.bugTracker.urlId}/Bug-Tracker`, name: 'x' },
      }),
    );
    expect(failedKinds(replies)).toEqual({
      saveSettings: 'invalid-input',
      testConnection: 'key-not-confirmed',
      renameDocument: 'not-found',
      renameWorkspace: 'not-found',
      moveDocument: 'not-found',
      getDocumentAtUrl: 'not-configured',
      renameDocumentAtUrl: 'not-configured',
    });
  });

  it('every message type, for malformed requests that hold the key: the whole request, and each of its fields in turn', async () => {
    await configure();
    // Schema errors name the value they received: the reply must not pass them on. The malformed
    // requests are made from each message's schema in MESSAGES and its valid request here.
    const valid = everyRequest();
    const refused = { ok: false, error: { kind: 'invalid-input', message: 'The extension sent a malformed request.' } };
    let sent = 0;
    for (const type of Object.keys(MESSAGES) as MessageName[]) {
      for (const [where, request] of malformedRequests(MESSAGES[type].request, valid[type], KEY)) {
        const reply = await deliver(type, request, ownPage());
        expect(reply, `${type}: ${where}`).toEqual(refused);
        sent += 1;
      }
      expect(await storedOutsideApiKey(), `storage after ${type}`).not.toContain(KEY);
    }
    // Fields at every depth, not only one request per message.
    expect(sent).toBeGreaterThan(4 * Object.keys(MESSAGES).length);
    expect(grist.requests).toHaveLength(0);
    expect((await apiKeysItem.get())[ACCOUNT_1]).toBe(KEY);
  });

  it("an undo's grants to put back anyway: only grant keys, never passed on (issue 48)", async () => {
    await configure();
    const reply = await send('undoChange', { entryId: SEEDED_ENTRY_ID, target: { kind: 'document', id: DOCS.roadmap.id }, grants: [KEY] });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(JSON.stringify(reply)).not.toContain(KEY);
    expect(grist.requests).toHaveLength(0);
  });

  it('every message type, when storage throws an error whose text holds the key', async () => {
    await configure();
    await send('refreshListing', null);
    // The handlers read single items; the test's own look at the whole storage (`null`) still works.
    const read = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local) as (keys: unknown) => Promise<Record<string, unknown>>;
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(((keys: unknown) =>
      keys === null ? read(keys) : Promise.reject(new Error(`storage is broken; it held ${KEY}`))) as never);
    const requests = everyRequest();
    const replies = await sendEvery(requests);
    // Clearing the history only removes an item, showing a downloaded file asks only the browser's
    // downloads, and dropping a start waiting for the downloads permission touches neither: they
    // read nothing, and work. A bulk run that could not start has no id: asking for it is 'not-found'.
    const runMessages: MessageName[] = ['getBulkRun', 'stopBulkRun', 'retryFailedBulk'];
    const reading = (Object.keys(requests) as MessageName[]).filter((type) => type !== 'clearChangeLog' && type !== 'showDownload' && type !== 'dropWaitingDownloads' && !runMessages.includes(type));
    expect(failedKinds(replies)).toEqual({ ...allFailWith('bad-response', reading), ...allFailWith('not-found', runMessages) });
  });

  it('every message type, when the browser’s permission and rule APIs throw errors that hold the key', async () => {
    await configure();
    await send('refreshListing', null);
    hasPermission.mockRejectedValue(new Error(`no permission for Bearer ${KEY}`));
    updateDynamicRules.mockRejectedValue(new TypeError(`rule refused: ${KEY}`));
    const replies = await sendEvery(everyRequest());
    // A bulk share, a person's preview and their removal ask Grist whose key each saved account
    // holds first, when no connection check said (issue 48). A backup asks the browser for its
    // downloads permission before it starts.
    expect(failedKinds(replies)).toEqual({ ...allFailWith('bad-response', ['saveSettings', 'confirmSavedKey', ...NETWORK_MESSAGES, 'readTrash', 'startBulkBackup']), ...askingFailsWith('bad-response') });
  });
});

describe('the key goes only to the configured sites', () => {
  let other: FakeGrist;
  beforeEach(async () => {
    other = await startFakeGrist({ mode: 'org-in-path' }); // another port: another origin
  });
  afterEach(async () => {
    await other.close();
  });

  const keyed = (server: FakeGrist) => server.requests.filter((request) => request.hasAuthorization);

  it('no message sends the saved key to another origin, even with the host permission granted', async () => {
    await configure();
    expect((await send('refreshListing', null)).ok).toBe(true);
    const otherPage = bugTrackerPage(other);

    expect(await send('getDocumentAtUrl', { pageUrl: otherPage })).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    expect(await send('renameDocumentAtUrl', { pageUrl: otherPage, name: 'Bugs' })).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    expect(await send('testConnection', { account: ACCOUNT_1, personalSiteUrl: `${other.url}/o/docs` })).toMatchObject({ ok: false, error: { kind: 'key-not-confirmed' } });
    // A cached listing that names another origin (stored data is not trusted to pick the host).
    const listing = (await readListing()) as Listing;
    for (const site of listing.sites) site.siteUrl = site.siteUrl.replace(grist.url, other.url);
    await listingItem.set(listing);
    expect(await send('renameDocument', { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' })).toMatchObject({
      ok: false,
      error: { kind: 'no-host-permission' },
    });
    // Nor a download (its key in the download's header) or a look at the tables.
    expect(await send('downloadDocument', { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, format: 'grist' })).toMatchObject({ ok: false, error: { kind: 'no-host-permission' } });
    expect(await send('readDocumentTables', { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id })).toMatchObject({ ok: false, error: { kind: 'no-host-permission' } });
    // A refresh goes to the configured site only, whatever the cache says.
    expect((await send('refreshListing', null)).ok).toBe(true);

    expect(other.requests).toEqual([]);
    expect(other.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    // The other server does answer: a key typed for it (not the saved one) reaches it.
    expect(await send('testConnection', { apiKey: USERS.editor.apiKey, personalSiteUrl: `${other.url}/o/docs` })).toMatchObject({ ok: true });
    expect(keyed(other).length).toBeGreaterThan(0);
  });

  it('on getgrist.com the key goes to exactly the team hosts Grist listed for it, never to the rest of the domain', async () => {
    // Team sites are derived from what /api/orgs says, so a hostile or broken answer could name
    // any host. No network here: fetch answers like Grist would.
    const org = (id: number, domain: string, host: string | null, owner: { id: number } | null = null) => ({
      id,
      name: domain,
      domain,
      host,
      owner,
      access: 'owners',
    });
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.host);
      if (url.pathname === '/api/orgs') {
        return Response.json([
          org(2, 'docs-5', null, { id: 5 }),
          org(5, 'acme', null),
          org(7, 'initech', 'grist.initech.example'),
          org(8, 'evil.example.com/', null),
          org(9, 'hooli', 'evil.example.com/x'),
        ]);
      }
      if (url.pathname.startsWith('/api/docs/')) return Response.json({ id: DOCS.roadmap.id, name: 'Roadmap', access: 'owners', workspace: { org: { id: 5 } } });
      return Response.json([]);
    });
    await saveSettingsWithKey({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] }, KEY);
    const reply = await send('refreshListing', null);
    expect(new Set(asked)).toEqual(new Set(['docs.getgrist.com', 'acme.getgrist.com', 'grist.initech.example']));
    expect(reply.ok ? reply.value.sites.map((site) => [site.orgId, site.siteUrl, site.error?.kind]) : []).toEqual([
      [2, 'https://docs.getgrist.com', undefined],
      [5, 'https://acme.getgrist.com', undefined],
      [7, 'https://grist.initech.example', undefined],
    ]);
    await vi.waitFor(async () => expect((await accountsItem.get())[0]?.hosts.listed).toEqual(['https://acme.getgrist.com', 'https://grist.initech.example']));

    // "Rename linked Grist document…" on crafted links: hosts of the domain that are not listed sites.
    asked.length = 0;
    for (const host of ['www.getgrist.com', 'community.getgrist.com', 'support.getgrist.com', 'globex.getgrist.com', 'getgrist.com']) {
      const pageUrl = `https://${host}/${DOCS.roadmap.urlId}/Roadmap`;
      expect(await send('getDocumentAtUrl', { pageUrl }), host).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
      expect(await send('renameDocumentAtUrl', { pageUrl, name: 'x' }), host).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    }
    expect(asked).toEqual([]);
    // A listed team's document page is looked up there.
    expect(await send('getDocumentAtUrl', { pageUrl: `https://acme.getgrist.com/${DOCS.roadmap.urlId}/Roadmap` })).toMatchObject({ ok: true });
    expect(asked).toEqual(['acme.getgrist.com']);
  });

  // Stored settings that do not read back (corrupt, or from another version whose URL form
  // differs) fall back to https://docs.getgrist.com; the saved key, made for the user's own
  // server, must not follow them there (the manifest grants *.getgrist.com).
  it('a key whose stored settings no longer read back is not sent to the default site', async () => {
    const { migrateStorage } = await import('../../src/background/settings/storage-migration.ts');
    // As a version before accounts stored them.
    await fakeBrowser.storage.local.set({ settings: { personalSiteUrl: 'https://grist.mycompany.example/', teamSiteUrls: [] }, apiKey: KEY });
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).host);
      return Response.json([]);
    });
    await migrateStorage(); // what the worker runs at every start
    const reply = await send('refreshListing', null);
    expect(asked).toEqual([]);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'no-key' } });
  });

  // GETs are retried on network errors, with backoff: this one takes a few seconds.
  it('a 302 redirect to another origin is not followed with the key', { timeout: 20_000 }, async () => {
    await configure();
    grist.injectFault({ path: '/api/orgs', status: 302, headers: { Location: `${other.url}/api/orgs` } });
    const host = new URL(grist.url).host;
    for (const reply of [await send('refreshListing', null), await send('testConnection', { account: ACCOUNT_1, personalSiteUrl: personalSite() })]) {
      expect(reply).toEqual({ ok: false, error: { kind: 'network', message: `Could not reach ${host}. Check the site URL and your connection.` } });
    }
    expect(grist.requests.filter((request) => request.path === '/o/docs/api/orgs').length).toBeGreaterThan(0);
    expect(other.requests).toEqual([]);
  });

  it('a 307 redirect of the rename PATCH to another origin is not followed with the key', async () => {
    await configure();
    await send('refreshListing', null);
    grist.injectFault({
      method: 'PATCH',
      path: /^\/api\/docs\//,
      status: 307,
      headers: { Location: `${other.url}/o/acme/api/docs/${DOCS.bugTracker.id}` },
    });
    // The lost answer is read back from the configured site, which says the old name is still there.
    for (const reply of [
      await send('renameDocument', { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' }),
      await send('renameDocumentAtUrl', { pageUrl: bugTrackerPage(), name: 'Bugs' }),
    ]) {
      expect(reply).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringMatching(/old name/) } });
    }
    expect(grist.requests.filter((request) => request.method === 'PATCH')).toHaveLength(2);
    expect(other.requests).toEqual([]);
    expect(other.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });
});

describe('plain http is refused outside this machine, before anything is sent', () => {
  it('saveSettings refuses an http site URL and stores nothing', async () => {
    await configure();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const before = await fakeBrowser.storage.local.get(null);
    for (const input of [
      { personalSiteUrl: 'http://grist.example.com', teamSiteUrls: [] },
      { personalSiteUrl: personalSite(), teamSiteUrls: ['http://acme.example.com'] },
    ]) {
      expect(await send('saveSettings', { accounts: [{ id: ACCOUNT_1, apiKey: USERS.editor.apiKey, ...input }] })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    }
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
    expect(updateDynamicRules).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each(['http://grist.example.com', 'http://localhost.example.com', 'http://127.0.0.1.nip.io', 'http://10.0.0.1', 'http://[::1]:8484'])(
    'the client refuses %s even when told the host is configured and granted',
    async (siteUrl) => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const client = createGristClient({ apiKey: KEY, keyDestination: () => 'allowed', hasHostPermission: async () => true });
      for (const call of [client.get(siteUrl, '/api/orgs', orgListSchema), client.patch(siteUrl, '/api/docs/x', { name: 'y' }, anyJsonSchema)]) {
        const error = await call.then(() => null, (caught: unknown) => caught);
        expect(error).toMatchObject({ kind: 'invalid-input', message: expect.stringMatching(/without https/) });
      }
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it('the client does send over http to localhost and 127.0.0.1 (where a self-hosted Grist runs)', async () => {
    const client = createGristClient({ apiKey: KEY, keyDestination: () => 'allowed', hasHostPermission: async () => true });
    expect(await client.get(grist.url.replace('127.0.0.1', 'localhost'), '/api/orgs', orgListSchema)).toHaveLength(3);
    expect(await client.get(grist.url, '/api/orgs', orgListSchema)).toHaveLength(3);
  });
});

describe('only the extension’s own pages are answered', () => {
  const webTab = { id: 4, index: 0, windowId: 1, active: true, highlighted: true, pinned: false, incognito: false };
  const senders: Array<[string, () => Runtime.MessageSender]> = [
    ['a content script in a web page', () => ({ id: fakeBrowser.runtime.id, url: 'https://evil.example.com/page', tab: webTab, frameId: 0 })],
    ['a web page, with no tab', () => ({ id: fakeBrowser.runtime.id, url: 'https://evil.example.com/' })],
    ['a content script on a Grist document page', () => ({ id: fakeBrowser.runtime.id, url: bugTrackerPage(), tab: webTab, frameId: 0 })],
    ['a web page through externally_connectable', () => ({ url: 'https://evil.example.com/', origin: 'https://evil.example.com', tab: webTab })],
    ['another extension', () => ({ id: 'abcdefghijklmnopabcdefghijklmnop', url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/page.html' })],
    ['another extension naming this extension’s page', () => ({ id: 'abcdefghijklmnopabcdefghijklmnop', url: ownPage().url })],
  ];

  /** Sends every message type from `sender`, to the wired listener and to one with spy handlers; nothing may run. */
  async function expectIgnored(sender: () => Runtime.MessageSender): Promise<void> {
    await configure();
    await listingItem.set({ fetchedAt: 1, sites: [] });
    const stored = await fakeBrowser.storage.local.get(null);
    const spies: Record<string, Mock> = Object.fromEntries(Object.keys(MESSAGES).map((type) => [type, vi.fn(async () => null)]));
    const routedToSpies = createMessageListener(spies as unknown as Handlers, Promise.resolve());
    const requests = everyRequest({ saveSettings: { accounts: [{ apiKey: 'f'.repeat(40), personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] }] } });
    for (const type of Object.keys(MESSAGES) as MessageName[]) {
      const request = requests[type];
      expect(deliver(type, request, sender()), type).toBeUndefined();
      expect(routedToSpies({ type, request }, sender()), type).toBeUndefined();
    }
    const parts = connect(LISTING_PORT, sender());
    const people = connect(PEOPLE_PORT, sender(), peopleRequest());
    await new Promise((resolve) => setTimeout(resolve, 50)); // anything started would have reached the server by now
    expect(parts).toEqual([]);
    expect(people).toEqual([]);
    expect(Object.keys(spies).filter((type) => spies[type]?.mock.calls.length)).toEqual([]);
    expect(grist.requests).toEqual([]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual(stored);
    expect(updateDynamicRules).not.toHaveBeenCalled();
    expect(createMenu).not.toHaveBeenCalled();
    expect(createWindow).not.toHaveBeenCalled();
  }

  it.each(senders)('%s gets no reply to any message type, and nothing runs', async (_name, sender) => {
    await expectIgnored(sender);
  });

  // The URL standard gives every URL of a non-special scheme the origin "null" (Chromium's parser
  // special-cases chrome-extension://; Node's and, per the standard, Firefox's need not), so a
  // sender check by origin would let these through; isOwnPage compares the URL's prefix.
  it.each([
    ['an opaque-origin frame in a web page', () => ({ id: fakeBrowser.runtime.id, url: 'about:blank', tab: webTab, frameId: 3 })],
    ['a data: frame', () => ({ id: fakeBrowser.runtime.id, url: 'data:text/html,<p>hi</p>', tab: webTab, frameId: 3 })],
    ['this extension’s id from another extension’s page', () => ({ id: fakeBrowser.runtime.id, url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/src/popup/index.html' })],
  ] as Array<[string, () => Runtime.MessageSender]>)('%s gets no reply', async (_name, sender) => {
    await expectIgnored(sender);
  });

  it('the same messages from the extension’s own pages are answered (so the drops above are the sender check)', async () => {
    await configure();
    for (const path of ['src/popup/index.html', 'src/options/index.html', 'src/document-window/index.html?url=x']) {
      expect(await deliver('getSettings', null, ownPage(path))).toMatchObject({ ok: true, value: { accounts: [{ hasApiKey: true }] } });
    }
  });

  it('the extension’s own page gets the listing over its port, in parts, without the key; another port name gets nothing', async () => {
    await configure();
    const other = connect('somethingElse', ownPage());
    const parts = connect(LISTING_PORT, ownPage());
    await vi.waitFor(() => expect(parts.at(-1)).toHaveProperty('end'));
    const sites = parts.flatMap((part) => ('site' in part ? [part.site] : []));
    expect(sites.map((site) => site.name)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
    expect(parts.at(-1)).toMatchObject({ end: { ok: true, value: { sites: [] } } });
    expect(JSON.stringify(parts)).not.toContain(KEY);
    expect(other).toEqual([]);
  });

  it('the extension’s own page gets each site’s people over the People port, without the key', async () => {
    await configure();
    expect(connect(LISTING_PORT, ownPage()).length).toBe(0);
    // The listing first: access is read only for sites the worker lists.
    await vi.waitFor(async () => expect((await readListing())?.sites).toHaveLength(3));
    const parts = connect(PEOPLE_PORT, ownPage(), peopleRequest());
    await vi.waitFor(() => expect(parts).toHaveLength(2));
    expect(parts.map((part) => ('reply' in part && part.reply.ok ? [part.index, part.reply.value.people.length > 0] : part)).sort()).toEqual([
      [0, true],
      [1, true],
    ]);
    expect(JSON.stringify(parts)).not.toContain(KEY);
  });

  it('the worker listens for no messages or connections from outside', () => {
    for (const channel of Object.values(externalChannels)) expect(channel.addListener).not.toHaveBeenCalled();
  });
});

describe('several accounts: each key goes only to its own account’s sites', () => {
  let servers: TwoServers;
  beforeEach(async () => {
    servers = await startTwoServers({ first: { seed: sampleSeed } });
  });
  afterEach(async () => {
    await servers.close();
  });

  /** The keys each server received, each once. */
  const keysAt = (server: FakeGrist) => [...new Set(server.requests.map((request) => request.apiKey))];

  it('a refresh, renames, lookups and undo in two accounts on two servers send no key to the other server', async () => {
    const { first, second } = servers;
    await saveAccounts([
      { id: 'work', settings: { personalSiteUrl: `${first.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey },
      { id: 'client', settings: { personalSiteUrl: `${second.url}/o/docs`, teamSiteUrls: [] }, apiKey: SECOND_USERS.edith.apiKey },
    ]);
    const listed = await send('refreshListing', null);
    expect(listed.ok && listed.value.sites.map((site) => [site.account, site.name])).toEqual([
      ['work', 'Personal'],
      ['work', 'Acme Corp'],
      ['work', 'Globex Inc'],
      ['client', 'Personal'],
      ['client', 'Acme Research'],
    ]);
    // Org ids are per server: Acme Research is org 3 on the client's server, as Victor's personal site is on the first.
    expect(await send('renameDocument', { orgId: SECOND_ORGS.research.id, docId: SECOND_DOCS.trialResults.id, name: 'Trial Results 2' })).toMatchObject({ ok: true });
    expect(await send('renameDocument', { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' })).toMatchObject({ ok: true });
    expect(await send('getDocumentAtUrl', { pageUrl: `${second.url}/o/acme/doc/${SECOND_DOCS.labInventory.urlId}` })).toMatchObject({ ok: true, value: { account: 'client', name: 'Lab Inventory' } });
    expect(await send('getDocumentAtUrl', { pageUrl: bugTrackerPage(first) })).toMatchObject({ ok: true, value: { account: 'work', name: 'Bugs' } });
    const history = await send('readChangeLog', null);
    const clientRename = history.ok ? history.value.find((entry) => entry.target.id === SECOND_DOCS.trialResults.id) : undefined;
    expect(clientRename).toMatchObject({ account: 'client', cannotUndo: null });
    expect(await send('undoChange', { entryId: clientRename!.id, target: { kind: 'document', id: SECOND_DOCS.trialResults.id } })).toMatchObject({ ok: true, value: { outcome: 'restored' } });
    expect(second.doc(SECOND_DOCS.trialResults.id)?.name).toBe('Trial Results');
    expect(first.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    // Each server only ever saw its own account's key.
    expect(keysAt(first)).toEqual([USERS.owner.apiKey]);
    expect(keysAt(second)).toEqual([SECOND_USERS.edith.apiKey]);
  });

  it('a page of a site no account has is looked up with no key at all, and names the site to add', async () => {
    const { first, second } = servers;
    await saveAccounts([{ id: 'work', settings: { personalSiteUrl: `${first.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey }]);
    const reply = await send('getDocumentAtUrl', { pageUrl: `${second.url}/o/acme/doc/${SECOND_DOCS.labInventory.urlId}` });
    expect(reply).toEqual({ ok: false, error: { kind: 'not-configured', message: expect.stringContaining(`This page is on ${second.url}/o/acme, which none of your Grist accounts has.`) } });
    expect(second.requests).toEqual([]);
    expect(first.requests).toEqual([]);
  });

  it('two users of one server: the document both list is renamed once, with the owner’s key, even when the other account comes first', async () => {
    const { first } = servers;
    const sites = { personalSiteUrl: `${first.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: 'ed', settings: sites, apiKey: USERS.editor.apiKey },
      { id: 'olivia', settings: sites, apiKey: USERS.owner.apiKey },
    ]);
    expect((await send('refreshListing', null)).ok).toBe(true);
    first.clearRequests();
    expect(await send('renameDocument', { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' })).toMatchObject({ ok: true });
    const patches = first.requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.apiKey)).toEqual([USERS.owner.apiKey]);
    expect(first.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    // The document window picks the owner's account too.
    expect(await send('getDocumentAtUrl', { pageUrl: bugTrackerPage(first) })).toMatchObject({ ok: true, value: { account: 'olivia', canRename: true } });
    // A move names the account whose destinations were offered: both own Leads (given to Ed), and
    // the move goes with the account asked for, not the first owner.
    first.clearRequests();
    const leads = { orgId: ORGS.acme.id, docId: DOCS.leads.id, to: { orgId: ORGS.acme.id, workspaceId: WORKSPACES.engineering.id } };
    expect(await send('moveDocument', { ...leads, account: 'olivia' })).toMatchObject({ ok: true });
    expect(first.requests.filter((request) => request.method === 'PATCH').map((request) => request.apiKey)).toEqual([USERS.owner.apiKey]);
  });
});
