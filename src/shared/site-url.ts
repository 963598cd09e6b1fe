/**
 * Grist site URLs as the user types them, checked and put in one canonical form.
 *
 * Canonical form: `scheme://host[:port][/path prefix]`, no trailing slash, no query or hash, no
 * `/api...` tail. Path prefixes such as `/o/acme` (a team on an org-in-path server) are kept.
 */

export type SiteUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Hosts that may be reached over plain http: only this machine (the API key crosses the wire). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Checks and normalises one site URL.
 * In: what the user typed (`docs.getgrist.com`, `https://acme.getgrist.com/api/`, ...).
 * Out: `{ok: true, url}` in canonical form, or `{ok: false, message}` saying what to fix.
 * A missing scheme means https. Plain http is refused except for localhost and 127.0.0.1.
 */
export function normalizeSiteUrl(input: string): SiteUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Enter the address of a Grist site.' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: `"${text}" is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: 'Use an https:// address.' };
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    return { ok: false, message: 'Use https:// (plain http is allowed only for localhost and 127.0.0.1).' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Leave the user name and password out of the address.' };
  }
  // An `/api` tail is a common paste from the API docs; the site is what comes before it.
  const path = url.pathname.replace(/\/api(\/.*)?$/, '').replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
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
