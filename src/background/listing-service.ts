/**
 * Builds the popup's listing: `GET {personal}/api/orgs` for the sites, then every site's
 * `GET {site}/api/orgs/current/workspaces`, all at once (the client limits each host to 6).
 * Each request carries the ETag of the cached copy; a 304 reuses that copy, so an unchanged
 * refresh transfers no listing bodies. A site that fails keeps its last good workspaces and
 * carries its error, so one bad site never hides the others.
 */
import { t } from '../shared/i18n.ts';
import type { DocumentEntry, Listing, SiteEntry } from '../shared/listing.ts';
import { apiKeyItem, settingsItem, type Settings } from '../shared/storage-items.ts';
import { ApiError } from './api-error.ts';
import type { GristClient } from './grist-client.ts';
import { connectToGrist } from './grist-connection.ts';
import { currentOrgSchema, orgListSchema, workspaceListSchema, type GristWorkspace } from './grist-schemas.ts';
import { readListingAndTags, storeFetchedListing } from './listing-cache.ts';
import { guessDeployment, resolveSiteUrl, settleDeployment } from './site-resolution.ts';

/** The error when no key is saved. */
export const NO_KEY_ERROR = () =>
  new ApiError('no-key', t('errorNoKey'));

/**
 * Grist answers `200 []` to `/api/orgs` for an anonymous caller (grist-api.md, "Authentication"),
 * and every real user has a personal site; so an empty list means the key did not arrive.
 */
export const ANONYMOUS_ANSWER_ERROR = (host: string) =>
  new ApiError(
    'auth',
    t('errorAnonymousAnswer', host),
  );

const WORKSPACES_PATH = '/api/orgs/current/workspaces';

/** A site to list: what the listing shows of it, before its workspaces. */
type SiteHeader = Omit<SiteEntry, 'workspaces' | 'error'>;

/** What a refresh fetched: the listing and the ETags to send next time. */
export interface FetchedListing {
  listing: Listing;
  tags: Record<string, string>;
}

/** One listing request's result and the ETag to send for it next time (none if Grist sent none). */
interface Fetched<T> {
  value: T;
  tag: string | null;
}

/** Asks a bare host which org it serves; Grist's 400 "No organization chosen" means org-in-path. */
async function currentOrgId(client: GristClient, root: string): Promise<number | null> {
  try {
    return (await client.get(root, '/api/orgs/current', currentOrgSchema)).id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
}

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
    }));
}

const headerOf = ({ orgId, name, domain, personal, siteUrl }: SiteHeader): SiteHeader => ({ orgId, name, domain, personal, siteUrl });

/** The sites from `/api/orgs`, each at its address; on a 304, the cached listing's sites. */
async function listSites(client: GristClient, settings: Settings, previous: Listing | null, tags: Record<string, string>): Promise<Fetched<SiteHeader[]>> {
  const url = `${settings.personalSiteUrl}/api/orgs`;
  const guess = guessDeployment(settings.personalSiteUrl);
  const [answer, servedOrgId] = await Promise.all([
    client.revalidate(settings.personalSiteUrl, '/api/orgs', orgListSchema, previous ? (tags[url] ?? null) : null),
    guess.style === 'ask-server' ? currentOrgId(client, guess.root) : null,
  ]);
  if (!answer.changed) return { value: (previous?.sites ?? []).map(headerOf), tag: tags[url] ?? null };
  if (answer.value.length === 0) throw ANONYMOUS_ANSWER_ERROR(new URL(settings.personalSiteUrl).host);
  const deployment = settleDeployment(guess, servedOrgId);
  const sites = answer.value.flatMap((org) => {
    const personal = org.owner !== null;
    const siteUrl = resolveSiteUrl({ ...org, personal }, settings, deployment);
    return siteUrl === null ? [] : [{ orgId: org.id, name: org.name, domain: org.domain, personal, siteUrl }];
  });
  return { value: sites, tag: answer.etag };
}

/** A site's workspaces; a failure is kept in the entry, beside the site's last good workspaces. */
async function listWorkspaces(client: GristClient, site: SiteHeader, before: SiteEntry | undefined, tags: Record<string, string>): Promise<Fetched<SiteEntry>> {
  const url = `${site.siteUrl}${WORKSPACES_PATH}`;
  // The cached copy may be revalidated only if it is this site's, at this address, and complete.
  const cached = before?.siteUrl === site.siteUrl && !before.error ? before : undefined;
  try {
    const answer = await client.revalidate(site.siteUrl, WORKSPACES_PATH, workspaceListSchema, cached ? (tags[url] ?? null) : null);
    if (!answer.changed) return { value: { ...site, workspaces: cached?.workspaces ?? [] }, tag: tags[url] ?? null };
    // Grist's support workspace holds its example documents, which are not the user's to rename.
    const workspaces = answer.value
      .filter((workspace) => !workspace.isSupportWorkspace)
      .map((workspace) => ({ id: workspace.id, name: workspace.name, documents: toDocuments(workspace) }));
    return { value: { ...site, workspaces }, tag: answer.etag };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { value: { ...site, workspaces: before?.siteUrl === site.siteUrl ? before.workspaces : [], error: error.toValue() }, tag: null };
  }
}

/** The same site at the same address: an early request for one answers for the other. */
const sameSite = (a: SiteHeader, b: SiteHeader) => a.orgId === b.orgId && a.siteUrl === b.siteUrl;

/**
 * Lists every site with the given key and settings, revalidating against `previous` with `tags`.
 * The sites of `previous` are asked for their workspaces at once, beside `/api/orgs`, so a popup
 * with a cached listing waits one round trip instead of two; a site the new site list no longer
 * holds is dropped with its answer, and one that is new or moved is asked once the list is in.
 * Throws ApiError when the site list itself fails.
 */
export async function fetchListing(settings: Settings, apiKey: string, previous: Listing | null, tags: Record<string, string>): Promise<FetchedListing> {
  const client = connectToGrist(settings, apiKey);
  // The site list is asked first, so on a host shared by every site it is not queued behind them.
  const siteList = listSites(client, settings, previous, tags);
  const early = (previous?.sites ?? []).map((site) => ({ site, answer: listWorkspaces(client, headerOf(site), site, tags) }));
  // Answers no longer wanted once the site list fails must not surface as unhandled rejections.
  for (const { answer } of early) answer.catch(() => undefined);
  const sites = await siteList;
  const results = await Promise.all(
    sites.value.map(async (site) => {
      const known = early.find((entry) => sameSite(entry.site, site));
      const result = await (known?.answer ?? listWorkspaces(client, site, previous?.sites.find((entry) => entry.orgId === site.orgId), tags));
      // The site's name and domain as the new site list has them.
      return { ...result, value: { ...result.value, ...site } };
    }),
  );
  const fresh: Record<string, string> = {};
  if (sites.tag) fresh[`${settings.personalSiteUrl}/api/orgs`] = sites.tag;
  for (const { value, tag } of results) if (tag) fresh[`${value.siteUrl}${WORKSPACES_PATH}`] = tag;
  return { listing: { fetchedAt: Date.now(), sites: results.map(({ value }) => value) }, tags: fresh };
}

/** The refresh under way, and the settings and key it was started with (kept in memory only). */
let refreshing: { promise: Promise<Listing>; basis: string } | null = null;

/**
 * The `refreshListing` message: lists afresh with the saved options and caches the result.
 * Popups opened while a refresh runs share it (never more than one request per site per
 * refresh), unless the settings or the key changed since it started: then it is out of date.
 */
export async function refreshListing(): Promise<Listing> {
  const startedAt = Date.now();
  const [apiKey, settings] = await Promise.all([apiKeyItem.get(), settingsItem.get()]);
  if (!apiKey) throw NO_KEY_ERROR();
  const basis = JSON.stringify([settings, apiKey]);
  if (refreshing?.basis === basis) return refreshing.promise;
  const promise = (async () => {
    const { listing: previous, tags } = await readListingAndTags();
    const fetched = await fetchListing(settings, apiKey, previous, tags);
    return storeFetchedListing(fetched.listing, fetched.tags, (siteUrl) => `${siteUrl}${WORKSPACES_PATH}`, startedAt);
  })().finally(() => {
    if (refreshing?.promise === promise) refreshing = null;
  });
  refreshing = { promise, basis };
  return promise;
}
