/**
 * Builds the popup's listing: for every account at once, `GET {personal}/api/orgs` for its sites,
 * then every site's `GET {site}/api/orgs/current/workspaces`, each with that account's key, all at
 * once (the client limits each host to 6, whichever account asks).
 * Each request carries the ETag of the cached copy; a 304 reuses that copy, so an unchanged
 * refresh transfers no listing bodies. A site that fails keeps its last good workspaces and
 * carries its error, so one bad site never hides the others; an account whose site list fails
 * keeps its last good sites, and its heading carries the error. Here: merging the answers into the
 * listing, and the refresh under way; the requests themselves: listing-requests.ts.
 */
import type { ErrorValue } from '../../shared/protocol/errors.ts';
import type { AccountEntry, Listing, RefreshStep, SiteEntry, SiteHeader } from '../../shared/protocol/listing.ts';
import type { Account } from '../../shared/storage/storage-items.ts';
import { ApiError } from '../grist/api-error.ts';
import { NO_KEY_ERROR, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { logFailure } from '../log-failure.ts';
import { applyConfirmedMoves, applyConfirmedRenames } from './confirmed-changes.ts';
import { cacheEpoch, readCachedListing, storeFetchedListing, type AccountTags } from './listing-cache.ts';
import { recordListedHosts } from '../key-scope/account-writes.ts';
import { askWorkspaces, headerOf, siteEntry, startAccount, WORKSPACES_PATH, type AccountStart, type Fetched } from './listing-requests.ts';

/**
 * What a refresh fetched: the listing, the ETags to send next time (by account), and the team
 * sites' origins Grist listed for each account that answered.
 */
export interface FetchedListing {
  listing: Listing;
  tags: AccountTags;
  listed: Record<string, string[]>;
}
/** An account's heading in a listing of several (see AccountEntry). */
function accountEntry(account: Account, error?: ErrorValue): AccountEntry {
  return { id: account.id, user: account.user, server: new URL(account.settings.personalSiteUrl).host, ...(error ? { error } : {}) };
}

/**
 * Lists every site of every account, each account with its own key, ETags and cached copy. In:
 * the accounts in the options' order with their keys (null: none saved), the cached ETags by
 * account and request URL, a reader of the cached listing they were built from (called only for
 * what answers 304 or fails), and what to tell of each step as it happens: the site list once
 * every account's is in (or failed), then each site as it answers, so a page shows every site
 * without waiting for the slowest (a server that never answers holds back only its own site,
 * until its timeout). An answer for a site the new site list no longer holds is dropped, and a
 * site that is new, moved or was in error is asked once the list is in.
 * With one account, throws ApiError when its site list fails; with several, an account whose site
 * list fails keeps its cached sites and its heading carries the error.
 */
export async function fetchListing(
  accounts: readonly KeyedAccount[],
  tags: AccountTags,
  previous: () => Promise<Listing | null>,
  report: (step: RefreshStep) => void = () => undefined,
  isCurrent?: () => boolean,
): Promise<FetchedListing> {
  const previousOf = (id: string) => async () => {
    const cached = await previous();
    return cached && { ...cached, sites: cached.sites.filter((site) => site.account === id) };
  };
  const started = await Promise.allSettled(accounts.map((keyed) => startAccount(keyed, tags[keyed.account.id] ?? {}, previousOf(keyed.account.id), isCurrent)));
  const several = accounts.length > 1;
  const parts = await Promise.all(
    started.map(async (result, index) => {
      const { account } = accounts[index]!;
      if (result.status === 'fulfilled') return { account, start: result.value, heading: accountEntry(account), kept: [] as SiteEntry[] };
      if (!several || !(result.reason instanceof ApiError)) throw result.reason;
      // The sites of its last good listing, as they were.
      const kept = (await previousOf(account.id)())?.sites ?? [];
      return { account, start: null, heading: accountEntry(account, result.reason.toValue()), kept };
    }),
  );
  // Every site in the accounts' order: an account's fresh site list, or a failed one's cached sites.
  const rows = parts.flatMap(({ start, kept }): Array<{ start: AccountStart | null; header: SiteHeader; kept: SiteEntry | null }> =>
    start ? start.sites.value.map((header) => ({ start, header, kept: null })) : kept.map((site) => ({ start, header: headerOf(site), kept: site })),
  );
  const headings = several ? { accounts: parts.map(({ heading }) => heading) } : {};
  report({ sites: rows.map(({ header }) => header), ...headings });
  const results = await Promise.all(
    rows.map(async ({ start, header, kept }, index) => {
      const entry: Fetched<SiteEntry> = start
        ? await siteEntry(start.client, header, await (start.early.get(header.siteUrl) ?? askWorkspaces(start.client, header.siteUrl, null)), previousOf(header.account))
        : { value: kept!, tag: null, unchanged: true };
      report({ site: entry.value, index, unchanged: entry.unchanged === true });
      return entry;
    }),
  );
  const fresh: AccountTags = {};
  for (const { account, start, kept } of parts) {
    // An account that failed keeps its cached sites, and the ETags they were built from; with no
    // cached site to keep, no ETag either (a 304 would then leave it empty).
    fresh[account.id] = start || kept.length === 0 ? {} : { ...tags[account.id] };
    if (start?.sites.tag) fresh[account.id]![`${account.settings.personalSiteUrl}/api/orgs`] = start.sites.tag;
  }
  for (const { value, tag } of results) if (tag) fresh[value.account]![`${value.siteUrl}${WORKSPACES_PATH}`] = tag;
  const listing: Listing = { fetchedAt: Date.now(), sites: results.map(({ value }) => value), ...headings };
  return { listing, tags: fresh, listed: Object.fromEntries(parts.flatMap(({ account, start }) => (start ? [[account.id, start.sites.listed]] : []))) };
}

/** A refresh: the listing it gives, and when it has made its storage reads and its requests are leaving. */
export interface Refresh {
  listing: Promise<Listing>;
  /** Settles once the refresh no longer reads storage before its requests (or once it ended). */
  underway: Promise<void>;
  /**
   * Calls `listener` with every step so far, then with each new one as it happens (see
   * RefreshStep); all of them come before `listing` settles. A page that joins a refresh late
   * gets the steps it missed.
   */
  watch(listener: (step: RefreshStep) => void): void;
  /**
   * The revision of the cached listing this refresh revalidates: a site step marked `unchanged`
   * is that site as in this listing. Undefined when there is none (or it could not be read).
   */
  cachedRevision: Promise<string | undefined>;
}

/** Steps kept for replay: listeners added later get every step so far. */
function stepLog() {
  const steps: RefreshStep[] = [];
  const listeners = new Set<(step: RefreshStep) => void>();
  return {
    report(step: RefreshStep): void {
      steps.push(step);
      for (const listener of listeners) listener(step);
    },
    watch(listener: (step: RefreshStep) => void): void {
      for (const step of steps) listener(step);
      listeners.add(listener);
    },
  };
}

/** The refresh under way, and the accounts and keys it was started with (kept in memory only). */
let refreshing: (Refresh & { basis: string }) | null = null;

/**
 * Lists afresh with the saved accounts and caches the result. Popups opened while a refresh runs
 * share it (never more than one request per site per refresh), unless an account or a key
 * changed since it started: then it is out of date. Throws `no-key` when no account has a key.
 */
export function startRefresh(): Refresh {
  let readsDone!: () => void;
  const underway = new Promise<void>((resolve) => (readsDone = resolve));
  let revisionKnown!: (revision: string | undefined) => void;
  const cachedRevision = new Promise<string | undefined>((resolve) => (revisionKnown = resolve));
  const log = stepLog();
  // Taken before the accounts and keys are read: a refresh they changed under stores nothing.
  const epoch = cacheEpoch();
  const listing = (async () => {
    const startedAt = Date.now();
    const accounts = await readKeyedAccounts();
    if (!accounts.some(({ apiKey }) => apiKey !== null)) throw NO_KEY_ERROR();
    const basis = JSON.stringify([accounts, epoch]);
    if (refreshing?.basis === basis) {
      void refreshing.underway.then(readsDone);
      void refreshing.cachedRevision.then(revisionKnown);
      refreshing.watch(log.report);
      return refreshing.listing;
    }
    const cache = readCachedListing();
    void cache.revision.catch(() => undefined).then(revisionKnown);
    const promise = (async () => {
      // A cache that cannot be read only means nothing to reuse.
      const previous = () => cache.listing().catch(() => null);
      const tags = await cache.tags.catch(() => ({}));
      readsDone();
      const fetched = await fetchListing(
        accounts,
        tags,
        previous,
        (step) => log.report('site' in step ? { ...step, unchanged: !applyConfirmedRenames(step.site, startedAt) && step.unchanged } : step),
        // An account changed or removed meanwhile: nothing more goes out with these keys.
        () => cacheEpoch() === epoch,
      );
      // A rename confirmed after its site was reported: that site again, with the new name (and so
      // in the listing stored next, with no await between).
      // The same for a move confirmed meanwhile: both its sites again.
      const moved = applyConfirmedMoves(fetched.listing, startedAt);
      fetched.listing.sites.forEach((site, index) => {
        if (applyConfirmedRenames(site, startedAt) || moved.has(site)) log.report({ site, index, unchanged: false });
      });
      for (const { account, apiKey } of accounts) {
        const listed = fetched.listed[account.id];
        if (listed && apiKey !== null) void recordListedHosts(account, apiKey, listed).catch(logFailure('recording the listed team sites'));
      }
      return storeFetchedListing(fetched.listing, fetched.tags, (siteUrl) => `${siteUrl}${WORKSPACES_PATH}`, cache, epoch);
    })().finally(() => {
      if (refreshing?.listing === promise) refreshing = null;
    });
    refreshing = { listing: promise, underway, basis, watch: log.watch, cachedRevision };
    return promise;
  })();
  void listing.finally(readsDone).catch(() => undefined);
  void listing.catch(() => revisionKnown(undefined));
  return { listing, underway, watch: log.watch, cachedRevision };
}

/** The `refreshListing` message: the listing of a refresh (see startRefresh). Throws ApiError. */
export const refreshListing = (): Promise<Listing> => startRefresh().listing;
