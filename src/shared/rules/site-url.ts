/**
 * Grist site URLs as the user types them, checked and put in one canonical form.
 *
 * Canonical form: `scheme://host[:port]` or `scheme://host[:port]/o/<domain>` (a site on an
 * org-in-path server): no trailing slash, query, hash, `/api...` tail or page path.
 */

import { t } from '../i18n.ts';

/** The personal site on getgrist.com, the default until the user says otherwise. */
export const DEFAULT_PERSONAL_SITE_URL = 'https://docs.getgrist.com';

export type SiteUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Hosts that may be reached over plain http: only this machine (the API key crosses the wire). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Checks and normalises one site URL.
 * In: what the user typed (`docs.getgrist.com`, `https://acme.getgrist.com/api/`, ...).
 * Out: `{ok: true, url}` in canonical form, or `{ok: false, message}` saying what to fix.
 * A missing scheme means https (http for localhost). Plain http is refused except for localhost
 * and 127.0.0.1.
 */
export function normalizeSiteUrl(input: string): SiteUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: t('siteUrlEmpty') };
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return { ok: false, message: t('siteUrlUseHttps') };
  if (scheme && !text.slice(scheme.length).startsWith('://')) return { ok: false, message: t('siteUrlNotWebAddress', text) };
  let url: URL;
  try {
    // No scheme: https, except for this machine, where a Grist server usually runs on plain http.
    url = new URL(scheme ? text : `https://${text}`);
    if (!scheme && isLocalHost(url.hostname)) url.protocol = 'http:';
  } catch {
    return { ok: false, message: t('siteUrlNotWebAddress', text) };
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    return { ok: false, message: t('siteUrlPlainHttp') };
  }
  if (url.username || url.password) {
    return { ok: false, message: t('siteUrlCredentials') };
  }
  // A one-word host is never a Grist site on the web, but it is what a key pasted into the wrong
  // field looks like; refusing it (without echoing it) keeps the key out of permission prompts and DNS look-ups.
  if (!url.hostname.includes('.') && !isLocalHost(url.hostname)) {
    return { ok: false, message: t('siteUrlNoDomain') };
  }
  // A site is a host, optionally with `/o/<domain>` (docs/grist-api.md, "Sites and their addresses").
  // Anything after it is a pasted page or API address (`/api/orgs`, `/<urlId>/<slug>`, `/ws/3`).
  const org = /^\/o\/([^/]+)/.exec(url.pathname)?.[1];
  return { ok: true, url: `${url.origin}${org ? `/o/${org.toLowerCase()}` : ''}` };
}

/** The host permission match pattern that covers a canonical site URL (any port, any path). */
export function hostPermissionPattern(siteUrl: string): string {
  const url = new URL(siteUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** True for a canonical site URL whose host may be reached over plain http. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname);
}
