/**
 * Where each account's API key may go, decided in one place: the exact origins of that account's
 * configured site URLs and of the team sites that `GET /api/orgs` listed for its key (on
 * getgrist.com `https://<domain>.getgrist.com` of a listed org, or a listed org's custom host).
 * Nothing is derived from a host name: no parent domain, no `docs.` prefix. Of the configured
 * origins, the key goes only to those it was typed or confirmed for (a changed site URL does not
 * take the key along). One account's hosts are never another's: a team host Grist listed for one
 * key is not a host of the other account's key, even on the same server.
 * keyDestination decides every request; the network module asks it for each call, and the Origin
 * rule, the context-menu patterns and the document window's URL check are derived from the same
 * origins (gristSiteOrigins).
 */
import { accountsItem, type Account, type KeyHosts, type Settings } from '../../shared/storage/storage-items.ts';

/** One account's saved sites and where its key may go. */
export interface SiteAccess {
  settings: Settings;
  hosts: KeyHosts;
}

/** Reads the saved accounts, in the options' order. */
export function readAccounts(): Promise<Account[]> {
  return accountsItem.get();
}

/** The origins of an account's configured site URLs (personal first), each once. */
export function configuredOrigins(settings: Settings): string[] {
  return [...new Set([settings.personalSiteUrl, ...settings.teamSiteUrls].map((site) => new URL(site).origin))];
}

/** The Grist site origins of the accounts: configured, then listed by Grist for their keys, each once. */
export function gristSiteOrigins(accounts: readonly SiteAccess[]): string[] {
  return [...new Set(accounts.flatMap(({ settings, hosts }) => [...configuredOrigins(settings), ...hosts.listed]))];
}

/** True when `url` lies on one of the accounts' Grist sites (same scheme, host and port). */
export function isGristSiteUrl(url: URL, accounts: readonly SiteAccess[]): boolean {
  return gristSiteOrigins(accounts).includes(url.origin);
}

/** Whether an account's key may be sent to `url`: yes, not to a site of that account at all, or not confirmed for it. */
export type KeyDestination = 'allowed' | 'not-a-site' | 'not-confirmed';

/** Where `url` stands for one account's saved key (see KeyDestination): the rule for every request. */
export function keyDestination(url: URL, { settings, hosts }: SiteAccess): KeyDestination {
  // A listed team site was named by a site the key was confirmed for, for this very key.
  if (hosts.listed.includes(url.origin)) return 'allowed';
  if (!configuredOrigins(settings).includes(url.origin)) return 'not-a-site';
  return hosts.confirmed.includes(url.origin) ? 'allowed' : 'not-confirmed';
}

/**
 * The accounts whose sites include `url`'s site, in the options' order: the only ones whose keys
 * may be used to look up a page of it (a getgrist.com key sent to a client's server is a leak).
 */
export function accountsOfSite<T extends SiteAccess>(url: URL, accounts: readonly T[]): T[] {
  return accounts.filter((account) => isGristSiteUrl(url, [account]));
}

/** The host names of the accounts' Grist sites: the Origin rule's `requestDomains`. */
export function gristHostNames(accounts: readonly SiteAccess[]): string[] {
  return [...new Set(gristSiteOrigins(accounts).map((origin) => new URL(origin).hostname))];
}

/**
 * Match patterns for the accounts' Grist site hosts, for the context menus (a pattern cannot hold
 * a port or tell a document path from a home page: the page menu's visibility and the document window do that).
 */
export function gristSitePatterns(accounts: readonly SiteAccess[]): string[] {
  return [...new Set(gristSiteOrigins(accounts).map((origin) => {
    const url = new URL(origin);
    return `${url.protocol}//${url.hostname}/*`;
  }))];
}
