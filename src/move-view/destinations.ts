/**
 * The destination picker's list (issue 18): the workspaces a move may go to, narrowed by what the
 * user types with the popup's matching (search.ts), grouped by site. Pure, no DOM.
 */
import type { MoveDestination } from '../shared/rules/move.ts';
import { foldedMatches, foldForSearch, searchTerms } from '../shared/rules/search.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';

/** One site's destinations, in the listing's order. */
export interface DestinationGroup {
  site: MoveDestination['site'];
  crossSite: boolean;
  destinations: MoveDestination[];
}

/**
 * The destinations whose workspace and site names (as the listing shows them) hold every word of
 * `query` (folded: "resume" finds "Résumé"), grouped by site in their order. An empty query keeps
 * them all.
 */
export function destinationGroups(destinations: readonly MoveDestination[], query: string): DestinationGroup[] {
  const terms = searchTerms(query);
  const groups: DestinationGroup[] = [];
  for (const destination of destinations) {
    if (terms.length && !foldedMatches(foldForSearch(`${destination.workspace.name} ${siteDisplayName(destination.site)}`), terms)) continue;
    const last = groups.at(-1);
    if (last?.site === destination.site) last.destinations.push(destination);
    else groups.push({ site: destination.site, crossSite: destination.crossSite, destinations: [destination] });
  }
  return groups;
}
