/**
 * The `renameDocument` message: `PATCH {site}/api/docs/<docId>` with `{"name": ...}` and
 * `Content-Type: application/json` (without it Grist ignores the body and still answers 200,
 * grist-api.md "Silent no-ops"). The site comes from the background's own listing, never from
 * the page, so a message cannot point the key at another host.
 */
import { checkDocumentName } from '../shared/document-name.ts';
import type { Listing } from '../shared/listing.ts';
import { apiKeyItem, listingItem, settingsItem } from '../shared/storage-items.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from './api-error.ts';
import { connectToGrist } from './grist-connection.ts';
import { anyJsonSchema } from './grist-schemas.ts';
import { NO_KEY_ERROR } from './listing-service.ts';

export interface RenameRequest {
  orgId: number;
  docId: string;
  name: string;
}

function findDocument(listing: Listing | null, orgId: number, docId: string) {
  const site = listing?.sites.find((entry) => entry.orgId === orgId);
  const document = site?.workspaces.flatMap((workspace) => workspace.documents).find((doc) => doc.id === docId);
  return site && document ? { site, document } : null;
}

/** Writes the new name into the cached listing, so the popup opens with it. */
async function storeNewName(orgId: number, docId: string, name: string): Promise<void> {
  const listing = await listingItem.get();
  const found = findDocument(listing, orgId, docId);
  if (!listing || !found) return;
  found.document.name = name;
  found.document.updatedAt = new Date().toISOString();
  await listingItem.set(listing);
}

/**
 * Renames one listed document. Out: `{name}` as stored. Throws ApiError: `invalid-input` for an
 * empty or too long name, `not-found` for a document no longer listed or gone from Grist,
 * `forbidden` for a non-owner (Grist answers 403 "access denied" to editors and viewers).
 */
export async function renameDocument({ orgId, docId, name }: RenameRequest): Promise<{ name: string }> {
  const [apiKey, settings, listing] = await Promise.all([apiKeyItem.get(), settingsItem.get(), listingItem.get()]);
  if (!apiKey) throw NO_KEY_ERROR();
  const found = findDocument(listing, orgId, docId);
  if (!found) throw new ApiError('not-found', 'This document is not in the list any more. Reopen the list to refresh it.');
  const check = checkDocumentName(name, found.document.name);
  if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
  if (check.kind === 'unchanged') return { name: found.document.name };
  const client = connectToGrist(settings, apiKey);
  try {
    await client.patch(found.site.siteUrl, `/api/docs/${encodeURIComponent(docId)}`, { name: check.name }, anyJsonSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) {
      throw new ApiError('forbidden', `Only owners can rename a document in Grist, and you are not an owner of “${found.document.name}”.`, 403);
    }
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError('not-found', `“${found.document.name}” no longer exists on ${new URL(found.site.siteUrl).host}.`, 404);
    }
    throw error;
  }
  await storeNewName(orgId, docId, check.name);
  return { name: check.name };
}
