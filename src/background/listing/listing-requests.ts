/**
 * The listing's requests to Grist, one account at a time (listing-service.ts merges their answers
 * into the listing): `GET {personal}/api/orgs` for an account's sites and each site's
 * `GET {site}/api/orgs/current/workspaces`, each with the ETag of the cached copy (a 304 reuses that
 * copy) and the account's key; and a site's entry from its answer, its last good workspaces kept
 * when it failed.
 */
import { t } from '../../shared/i18n.ts';
import type { ErrorValue } from '../../shared/protocol/errors.ts';
import type { DocumentEntry, Listing, SiteEntry, SiteHeader, WorkspaceEntry } from '../../shared/protocol/listing.ts';
import type { Account } from '../../shared/storage/storage-items.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { connectToGrist, NO_KEY_ERROR, type KeyedAccount } from '../grist/grist-connection.ts';
import { orgListSchema, workspaceListSchema, type GristWorkspace } from '../grist/grist-schemas.ts';
import { keyDestination } from '../grist/host-policy.ts';
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

/** The path of a site's workspaces, after its address (a cached ETag's URL ends with it). */
export const WORKSPACES_PATH = '/api/orgs/current/workspaces';

/** One listing request's result and the ETag to send for it next time (none if Grist sent none). */
export interface Fetched<T> {
  value: T;
  tag: string | null;
  /** True when Grist answered 304 and the value is the cached copy. */
  unchanged?: boolean;
}

/** Grist's answer for a site's workspaces: new ones, "unchanged" (304 to the ETag sent), or the failure. */
export type WorkspacesAnswer =
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

/** A site's header alone (a cached entry's, without its workspaces or error). */
export const headerOf = ({ account, orgId, name, domain, personal, owner, access, siteUrl }: SiteHeader): SiteHeader => ({
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
export async function askWorkspaces(client: GristClient, siteUrl: string, tag: string | null): Promise<WorkspacesAnswer> {
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
export async function siteEntry(client: GristClient, site: SiteHeader, answer: WorkspacesAnswer, previous: () => Promise<Listing | null>): Promise<Fetched<SiteEntry>> {
  if (answer.kind === 'new') return { value: { ...site, workspaces: ownWorkspaces(site, answer) }, tag: answer.tag };
  const cached = (await previous())?.sites.find((entry) => entry.orgId === site.orgId && entry.siteUrl === site.siteUrl);
  if (answer.kind === 'failed') return { value: { ...site, workspaces: cached?.workspaces ?? [], error: answer.error }, tag: null };
  if (cached && !cached.error) return { value: { ...site, workspaces: cached.workspaces }, tag: answer.tag, unchanged: true };
  return siteEntry(client, site, await askWorkspaces(client, site.siteUrl, null), previous);
}

/** One account's site list and the requests already sent for its sites, once the list is in. */
export interface AccountStart {
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
export async function startAccount(
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
