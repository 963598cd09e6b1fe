/**
 * Deleting a document forever, as one kind of change (kind-module.ts): `DELETE {site}/api/docs/<docId>`,
 * owners only, irreversible (docs/grist-api.md "Delete forever"). Only a document in the trash is
 * offered, checked against the trash listing (trashed-documents.ts); its change-log entry can never
 * be undone. Also the Trash view's `deleteDocument` message.
 */
import { t } from '../../../shared/i18n.ts';
import type { DocumentKey, LoggedChange } from '../../../shared/protocol/messages.ts';
import { anyJsonSchema } from '../../grist/grist-schemas.ts';
import { oneAtATime } from '../../pacing.ts';
import { placedEntry, type KindModule, type ChangeTarget } from '../kind-module.ts';
import { applyChange, documentNow } from '../pipeline.ts';
import { deniedOrGone } from '../refusals.ts';
import { findTrashed, leftTrash, siteTrash } from '../trashed-documents.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';

/** A document of the trash to delete for good; `key` is its id. */
export interface DeleteTarget extends ChangeTarget {
  place: DocumentPlace;
}

export const deleteForeverKind: KindModule<DeleteTarget, 'deleteDocument'> = {
  messages: { deleteDocument },
  // Grist keeps nothing to put back.
  undoneBy: null,
  send: async (client, target) => {
    await client.delete(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}`, anyJsonSchema);
  },
  // Deleted when the site's trash no longer has it and Grist does not have it outside the trash
  // either (restored elsewhere, it is there, not deleted).
  applied: async (client, target) => {
    const trash = await siteTrash(client, { account: target.account, orgId: target.place.site.orgId, name: target.place.site.name, siteUrl: target.siteUrl });
    return !trash.documents.some((document) => document.id === target.key) && (await documentNow(client, target.siteUrl, target.key)) === null;
  },
  notApplied: (target) => t('errorDeleteLostAnswerNotDeleted', target.name),
  refused: (error, target) => deniedOrGone(error, target, t('errorNotOwnerToTrash', target.name), true),
  logEntry: (target) => placedEntry('delete', target),
  note: () => 0,
  // The cached listing never holds documents in the trash: only the trash listing forgets it.
  storeNoted: async (noted) => {
    for (const { target } of noted) leftTrash(target.account, target.siteUrl, target.key);
  },
};

/**
 * The Trash view's `deleteDocument` message: deletes a document of the trash forever, checked
 * against the trash listing, through the change pipeline. Out: its change-log entry (never
 * undoable). Throws ApiError: `not-found` for a document the trash does not hold, `forbidden` for
 * one the user does not own, or what sendChange met.
 */
export function deleteDocument(request: DocumentKey): Promise<LoggedChange> {
  return oneAtATime(request.docId, async () => {
    // Read again now: Grist deletes a document whether it is in the trash or not.
    const { site, document, client, place } = await findTrashed(request, true);
    const target = { account: site.account, key: document.id, siteUrl: site.siteUrl, name: document.name, place };
    return { entryId: await applyChange(client, deleteForeverKind, target, { source: 'popup' }) };
  });
}
