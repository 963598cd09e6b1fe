/**
 * The rename dialog's messages: find the document a page or link URL shows, and rename it.
 * Only URLs on the user's Grist sites (host-policy.ts) are looked up: the URL comes from a web page
 * or a link, so it decides nothing about where the key goes.
 */
import type { DocumentAtUrl } from '../shared/messages.ts';
import { parseDocumentUrl } from '../shared/document-url.ts';
import { t, type MessageKey } from '../shared/i18n.ts';
import { ApiError } from './api-error.ts';
import type { GristClient } from './grist-client.ts';
import { documentSchema } from './grist-schemas.ts';
import { isGristSiteUrl, type SiteAccess } from './host-policy.ts';
import { oneAtATime, renameAt, savedConnection } from './rename-service.ts';

/** Why a URL is not looked up, for one that is not a Grist document page at all, or a fork. */
const NOT_OFFERED: Record<'not-a-site' | 'not-a-document' | 'fork', MessageKey> = {
  'not-a-site': 'errorPageNotDocument',
  'not-a-document': 'errorPageNotDocument',
  fork: 'errorPageIsFork',
};

/**
 * True for a URL that is most likely a Grist document page of some site: on getgrist.com, or in
 * a form only Grist uses (`/o/<org>/<urlId>/…`, `/doc/<urlId>`). `/<12 letters>/<slug>` alone is
 * not enough: half the web (`github.com/<user>/<repo>`) has that shape.
 */
function looksLikeGrist(pageUrl: string): boolean {
  if (!parseDocumentUrl(pageUrl, () => true).ok) return false;
  const url = new URL(pageUrl);
  return url.hostname === 'getgrist.com' || url.hostname.endsWith('.getgrist.com') || /^\/(o\/[^/]+\/|doc\/)/.test(url.pathname);
}

/** Looks a document page URL up on its site. Throws ApiError `not-found` for URLs that are not documents. */
async function lookUp(client: GristClient, access: SiteAccess, pageUrl: string): Promise<DocumentAtUrl> {
  const check = parseDocumentUrl(pageUrl, (url) => isGristSiteUrl(url, access));
  if (!check.ok && check.reason === 'not-a-site' && looksLikeGrist(pageUrl)) {
    // A Grist document, most likely, on a site the user has not added: the options can fix that.
    throw new ApiError('not-configured', t('errorPageNotOnSite'));
  }
  if (!check.ok) throw new ApiError('not-found', t(NOT_OFFERED[check.reason]));
  const doc = await client.get(check.siteUrl, `/api/docs/${encodeURIComponent(check.urlId)}`, documentSchema);
  return {
    orgId: doc.workspace.org.id,
    siteUrl: check.siteUrl,
    docId: doc.id,
    name: doc.name,
    canRename: doc.access === 'owners',
  };
}

/** The `getDocumentAtUrl` message. */
export async function getDocumentAtUrl({ pageUrl }: { pageUrl: string }): Promise<DocumentAtUrl> {
  const { client, access } = await savedConnection();
  return lookUp(client, access, pageUrl);
}

/**
 * The `renameDocumentAtUrl` message: looks the document up again (its name and site may have
 * changed since the dialog opened), then renames it like the popup does.
 */
export async function renameDocumentAtUrl({ pageUrl, name }: { pageUrl: string; name: string }): Promise<{ name: string }> {
  const { client, access } = await savedConnection();
  const document = await lookUp(client, access, pageUrl);
  return oneAtATime(document.docId, () =>
    renameAt(client, { siteUrl: document.siteUrl, docId: document.docId, currentName: document.name }, name),
  );
}
