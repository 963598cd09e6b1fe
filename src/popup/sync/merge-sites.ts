/**
 * The sites a refresh shows, from what it brought, what the popup shows and the cache: a site Grist
 * says is as cached keeps the object shown (so it is not rendered again), a site not answered yet
 * keeps what was shown of it, marked as waited for once it is late, and the popup's own changes
 * are shown again on the sites it brings (kept-changes.ts).
 */
import type { Listing, SiteEntry } from '../../shared/protocol/listing.ts';
import type { KeptChanges } from './kept-changes.ts';

/** The same site marked as still waited for (one copy per site, so it renders once). */
const pendingCopies = new WeakMap<SiteEntry, SiteEntry>();
const originals = new WeakMap<SiteEntry, SiteEntry>();
function markPending(site: SiteEntry): SiteEntry {
  if (site.pending) return site;
  let copy = pendingCopies.get(site);
  if (!copy) {
    copy = { ...site, pending: true };
    pendingCopies.set(site, copy);
    originals.set(copy, site);
  }
  return copy;
}

/** What the sites are merged with: the listing shown, the whole cache, and the changes this popup made. */
export interface MergeSources {
  shown: Listing | null;
  /** The whole cached listing, when it is the one the refresh told the worker the page shows; null otherwise. */
  wholeCache: Listing | null;
  /** The sites of the cache's first screen: cut short, so never kept as a site's final content. */
  previewSites: WeakSet<SiteEntry>;
  kept: KeptChanges;
  /** The number of the last change kept when the refresh started: the later ones are applied again. */
  startedAt: number;
}

/**
 * The sites to show for `fresh` ones (a refresh's progress, or its end when `final`), each
 * `unchanged` as Grist says; a site the worker sent as shown (`asShown`, without its workspaces) is
 * taken from the whole cached listing; `missing` says when one could not be (the cache was not
 * read): the page then lacks its content. A site shown from the cache's first screen is kept as it
 * is only while not `final`. Out: the sites, whether a change of this popup was applied again
 * (`renamed`), and `missing`.
 */
export function mergeSites(
  fresh: readonly SiteEntry[],
  unchanged: readonly boolean[],
  { shown, wholeCache, previewSites, kept, startedAt }: MergeSources,
  { markWaiting, final, asShown = [] }: { markWaiting: boolean; final: boolean; asShown?: readonly boolean[] | undefined },
): { sites: SiteEntry[]; renamed: boolean; missing: boolean } {
  let renamed = false;
  let missing = false;
  // The same site as `site`: two accounts on one server may each list it, with different content.
  const sameSite = (site: SiteEntry) => (entry: SiteEntry) => entry.orgId === site.orgId && entry.siteUrl === site.siteUrl && entry.account === site.account;
  const sites = fresh.map((site, index) => {
    const before = shown?.sites.find(sameSite(site));
    const original = before && (originals.get(before) ?? before);
    if (asShown[index]) {
      const cached = wholeCache?.sites.find(sameSite(site));
      if (cached && original && !previewSites.has(original)) return original;
      if (cached) return cached;
      missing = true;
      return original ?? site;
    }
    if (site.pending) {
      if (!original) return site;
      return markWaiting ? markPending(original) : original;
    }
    if (unchanged[index] && original && !(final && previewSites.has(original))) return original;
    const applied = kept.applySince(site, startedAt);
    renamed ||= applied.changed;
    return applied.site;
  });
  return { sites, renamed, missing };
}
