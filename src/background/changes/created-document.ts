/**
 * After a lost answer to a request that makes a document (a copy, a new document), which is not
 * idempotent: sending it again would make a second one (grist-api.md "Copy"). So it is never sent
 * again blindly: the destination workspace is read (`GET {site}/api/workspaces/<id>`) for a
 * document of that name made since the request left.
 */
import { addedEntry } from '../../shared/document-actions.ts';
import { t } from '../../shared/i18n.ts';
import type { DocumentPlace, SiteEntry, WorkspaceEntry } from '../../shared/listing.ts';
import { placeIn } from '../../shared/move.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { workspaceSchema } from '../grist/grist-schemas.ts';
import { recordDocumentAdded } from '../listing/listing-cache.ts';
import type { ChangeTarget } from './change-kind.ts';


/** Where a document is being made, and what is known of that workspace before the request. */
export interface Making {
  place: DocumentPlace;
  /** The ids of the workspace's documents as the listing had them before: none of those is the new one. */
  known: readonly string[];
  /** When the request left (ms since the epoch; 0 before it did). */
  sentAt: number;
}

/** A change that makes a document named `name` (a copy, a new document); `made` is its id once Grist said it or a read-back found it. */
export interface MakingTarget extends ChangeTarget {
  making: Making;
  made?: string;
}

/** The making of a document in `workspace` of `site`, as the listing has them, before its request left. */
export function makingIn(site: SiteEntry, workspace: WorkspaceEntry): Making {
  return { place: placeIn(site, workspace), known: workspace.documents.map(({ id }) => id), sentAt: 0 };
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
 * Whether Grist has the document `target` makes: its workspace is read for a document of its name
 * made since its request left (by its `createdAt`, give or take CLOCK_SKEW_MS; not one the listing
 * knew, nor one another request made). The newest when several becomes the target's `made`,
 * claimed for it. Throws ApiError as the read met it.
 */
export async function madeAlready(client: GristClient, target: MakingTarget): Promise<boolean> {
  const { place, known, sentAt } = target.making;
  const workspace = await client.get(place.site.url, `/api/workspaces/${place.workspace.id}`, workspaceSchema);
  const since = sentAt - CLOCK_SKEW_MS;
  const made = workspace.docs
    .filter((doc) => doc.name === target.name && !known.includes(doc.id) && !claimed.has(doc.id) && (!doc.createdAt || Date.parse(doc.createdAt) >= since))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  target.made = made[0] ? claim(made[0].id) : undefined;
  return target.made !== undefined;
}

/** A lost answer the read did not settle, in the kind's words (`key`): "<name> may not have been …: check <site> › <workspace>". */
export function unknownMade(key: 'errorCopyUnknown' | 'errorNewDocumentUnknown', target: MakingTarget): string {
  const { site, workspace } = target.making.place;
  return t(key, target.name, `${site.name} › ${workspace.name}`);
}

/** The storeNoted of the kinds that make documents: each one made, into its workspace of the cached listing. */
export async function recordMade(noted: ReadonlyArray<{ target: MakingTarget }>): Promise<void> {
  await Promise.all(noted.map(({ target: { account, making, made, name } }) => recordDocumentAdded(account, making.place.site.url, making.place.workspace.id, addedEntry(made!, name))));
}
