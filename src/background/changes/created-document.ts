/**
 * After a lost answer to a request that makes a document (a copy, a new document), which is not
 * idempotent: sending it again would make a second one (grist-api.md "Copy"). So it is never sent
 * again blindly: the destination workspace is read (`GET {site}/api/workspaces/<id>`) for a
 * document of that name made since the request left.
 */
import type { GristClient } from '../grist/grist-client.ts';
import { workspaceSchema } from '../grist/grist-schemas.ts';

/** Where a document is being made, and what is known of that workspace before the request. */
export interface Making {
  siteUrl: string;
  workspaceId: number;
  name: string;
  /** The ids of the workspace's documents as the listing had them before: none of those is the new one. */
  known: readonly string[];
  /** When the request left (ms since the epoch; 0 before it did). */
  sentAt: number;
}

/**
 * Grist's clock and this machine's may differ by this much (ms): a document made this long before
 * the request left by this machine's clock still counts.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The documents this worker made (or found made by a read-back) since it started: a read-back never
 * takes one of them for another request's document (two copies named alike, one answer lost).
 */
const claimed = new Set<string>();

/** Records that document `id` is the one a request made. Out: the id. */
export function claim(id: string): string {
  claimed.add(id);
  return id;
}

/**
 * The id of the document of `making.name` made in its workspace since its request left (by its
 * `createdAt`, give or take CLOCK_SKEW_MS; not one the listing knew, nor one another request made),
 * the newest when several, claimed for this request; null when there is none. Throws ApiError as
 * the read met it.
 */
export async function madeSince(client: GristClient, making: Making): Promise<string | null> {
  const workspace = await client.get(making.siteUrl, `/api/workspaces/${making.workspaceId}`, workspaceSchema);
  const since = making.sentAt - CLOCK_SKEW_MS;
  const made = workspace.docs
    .filter((doc) => doc.name === making.name && !making.known.includes(doc.id) && !claimed.has(doc.id) && (!doc.createdAt || Date.parse(doc.createdAt) >= since))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return made[0] ? claim(made[0].id) : null;
}
