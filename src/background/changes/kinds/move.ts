/**
 * The move, as one kind of change (kind-module.ts, issue 18): `PATCH {site}/api/docs/<docId>/move`
 * with `{"workspace": <id>}` as JSON (without the Content-Type Grist answers 400), sent through the
 * document's current site (docs/grist-api.md "Moving a document"). The document, its site and the
 * destination always come from the worker's own listing, checked before anything is sent, so a page
 * cannot aim a move, or the key, anywhere else. Also the pages' `moveDocument` message.
 */
import { t } from '../../../shared/i18n.ts';
import type { DocumentPlace, Listing, MovedDocument } from '../../../shared/protocol/listing.ts';
import type { WindowSource, MoveEntry } from '../../../shared/protocol/change-log.ts';
import { canMove, placeIn } from '../../../shared/rules/move.ts';
import { ApiError } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { anyJsonSchema } from '../../grist/grist-schemas.ts';
import { noteMove, type MoveEnd } from '../../listing/confirmed-changes.ts';
import { forgetDocument, storeNotedMoves } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import type { ChangeTarget, UndoingKind } from '../kind-module.ts';
import { checkDestination, findDocument, findWorkspace, listingAndClients, type ListedDocument } from '../listed-documents.ts';
import { applyChange, documentNow } from '../pipeline.ts';
import { destinationRefused } from '../refusals.ts';

/** What a page asks: the document (its site and id) and the destination workspace (its site and id). */
export interface MoveRequest {
  /** The account that moves it (absent: the first account that owns it, see findDocument). */
  account?: string;
  orgId: number;
  /** The document's site's address (absent: any listed site with `orgId`). */
  siteUrl?: string;
  docId: string;
  to: { orgId: number; workspaceId: number };
  /** Where it was asked: the document window's way in; the popup when absent. */
  source?: WindowSource;
}

/** A move checked against the listing: the document (`key`, `name`), where it is, where it goes; sent through `from`'s site. */
export interface MoveTarget extends ChangeTarget {
  from: DocumentPlace;
  to: DocumentPlace;
}

/** A move of document `key` (named `name`) by `account`, from one place to another. */
function moveOf(account: string, key: string, name: string, from: DocumentPlace, to: DocumentPlace): MoveTarget {
  return { account, key, siteUrl: from.site.url, name, from, to };
}

/**
 * moveTarget's checks, for a document and a destination already looked up in the listing (a bulk
 * move looks up thousands of documents in an index of it). In: as findDocument and findWorkspace
 * answer (null: not listed). Out: the move. Throws ApiError, nothing being sent: `not-found` for a
 * document or destination the listing does not have; `forbidden` for a document the user does not
 * own or a destination they may not add documents to (Grist would answer 403), or one of another
 * account or Grist server; `invalid-input` for the workspace it is in already (Grist: 400).
 */
export function checkMove(found: ListedDocument | null, destination: ReturnType<typeof findWorkspace>): MoveTarget {
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  if (!destination) throw new ApiError('not-found', t('errorDestinationNotInList'));
  const { site, workspace, document } = found;
  if (!canMove(document)) throw new ApiError('forbidden', t('errorNotOwnerToMove', document.name), 403);
  checkDestination(site, destination);
  if (destination.site.siteUrl === site.siteUrl && destination.workspace.id === workspace.id) {
    throw new ApiError('invalid-input', t('errorAlreadyInWorkspace', document.name, workspace.name));
  }
  return moveOf(site.account, document.id, document.name, placeIn(site, workspace), placeIn(destination.site, destination.workspace));
}

/**
 * Checks `request` against `listing`: the document, and the destination among the sites of the
 * account that moves it with org id `to.orgId` (a move is one user's, within one server, where org
 * ids name one org). Out and throws: as checkMove.
 */
export function moveTarget(listing: Listing | null, request: MoveRequest): MoveTarget {
  const found = findDocument(listing, request, request.account);
  const account = found?.site.account;
  return checkMove(found, found && findWorkspace(listing, (site) => site.account === account && site.orgId === request.to.orgId, request.to.workspaceId));
}

/** The workspace a document is in, read through `siteUrl`; null when that site does not have it (404). */
async function workspaceNow(client: GristClient, siteUrl: string, docId: string): Promise<number | null> {
  return (await documentNow(client, siteUrl, docId))?.workspace.id ?? null;
}

/** Where a move takes its document, as the cached listing names it (see noteMove). */
export function destinationOf(target: MoveTarget): MoveEnd {
  return { account: target.account, siteUrl: target.to.site.url, workspaceId: target.to.workspace.id };
}

export const moveKind: UndoingKind<MoveTarget, 'moveDocument', MoveEntry> = {
  messages: { moveDocument },
  send: async (client, target) => {
    await client.patch(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}/move`, { workspace: target.to.workspace.id }, anyJsonSchema);
  },
  // Read through the destination site, then through its own (a move across sites changes the site
  // that has it).
  applied: async (client, target) => {
    let there = await workspaceNow(client, target.to.site.url, target.key);
    if (there !== target.to.workspace.id && target.to.site.url !== target.from.site.url) there = await workspaceNow(client, target.from.site.url, target.key);
    return there === target.to.workspace.id;
  },
  notApplied: (target) => t('errorMoveLostAnswerNotMoved', target.name),
  bulk: { confirmed: 'moved', unchanged: 'bulkUnchanged' },
  refused: async (error, target) => {
    const refused = destinationRefused(error, target.to, 'errorSiteRefusedMove');
    if (refused) return refused;
    // Sent as JSON, so Grist's 400 here is "already in the destination": moved there by someone else.
    if (error.status === 400) return new ApiError('bad-request', t('errorAlreadyInWorkspace', target.name, target.to.workspace.name), 400);
    if (error.status === 404) {
      await forgetDocument(target.key);
      return new ApiError('not-found', t('errorDocumentGone', target.name, new URL(target.from.site.url).host), 404);
    }
    return null;
  },
  // Its name both old and new: a move keeps it.
  logEntry: (target) => ({ account: target.account, kind: 'move', target: { kind: 'document', id: target.key }, site: target.from.site, workspace: target.from.workspace, to: target.to, name: target.name }),
  note: (target) => noteMove(target.key, destinationOf(target)),
  storeNoted: (noted) => storeNotedMoves(noted.map(({ target, mark }) => ({ docId: target.key, mark }))),
  undoSiteUrl: (entry) => entry.to.site.url,
  // Read through the site it went to: moved back only when it is still in the workspace the move put
  // it in, under the same name.
  inverse: async (client, entry, account, force) => {
    const { to, workspace } = entry;
    if (!workspace) throw new ApiError('not-found', t('undoEntryGone'));
    const current = await documentNow(client, to.site.url, entry.target.id);
    if (!current) throw new ApiError('not-found', t('errorMovedAway', entry.name, to.site.name), 404);
    if (current.access !== 'owners') throw new ApiError('forbidden', t('errorNotOwnerToMove', current.name), 403);
    const now = { id: current.workspace.id ?? to.workspace.id, name: current.workspace.name };
    if (!force && now.id !== to.workspace.id) return { conflict: { outcome: 'changed-elsewhere', current: now.name } };
    // Where the move put it, but renamed since: someone changed it after the move; asked first too.
    if (!force && current.name !== entry.name) return { conflict: { outcome: 'changed-elsewhere', current: current.name, renamed: true } };
    return { undo: moveOf(account, entry.target.id, current.name, { site: to.site, workspace: now }, { site: entry.site, workspace }) };
  },
};

/**
 * The pages' `moveDocument` message: moves a document of the worker's listing to a workspace of it,
 * checked first (moveTarget), through the change pipeline. Out: where it went, and its change-log
 * entry. Throws as moveTarget and sendChange do.
 */
export function moveDocument(request: MoveRequest): Promise<MovedDocument> {
  return oneAtATime(request.docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const target = moveTarget(listing, request);
    const entryId = await applyChange(clientOf(target.account), moveKind, target, { source: request.source ?? 'popup' });
    return { to: target.to, entryId };
  });
}
