/**
 * A document picked on the Bulk changes page, with where it lives: what every kind of change
 * (rename, move, trash, copy) starts from; and how a start message names it.
 */
import type { DocumentEntry } from '../../shared/protocol/listing.ts';
import type { DocumentKey } from '../../shared/protocol/messages.ts';

/** A document the user picked, with where it lives (names as listed). */
export interface PickedDocument {
  /** The account that lists it: the worker renames or moves it with that account's key. */
  account: string;
  orgId: number;
  /** Its site's address: org ids are per server, so two servers' sites may share one. */
  siteUrl: string;
  workspaceId: number;
  /** Its workspace among every server's (see workspaceKeyOf): workspace ids are per server. */
  workspaceKey: string;
  workspaceName: string;
  /** Its site's name as the page shows it. */
  siteName: string;
  document: DocumentEntry;
}

/** A workspace's key among every server's: its site's address and its id (one workspace two accounts list is one). */
export function workspaceKeyOf(siteUrl: string, workspaceId: number): string {
  return `${siteUrl} ${workspaceId}`;
}

/** Each of `picked` as a start message names it: by its site (id and address: org ids are per server) and id. */
export function pickedKeys(picked: readonly PickedDocument[]): DocumentKey[] {
  return picked.map((entry) => ({ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id }));
}
