/**
 * Builds the popup's listing: for every account at once, `GET {personal}/api/orgs` for its sites,
 * then every site's `GET {site}/api/orgs/current/workspaces`, each with that account's key, all at
 * once (the client limits each host to 6, whichever account asks).
 * Each request carries the ETag of the cached copy; a 304 reuses that copy, so an unchanged
 * refresh transfers no listing bodies. A site that fails keeps its last good workspaces and
 * carries its error, so one bad site never hides the others; an account whose site list fails
 * keeps its last good sites, and its heading carries the error.
 */
import { t } from '../../shared/i18n.ts';
import type { ErrorValue } from '../../shared/protocol/errors.ts';
import type { AccountEntry, DocumentEntry, Listing, RefreshStep, SiteEntry, SiteHeader, WorkspaceEntry } from '../../shared/protocol/listing.ts';
import type { Account } from '../../shared/storage/storage-items.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { connectToGrist, NO_KEY_ERROR, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { orgListSchema, workspaceListSchema, type GristWorkspace } from '../grist/grist-schemas.ts';
import { keyDestination } from '../grist/host-policy.ts';
import { logFailure } from '../log-failure.ts';
import { applyConfirmedMoves, applyConfirmedRenames } from './confirmed-changes.ts';
import { cacheEpoch, readCachedListing, storeFetchedListing, type AccountTags } from './listing-cache.ts';
import { recordListedHosts } from '../key-scope/account-writes.ts';
import { guessDeployment, listedSiteUrl, resolveSiteUrl } from './site-resolution.ts';
import { deploymentOf } from './server-deployment.ts';

/**
 * Grist answers `200 []` to `/api/orgs` for an anonymous caller (docs/grist-api.md, "Authentication"),
 * and every real user has a personal site; so an empty list means the key did not arrive.
 */
export const ANONYMOUS_ANSWER_ERROR = (host: string) =>
  new ApiError(
    'auth',
    t('errorAnonymousAnswer', host),
  );

const WORKSPACES_PATH = '/api/orgs/current/workspaces';

/**
 * What a refresh fetched: the listing, the ETags to send next time (by account), and the team
 * sites' origins Grist listed for each account that answered.
 */
export interface FetchedListing {
  listing: Listing;
  tags: AccountTags;
  listed: Record<string, string[]>;
}

/** One listing request's result and the ETag to send for it next time (none if Grist sent none). */
interface Fetched<T> {
  value: T;
  tag: string | null;
  /** True when Grist answered 304 and the value is the cached copy. */
  unchanged?: boolean;
}

/** Grist's answer for a site's workspaces: new ones, "unchanged" (304 to the ETag sent), or the failure. */
type WorkspacesAnswer =
  /** `domains`: each workspace's site (Grist's `orgDomain`), in the same order: see siteEntry. */
  | { kind: 'new'; workspaces: WorkspaceEntry[]; domains: Array<string | null>; tag: string | null }
  | { kind: 'unchanged'; tag: string }
  | { kind: 'failed'; error: ErrorValue };

function toDocuments(workspace: GristWorkspace): DocumentEntry[] {
  return workspace.docs
    .filter((doc) => !doc.removedAt)
    .map((doc) => ({
      id: doc.id,
      urlId: doc.urlId ?? doc.id,
      name: doc.name,
      access: doc.access,
      isPinned: doc.isPinned,
      updatedAt: doc.updatedAt,
      ...(doc.public ? { isPublic: true as const } : {}),
    }));
}

const headerOf = ({ account, orgId, name, domain, personal, owner, access, siteUrl }: SiteHeader): SiteHeader => ({
  account,
  orgId,
  name,
  domain,
  personal,
  ...(owner === undefined ? {} : { owner }),
  ...(access === undefined ? {} : { access }),
  siteUrl,
});

/**
 * The sites from `/api/orgs`, each at its address, and the origins of the team sites Grist's
 * answer itself gives (configured team URLs aside: see listedSiteUrl). On a 304 they are the
 * cached listing's sites and the origins already recorded; should that listing be unreadable, or
 * of before sites kept the user's role on them, the list is asked again in full.
 */
async function listSites(
  client: GristClient,
  access: Account,
  tags: Record<string, string>,
  previous: () => Promise<Listing | null>,
): Promise<Fetched<SiteHeader[]> & { listed: string[] }> {
  const { settings } = access;
  const tag = tags[`${settings.personalSiteUrl}/api/orgs`] ?? null;
  const guess = guessDeployment(settings.personalSiteUrl);
  // The deployment is needed only for a site list Grist sends: with a cached one (a tag), most
  // often it answers 304, and nothing is asked beside it.
  const [answer, known] = await Promise.all([client.revalidate(settings.personalSiteUrl, '/api/orgs', orgListSchema, tag), tag === null ? deploymentOf(client, guess) : null]);
  if (!answer.changed) {
    // `previous` holds this account's cached sites: none (a replaced or unreadable cache, or one
    // that kept none of it) means nothing to pair the 304 with, so the list is asked in full.
    const cached = await previous();
    // A listing cached before sites kept the user's role on them cannot say who may change a site's access.
    const usable = cached && cached.sites.length > 0 && cached.sites.every((site) => site.access !== undefined);
    return usable ? { value: cached.sites.map(headerOf), tag, listed: access.hosts.listed } : listSites(client, access, {}, previous);
  }
  if (answer.value.length === 0) throw ANONYMOUS_ANSWER_ERROR(new URL(settings.personalSiteUrl).host);
  const deployment = known ?? (await deploymentOf(client, guess));
  const personalOrigin = new URL(settings.personalSiteUrl).origin;
  const listed = new Set<string>();
  // The user's own personal site is the first Grist lists (docs/grist-api.md "Sites and their addresses"); any other with an
  // owner is another person's, listed for what they shared, and has its own address (`docs-<id>`):
  // the personal site URL (`/o/docs`, `docs.getgrist.com`) is the user's own.
  const ownerId = answer.value[0]?.owner?.id ?? null;
  const sites = answer.value.flatMap((org): SiteHeader[] => {
    const addressing = { ...org, personal: org.owner !== null && org.owner.id === ownerId };
    const fromAnswer = listedSiteUrl(addressing, settings, deployment);
    if (fromAnswer && !addressing.personal && new URL(fromAnswer).origin !== personalOrigin) listed.add(new URL(fromAnswer).origin);
    const siteUrl = resolveSiteUrl(addressing, settings, deployment);
    const owner = org.owner !== null && !addressing.personal ? { owner: org.owner.name ?? '' } : {};
    return siteUrl === null ? [] : [{ account: access.id, orgId: org.id, name: org.name, domain: org.domain, personal: addressing.personal, ...owner, access: org.access, siteUrl }];
  });
  return { value: sites, tag: answer.etag, listed: [...listed].sort() };
}

/** `GET {siteUrl}/api/orgs/current/workspaces`, with `If-None-Match: tag` when given. Never rejects with an ApiError. */
async function askWorkspaces(client: GristClient, siteUrl: string, tag: string | null): Promise<WorkspacesAnswer> {
  try {
    const answer = await client.revalidate(siteUrl, WORKSPACES_PATH, workspaceListSchema, tag);
    if (!answer.changed) return { kind: 'unchanged', tag: tag! };
    // Grist's support workspace holds its example documents, which are not the user's to rename.
    const listed = answer.value.filter((workspace) => !workspace.isSupportWorkspace);
    const workspaces = listed.map((workspace) => ({ id: workspace.id, name: workspace.name, access: workspace.access, documents: toDocuments(workspace) }));
    return { kind: 'new', workspaces, domains: listed.map((workspace) => workspace.orgDomain), tag: answer.etag };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { kind: 'failed', error: error.toValue() };
  }
}

/**
 * The workspaces of Grist's answer that are the site's own. The user's personal site is addressed
 * as Grist's merged personal site (`/o/docs`, `docs.getgrist.com`), which answers the workspaces
 * of every personal site the user can reach (grist-core test/gen-server/mergedOrgs.ts): another
 * person's are listed under that person's site (listSites), so here only the site's own domain's
 * stay. A workspace Grist gives no domain stays.
 */
function ownWorkspaces(site: SiteHeader, answer: { workspaces: WorkspaceEntry[]; domains: Array<string | null> }): WorkspaceEntry[] {
  if (!site.personal || site.domain === null) return answer.workspaces;
  return answer.workspaces.filter((_, index) => {
    const domain = answer.domains[index];
    return domain === null || domain === undefined || domain === site.domain;
  });
}

/**
 * A site's entry from Grist's answer, with its name and domain as the site list has them.
 * `previous` gives the cached listing, read only for a 304 or a failure: its entry for this site
 * (same org, same address) gives a failure its last good workspaces and a 304 its workspaces; a
 * 304 with no complete cached entry to take (another org now at this address, a replaced or
 * unreadable cache) is asked again in full.
 */
async function siteEntry(client: GristClient, site: SiteHeader, answer: WorkspacesAnswer, previous: () => Promise<Listing | null>): Promise<Fetched<SiteEntry>> {
  if (answer.kind === 'new') return { value: { ...site, workspaces: ownWorkspaces(site, answer) }, tag: answer.tag };
  const cached = (await previous())?.sites.find((entry) => entry.orgId === site.orgId && entry.siteUrl === site.siteUrl);
  if (answer.kind === 'failed') return { value: { ...site, workspaces: cached?.workspaces ?? [], error: answer.error }, tag: null };
  if (cached && !cached.error) return { value: { ...site, workspaces: cached.workspaces }, tag: answer.tag, unchanged: true };
  return siteEntry(client, site, await askWorkspaces(client, site.siteUrl, null), previous);
}

/** One account's site list and the requests already sent for its sites, once the list is in. */
interface AccountStart {
  sites: Fetched<SiteHeader[]> & { listed: string[] };
  /** A client that also trusts the team sites Grist has just listed for this key. */
  client: GristClient;
  /** The revalidations sent beside the site list, by site URL. */
  early: Map<string, Promise<WorkspacesAnswer>>;
}

/**
 * Asks one account's site list with its key and, beside it, revalidates every workspaces
 * response the cache holds an ETag for, so a popup with a cached listing waits one round trip
 * instead of two. Throws ApiError when the site list fails, `no-key` for an account without a key.
 */
async function startAccount(
  { account, apiKey }: KeyedAccount,
  tags: Record<string, string>,
  previous: () => Promise<Listing | null>,
  isCurrent?: () => boolean,
): Promise<AccountStart> {
  if (apiKey === null) throw NO_KEY_ERROR();
  const client = connectToGrist(account, apiKey, { isCurrent });
  // The site list is asked first, so on a host shared by every site it is not queued behind them.
  const siteList = listSites(client, account, tags, previous);
  // Only where the saved access already lets the key go: a team site Grist lists anew is asked
  // once the list is in, with the client that trusts it.
  const early = new Map(
    Object.entries(tags).flatMap(([url, tag]) => {
      const siteUrl = url.endsWith(WORKSPACES_PATH) ? url.slice(0, -WORKSPACES_PATH.length) : null;
      if (siteUrl === null || keyDestination(new URL(siteUrl), account) !== 'allowed') return [];
      return [[siteUrl, askWorkspaces(client, siteUrl, tag)] as const];
    }),
  );
  // Answers no longer wanted once the site list fails must not surface as unhandled rejections.
  for (const answer of early.values()) answer.catch(() => undefined);
  const sites = await siteList;
  const listedClient = connectToGrist({ ...account, hosts: { ...account.hosts, listed: sites.listed } }, apiKey, { isCurrent });
  return { sites, client: listedClient, early };
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
