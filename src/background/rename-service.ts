/**
 * Renaming: `PATCH {site}/api/docs/<docId>` with `{"name": ...}` and `Content-Type:
 * application/json` (without it Grist ignores the body and still answers 200, grist-api.md
 * "Silent no-ops"). The site always comes from the background's own data (its listing, or a URL
 * on a configured site), never from the page, so a message cannot point the key at another host.
 */
import { checkDocumentName } from '../shared/document-name.ts';
import type { Listing } from '../shared/listing.ts';
import { apiKeyItem, listingItem, settingsItem } from '../shared/storage-items.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from './api-error.ts';
import type { GristClient } from './grist-client.ts';
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

/** The saved settings and a client with the saved key. Throws `no-key` when there is none. */
export async function savedConnection() {
  const [apiKey, settings] = await Promise.all([apiKeyItem.get(), settingsItem.get()]);
  if (!apiKey) throw NO_KEY_ERROR();
  return { settings, client: connectToGrist(settings, apiKey) };
}

/**
 * Checks the typed name, sends the one PATCH, records the name in the cached listing.
 * In: the document's site, org, id and current name. Out: the name as stored.
 * Throws ApiError: `invalid-input` for an empty or too long name (nothing sent), `forbidden` for a
 * non-owner (Grist answers 403 "access denied" to editors and viewers), `not-found` for a
 * document gone from Grist.
 */
export async function renameAt(
  client: GristClient,
  target: { siteUrl: string; orgId: number; docId: string; currentName: string },
  typedName: string,
): Promise<{ name: string }> {
  const check = checkDocumentName(typedName, target.currentName);
  if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
  if (check.kind === 'unchanged') return { name: target.currentName };
  try {
    await client.patch(target.siteUrl, `/api/docs/${encodeURIComponent(target.docId)}`, { name: check.name }, anyJsonSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) {
      throw new ApiError('forbidden', `Only owners can rename a document in Grist, and you are not an owner of “${target.currentName}”.`, 403);
    }
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError('not-found', `“${target.currentName}” no longer exists on ${new URL(target.siteUrl).host}.`, 404);
    }
    throw error;
  }
  await storeNewName(target.orgId, target.docId, check.name);
  return { name: check.name };
}

/** The popup's `renameDocument` message: renames a document of the cached listing. */
export async function renameDocument({ orgId, docId, name }: RenameRequest): Promise<{ name: string }> {
  const [{ client }, listing] = await Promise.all([savedConnection(), listingItem.get()]);
  const found = findDocument(listing, orgId, docId);
  if (!found) throw new ApiError('not-found', 'This document is not in the list any more. Reopen the list to refresh it.');
  return renameAt(client, { siteUrl: found.site.siteUrl, orgId, docId, currentName: found.document.name }, name);
}
