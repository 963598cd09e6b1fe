/**
 * Recognises a Grist document page from its URL (grist-api.md, "Document page URLs"):
 * `{site}/<urlId>/<slug>[/p/<page>...]` with a urlId of 12+ characters and no `-`, or
 * `{site}/doc/<urlId>`, either of them under `/o/<domain>/` or not. Query and hash are ignored.
 * Forks and snapshots (`~` in the urlId) are not the trunk and are refused, as are share links
 * `/s/...`, forms and home pages, which have no urlId where one would stand.
 */

export type DocumentUrlCheck =
  | { ok: true; siteUrl: string; urlId: string }
  | { ok: false; reason: 'not-a-site' | 'not-a-document' | 'fork' };

/** A urlId: Grist's 12-character id prefix or a longer alias; never a `-` (that is a slug). */
const URL_ID = /^[A-Za-z0-9_~=.]{12,}$/;
/** After `/doc/`, any id Grist would look up. */
const DOC_ID = /^[A-Za-z0-9_~=.]+$/;

/**
 * In: a URL, and a test of whether a URL lies on one of the user's Grist sites.
 * Out: the site URL (origin, plus `/o/<domain>` when the page is under one) and the urlId, or why not.
 */
export function parseDocumentUrl(pageUrl: string, isGristSite: (url: URL) => boolean): DocumentUrlCheck {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return { ok: false, reason: 'not-a-site' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !isGristSite(url)) return { ok: false, reason: 'not-a-site' };
  const parts = url.pathname.split('/').filter(Boolean);
  let siteUrl = url.origin;
  if (parts[0] === 'o' && parts[1]) {
    siteUrl = `${url.origin}/o/${parts[1].toLowerCase()}`;
    parts.splice(0, 2);
  }
  let urlId: string | undefined;
  if (parts[0] === 'doc' && parts[1] && DOC_ID.test(parts[1])) urlId = parts[1];
  else if (parts.length >= 2 && parts[0] && URL_ID.test(parts[0])) urlId = parts[0];
  if (!urlId) return { ok: false, reason: 'not-a-document' };
  if (urlId.includes('~')) return { ok: false, reason: 'fork' };
  return { ok: true, siteUrl, urlId };
}
