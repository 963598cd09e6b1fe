/**
 * Builds the popup's listing: `GET {personal}/api/orgs` for the sites, then every site's
 * `GET {site}/api/orgs/current/workspaces` in parallel. A site that fails keeps its last good
 * workspaces and carries its error, so one bad site never hides the others.
 */
import type { DocumentEntry, Listing, SiteEntry } from '../shared/listing.ts';
import { apiKeyItem, listingItem, settingsItem, type Settings } from '../shared/storage-items.ts';
import { ApiError } from './api-error.ts';
import type { GristClient } from './grist-client.ts';
import { connectToGrist } from './grist-connection.ts';
import { currentOrgSchema, orgListSchema, workspaceListSchema, type GristWorkspace, type Org } from './grist-schemas.ts';
import { storeFetchedListing } from './listing-cache.ts';
import { guessDeployment, resolveSiteUrl, settleDeployment, type Deployment } from './site-resolution.ts';

/** The error when no key is saved. */
export const NO_KEY_ERROR = () =>
  new ApiError('no-key', 'No Grist API key yet. Open the options and paste the key from Grist (Profile settings → API).');

/**
 * Grist answers `200 []` to `/api/orgs` for an anonymous caller (grist-api.md, "Authentication"),
 * and every real user has a personal site; so an empty list means the key did not arrive.
 */
export const ANONYMOUS_ANSWER_ERROR = (host: string) =>
  new ApiError(
    'auth',
    `${host} answered as if no API key was sent. Check the key in the options; a proxy in front of Grist may be dropping the Authorization header.`,
  );

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

async function listSite(
  client: GristClient,
  org: Org,
  siteUrl: string,
  previous: SiteEntry | undefined,
): Promise<SiteEntry> {
  const site = { orgId: org.id, name: org.name, domain: org.domain, personal: org.owner !== null, siteUrl };
  try {
    const workspaces = await client.get(siteUrl, '/api/orgs/current/workspaces', workspaceListSchema);
    return {
      ...site,
      // Grist's support workspace holds its example documents, which are not the user's to rename.
      workspaces: workspaces
        .filter((workspace) => !workspace.isSupportWorkspace)
        .map((workspace) => ({ id: workspace.id, name: workspace.name, documents: toDocuments(workspace) })),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ...site, workspaces: previous?.siteUrl === siteUrl ? previous.workspaces : [], error: error.toValue() };
  }
}

/** Lists every site with the given key and settings. Throws ApiError when the site list itself fails. */
export async function fetchListing(settings: Settings, apiKey: string, previous: Listing | null): Promise<Listing> {
  const client = connectToGrist(settings, apiKey);
  const guess = guessDeployment(settings.personalSiteUrl);
  const [orgs, servedOrgId] = await Promise.all([
    client.get(settings.personalSiteUrl, '/api/orgs', orgListSchema),
    guess.style === 'ask-server' ? currentOrgId(client, guess.root) : null,
  ]);
  if (orgs.length === 0) throw ANONYMOUS_ANSWER_ERROR(new URL(settings.personalSiteUrl).host);
  const deployment: Deployment = settleDeployment(guess, servedOrgId);
  const sites = await Promise.all(
    orgs.map((org) => {
      const siteUrl = resolveSiteUrl({ ...org, personal: org.owner !== null }, settings, deployment);
      const before = previous?.sites.find((site) => site.orgId === org.id);
      return siteUrl === null ? null : listSite(client, org, siteUrl, before);
    }),
  );
  return { fetchedAt: Date.now(), sites: sites.filter((site) => site !== null) };
}

/** The `refreshListing` message: lists afresh with the saved options and caches the result. */
export async function refreshListing(): Promise<Listing> {
  const startedAt = Date.now();
  const [apiKey, settings, previous] = await Promise.all([apiKeyItem.get(), settingsItem.get(), listingItem.get()]);
  if (!apiKey) throw NO_KEY_ERROR();
  return storeFetchedListing(await fetchListing(settings, apiKey, previous), startedAt);
}
