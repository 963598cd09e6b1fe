/**
 * Where each Grist site ("org") lives. Grist addresses sites in three ways (docs/grist-api.md, "Sites
 * and their addresses"): a host per team (`https://<domain>.getgrist.com`, personal site at
 * `docs.`), the org in the path (`https://grist.example.com/o/<domain>`), or one org per server
 * (GRIST_SINGLE_ORG). A team site URL the user configured always wins over a derived one.
 */
import type { Settings } from '../../shared/storage/storage-items.ts';

/** The fields of a Grist org that decide its address. */
export interface OrgAddressing {
  id: number;
  domain: string | null;
  host: string | null;
  /**
   * True for the user's own personal site, addressed by the personal site URL. Another person's
   * personal site (Grist sets `owner` on it too) is addressed as a team is, by its `docs-<id>` domain.
   */
  personal: boolean;
}

/** How a deployment addresses its sites, as far as the personal site URL tells. */
export type Deployment =
  /** `https://docs.<base>` is personal, `https://<domain>.<base>` a team. `base` keeps the port. */
  | { style: 'per-team'; protocol: string; base: string }
  /** `{root}/o/<domain>`; `root` is the server's origin. */
  | { style: 'org-in-path'; root: string }
  /** The bare host is one site, the org with `orgId`; no other site is reachable there. */
  | { style: 'single-org'; root: string; orgId: number };

/** What the personal site URL says alone: a style, or that the server must be asked. */
export type DeploymentGuess = Deployment | { style: 'ask-server'; root: string };

const ORG_IN_PATH = /^\/o\/([^/]+)/;

/**
 * Reads the deployment style off the personal site URL.
 * Any `*.getgrist.com` host is per-team (getgrist.com gives each team its own subdomain); a
 * `/o/<domain>` path is org-in-path; any other bare host is either org-in-path or single-org,
 * which only the server can tell. A self-hosted `docs.` host is not taken for per-team: its teams'
 * hosts are whatever its admin chose, so they are configured as team site URLs, never guessed.
 */
export function guessDeployment(personalSiteUrl: string): DeploymentGuess {
  const url = new URL(personalSiteUrl);
  if (ORG_IN_PATH.test(url.pathname)) return { style: 'org-in-path', root: url.origin };
  const port = url.port ? `:${url.port}` : '';
  if (url.hostname.endsWith('.getgrist.com')) return { style: 'per-team', protocol: url.protocol, base: `getgrist.com${port}` };
  return { style: 'ask-server', root: url.origin };
}

/**
 * Settles a bare host from the server's answer to `GET {root}/api/orgs/current`: an org there means
 * single-org; Grist's 400 "No organization chosen" (`currentOrgId` null) means org-in-path.
 */
export function settleDeployment(guess: DeploymentGuess, currentOrgId: number | null): Deployment {
  if (guess.style !== 'ask-server') return guess;
  return currentOrgId === null
    ? { style: 'org-in-path', root: guess.root }
    : { style: 'single-org', root: guess.root, orgId: currentOrgId };
}

/** True when a configured team site URL addresses this org: by `/o/<domain>`, custom host, or subdomain. */
export function teamUrlMatches(teamSiteUrl: string, org: OrgAddressing): boolean {
  const url = new URL(teamSiteUrl);
  const inPath = ORG_IN_PATH.exec(url.pathname);
  if (inPath) return inPath[1] === org.domain;
  if (org.host && url.hostname === org.host) return true;
  return org.domain !== null && url.hostname.includes('.') && url.hostname.split('.')[0] === org.domain;
}

/** A Grist org domain is one DNS label; anything else in an answer is not an address to follow. */
const ORG_DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** A custom host: a host name, and a port at most. */
const CUSTOM_HOST = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/i;

/**
 * The site URL for an org, or null when this deployment cannot reach it (another org on a
 * single-org server). Order: configured team site URL; then what Grist's answer gives (see
 * listedSiteUrl).
 */
export function resolveSiteUrl(org: OrgAddressing, settings: Settings, deployment: Deployment): string | null {
  const configured = settings.teamSiteUrls.find((teamSiteUrl) => teamUrlMatches(teamSiteUrl, org));
  return configured ?? listedSiteUrl(org, settings, deployment);
}

/**
 * The site URL Grist's own answer gives an org, configured team URLs aside: the personal site URL
 * for the personal site; the org's custom host; then the deployment's own way of addressing teams
 * (`/o/<domain>`, or `<domain>.getgrist.com`). Null when the org cannot be reached here, or its
 * domain or host is not one (a broken or hostile answer names no address to follow).
 */
export function listedSiteUrl(org: OrgAddressing, settings: Settings, deployment: Deployment): string | null {
  // Grist answers an org without its own subdomain as `o-<id>` (docs/grist-api.md "Sites and their addresses").
  const domain = org.domain ?? `o-${org.id}`;
  if (!ORG_DOMAIN.test(domain) || (org.host && !CUSTOM_HOST.test(org.host))) return null;
  switch (deployment.style) {
    case 'single-org':
      return org.id === deployment.orgId ? deployment.root : null;
    case 'org-in-path':
      if (org.personal && ORG_IN_PATH.test(new URL(settings.personalSiteUrl).pathname)) return settings.personalSiteUrl;
      return `${deployment.root}/o/${domain.toLowerCase()}`;
    case 'per-team':
      if (org.personal) return settings.personalSiteUrl;
      if (org.host) return `${deployment.protocol}//${org.host.toLowerCase()}`;
      return `${deployment.protocol}//${domain.toLowerCase()}.${deployment.base}`;
  }
}
