/**
 * What a refresh found, in one sentence for the popup's status line: its documents and sites, and,
 * when some sites could not be listed, how many did and which did not answer at all.
 */
import { t, tCount } from '../../shared/i18n.ts';
import type { Listing } from '../../shared/protocol/listing.ts';
import { countDocuments } from '../../shared/rules/search.ts';
import { siteLabel } from '../../listing-view/listing-rows.ts';

/**
 * The summary of a refresh ("Listing updated: 12 documents in 2 of 3 sites. Globex Inc did not
 * answer."): the sites that did not answer are named as the popup names them, with their host where
 * it says more (see siteLabel).
 */
export function describeListing(listing: Listing): string {
  const count = countDocuments(listing);
  const documents = tCount('documentCount', count);
  const total = listing.sites.length;
  const listed = listing.sites.filter((site) => !site.error).length;
  if (listed === total) return t('listingUpdated', documents, tCount('siteCount', total));
  const silent = listing.sites.filter((site) => site.error?.kind === 'timeout' || site.error?.kind === 'network');
  const sites = [...new Set(silent.map(siteLabel))].join(', ');
  const summary = tCount('listingUpdatedPartly', total, String(listed), documents);
  return sites ? `${summary} ${t('sitesDidNotAnswer', sites)}` : summary;
}
