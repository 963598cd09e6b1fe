/**
 * How a row of the listing is named: a document's or workspace's ref (its site, its id and, with
 * two or more accounts, the account that lists it) and the row key made from it. Keys stay the
 * same across refreshes, so the view keeps a row's element, focus and edit state.
 */

/**
 * Identifies a document's row: its site, its id and, with two or more accounts, the account that
 * lists it (two users of one server may both list it, each on a row of their own). With one
 * account there is none: the keys of 20,000 rows stay as short as they were.
 */
export interface DocumentRef {
  orgId: number;
  /** Its site's address (every row's ref has it): org and document ids are per server, and two servers restored from one backup share both. */
  siteUrl?: string;
  /** Unique per server, not across servers. */
  docId: string;
  account?: string;
}

/** The key part naming the account, when a ref has one (site rows' keys take it too). */
export const accountPart = (account: string | undefined) => (account === undefined ? '' : `${account}/`);

/** A document's key among the rows, and in the store's `renames`. */
export function documentKey(ref: DocumentRef): string {
  return `${accountPart(ref.account)}${ref.orgId}/${ref.docId}`;
}

/** Identifies a workspace's heading, as DocumentRef does a document's row; `siteUrl` tells sites of two servers apart. */
export interface WorkspaceRef {
  orgId: number;
  siteUrl: string;
  workspaceId: number;
  account?: string;
}

/** A workspace heading's key among the rows, and in the store's `renames`. */
export function workspaceRowKey(ref: WorkspaceRef): string {
  return `w${accountPart(ref.account)}${ref.orgId}/${ref.workspaceId}`;
}
