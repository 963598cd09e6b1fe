/**
 * What a change-log entry names, as the popup's listing has it: its document's or workspace's row,
 * where its document was, the name the change left. The one place the popup's changes read an
 * entry's fields, but those only one kind has (a move's `to`, a pin's `pinned`, an access change's
 * `access`), which that kind's module reads (registry.ts: each kind's `undone`).
 */
import type { ChangeEntry } from '../../shared/protocol/change-log.ts';
import { entryName } from '../../shared/protocol/change-log-reads.ts';
import type { DocumentPlace } from '../../shared/protocol/listing.ts';
import type { DocumentRef, WorkspaceRef } from '../../listing-view/row-identity.ts';
import type { RowRef } from '../reads/row-ref.ts';

/** The document `entry` changed, on `site` (default: the entry's, where the change was asked). */
export function loggedDocument(entry: ChangeEntry, site: DocumentPlace['site'] = entry.site): DocumentRef {
  return { orgId: site.orgId, siteUrl: site.url, docId: String(entry.target.id) };
}

/** The workspace `entry` changed, or its document was in, of the account that made it (when known); null when the entry does not say. */
export function loggedWorkspace(entry: ChangeEntry): WorkspaceRef | null {
  if (!entry.workspace) return null;
  return { orgId: entry.site.orgId, siteUrl: entry.site.url, workspaceId: entry.workspace.id, ...(entry.account === undefined ? {} : { account: entry.account }) };
}

/** The row `entry` changed, of whichever account (Grist's name, pin or mark is the same for all its users): its workspace's, or its document's; null for a workspace it does not say. */
export function loggedRow(entry: ChangeEntry): RowRef | null {
  if (entry.target.kind !== 'workspace') return loggedDocument(entry);
  return entry.workspace ? { orgId: entry.site.orgId, siteUrl: entry.site.url, workspaceId: entry.workspace.id } : null;
}

/** Where `entry`'s document was when it was changed (its site and workspace); null when the entry does not say. */
export function loggedPlace(entry: ChangeEntry): DocumentPlace | null {
  return entry.workspace ? { site: entry.site, workspace: entry.workspace } : null;
}

/** The name `entry` gives what it changed, as the change left it. */
export function loggedName(entry: ChangeEntry): string {
  return entryName(entry);
}
