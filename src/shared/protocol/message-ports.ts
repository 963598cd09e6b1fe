/**
 * The two ports of the protocol, beside its messages (MESSAGES, messages.ts): the listing's, whose
 * answer comes in parts, and the People view's, which reads many sites at once. Their replies are
 * Results, as a message's are (`refreshListing`'s, `readAccess`'s).
 */
import type { ErrorValue, Result } from './errors.ts';
import type { Listing, RefreshStep } from './listing.ts';
import type { AccessList } from './sharing.ts';

/**
 * The port (`runtime.connect({name})`) a page opens to ask for `refreshListing`; connecting is the
 * request. The answer comes in parts: `underway` once the worker has made its storage reads (a
 * page reading megabytes of cache before then would hold them up in the browser's storage queue,
 * and the refresh with them); the refresh's steps as they happen (the site list, then each site
 * as it answers, in any order, a site again if a rename changed it); then the Reply with no sites.
 * Each site comes as it answers, so one that never does holds back only itself.
 * Chromium passes one 3 MB message three times slower than the same data in 50 parts (measured
 * at 20,000 documents: 43 ms against 13 ms), and the listing is the protocol's only big answer.
 * A page that shows a cached listing names its revision in the port's name
 * (`refreshListing:<revision>`, see listingPortName): a site Grist answers is as in that listing is
 * then sent as `{index, asShown: true}`, without its workspaces, so an unchanged refresh sends the
 * page no listing data at all.
 */
export const LISTING_PORT = 'refreshListing';

/** The listing port's name for a page showing the cached listing of `revision` (none: a page that shows none). */
export function listingPortName(revision: string | undefined): string {
  return revision === undefined ? LISTING_PORT : `${LISTING_PORT}:${revision}`;
}

/** One message on the listing port. `asShown`: site `index` is as in the listing the page said it shows. */
export type ListingPart = { underway: true } | RefreshStep | { index: number; asShown: true } | { end: Result<Listing> };

/**
 * The port (`runtime.connect({name})`) the People view opens to read the people of many sites at
 * once: the page posts one SitesPeopleRequest, and the worker reads every site at once (within its
 * per-host limit: a slow host waits alone) and posts each site's reply as it comes, in any order,
 * as a SitesPeoplePart: the list, or why it could not be read (an error value). A malformed request
 * is answered by one `refused` part. The page closes the port once every site answered, or when it
 * goes (a closed popup closes it): the worker then posts nothing more. One port, not a message per
 * site: 201 `runtime.sendMessage` calls took the popup 60 to 300 ms to send and the worker 260 to
 * 500 ms to receive (the bench's People row), before any site's read could start.
 */
export const PEOPLE_PORT = 'readSitesPeople';

/** What the People view asks on PEOPLE_PORT: each site's access, by its id and address (at most MAX_PEOPLE_SITES). */
export interface SitesPeopleRequest {
  sites: Array<{ orgId: number; siteUrl: string }>;
}

/** The most sites one SitesPeopleRequest names: the bench lists 201; a listing holds no more than some hundreds. */
export const MAX_PEOPLE_SITES = 1000;

/** One message of the worker on PEOPLE_PORT: site `index` of the request read (readAccess's reply), or the request refused. */
export type SitesPeoplePart = { index: number; reply: Result<AccessList> } | { refused: ErrorValue };
