/**
 * The changes Grist confirmed that the listing must not lose: renames and moves, the last of each
 * document, kept in memory for the refreshes under way (a fetch answered before a change would
 * bring back the old name or place) and, for moves a bulk run has yet to write, for the worker's
 * own reads of the cache (listing-cache.ts writes them). Each is numbered by a mark, so a later
 * change of the same document wins over an earlier one written late.
 */
import type { DocumentEntry, Listing, SiteEntry, WorkspaceEntry } from '../../shared/protocol/listing.ts';

/** Renames confirmed by Grist: document id -> new name, when (ms since the epoch), and its mark (see noteRename). */
const confirmedRenames = new Map<string, { name: string; at: number; mark: number }>();

/** A workspace of a site, as a move names its destination: workspace ids are numbers per server, so the site URL too. */
export interface MoveEnd {
  /** The account that moved it: the destination is as that account lists it. */
  account: string;
  siteUrl: string;
  workspaceId: number;
}

/**
 * Moves confirmed by Grist, the last of each document: where it went, when (ms since the epoch,
 * for refreshes under way: applyConfirmedMoves), its mark (see noteMove), and `pending` until the
 * cached listing has it: the worker's own reads see those at once (readListing).
 */
const confirmedMoves = new Map<string, { to: MoveEnd; at: number; mark: number; pending: boolean }>();

/** The confirmed moves the cached listing does not have yet. */
export const pendingMoves = () => [...confirmedMoves].filter(([, move]) => move.pending);

/**
 * Gives a freshly fetched site the names of the renames Grist confirmed since `fetchStartedAt`
 * (ms since the epoch), in place: the fetch may have been answered before them.
 * Out: true when a name changed.
 */
export function applyConfirmedRenames(site: SiteEntry, fetchStartedAt: number): boolean {
  let changed = false;
  for (const document of site.workspaces.flatMap((workspace) => workspace.documents)) {
    const renamed = confirmedRenames.get(document.id);
    if (renamed && renamed.at >= fetchStartedAt && document.name !== renamed.name) {
      document.name = renamed.name;
      changed = true;
    }
  }
  return changed;
}

/** Each confirmed rename's mark: a later rename of the same document has a greater one. */
let renameMarks = 0;

/**
 * Notes a rename Grist confirmed for the refreshes already under way only; the cache gets it from
 * `storeNotedRename` with the mark this answers (a bulk run writes its renames once it has sent
 * them all), unless another rename of the document came after it.
 */
export function noteRename(docId: string, name: string): number {
  const mark = ++renameMarks;
  confirmedRenames.set(docId, { name, at: Date.now(), mark });
  return mark;
}

/** Each confirmed move's mark: a later move of the same document has a greater one. */
let moveMarks = 0;

/**
 * Moves each document of `moves` to its destination in `listing`, in place, from wherever the
 * listing has it, in the account that moved it. Moved to another site, a document is reached by
 * its id from then on (Grist drops its urlId, docs/grist-api.md "Moving a document"). The listing is
 * walked once, however many move. Another account that lists the document too sees the move at
 * its next refresh. Out: one line per document moved (none: nothing changed).
 */
export function applyMoves(listing: Listing, moves: Iterable<readonly [string, { to: MoveEnd }]>, changed?: Set<SiteEntry>): string[] {
  const where = new Map<string, { site: SiteEntry; workspace: WorkspaceEntry; document: DocumentEntry }>();
  for (const site of listing.sites) {
    for (const workspace of site.workspaces) for (const document of workspace.documents) where.set(`${site.account}/${document.id}`, { site, workspace, document });
  }
  const leaving = new Map<WorkspaceEntry, Set<string>>();
  const done: string[] = [];
  for (const [docId, { to }] of moves) {
    const found = where.get(`${to.account}/${docId}`);
    const site = listing.sites.find((entry) => entry.account === to.account && entry.siteUrl === to.siteUrl);
    const destination = site?.workspaces.find((workspace) => workspace.id === to.workspaceId);
    if (!found || !destination || found.workspace === destination) continue;
    if (!leaving.has(found.workspace)) leaving.set(found.workspace, new Set());
    leaving.get(found.workspace)!.add(docId);
    destination.documents.push(found.site.siteUrl === to.siteUrl ? found.document : { ...found.document, urlId: docId });
    changed?.add(found.site).add(site!);
    done.push(JSON.stringify(['moved', docId, to.siteUrl, to.workspaceId]));
  }
  for (const [workspace, ids] of leaving) workspace.documents = workspace.documents.filter((document) => !ids.has(document.id));
  return done;
}

/**
 * Notes a move Grist confirmed: the worker's reads of the cache (readListing) show it at once, and
 * the cache gets it from `storeNotedMoves` with the mark this answers (a bulk run writes its moves
 * once it has sent them all), unless another move of the document came after it.
 */
export function noteMove(docId: string, to: MoveEnd): number {
  const mark = ++moveMarks;
  confirmedMoves.set(docId, { to, at: Date.now(), mark, pending: true });
  return mark;
}

/** Where Grist last confirmed a move of document `docId` to, if it did at or after `since` (ms since the epoch). */
export function confirmedMoveSince(docId: string, since: number): MoveEnd | undefined {
  const move = confirmedMoves.get(docId);
  return move && move.at >= since ? move.to : undefined;
}

/**
 * Moves, in a freshly fetched listing (in place), the documents Grist confirmed moves of since
 * `fetchStartedAt` (ms since the epoch): the fetch may have been answered before them, and would
 * otherwise put them back where they were. Out: the sites that changed.
 */
export function applyConfirmedMoves(listing: Listing, fetchStartedAt: number): Set<SiteEntry> {
  const changed = new Set<SiteEntry>();
  const since = [...confirmedMoves].filter(([, move]) => move.at >= fetchStartedAt);
  if (since.length > 0) applyMoves(listing, since, changed);
  return changed;
}

/** The confirmed rename of document `docId`, if its mark is `mark` (no later rename of it was confirmed since). */
export function latestRename(docId: string, mark: number): { name: string; at: number } | undefined {
  const noted = confirmedRenames.get(docId);
  return noted?.mark === mark ? noted : undefined;
}

/** Of `moves`, each that is still its document's last confirmed move and not yet in the cache, with where it went. */
export function latestMoves(moves: ReadonlyArray<{ docId: string; mark: number }>) {
  return moves.flatMap(({ docId, mark }) => {
    const move = confirmedMoves.get(docId);
    return move?.pending && move.mark === mark ? [[docId, move] as const] : [];
  });
}

/** Forgets every confirmed move (the cache was forgotten: the next listing is fetched with them). */
export function forgetConfirmedMoves(): void {
  confirmedMoves.clear();
}
