/**
 * The changes this popup made to its listing (a rename, a trash, a pin Grist confirmed, a document
 * Grist said is gone), numbered, so that a refresh already under way when one was made shows them
 * again on the sites it brings, rather than what was before them.
 */
import type { Listing, SiteEntry } from '../../shared/protocol/listing.ts';

/** The changes kept, by what they change. */
export interface KeptChanges {
  /** The number of the last change kept: a refresh notes it when it starts. */
  last(): number;
  /** Keeps `change` under `key` (a row's key): a later change of the same row replaces it. */
  keep(key: string, change: (shown: Listing) => Listing): void;
  /** `site` with every change kept after number `since` applied; `changed`: whether that changed it. */
  applySince(site: SiteEntry, since: number): { site: SiteEntry; changed: boolean };
}

/** A new, empty set of kept changes. */
export function keptChanges(): KeptChanges {
  let sequence = 0;
  const kept = new Map<string, { change: (shown: Listing) => Listing; sequence: number }>();
  return {
    last: () => sequence,
    keep: (key, change) => void kept.set(key, { change, sequence: ++sequence }),
    applySince(site, since) {
      let next = site;
      for (const { change, sequence: at } of kept.values()) {
        if (at <= since) continue;
        // A listing of the one site: the changes are written for whole listings.
        next = change({ fetchedAt: 0, sites: [next] }).sites[0]!;
      }
      return { site: next, changed: next !== site };
    },
  };
}
