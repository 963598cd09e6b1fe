/**
 * A new, empty document, as one kind of change (change-kind.ts): `POST {site}/api/workspaces/<id>/docs`
 * with `{"name"}` as JSON (without the Content-Type Grist answers 400 "name required"), by owners
 * and editors of the workspace (grist-api.md "New document"). Not idempotent: after a lost answer
 * the workspace is read, never sent again (created-document.ts). Its undo moves it to the trash
 * (trash.ts). Also the popup's `createDocument` message.
 */
import * as v from 'valibot';
import { workspaceKey } from '../../shared/change-log.ts';
import { addedEntry } from '../../shared/document-actions.ts';
import { checkNewName } from '../../shared/document-name.ts';
import { t } from '../../shared/i18n.ts';
import type { CreatedDocument } from '../../shared/messages.ts';
import { canAddDocuments } from '../../shared/listing.ts';
import type { MovePlace } from '../../shared/move.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../grist/api-error.ts';
import { recordDocumentAdded } from '../listing/listing-cache.ts';
import { oneAtATime } from '../pacing.ts';
import { placedEntry, type ChangeKind, type ChangeTarget } from './change-kind.ts';
import { claim, madeSince, type Making } from './created-document.ts';
import { findWorkspace, listingAndClients, movePlace } from './listed-documents.ts';
import { applyChange } from './pipeline.ts';
import { refusedByPlan } from './refusals.ts';

/** A new document named `name` in `place`; `key` is the workspace's workspaceKey; `made` its id once Grist said it. */
export interface NewDocumentTarget extends ChangeTarget {
  place: MovePlace;
  making: Making;
  made?: string;
}

export const newDocumentKind: ChangeKind<NewDocumentTarget> = {
  send: async (client, target) => {
    target.making.sentAt = Date.now();
    target.made = claim(await client.post(target.siteUrl, `/api/workspaces/${target.place.workspace.id}/docs`, { name: target.name }, v.string()));
  },
  applied: async (client, target) => {
    target.made = (await madeSince(client, target.making)) ?? undefined;
    return target.made !== undefined;
  },
  notApplied: (target) => t('errorNewDocumentUnknown', target.name, `${target.place.site.name} › ${target.place.workspace.name}`),
  unchecked: (target) => t('errorNewDocumentUnknown', target.name, `${target.place.site.name} › ${target.place.workspace.name}`),
  refused: async (error, target) => {
    if (refusedByPlan(error)) return new ApiError('forbidden', t('errorSiteRefusedNewDocument', target.place.site.name, error.serverMessage ?? String(error.status)), error.status);
    if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return new ApiError('forbidden', t('errorCannotMoveTo', target.place.workspace.name), 403);
    if (error.status === 404) return new ApiError('not-found', t('errorWorkspaceGone', target.place.workspace.name, new URL(target.siteUrl).host), 404);
    return null;
  },
  logEntry: (target) => ({ ...placedEntry('create', target), docId: target.made! }),
  note: () => 0,
  storeNoted: async (noted) => {
    await Promise.all(noted.map(({ target }) => recordDocumentAdded(target.account, target.siteUrl, target.place.workspace.id, addedEntry(target.made!, target.name))));
  },
};

/**
 * The popup's `createDocument` message: a new document in a workspace of the worker's listing that
 * its user may add documents to, through the change pipeline, in the workspace's queue. Out: the
 * document as listed. Throws ApiError: `not-found` for a workspace the listing does not have,
 * `forbidden` for one the user may not add to, `invalid-input` for the name, or what sendChange met.
 */
export function createDocument({ orgId, siteUrl, workspaceId, name }: { orgId: number; siteUrl: string; workspaceId: number; name: string }): Promise<CreatedDocument> {
  return oneAtATime(workspaceKey(workspaceId), async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findWorkspace(listing, (site) => site.orgId === orgId && site.siteUrl === siteUrl, workspaceId);
    if (!found) throw new ApiError('not-found', t('errorWorkspaceNotInList'));
    const { site, workspace } = found;
    if (!canAddDocuments(workspace)) throw new ApiError('forbidden', t('errorCannotMoveTo', workspace.name), 403);
    const check = checkNewName(name);
    if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
    const making = { siteUrl, workspaceId, name: check.name, known: workspace.documents.map(({ id }) => id), sentAt: 0 };
    const target: NewDocumentTarget = { account: site.account, key: workspaceKey(workspaceId), siteUrl, name: check.name, place: movePlace(site, workspace), making };
    const entryId = await applyChange(clientOf(site.account), newDocumentKind, target, { source: 'popup' });
    return { document: addedEntry(target.made!, target.name), entryId };
  });
}
