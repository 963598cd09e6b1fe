/**
 * The worker's own listing as the place every change is checked against: which document or
 * workspace a page names, where it lives, and which account changes it. A page names a target; only
 * what this module finds in the worker's cached listing is ever sent to Grist, so a message cannot
 * aim the key at a site or document the extension did not list.
 */
import { t } from '../../shared/i18n.ts';
import { canAddDocuments, type DocumentEntry, type Listing, type SiteEntry, type WorkspaceEntry } from '../../shared/protocol/listing.ts';
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import { serverOf } from '../../shared/rules/move.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, readKeyedAccounts } from '../grist/grist-connection.ts';
import { readListing } from '../listing/listing-cache.ts';
import { mostAccess } from '../listing/most-access.ts';
import { currentAccessOwnerIndex, listedCopies } from '../sharing/access-owner-index.ts';

/** A document of the listing, with its site and workspace. */
export interface ListedDocument {
  site: SiteEntry;
  workspace: WorkspaceEntry;
  document: DocumentEntry;
}

/**
 * findDocument for many documents (a bulk run may name 20,000; a walk of the listing each would be
 * slow): the listing indexed once. In: the listing, and optionally the one document wanted and the
 * one account to look in. Out: a lookup that answers as findDocument does.
 */
export function documentIndex(listing: Listing | null, only?: string, account?: string): (name: DocumentKey) => ListedDocument | null {
  const found = new Map<string, ListedDocument[]>();
  for (const site of listing?.sites ?? []) {
    if (account !== undefined && site.account !== account) continue;
    for (const workspace of site.workspaces) {
      for (const document of workspace.documents) {
        if (only !== undefined && document.id !== only) continue;
        const key = `${site.orgId}/${document.id}`;
        const copies = found.get(key);
        if (copies) copies.push({ site, workspace, document });
        else found.set(key, [{ site, workspace, document }]);
      }
    }
  }
  return ({ orgId, siteUrl, docId }) => {
    const copies = (found.get(`${orgId}/${docId}`) ?? []).filter((copy) => siteUrl === undefined || copy.site.siteUrl === siteUrl);
    return mostAccess(copies, (copy) => copy.document.access);
  };
}

/**
 * A document of the listing, with its site and workspace; null when the listing has no such
 * document. Where several accounts list it, the one with the most access (mostAccess).
 * `account`: only that account's copy.
 */
export function findDocument(listing: Listing | null, name: DocumentKey, account?: string): ListedDocument | null {
  return documentIndex(listing, name.docId, account)(name);
}

/** A document as findListedDocument finds it: its site (its account and address) and its entry. */
export interface FoundDocument {
  site: Pick<SiteEntry, 'account' | 'siteUrl'>;
  document: DocumentEntry;
}

/**
 * findDocument for one document a page names, without a read of the whole cached listing when it
 * can: named with its site's address (as the popup and the document window name it), it is found in
 * the worker's index of the listing (sharing/access-owner-index.ts: built ahead, kept until the
 * listing is written), where a read and parse of the cached listing took a quarter of a second at
 * 20,000 documents (the bench's → row); else in the listing. The same rule either way: `account`'s
 * copy only, if named, else the one with the most access. Null when the listing does not list it.
 */
export async function findListedDocument(name: DocumentKey, account?: string): Promise<FoundDocument | null> {
  if (name.siteUrl === undefined) return findDocument(await readListing(), name, account);
  const copies = listedCopies(await currentAccessOwnerIndex(), { kind: 'document', orgId: name.orgId, siteUrl: name.siteUrl, docId: name.docId }, account);
  const best = mostAccess(copies, (copy) => copy.access);
  return best?.document ? { site: best.site, document: best.document } : null;
}

/**
 * A workspace of the listing, with its site; null when the listing has no such workspace. In: which
 * sites to look in (workspace ids are per server), and the workspace's id. Where several accounts
 * list it, the one with the most access (mostAccess).
 */
export function findWorkspace(listing: Listing | null, inSite: (site: SiteEntry) => boolean, workspaceId: number): { site: SiteEntry; workspace: WorkspaceEntry } | null {
  const copies = (listing?.sites ?? []).flatMap((site) => {
    const workspace = inSite(site) ? site.workspaces.find((entry) => entry.id === workspaceId) : undefined;
    return workspace ? [{ site, workspace }] : [];
  });
  return mostAccess(copies, (copy) => copy.workspace.access);
}

/**
 * Whether a document of `site` may go to (a move), be copied to or be made in `destination`: a workspace its
 * user may add documents to (Grist answers 403 otherwise), of the same account (another account's
 * user is another person) and on the same Grist server. Throws ApiError `forbidden` when not.
 */
export function checkDestination(site: SiteEntry, destination: { site: SiteEntry; workspace: WorkspaceEntry }): void {
  if (!canAddDocuments(destination.workspace) || destination.site.account !== site.account || serverOf(destination.site.siteUrl) !== serverOf(site.siteUrl)) {
    throw new ApiError('forbidden', t('errorCannotAddTo', destination.workspace.name), 403);
  }
}

/**
 * The cached listing and a client for each saved account (clientsFor), read together: what a
 * change asked from a page needs before its first request.
 */
export async function listingAndClients(): Promise<[Listing | null, (accountId: string) => GristClient]> {
  const [listing, accounts] = await Promise.all([readListing(), readKeyedAccounts()]);
  return [listing, clientsFor(accounts)];
}
