/**
 * Moving a document (docs/grist-api.md "Moving a document", issue 18): who may move what, and where to
 * (also where a copy may go), and the place of a workspace as a change records it (placeIn). Pure,
 * for the worker's checks and the pages' destination pickers alike. Not in listing.ts, which every
 * popup loads: only the code of a change needs these.
 */
import { canAddDocuments, siteDisplayName, siteNaming, type DocumentEntry, type SiteNaming, type DocumentPlace, type Listing, type SiteEntry, type WorkspaceEntry } from '../protocol/listing.ts';

/** Only a document's owners may move it (Grist answers 403 "access denied" to others). */
export function canMove(document: DocumentEntry): boolean {
  return document.access === 'owners';
}

/**
 * The Grist server a site lives on: a move goes between the sites of one server only. On
 * getgrist.com every site (`docs`, `<team>`.getgrist.com) is one server; elsewhere a server is an
 * origin, its teams under `/o/<team>`.
 */
export function serverOf(siteUrl: string): string {
  const { hostname, origin } = new URL(siteUrl);
  return hostname === 'getgrist.com' || hostname.endsWith('.getgrist.com') ? 'getgrist.com' : origin;
}

/**
 * A workspace of the listing (or of a site's trash) and its site, as a change records where a
 * document is or goes; the personal site says so (placeName names it as the pickers do).
 */
export function placeIn(site: Pick<SiteEntry, 'orgId' | 'name' | 'siteUrl'> & Omit<SiteNaming, 'name'>, workspace: Pick<WorkspaceEntry, 'id' | 'name'>): DocumentPlace {
  return { site: placeSite(site), workspace: { id: workspace.id, name: workspace.name } };
}

/** A site of the listing as a place or a change-log entry records it: id, name, address, and whose personal site it is (siteDisplayName). */
export function placeSite(site: Pick<SiteEntry, 'orgId' | 'name' | 'siteUrl'> & Omit<SiteNaming, 'name'>): DocumentPlace['site'] {
  return { orgId: site.orgId, name: site.name, url: site.siteUrl, ...siteNaming(site) };
}

/**
 * A place as every page and message names it, `<site> › <workspace>` (a DocumentPlace, or a
 * destination of the pickers): the site by the name the pickers show (siteDisplayName), so a
 * question, a status or a run's table agrees with the picker the place was chosen in.
 */
export function placeName(place: { site: SiteNaming; workspace: { name: string } }): string {
  return `${siteDisplayName(place.site)} › ${place.workspace.name}`;
}

/** A workspace a document can be moved to, with its site; `crossSite` when it is another site than the document's. */
export interface MoveDestination {
  site: SiteEntry;
  workspace: WorkspaceEntry;
  crossSite: boolean;
}

/** Where a document is, as a move starts from it: its account, site (id and address) and workspace. */
export interface MoveOrigin {
  /** The account that lists it (SiteEntry.account): a move is one user's, with that user's key. */
  account: string;
  orgId: number;
  siteUrl: string;
  workspaceId: number;
}

/**
 * Where a document of `from` (its account, site and workspace, as in `listing`) can go: every
 * workspace of that account's sites on the same server that its user may add documents to, but
 * its own, in the listing's order (sites, then their workspaces). Another account's workspaces are
 * never offered: its user is another person. Grist's support workspace is never listed, so never a
 * destination. Sites are told apart by id and address together (ids are per server).
 */
export function moveDestinations(listing: Listing, from: MoveOrigin): MoveDestination[] {
  const server = serverOf(from.siteUrl);
  const destinations: MoveDestination[] = [];
  for (const site of listing.sites) {
    if (site.account !== from.account || serverOf(site.siteUrl) !== server) continue;
    const crossSite = site.orgId !== from.orgId || site.siteUrl !== from.siteUrl;
    for (const workspace of site.workspaces) {
      if (!crossSite && workspace.id === from.workspaceId) continue;
      if (canAddDocuments(workspace)) destinations.push({ site, workspace, crossSite });
    }
  }
  return destinations;
}

/**
 * Where a document of `from` can be copied (docs/grist-api.md "Copy"): moveDestinations' workspaces, its
 * own included (a copy may sit beside its original). `from` needs no workspace.
 */
export function copyDestinations(listing: Listing, from: Omit<MoveOrigin, 'workspaceId'>): MoveDestination[] {
  return moveDestinations(listing, { ...from, workspaceId: Number.NaN });
}

/**
 * Where documents `from` (each its account, site and workspace, as in `listing`) can be moved as
 * one batch: the workspaces of moveDestinations for the first one's account and server (the worker
 * moves each with its own account, to that workspace as its account lists it), the one they are all in left out
 * (one they are not all in stays: the others go there). `crossSite` when any of them is on another
 * site than the workspace: that move gives them new addresses.
 */
export function batchDestinations(listing: Listing, from: readonly MoveOrigin[]): MoveDestination[] {
  const [first] = from;
  if (!first) return [];
  const all = from.every((place) => place.orgId === first.orgId && place.siteUrl === first.siteUrl && place.workspaceId === first.workspaceId);
  const sites = new Set(from.map((place) => `${place.orgId} ${place.siteUrl}`));
  return moveDestinations(listing, all ? first : { ...first, workspaceId: Number.NaN }).map((destination) => ({
    ...destination,
    crossSite: destination.crossSite || sites.size > 1,
  }));
}
