/**
 * The document window's messages: find the document or workspace a page or link URL shows, and
 * rename it through the change pipeline.
 * Only URLs on the user's Grist sites (host-policy.ts) are looked up: the URL comes from a web page
 * or a link, so it decides nothing about where the key goes.
 */
import type { DocumentAtUrl } from '../../shared/protocol/messages.ts';
import { parseDocumentUrl, parseWorkspaceUrl } from '../grist/document-url.ts';
import { workspaceKey, type WindowSource } from '../../shared/protocol/change-log.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { documentSchema, workspaceSchema } from '../grist/grist-schemas.ts';
import { connectToGrist, NO_KEY_ERROR, readKeyedAccounts } from '../grist/grist-connection.ts';
import { accountsOfSite, isGristSiteUrl, type SiteAccess } from '../grist/host-policy.ts';
import { renameTo, type RenameResult, type RenameTarget } from '../changes/kinds/rename.ts';
import { oneAtATime } from '../pacing.ts';

/** Why a URL is not looked up, for one that is not a Grist document page at all, or a fork. */
const NOT_OFFERED: Record<'not-a-site' | 'not-a-document' | 'fork', MessageKey> = {
  'not-a-site': 'errorPageNotDocument',
  'not-a-document': 'errorPageNotDocument',
  fork: 'errorPageIsFork',
};

/**
 * The site of a URL that is most likely a Grist document page of some site: on getgrist.com, or in
 * a form only Grist uses (`/o/<org>/<urlId>/…`, `/doc/<urlId>`); null for any other URL.
 * `/<12 letters>/<slug>` alone is not enough: half the web (`github.com/<user>/<repo>`) has that shape.
 */
function gristLookingSite(pageUrl: string): string | null {
  const check = parseDocumentUrl(pageUrl, () => true);
  if (!check.ok) return null;
  const url = new URL(pageUrl);
  return url.hostname === 'getgrist.com' || url.hostname.endsWith('.getgrist.com') || /^\/(o\/[^/]+\/|doc\/)/.test(url.pathname) ? check.siteUrl : null;
}

/** A document or workspace found from its URL, with what the change history records of it. */
type FoundDocument = Omit<DocumentAtUrl, 'account'> & { record: Pick<RenameTarget, 'site' | 'workspace'>; workspaceId?: number; support?: boolean };

/**
 * Looks a workspace page URL up on its site (`GET {site}/api/workspaces/<id>`). Grist's support
 * workspace (its examples and templates) is never offered for renaming. Null when the URL is not
 * a workspace page of the user's sites.
 */
async function lookUpWorkspace(client: GristClient, access: SiteAccess, pageUrl: string): Promise<FoundDocument | null> {
  const check = parseWorkspaceUrl(pageUrl, (url) => isGristSiteUrl(url, [access]));
  if (!check.ok) return null;
  const workspace = await client.get(check.siteUrl, `/api/workspaces/${check.workspaceId}`, workspaceSchema);
  return {
    kind: 'workspace',
    orgId: workspace.org.id,
    siteUrl: check.siteUrl,
    docId: workspaceKey(workspace.id),
    workspaceId: workspace.id,
    name: workspace.name,
    canRename: workspace.access === 'owners' && !workspace.isSupportWorkspace,
    support: workspace.isSupportWorkspace,
    record: { site: { orgId: workspace.org.id, name: workspace.org.name }, workspace: { id: workspace.id, name: workspace.name } },
  };
}

/**
 * Looks a document or workspace page URL up on its site, with one account's client. Throws
 * ApiError `not-found` for URLs that are neither.
 */
async function lookUp(client: GristClient, access: SiteAccess, pageUrl: string): Promise<FoundDocument> {
  const workspacePage = await lookUpWorkspace(client, access, pageUrl);
  if (workspacePage) return workspacePage;
  const check = parseDocumentUrl(pageUrl, (url) => isGristSiteUrl(url, [access]));
  if (!check.ok) throw new ApiError('not-found', t(NOT_OFFERED[check.reason]));
  const doc = await client.get(check.siteUrl, `/api/docs/${encodeURIComponent(check.urlId)}`, documentSchema);
  const { workspace } = doc;
  return {
    kind: 'document',
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

/**
 * Looks a page URL up with the accounts whose sites include its site, in the options' order, and
 * no other: a key never goes to a server of another account on the chance that it knows the
 * document. Where several find it, the first with `owners` access (else the first) is the one.
 * Out: what was found, the account's id and its client. Throws ApiError: `no-key` with no key
 * saved, `not-configured` (naming the site to add) for a Grist page of a site no account has,
 * `not-found` for a URL that is no Grist page, or the first account's error when none found it.
 */
async function lookUpWithAccounts(pageUrl: string): Promise<{ found: FoundDocument; account: string; client: GristClient }> {
  const accounts = (await readKeyedAccounts()).filter(({ apiKey }) => apiKey !== null);
  if (accounts.length === 0) throw NO_KEY_ERROR();
  let url: URL | null = null;
  try {
    url = new URL(pageUrl);
  } catch {
    // Not a URL: no account's site, said below.
  }
  const sites = url ? accountsOfSite(url, accounts.map(({ account }) => account)) : [];
  const candidates = accounts.filter(({ account }) => sites.includes(account));
  if (candidates.length === 0) {
    const site = gristLookingSite(pageUrl);
    // A Grist document, most likely, on a site the user has not added: the options can fix that.
    if (site !== null) throw new ApiError('not-configured', t('errorPageNotOnSite', site));
    throw new ApiError('not-found', t(NOT_OFFERED['not-a-site']));
  }
  let first: { found: FoundDocument; account: string; client: GristClient } | null = null;
  let firstError: unknown = null;
  for (const { account, apiKey } of candidates) {
    const client = connectToGrist(account, apiKey!);
    try {
      const found = await lookUp(client, account, pageUrl);
      if (found.canRename) return { found, account: account.id, client };
      first ??= { found, account: account.id, client };
    } catch (error) {
      firstError ??= error;
    }
  }
  if (first) return first;
  throw firstError;
}

/** The `getDocumentAtUrl` message; a document comes with where it is (its site's name and its workspace), for the window's Move to…. */
export async function getDocumentAtUrl({ pageUrl }: { pageUrl: string }): Promise<DocumentAtUrl> {
  const { found: document, account } = await lookUpWithAccounts(pageUrl);
  const { kind, orgId, siteUrl, docId, name, canRename, record } = document;
  const found = { kind, account, orgId, siteUrl, docId, name, canRename };
  return kind === 'document' ? { ...found, siteName: record.site.name, workspace: record.workspace } : found;
}

/**
 * The `renameDocumentAtUrl` message: looks the document or workspace up again (its name and site
 * may have changed since the window opened), then renames it like the popup does. `source`: how
 * the document window was opened (the page's or a link's menu entry, or the shortcut), for the history.
 */
export async function renameDocumentAtUrl({ pageUrl, name, source = 'page' }: { pageUrl: string; name: string; source?: WindowSource }): Promise<RenameResult> {
  const { found: document, account, client } = await lookUpWithAccounts(pageUrl);
  // What the window does not offer is refused here too: Grist's support workspace, which an owner
  // could otherwise rename, and anything the user does not own (Grist would answer 403).
  if (document.support) throw new ApiError('forbidden', t('errorSupportWorkspace'), 403);
  if (!document.canRename) throw new ApiError('forbidden', t(document.kind === 'workspace' ? 'errorNotOwnerOfWorkspace' : 'errorNotOwnerOf', document.name), 403);
  const { docId: key, siteUrl, name: currentName, workspaceId, record } = document;
  return oneAtATime(key, () => renameTo(client, { account, key, siteUrl, currentName, ...(workspaceId === undefined ? {} : { workspaceId }), ...record }, name, source));
}
