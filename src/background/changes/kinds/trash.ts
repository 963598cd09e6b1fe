/**
 * Moving a document to the trash and restoring it, as one kind of change (kind-module.ts):
 * `POST {site}/api/docs/<docId>/remove` and `.../unremove`, owners only (docs/grist-api.md "Remove to
 * trash", "Restore"). A removed document leaves the normal listing and reads as 404; restored, it
 * is back where it was. Also the undo of the changes that make a document (a copy, a new one): it
 * goes to the trash. And the pages' `removeDocument` and `restoreDocument` messages.
 */
import { addedEntry, canTrash } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import type { ChangeEntry, ChangeSource, CopyEntry, CreateEntry, DocumentTarget, TrashEntry } from '../../../shared/protocol/change-log.ts';
import type { DocumentKey, LoggedChange } from '../../../shared/protocol/messages.ts';
import { ApiError } from '../../grist/api-error.ts';
import { anyJsonSchema } from '../../grist/grist-schemas.ts';
import { forgetDocument, recordDocumentAdded } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import { placedEntry, type ChangeTarget, type UndoingKind } from '../kind-module.ts';
import { findDocument, listingAndClients, type ListedDocument } from '../listed-documents.ts';
import { applyChange, documentNow } from '../pipeline.ts';
import { deniedOrGone } from '../refusals.ts';
import { findTrashed, leftTrash } from '../trashed-documents.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';
import { placeIn } from '../../../shared/rules/move.ts';

/** A document to move to the trash (`removed`) or back from it; `key` is its id. */
export interface TrashTarget extends ChangeTarget {
  removed: boolean;
  /** Its site and the workspace it is in (or goes back to). */
  place: DocumentPlace;
}

function trashOf(account: string, removed: boolean, place: DocumentPlace, { id, name }: { id: string; name: string }): TrashTarget {
  return { account, key: id, siteUrl: place.site.url, name, removed, place };
}

/**
 * The move to the trash of a document of the listing, by the account that lists it. Throws ApiError
 * `not-found` for one the listing does not have (null), `forbidden` for one the user does not own
 * (Grist would answer 403); nothing is sent.
 */
export function checkTrash(found: ListedDocument | null): TrashTarget {
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  const { site, workspace, document } = found;
  if (!canTrash(document)) throw new ApiError('forbidden', t('errorNotOwnerToTrash', document.name), 403);
  return trashOf(site.account, true, placeIn(site, workspace), document);
}

/** The entries the trash kind undoes: a document's removal or restore, a copy, a new document. */
type TrashedByUndo = (TrashEntry | CopyEntry | CreateEntry) & { target: DocumentTarget };

export const trashKind: UndoingKind<TrashTarget, 'removeDocument' | 'restoreDocument', TrashedByUndo> = {
  messages: { removeDocument, restoreDocument },
  send: async (client, target) => {
    await client.post(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}/${target.removed ? 'remove' : 'unremove'}`, undefined, anyJsonSchema);
  },
  // Outside the trash, Grist reads it; in the trash it answers 404.
  applied: async (client, target) => ((await documentNow(client, target.siteUrl, target.key)) === null) === target.removed,
  notApplied: (target) => t(target.removed ? 'errorTrashLostAnswerNotRemoved' : 'errorTrashLostAnswerNotRestored', target.name),
  bulk: { confirmed: 'trashed', unchanged: 'bulkUnchanged' },
  refused: (error, target) => deniedOrGone(error, target, t('errorNotOwnerToTrash', target.name), !target.removed),
  logEntry: (target) => placedEntry(target.removed ? 'remove' : 'restore', target),
  // Not noted for refreshes under way: one answered before the change may show it until the next.
  note: () => 0,
  storeNoted: async (noted) => {
    await Promise.all(
      noted.map(({ target }) => {
        if (target.removed) return forgetDocument(target.key);
        leftTrash(target.account, target.siteUrl, target.key);
        return recordDocumentAdded(target.account, target.siteUrl, target.place.workspace.id, addedEntry(target.key, target.name));
      }),
    );
  },
  undoSiteUrl: (entry) => entry.site.url,
  // A removal is undone by a restore; a restore, a copy or a new document by a removal. Read first:
  // a document restored (or removed) elsewhere since needs nothing sent.
  inverse: async (client, entry, account, force) => {
    const place = loggedPlace(entry);
    const docId = entry.target.id;
    const now = await documentNow(client, entry.site.url, docId);
    if (entry.kind === 'remove') {
      return now ? { already: now.name } : { undo: trashOf(account, false, place, { id: docId, name: entry.name }) };
    }
    if (!now) return { already: entry.name };
    if (!canTrash(now)) throw new ApiError('forbidden', t('errorNotOwnerToTrash', now.name), 403);
    if (!force && now.name !== entry.name) return { conflict: { outcome: 'changed-elsewhere', current: now.name, renamed: true } };
    const workspace = { id: now.workspace.id ?? place.workspace.id, name: now.workspace.name || place.workspace.name };
    return { undo: trashOf(account, true, { site: entry.site, workspace }, { id: docId, name: now.name }) };
  },
};

/** Where an entry's document is (or was): its site and workspace as logged. */
function loggedPlace(entry: ChangeEntry): DocumentPlace {
  if (!entry.workspace) throw new ApiError('not-found', t('undoEntryGone'));
  return { site: entry.site, workspace: entry.workspace };
}

/**
 * The pages' `removeDocument` message: moves a document of the worker's listing to the trash, with
 * the first account that owns it, through the change pipeline. Out: its change-log entry. Throws
 * ApiError: `not-found` for a document the listing does not have, `forbidden` for one the user
 * does not own (Grist would answer 403), or what sendChange met.
 */
export function removeDocument(request: DocumentKey & { source?: ChangeSource }): Promise<LoggedChange> {
  return oneAtATime(request.docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const target = checkTrash(findDocument(listing, request));
    const entryId = await applyChange(clientOf(target.account), trashKind, target, { source: request.source ?? 'popup' });
    return { entryId };
  });
}

/**
 * The Trash view's `restoreDocument` message: takes a document of a listed site out of the trash,
 * checked against the trash listing (trashed-documents.ts), through the change pipeline. Out: its
 * change-log entry. Throws ApiError: `not-found` for a document the trash does not hold,
 * `forbidden` for one the user does not own, or what sendChange met.
 */
export function restoreDocument(request: DocumentKey): Promise<LoggedChange> {
  return oneAtATime(request.docId, async () => {
    const { site, document, client, place } = await findTrashed(request);
    const entryId = await applyChange(client, trashKind, trashOf(site.account, false, place, document), { source: 'popup' });
    return { entryId };
  });
}
