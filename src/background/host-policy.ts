/**
 * Which hosts may receive the API key: the hosts of the configured site URLs, and on a per-team
 * deployment (getgrist.com) the teams' subdomains of the personal site's base domain. Everything
 * else is refused before any request is made.
 */
import type { Settings } from '../shared/storage-items.ts';
import { guessDeployment } from './site-resolution.ts';

/**
 * The host names the configured sites live on, plus the per-team base domain when there is one.
 * Also the `requestDomains` of the Origin rule, which matches subdomains of each entry.
 */
export function gristDomains(settings: Settings): string[] {
  const domains = new Set([settings.personalSiteUrl, ...settings.teamSiteUrls].map((url) => new URL(url).hostname));
  const deployment = guessDeployment(settings.personalSiteUrl);
  if (deployment.style === 'per-team') domains.add(deployment.base.replace(/:\d+$/, ''));
  return [...domains];
}

/** True when `url`'s host is a configured Grist host or, on per-team deployments, one of its teams. */
export function isConfiguredUrl(url: URL, settings: Settings): boolean {
  const configuredOrigins = new Set([settings.personalSiteUrl, ...settings.teamSiteUrls].map((site) => new URL(site).origin));
  if (configuredOrigins.has(url.origin)) return true;
  const deployment = guessDeployment(settings.personalSiteUrl);
  return deployment.style === 'per-team' && url.host.endsWith(`.${deployment.base}`) && url.protocol === deployment.protocol;
}
