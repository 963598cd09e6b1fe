/**
 * What a popup change names: a row of the list (a document or a workspace), its key, and which site
 * a ref names. Shared by the store (store.ts), the views and the changes (this folder).
 */
import { documentKey, workspaceRowKey, type DocumentRef, type WorkspaceRef } from '../../listing-view/row-identity.ts';
import type { SiteEntry } from '../../shared/protocol/listing.ts';

/** A row a change names: a document's, or a workspace's heading. */
export type RowRef = DocumentRef | WorkspaceRef;

/** The key of row `ref` (its element's data-row-key): what the listing sync keeps a change under, and the rename states' key. */
export function rowKey(ref: RowRef): string {
  return 'docId' in ref ? documentKey(ref) : workspaceRowKey(ref);
}

/** True when `site` is the one `ref` names: by org id and, when the ref names them, its address and account. */
export function isSiteOf(site: SiteEntry, ref: { orgId: number; siteUrl?: string; account?: string }): boolean {
  return site.orgId === ref.orgId && (ref.siteUrl === undefined || site.siteUrl === ref.siteUrl) && (ref.account === undefined || site.account === ref.account);
}
