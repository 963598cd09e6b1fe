/**
 * The parts the protocol's request schemas (MESSAGES, messages.ts) are built of: how a page names a
 * document, a workspace, an account, a bulk run's items, an access resource or change. Each is a
 * valibot schema (or its entries) that the worker checks a request against before its handler runs;
 * a request that does not pass is answered `invalid-input` (message-router.ts).
 */
import * as v from 'valibot';
import { MAX_BULK_ITEMS } from './bulk.ts';
import type { AccessResource } from './sharing.ts';

/** A site list as the options page saves it (AccountInput). */
export const siteUrls = { personalSiteUrl: v.string(), teamSiteUrls: v.array(v.string()) };
/** An account as a page names it. */
export const accountId = { account: v.pipe(v.string(), v.minLength(1)) };

/**
 * A document, as a page names it: its site's id and address (org and document ids are per server,
 * and two servers restored from one backup share both) and its own id.
 */
export const documentKey = { orgId: v.number(), siteUrl: v.optional(v.string()), docId: v.pipe(v.string(), v.minLength(1)) };
/**
 * The account whose listing row a page acted on (SiteEntry.account), where two accounts list the
 * same document: what its pages and opens are kept under. Absent: the copy with the most access.
 */
export const listingAccount = v.optional(v.pipe(v.string(), v.minLength(1)));
/** A workspace as a page names it (WorkspaceKey). */
export const workspaceKeyEntries = { orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()) };
/** Where a move goes: a workspace of a site, by ids. */
export const moveDestination = v.object({ orgId: v.number(), workspaceId: v.pipe(v.number(), v.integer()) });
/** Where a bulk move goes: its documents may be of several servers, where org ids mean different orgs. */
export const bulkDestination = v.object({ orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()) });
/** The id a page gives a run's start (BulkStart): a UUID, or anything as short. */
export const bulkStart = { requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) };
/** A download's format (DownloadFormat). */
export const downloadFormat = v.picklist(['grist', 'grist-history', 'xlsx', 'csv']);
/**
 * A download's start sent by the popup in the click that asks the `downloads` permission
 * (`'granted'`): the worker waits for the grant before starting (permission-wait.ts); absent, it
 * refuses at once without the permission.
 */
export const grantedOnce = v.optional(v.literal('granted'));
/**
 * An object schema's entries `base` and `more` in one: what MESSAGES builds its requests with
 * instead of `{ ...base, ...more }`, which rolldown keeps in every bundle that imports messages.ts
 * (it keeps a top-level object that is spread, even where nothing uses the spread; the pages import
 * messages.ts for its constants), so the pages would carry the worker's schemas.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withEntries<A extends v.ObjectEntries, B extends v.ObjectEntries>(base: A, more: B): A & B {
  return { ...base, ...more };
}

/** The documents of a bulk run, as the page's listing names them, at most MAX_BULK_ITEMS. */
export const bulkItems = <T extends v.ObjectEntries>(entries: T) => v.pipe(v.array(v.object(entries)), v.maxLength(MAX_BULK_ITEMS));

/** What an access list is of (AccessResource): a document, a workspace or a site of a listed site. */
export const accessResource: v.GenericSchema<unknown, AccessResource> = v.variant('kind', [
  v.object({ kind: v.literal('document'), orgId: v.number(), siteUrl: v.string(), docId: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ kind: v.literal('workspace'), orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()) }),
  v.object({ kind: v.literal('site'), orgId: v.number(), siteUrl: v.string() }),
]);

/** The most sites one removal of a person names: the People view's bench reads 200; a listing holds no more than some hundreds. */
export const MAX_PERSON_SITES = 1000;
/** The most emails one bulk share names: a pasted list of a few hundred people, with room. */
const MAX_SHARE_EMAILS = 1000;
/** A bulk share's change (SharingChange): emails are checked by the handler, which says which one is wrong. */
export const sharingChange = v.variant('kind', [
  v.object({ kind: v.literal('share'), emails: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_SHARE_EMAILS)), role: v.picklist(['owners', 'editors', 'viewers'] as const) }),
  v.object({ kind: v.literal('unshare'), emails: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_SHARE_EMAILS)) }),
  v.object({ kind: v.literal('public'), public: v.boolean() }),
]);
