/**
 * Receives the protocol's messages: drops anything not sent by the extension's own pages, checks
 * each request's shape, runs its handler, and answers a Result (errors as values, never thrown
 * across the boundary, never carrying the key).
 */
import browser from 'webextension-polyfill';
import type { Runtime } from 'webextension-polyfill';
import * as v from 'valibot';
import { fail, ok, type ErrorValue, type Result } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { MAX_BULK_ITEMS } from '../shared/bulk.ts';
import { WINDOW_SOURCES } from '../shared/change-log.ts';
import { accessDeltaSchema } from '../shared/access-delta-schema.ts';
import type { AccessList, AccessResource } from '../shared/sharing.ts';
import { isMessage, LISTING_PORT, MAX_ACCOUNTS, MAX_PEOPLE_SITES, PEOPLE_PORT, type ListingPart, type MessageName, type Protocol, type Reply, type SitesPeoplePart, type SitesPeopleRequest } from '../shared/messages.ts';
import { ApiError } from './grist/api-error.ts';
import type { Refresh } from './listing/listing-service.ts';
import { logFailure } from './log-failure.ts';

export type Handlers = { [K in MessageName]: (request: Protocol[K]['request']) => Promise<Protocol[K]['response']> };

const siteUrls = { personalSiteUrl: v.string(), teamSiteUrls: v.array(v.string()) };
/** An account as a page names it. */
const accountId = { account: v.pipe(v.string(), v.minLength(1)) };

/**
 * A document, as a page names it: its site's id and address (org and document ids are per server,
 * and two servers restored from one backup share both) and its own id.
 */
const documentKey = { orgId: v.number(), siteUrl: v.optional(v.string()), docId: v.pipe(v.string(), v.minLength(1)) };
/** A workspace as a page names it (WorkspaceKey). */
const workspaceKeyEntries = { orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()) };
/** Where a move goes: a workspace of a site, by ids. */
const moveDestination = v.object({ orgId: v.number(), workspaceId: v.pipe(v.number(), v.integer()) });
/** Where a bulk move goes: its documents may be of several servers, where org ids mean different orgs. */
const bulkDestination = v.object({ orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()) });
/** The id a page gives a run's start (BulkStart): a UUID, or anything as short. */
const bulkStart = { requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) };
/** The documents of a bulk run, as the page's listing names them, at most MAX_BULK_ITEMS. */
const bulkItems = <T extends v.ObjectEntries>(entries: T) => v.pipe(v.array(v.object(entries)), v.maxLength(MAX_BULK_ITEMS));

/** What an access list is of (AccessResource): a document, a workspace or a site of a listed site. */
const accessResource = v.variant('kind', [
  v.object({ kind: v.literal('document'), orgId: v.number(), siteUrl: v.string(), docId: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ kind: v.literal('workspace'), orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()) }),
  v.object({ kind: v.literal('site'), orgId: v.number(), siteUrl: v.string() }),
]);

/** The most sites one removal of a person names: the People view's bench reads 200; a listing holds no more than some hundreds. */
const MAX_PERSON_SITES = 1000;
/** The most emails one bulk share names: a pasted list of a few hundred people, with room. */
const MAX_SHARE_EMAILS = 1000;
/** A bulk share's change (SharingChange): emails are checked by the handler, which says which one is wrong. */
const sharingChange = v.variant('kind', [
  v.object({ kind: v.literal('share'), emails: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_SHARE_EMAILS)), role: v.picklist(['owners', 'editors', 'viewers'] as const) }),
  v.object({ kind: v.literal('unshare'), emails: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_SHARE_EMAILS)) }),
  v.object({ kind: v.literal('public'), public: v.boolean() }),
]);

/** The shape each request must have before its handler runs. */
const requestSchemas: { [K in MessageName]: v.GenericSchema<unknown, Protocol[K]['request']> } = {
  getSettings: v.null(),
  saveSettings: v.object({
    accounts: v.pipe(v.array(v.object({ id: v.optional(v.pipe(v.string(), v.minLength(1))), apiKey: v.optional(v.string()), ...siteUrls })), v.maxLength(MAX_ACCOUNTS)),
  }),
  removeApiKey: v.object(accountId),
  removeAccount: v.object(accountId),
  confirmSavedKey: v.object({ ...accountId, siteUrl: v.string() }),
  testConnection: v.object({ account: v.optional(v.string()), apiKey: v.optional(v.string()), personalSiteUrl: v.string() }),
  refreshListing: v.null(),
  renameDocument: v.object({ ...documentKey, name: v.string(), source: v.optional(v.picklist(WINDOW_SOURCES)) }),
  renameWorkspace: v.object({ orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()), name: v.string() }),
  createWorkspace: v.object({ orgId: v.number(), siteUrl: v.string(), name: v.string() }),
  removeWorkspace: v.object(workspaceKeyEntries),
  restoreWorkspace: v.object(workspaceKeyEntries),
  moveDocument: v.object({ account: v.optional(v.string()), ...documentKey, to: moveDestination, source: v.optional(v.picklist(WINDOW_SOURCES)) }),
  removeDocument: v.object({ ...documentKey, source: v.optional(v.picklist(WINDOW_SOURCES)) }),
  restoreDocument: v.object(documentKey),
  deleteDocument: v.object(documentKey),
  pinDocument: v.object({ ...documentKey, pinned: v.boolean() }),
  copyDocument: v.object({ account: v.optional(v.string()), ...documentKey, to: moveDestination, name: v.string(), asTemplate: v.boolean(), again: v.optional(v.boolean()) }),
  createDocument: v.object({ orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()), name: v.string() }),
  readTrash: v.null(),
  readAccess: accessResource,
  changeAccess: v.object({ resource: accessResource, ...accountId, delta: accessDeltaSchema }),
  readPersonGrants: v.object({ email: v.pipe(v.string(), v.minLength(1)), site: v.optional(v.object({ orgId: v.number(), siteUrl: v.string() })) }),
  removePerson: v.object({
    email: v.pipe(v.string(), v.minLength(1)),
    previewId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
    // Strict: a page never sends what the person has (the worker keeps what its preview read).
    sites: v.pipe(v.array(v.strictObject({ orgId: v.number(), siteUrl: v.string() })), v.maxLength(MAX_PERSON_SITES)),
  }),
  getPersonRemoval: v.object({ batchId: v.pipe(v.string(), v.minLength(1)) }),
  getDocumentAtUrl: v.object({ pageUrl: v.string() }),
  renameDocumentAtUrl: v.object({ pageUrl: v.string(), name: v.string(), source: v.optional(v.picklist(WINDOW_SOURCES)) }),
  readChangeLog: v.null(),
  clearChangeLog: v.null(),
  startBulkRename: v.object({ ...bulkStart, items: bulkItems({ ...documentKey, newName: v.string() }) }),
  startBulkMove: v.object({ ...bulkStart, items: bulkItems(documentKey), to: bulkDestination }),
  startBulkTrash: v.object({ ...bulkStart, items: bulkItems(documentKey) }),
  startBulkCopy: v.object({ ...bulkStart, items: bulkItems(documentKey), to: bulkDestination }),
  startBulkShare: v.object({ ...bulkStart, items: bulkItems(documentKey), change: sharingChange }),
  getBulkRun: v.object({ runId: v.nullable(v.string()) }),
  stopBulkRun: v.object({ runId: v.string() }),
  retryFailedBulk: v.object({ runId: v.string() }),
  undoBatch: v.object({ batchId: v.pipe(v.string(), v.minLength(1)) }),
  undoChange: v.object({
    entryId: v.pipe(v.string(), v.minLength(1)),
    // What the entry changed (EntryTarget): the undo queues under it at once.
    target: v.variant('kind', [
      v.object({ kind: v.literal('document'), id: v.pipe(v.string(), v.minLength(1)) }),
      v.object({ kind: v.literal('workspace'), id: v.pipe(v.number(), v.integer()) }),
      v.object({ kind: v.literal('site'), id: v.number() }),
    ]),
    force: v.optional(v.boolean()),
    // UndoConflict.grant's: a personStepKey (`site`, `workspace:<id>`, `document:<id>`) and the role
    // shown (`=viewers`); the History asks one at a time.
    grants: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^(site|workspace:\d+|document:[^\s:=]+)=(owners|editors|viewers|members)$/), v.maxLength(200))), v.maxLength(MAX_BULK_ITEMS))),
  }),
};

/** True for messages from this extension's own pages (popup, options), not content scripts or other extensions. */
export function isOwnPage(sender: Runtime.MessageSender): boolean {
  // A prefix test, not URL.origin: the URL standard gives non-special schemes such as
  // chrome-extension:// the origin "null", which would match any other such URL.
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(browser.runtime.getURL('/'));
}

function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof ApiError) return error.toValue();
  // Not an ApiError: a bug or a browser API failure. Its text may be anything, so it is not shown.
  logFailure('a message')(error);
  return { kind: 'bad-response', message: t('errorInternal') };
}

/**
 * Makes the `runtime.onMessage` listener. Returns undefined (no reply) for messages it drops,
 * otherwise a promise of the Reply.
 */
export function createMessageListener(handlers: Handlers, ready: Promise<unknown>) {
  return (message: unknown, sender: Runtime.MessageSender): Promise<Reply<MessageName>> | undefined => {
    if (!isOwnPage(sender) || !isMessage(message, requestSchemas)) return undefined;
    const checked = v.safeParse(requestSchemas[message.type], message.request);
    if (!checked.success) return Promise.resolve(fail({ kind: 'invalid-input', message: t('errorMalformedRequest') }));
    const handler = handlers[message.type] as (request: unknown) => Promise<unknown>;
    return answer(ready.then(() => handler(checked.output))) as Promise<Reply<MessageName>>;
  };
}

/** A handler's outcome as a Result: its value, or its error as a value. */
function answer<T>(work: Promise<T>): Promise<Result<T>> {
  return work.then(ok, (error: unknown) => fail<T>(toErrorValue(error)));
}

/**
 * Makes the `runtime.onConnect` listener for LISTING_PORT: each connection from the extension's
 * own pages starts (or joins) a refresh and answers in parts: `underway` once the refresh has
 * made its storage reads, its steps as they happen (the site list, each site as it answers),
 * then the Reply without the sites. Other ports, and ports from anyone else, are left alone. A
 * page that closes early just stops the parts.
 */
export function createListingPortListener(start: () => Refresh, ready: Promise<unknown>) {
  return (port: Runtime.Port): void => {
    // The polyfill's type leaves out `sender`, which the browser sets on every port it hands to onConnect.
    const { sender } = port as Runtime.Port & { sender?: Runtime.MessageSender };
    const named = port.name === LISTING_PORT || port.name.startsWith(`${LISTING_PORT}:`);
    if (!named || !sender || !isOwnPage(sender)) return;
    // The revision of the listing the page shows, if it said (see listingPortName).
    const shown = port.name.slice(LISTING_PORT.length + 1) || undefined;
    const post = (parts: ListingPart[]) => {
      try {
        for (const part of parts) port.postMessage(part);
      } catch {
        // The page closed before the end (the port is disconnected): no one is left to tell.
      }
    };
    const refresh = ready.then(start);
    void refresh.then(({ underway }) => underway).then(() => post([{ underway: true }]));
    const watching = refresh.then(async ({ watch, cachedRevision }) => {
      // A site as in the listing the page shows goes without its workspaces: the page has them.
      const asShown = shown !== undefined && (await cachedRevision) === shown;
      watch((step) => post(['site' in step && step.unchanged && asShown ? { index: step.index, asShown: true } : step]));
    });
    // The end comes after every step: once the page is watching, which replays the steps so far.
    void watching
      .catch(() => undefined)
      .then(() => answer(refresh.then(({ listing }) => listing)))
      .then((reply) => post([{ end: reply.ok ? ok({ ...reply.value, sites: [] }) : reply }]));
  };
}

/** The shape of the one request a page posts on PEOPLE_PORT. */
const sitesPeopleRequest: v.GenericSchema<unknown, SitesPeopleRequest> = v.object({
  sites: v.pipe(v.array(v.object({ orgId: v.number(), siteUrl: v.string() })), v.maxLength(MAX_PEOPLE_SITES)),
});

/**
 * Makes the `runtime.onConnect` listener for PEOPLE_PORT: on each connection from the extension's
 * own pages, the first message is the request (checked: a malformed one is answered `refused`);
 * every site's access is then read at once with `readEach` (access.ts readEachAccess: each read
 * given with its index as it starts; the client paces the requests per host, so a slow host holds
 * back only its own sites), each reply posted as it comes, an error as a value (readEach's own
 * failure, for every site it did not start). Other ports, ports from anyone else, and later
 * messages are left alone. Once the page closes the port, nothing more is posted nor started
 * (reads under way finish).
 */
export function createPeoplePortListener(readEach: (resources: AccessResource[], each: (index: number, read: Promise<AccessList>) => void, wanted: () => boolean) => Promise<void>, ready: Promise<unknown>) {
  return (port: Runtime.Port): void => {
    // The polyfill's type leaves out `sender`, which the browser sets on every port it hands to onConnect.
    const { sender } = port as Runtime.Port & { sender?: Runtime.MessageSender };
    if (port.name !== PEOPLE_PORT || !sender || !isOwnPage(sender)) return;
    let open = true;
    let asked = false;
    port.onDisconnect.addListener(() => (open = false));
    const post = (part: SitesPeoplePart) => {
      if (!open) return;
      try {
        port.postMessage(part);
      } catch {
        // Closed meanwhile, before its onDisconnect came: no one is left to tell.
        open = false;
      }
    };
    port.onMessage.addListener((message: unknown) => {
      if (asked) return;
      asked = true;
      const checked = v.safeParse(sitesPeopleRequest, message);
      if (!checked.success) return post({ refused: { kind: 'invalid-input', message: t('errorMalformedRequest') } });
      const resources = checked.output.sites.map(({ orgId, siteUrl }): AccessResource => ({ kind: 'site', orgId, siteUrl }));
      const started = new Set<number>();
      const each = (index: number, read: Promise<AccessList>) => {
        started.add(index);
        void answer(read).then((reply) => post({ index, reply }));
      };
      void answer(ready.then(() => readEach(resources, each, () => open))).then((reply) => {
        if (!reply.ok) resources.forEach((_, index) => started.has(index) || post({ index, reply }));
      });
    });
  };
}
