/**
 * The cached listing as the worker's unit tests look into it: where it has a document, by id.
 */
import { readListing } from '../../src/background/listing/listing-cache.ts';
import type { DocumentEntry } from '../../src/shared/protocol/listing.ts';

/** Where the cached listing has a document: `<site domain>/<workspace id>` and the entry; null when it has none. */
export async function cachedDocument(docId: string): Promise<{ at: string; document: DocumentEntry } | null> {
  for (const site of (await readListing())?.sites ?? []) {
    for (const workspace of site.workspaces) {
      const document = workspace.documents.find((entry) => entry.id === docId);
      if (document) return { at: `${site.domain}/${workspace.id}`, document };
    }
  }
  return null;
}
