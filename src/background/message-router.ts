/**
 * Receives the protocol's messages: drops anything not sent by the extension's own pages, checks
 * each request's shape, runs its handler, and answers a Result (errors as values, never thrown
 * across the boundary, never carrying the key).
 */
import browser from 'webextension-polyfill';
import type { Runtime } from 'webextension-polyfill';
import * as v from 'valibot';
import { fail, ok, type ErrorValue, type Result } from '../shared/protocol/errors.ts';
import { t } from '../shared/i18n.ts';
import type { AccessList, AccessResource } from '../shared/protocol/sharing.ts';
import { isMessage, LISTING_PORT, MAX_PEOPLE_SITES, MESSAGES, PEOPLE_PORT, type ListingPart, type MessageName, type Protocol, type Reply, type SitesPeoplePart, type SitesPeopleRequest } from '../shared/protocol/messages.ts';
import { ApiError } from './grist/api-error.ts';
import type { Refresh } from './listing/listing-service.ts';
import { logFailure } from './log-failure.ts';

/** The worker's handler of every message MESSAGES declares: one missing, or taking another request, is a type error. */
export type Handlers = { [K in MessageName]: (request: Protocol[K]['request']) => Promise<Protocol[K]['response']> };

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
    if (!isOwnPage(sender) || !isMessage(message)) return undefined;
    // Its schema, as MESSAGES declares it: the one check of every request, before its handler runs.
    const checked = v.safeParse(MESSAGES[message.type].request as v.GenericSchema, message.request);
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
