/**
 * Where the API key may go, decided in one place: the exact origins of the configured site URLs
 * and of the team sites that `GET /api/orgs` listed for the saved key (on getgrist.com
 * `https://<domain>.getgrist.com` of a listed org, or a listed org's custom host). Nothing is
 * derived from a host name: no parent domain, no `docs.` prefix. Of the configured origins, the
 * key goes only to those it was typed or confirmed for (a changed site URL does not take the key
 * along). The context-menu patterns, the rename window's URL check, the Origin rule and the network
 * module all ask this module.
 */
import { keyHostsItem, settingsItem, type KeyHosts, type Settings } from '../../shared/storage-items.ts';

/** The saved settings and where the saved key may go. */
export interface SiteAccess {
  settings: Settings;
  hosts: KeyHosts;
}

/** Reads the saved settings and key hosts together. */
export async function readSiteAccess(): Promise<SiteAccess> {
  const [settings, hosts] = await Promise.all([settingsItem.get(), keyHostsItem.get()]);
  return { settings, hosts };
}

/** The origins of the configured site URLs (personal first), each once. */
export function configuredOrigins(settings: Settings): string[] {
  return [...new Set([settings.personalSiteUrl, ...settings.teamSiteUrls].map((site) => new URL(site).origin))];
}

/** The one list of the user's Grist site origins: configured, then listed by Grist for the key. */
export function gristSiteOrigins({ settings, hosts }: SiteAccess): string[] {
  return [...new Set([...configuredOrigins(settings), ...hosts.listed])];
}

/** True when `url` lies on one of the user's Grist sites (same scheme, host and port). */
export function isGristSiteUrl(url: URL, access: SiteAccess): boolean {
  return gristSiteOrigins(access).includes(url.origin);
}

/** Whether the saved key may be sent to `url`: yes, not to a Grist site at all, or not confirmed for it. */
export type KeyDestination = 'allowed' | 'not-a-site' | 'not-confirmed';

/** Where `url` stands for the saved key (see KeyDestination). */
export function keyDestination(url: URL, { settings, hosts }: SiteAccess): KeyDestination {
  // A listed team site was named by a site the key was confirmed for, for this very key.
  if (hosts.listed.includes(url.origin)) return 'allowed';
  if (!configuredOrigins(settings).includes(url.origin)) return 'not-a-site';
  return hosts.confirmed.includes(url.origin) ? 'allowed' : 'not-confirmed';
}

/** The host names of the user's Grist sites: the Origin rule's `requestDomains`. */
export function gristHostNames(access: SiteAccess): string[] {
  return [...new Set(gristSiteOrigins(access).map((origin) => new URL(origin).hostname))];
}

/**
 * Match patterns for the user's Grist site hosts, for the context menus (a pattern cannot hold a
 * port or tell a document path from a home page: the page menu's visibility and the dialog do that).
 */
export function gristSitePatterns(access: SiteAccess): string[] {
  return [...new Set(gristSiteOrigins(access).map((origin) => {
    const url = new URL(origin);
    return `${url.protocol}//${url.hostname}/*`;
  }))];
}
