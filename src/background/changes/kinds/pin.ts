/**
 * Pinning and unpinning a document, as one kind of change (kind-module.ts):
 * `PATCH {site}/api/docs/<docId>/pin` or `.../unpin`, no body, answered 200 `null`; owners and
 * editors may (a viewer gets 403, docs/grist-api.md "Pin / unpin"). Also the popup's `pinDocument`.
 */
import { canPin } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentKey, LoggedChange } from '../../../shared/protocol/messages.ts';
import { ApiError } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { anyJsonSchema } from '../../grist/grist-schemas.ts';
import { recordPin } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import { placedEntry, type ChangeTarget, type UndoingKind } from '../kind-module.ts';
import type { PinEntry } from '../../../shared/protocol/change-log.ts';
import { findDocument, listingAndClients } from '../listed-documents.ts';
import { applyChange, documentNow } from '../pipeline.ts';
import { deniedOrGone } from '../refusals.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';
import { placeIn } from '../../../shared/rules/move.ts';

/** A pin (`pinned`) or unpin of document `key`. */
export interface PinTarget extends ChangeTarget {
  pinned: boolean;
  place: DocumentPlace;
}

/** The document as Grist has it now, read through `siteUrl`. Throws ApiError `not-found` (in words) when it is gone. */
async function readNow(client: GristClient, siteUrl: string, docId: string, name: string) {
  const now = await documentNow(client, siteUrl, docId);
  if (!now) throw new ApiError('not-found', t('errorDocumentGone', name, new URL(siteUrl).host), 404);
  return now;
}

export const pinKind: UndoingKind<PinTarget, 'pinDocument', PinEntry> = {
  messages: { pinDocument },
  send: async (client, target) => {
    await client.patch(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}/${target.pinned ? 'pin' : 'unpin'}`, undefined, anyJsonSchema);
  },
  applied: async (client, target) => (await readNow(client, target.siteUrl, target.key, target.name)).isPinned === target.pinned,
  notApplied: (target) => t(target.pinned ? 'errorPinLostAnswerNotPinned' : 'errorPinLostAnswerNotUnpinned', target.name),
  refused: (error, target) => deniedOrGone(error, target, t('errorCannotPin', target.name)),
  logEntry: (target) => ({ ...placedEntry('pin', target), pinned: target.pinned }),
  // Not noted for refreshes under way: one answered before the change may show the old pin until the next.
  note: () => 0,
  storeNoted: async (noted) => {
    await Promise.all(noted.map(({ target }) => recordPin(target.key, target.pinned)));
  },
  undoSiteUrl: (entry) => entry.site.url,
  // Read first: pinned or unpinned back elsewhere since needs nothing sent.
  inverse: async (client, entry, account) => {
    const now = await readNow(client, entry.site.url, entry.target.id, entry.name);
    if (!canPin(now)) throw new ApiError('forbidden', t('errorCannotPin', now.name), 403);
    if (now.isPinned !== entry.pinned || !entry.workspace) return { already: now.name };
    return { undo: { account, key: entry.target.id, siteUrl: entry.site.url, name: now.name, pinned: !entry.pinned, place: { site: entry.site, workspace: entry.workspace } } };
  },
};

/**
 * The popup's `pinDocument` message: pins (`pinned`) or unpins a document of the worker's listing,
 * with the first account that lists it, through the change pipeline. Out: its change-log entry.
 * Throws ApiError: `not-found` for a document the listing does not have, `forbidden` for a viewer
 * (Grist would answer 403), or what sendChange met.
 */
export function pinDocument(request: DocumentKey & { pinned: boolean }): Promise<LoggedChange> {
  return oneAtATime(request.docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findDocument(listing, request);
    if (!found) throw new ApiError('not-found', t('errorNotInList'));
    const { site, workspace, document } = found;
    if (!canPin(document)) throw new ApiError('forbidden', t('errorCannotPin', document.name), 403);
    const target = { account: site.account, key: document.id, siteUrl: site.siteUrl, name: document.name, pinned: request.pinned, place: placeIn(site, workspace) };
    return { entryId: await applyChange(clientOf(site.account), pinKind, target, { source: 'popup' }) };
  });
}
