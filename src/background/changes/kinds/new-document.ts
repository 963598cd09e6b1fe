/**
 * A new, empty document, as one kind of change (kind-module.ts): `POST {site}/api/workspaces/<id>/docs`
 * with `{"name"}` as JSON (without the Content-Type Grist answers 400 "name required"), by owners
 * and editors of the workspace (docs/grist-api.md "New document"). Not idempotent: the workspace is read
 * before it is sent, and when Grist's answer does not say whether it made the document it is read
 * again, never sent again, and a document found there is taken only when it is provably this one
 * (created-document.ts). Its undo moves it, by its id, to the trash (trash.ts). Also the popup's
 * `createDocument` message.
 */
import * as v from 'valibot';
import { workspaceKey } from '../../../shared/protocol/change-log.ts';
import { addedEntry } from '../../../shared/rules/document-rules.ts';
import { checkNewName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import type { CreatedDocument, RequestOf } from '../../../shared/protocol/messages.ts';
import { ApiError } from '../../grist/api-error.ts';
import { oneAtATime } from '../../pacing.ts';
import { placedEntry, type KindModule } from '../kind-module.ts';
import { madeAlready, make, makingIn, mayHaveMade, readFirst, recordMade, unknownMade, type MakingTarget } from '../created-document.ts';
import { checkDestination, findWorkspace, listingAndClients } from '../listed-documents.ts';
import { applyChange } from '../pipeline.ts';
import { destinationRefused } from '../refusals.ts';
import { trashKind } from './trash.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';

/** A new document named `name` in `place`; `key` is the workspace's workspaceKey; `made` its id once Grist said it. */
export interface NewDocumentTarget extends MakingTarget {
  /** Its making's place. */
  place: DocumentPlace;
}

/** "Grist’s answer did not say whether <name> was created. Check <site> › <workspace>." */
const unknownDocument = (target: NewDocumentTarget) => unknownMade('errorNewDocumentUnknown', target);

export const newDocumentKind: KindModule<NewDocumentTarget, 'createDocument'> = {
  messages: { createDocument },
  // The new document is moved to the trash.
  undoneBy: trashKind,
  readFirst: (client, target) => readFirst(client, target, unknownDocument(target)),
  send: (client, target) => make(target, () => client.post(target.siteUrl, `/api/workspaces/${target.place.workspace.id}/docs`, { name: target.name }, v.string())),
  mayHaveApplied: mayHaveMade,
  applied: madeAlready,
  notApplied: unknownDocument,
  unchecked: unknownDocument,
  refused: async (error, target) => {
    const refused = destinationRefused(error, target.place, 'errorSiteRefusedNewDocument');
    if (refused) return refused;
    if (error.status === 404) return new ApiError('not-found', t('errorWorkspaceGone', target.place.workspace.name, new URL(target.siteUrl).host), 404);
    return null;
  },
  logEntry: (target) => ({ ...placedEntry('create', target), target: { kind: 'document', id: target.made! } }),
  note: () => 0,
  storeNoted: recordMade,
};

/**
 * The popup's `createDocument` message: a new document in a workspace of the worker's listing that
 * its user may add documents to, through the change pipeline, in the workspace's queue. Out: the
 * document as listed. Throws ApiError: `not-found` for a workspace the listing does not have,
 * `forbidden` for one the user may not add to, `invalid-input` for the name, or what sendChange met.
 */
export function createDocument({ orgId, siteUrl, workspaceId, name }: RequestOf<'createDocument'>): Promise<CreatedDocument> {
  return oneAtATime(workspaceKey(workspaceId), async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findWorkspace(listing, (site) => site.orgId === orgId && site.siteUrl === siteUrl, workspaceId);
    if (!found) throw new ApiError('not-found', t('errorWorkspaceNotInList'));
    const { site, workspace } = found;
    // A workspace of its own site: the check is that its user may add documents to it.
    checkDestination(site, found);
    const check = checkNewName(name);
    if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
    const making = makingIn(site, workspace, check.name);
    const target: NewDocumentTarget = { account: site.account, key: workspaceKey(workspaceId), siteUrl, name: check.name, place: making.place, making };
    const entryId = await applyChange(clientOf(site.account), newDocumentKind, target, { source: 'popup' });
    return { document: addedEntry(target.made!, target.name), entryId };
  });
}
