/**
 * Recognises Grist document and workspace pages from their URLs. A document page (docs/grist-api.md,
 * "Document page URLs"):
 * `{site}/<urlId>/<slug>[/p/<page>...]` with a urlId of 12+ characters and no `-`, or
 * `{site}/doc/<urlId>`, either of them under `/o/<domain>/` or not. Query and hash are ignored.
 * Forks and snapshots (`~` in the urlId) are not the trunk and are refused, as are share links
 * `/s/...`, forms and home pages, which have no urlId where one would stand. A workspace page:
 * `{site}/ws/<workspaceId>/`, under `/o/<domain>/` or not (docs/grist-api.md, "Renaming a workspace").
 */

export type DocumentUrlCheck =
  | { ok: true; siteUrl: string; urlId: string }
  | { ok: false; reason: 'not-a-site' | 'not-a-document' | 'fork' };

/** A urlId: Grist's 12-character id prefix or a longer alias; never a `-` (that is a slug). */
const URL_ID = /^[A-Za-z0-9_~=.]{12,}$/;
/** After `/doc/`, any id Grist would look up. */
const DOC_ID = /^[A-Za-z0-9_~=.]+$/;

/**
 * The site a page URL is on and the rest of its path: the origin, plus `/o/<domain>` when the page
 * is under one. Null for a URL that is not http(s) or not on one of the user's Grist sites.
 */
function siteOf(pageUrl: string, isGristSite: (url: URL) => boolean): { siteUrl: string; parts: string[] } | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !isGristSite(url)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  let siteUrl = url.origin;
  if (parts[0] === 'o' && parts[1]) {
    siteUrl = `${url.origin}/o/${parts[1].toLowerCase()}`;
    parts.splice(0, 2);
  }
  return { siteUrl, parts };
}

/**
 * In: a URL, and a test of whether a URL lies on one of the user's Grist sites.
 * Out: the site URL (origin, plus `/o/<domain>` when the page is under one) and the urlId, or why not.
 */
export function parseDocumentUrl(pageUrl: string, isGristSite: (url: URL) => boolean): DocumentUrlCheck {
  const site = siteOf(pageUrl, isGristSite);
  if (!site) return { ok: false, reason: 'not-a-site' };
  const { siteUrl, parts } = site;
  let urlId: string | undefined;
  if (parts[0] === 'doc' && parts[1] && DOC_ID.test(parts[1])) urlId = parts[1];
  else if (parts.length >= 2 && parts[0] && URL_ID.test(parts[0])) urlId = parts[0];
  if (!urlId) return { ok: false, reason: 'not-a-document' };
  if (urlId.includes('~')) return { ok: false, reason: 'fork' };
  return { ok: true, siteUrl, urlId };
}

export type WorkspaceUrlCheck = { ok: true; siteUrl: string; workspaceId: number } | { ok: false; reason: 'not-a-site' | 'not-a-workspace' };

/** A workspace id in a page URL: digits, as Grist writes them (no sign, no leading zero). */
const WORKSPACE_ID = /^[1-9][0-9]{0,15}$/;

/**
 * In: a URL, and a test of whether a URL lies on one of the user's Grist sites. Out: the site URL
 * and the workspace id of a workspace page (`/ws/<id>/`, perhaps with a slug after it, as a
 * document's), or why not.
 */
export function parseWorkspaceUrl(pageUrl: string, isGristSite: (url: URL) => boolean): WorkspaceUrlCheck {
  const site = siteOf(pageUrl, isGristSite);
  if (!site) return { ok: false, reason: 'not-a-site' };
  const { siteUrl, parts } = site;
  if (parts.length < 2 || parts.length > 3 || parts[0] !== 'ws' || !WORKSPACE_ID.test(parts[1]!)) return { ok: false, reason: 'not-a-workspace' };
  return { ok: true, siteUrl, workspaceId: Number(parts[1]) };
}
