/**
 * The rename dialog's messages: find the document a page or link URL shows, and rename it.
 * Only URLs on the user's Grist sites (host-policy.ts) are looked up: the URL comes from a web page
 * or a link, so it decides nothing about where the key goes.
 */
import type { DocumentAtUrl } from '../../shared/messages.ts';
import { parseDocumentUrl } from '../../shared/document-url.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { documentSchema } from '../grist/grist-schemas.ts';
import { isGristSiteUrl, type SiteAccess } from '../grist/host-policy.ts';
import { oneAtATime, renameAt, savedConnection, type RenameRecord, type RenameResult } from './rename-service.ts';

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

/** A document found from its URL, with what the rename history records of it. */
type FoundDocument = DocumentAtUrl & { record: Omit<RenameRecord, 'source'> };

/** Looks a document page URL up on its site. Throws ApiError `not-found` for URLs that are not documents. */
async function lookUp(client: GristClient, access: SiteAccess, pageUrl: string): Promise<FoundDocument> {
  const check = parseDocumentUrl(pageUrl, (url) => isGristSiteUrl(url, access));
  if (!check.ok && check.reason === 'not-a-site' && looksLikeGrist(pageUrl)) {
    // A Grist document, most likely, on a site the user has not added: the options can fix that.
    throw new ApiError('not-configured', t('errorPageNotOnSite'));
  }
  if (!check.ok) throw new ApiError('not-found', t(NOT_OFFERED[check.reason]));
  const doc = await client.get(check.siteUrl, `/api/docs/${encodeURIComponent(check.urlId)}`, documentSchema);
  const { workspace } = doc;
  return {
    orgId: workspace.org.id,
    siteUrl: check.siteUrl,
    docId: doc.id,
    name: doc.name,
    canRename: doc.access === 'owners',
    record: {
      site: { orgId: workspace.org.id, name: workspace.org.name },
      workspace: workspace.id === undefined ? null : { id: workspace.id, name: workspace.name },
    },
  };
}

/** The `getDocumentAtUrl` message. */
export async function getDocumentAtUrl({ pageUrl }: { pageUrl: string }): Promise<DocumentAtUrl> {
  const { client, access } = await savedConnection();
  const { orgId, siteUrl, docId, name, canRename } = await lookUp(client, access, pageUrl);
  return { orgId, siteUrl, docId, name, canRename };
}

/**
 * The `renameDocumentAtUrl` message: looks the document up again (its name and site may have
 * changed since the dialog opened), then renames it like the popup does. `source`: how the
 * rename window was opened (the page's or a link's menu entry, or the shortcut), for the history.
 */
export async function renameDocumentAtUrl({ pageUrl, name, source = 'page' }: { pageUrl: string; name: string; source?: 'page' | 'shortcut' }): Promise<RenameResult> {
  const { client, access } = await savedConnection();
  const document = await lookUp(client, access, pageUrl);
  return oneAtATime(document.docId, () =>
    renameAt(client, { siteUrl: document.siteUrl, docId: document.docId, currentName: document.name }, name, { ...document.record, source }),
  );
}
