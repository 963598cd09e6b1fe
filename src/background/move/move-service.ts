/**
 * Moving a document (issue 18): `PATCH {site}/api/docs/<docId>/move` with `{"workspace": <id>}` as
 * JSON (without the Content-Type Grist answers 400), sent through the document's current site, with
 * the same Origin handling as a rename (grist-api.md "Moving a document"). The document, its site
 * and the destination always come from the worker's own listing, checked before anything is sent,
 * so a page cannot aim a move, or the key, anywhere else.
 */
import { t } from '../../shared/i18n.ts';
import type { Listing, SiteEntry, WorkspaceEntry } from '../../shared/listing.ts';
import type { HistoryEntry, RenameSource, WindowSource } from '../../shared/history.ts';
import { canAddDocuments, canMove, serverOf, type MovedDocument, type MovePlace } from '../../shared/move.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { anyJsonSchema, documentSchema } from '../grist/grist-schemas.ts';
import { forgetDocument, recordMove, type MoveEnd } from '../listing/listing-cache.ts';
import { addHistoryEntry } from '../history/rename-history.ts';
import { logFailure } from '../log-failure.ts';
import { findDocument, findWorkspace, listingAndClients, oneAtATime } from '../rename/rename-service.ts';

/** What a page asks: the document (its site and id) and the destination workspace (its site and id). */
export interface MoveRequest {
  /** The account that moves it (absent: the first account that owns it, see findDocument). */
  account?: string;
  orgId: number;
  docId: string;
  to: { orgId: number; workspaceId: number };
  /** Where it was asked: the rename window's way in; the popup when absent. */
  source?: WindowSource;
}

/** A move checked against the listing: the document, where it is, where it goes. */
export interface MoveTarget {
  /** The account that moves it: the one findDocument chose, whose sites the destination is among. */
  account: string;
  docId: string;
  name: string;
  from: MovePlace;
  to: MovePlace;
}

/**
 * Checks `request` against `listing`. Out: the move. Throws ApiError, nothing being sent:
 * `not-found` for a document or destination the listing does not have; `forbidden` for a document
 * the user does not own or a destination they may not add documents to (Grist would answer 403),
 * or one on another Grist server; `invalid-input` for the workspace it is in already (Grist: 400).
 */
export function moveTarget(listing: Listing | null, request: MoveRequest): MoveTarget {
  const found = findDocument(listing, request.orgId, request.docId, request.account);
  return checkMove(found, found && findWorkspace(listing, accountOrg(found.site.account, request.to.orgId), request.to.workspaceId));
}

/**
 * The sites of one account with org id `orgId`: where that account may move a document to (a
 * move is one user's, within one server, where org ids name one org).
 */
function accountOrg(account: string, orgId: number): (site: SiteEntry) => boolean {
  return (site) => site.account === account && site.orgId === orgId;
}

/**
 * moveTarget's checks, for a document and a destination already looked up in the listing (a bulk
 * move looks up thousands of documents in an index of it, findDocument walks a site each time).
 * In: as findDocument and findWorkspace answer (null: not listed). Out and throws: as moveTarget.
 */
export function checkMove(found: ReturnType<typeof findDocument>, destination: ReturnType<typeof findWorkspace>): MoveTarget {
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  if (!destination) throw new ApiError('not-found', t('errorDestinationNotInList'));
  const { site, workspace, document } = found;
  if (!canMove(document)) throw new ApiError('forbidden', t('errorNotOwnerToMove', document.name), 403);
  if (!canAddDocuments(destination.workspace) || destination.site.account !== site.account || serverOf(destination.site.siteUrl) !== serverOf(site.siteUrl)) {
    throw new ApiError('forbidden', t('errorCannotMoveTo', destination.workspace.name), 403);
  }
  if (destination.site.siteUrl === site.siteUrl && destination.workspace.id === workspace.id) {
    throw new ApiError('invalid-input', t('errorAlreadyInWorkspace', document.name, workspace.name));
  }
  return { account: site.account, docId: document.id, name: document.name, from: movePlace(site, workspace), to: movePlace(destination.site, destination.workspace) };
}

/** A workspace of the listing and its site, as one end of a move. */
export function movePlace(site: SiteEntry, workspace: WorkspaceEntry): MovePlace {
  return { site: { orgId: site.orgId, name: site.name, url: site.siteUrl }, workspace: { id: workspace.id, name: workspace.name } };
}

/**
 * The refusals of a destination site's plan, in Grist's words (grist-api.md): never retried. Its
 * billing 429 ("Site is in readonly mode due to billing issues") is no rate limit; any other 429
 * is one, left as it is (a bulk run waits out its Retry-After and sends it again).
 */
function refusedByPlan(error: ApiError): boolean {
  if (error.status === 402) return true;
  if (error.status === 429) return /readonly/i.test(error.serverMessage ?? '');
  return error.status === 403 && /^(No more documents permitted|Too many external document shares)/.test(error.serverMessage ?? '');
}

/** The workspace a document is in, read through `siteUrl`; null when that site does not have it (404). */
async function workspaceNow(client: GristClient, siteUrl: string, docId: string): Promise<number | null> {
  try {
    return (await client.get(siteUrl, `/api/docs/${encodeURIComponent(docId)}`, documentSchema)).workspace.id ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The PATCH went out but its answer was lost (a timeout, a reset, a proxy's 502 or 504 after a long
 * wait: grist-core issue 2083 reports 10 s moves): read the document back, through the destination
 * site, then through its own, before anything is said or sent again. Returns when it was moved;
 * throws an ApiError saying what is known otherwise.
 */
async function confirmAfterLostAnswer(client: GristClient, target: MoveTarget): Promise<void> {
  let there: number | null;
  try {
    there = await workspaceNow(client, target.to.site.url, target.docId);
    if (there !== target.to.workspace.id && target.to.site.url !== target.from.site.url) there = await workspaceNow(client, target.from.site.url, target.docId);
  } catch {
    throw new ApiError('network', t('errorLostAnswerUnchecked'));
  }
  if (there !== target.to.workspace.id) throw new ApiError('network', t('errorMoveLostAnswerNotMoved', target.name));
}

/**
 * Sends the one PATCH of `target` through the document's own site. Throws ApiError: `forbidden` when
 * Grist refuses the user (403) or the destination's plan refuses the document (its words, the site
 * named; a 402 or the billing 429 is never sent again); `not-found` when the document is gone (it
 * also leaves the cached listing); `network` when the answer was lost and it was not moved.
 */
export async function sendMove(client: GristClient, target: MoveTarget): Promise<void> {
  try {
    await client.patch(target.from.site.url, `/api/docs/${encodeURIComponent(target.docId)}/move`, { workspace: target.to.workspace.id }, anyJsonSchema);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network' || error.kind === 'timeout' || error.status === 502 || error.status === 504) {
      await confirmAfterLostAnswer(client, target);
    } else if (refusedByPlan(error)) {
      throw new ApiError('forbidden', t('errorSiteRefusedMove', target.to.site.name, error.serverMessage ?? String(error.status)), error.status);
    } else if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) {
      throw new ApiError('forbidden', t('errorCannotMoveTo', target.to.workspace.name), 403);
    } else if (error.status === 400) {
      // Sent as JSON, so Grist's 400 here is "already in the destination": moved there by someone else.
      throw new ApiError('bad-request', t('errorAlreadyInWorkspace', target.name, target.to.workspace.name), 400);
    } else if (error.status === 404) {
      await forgetDocument(target.docId);
      throw new ApiError('not-found', t('errorDocumentGone', target.name, new URL(target.from.site.url).host), 404);
    } else {
      throw error;
    }
  }
}

/**
 * Adds the history entry of a move Grist confirmed (kind `move`, its name both old and new). From
 * the call on, the history holds it (readHistory waits for its write). Out, once written: the
 * entry, or null when the history could not be written (the move happened, so that is logged, not
 * thrown).
 */
export function recordMoveInHistory(target: MoveTarget, record: { source: RenameSource; batchId?: string }): Promise<HistoryEntry | null> {
  return addHistoryEntry({
    ...record,
    account: target.account,
    kind: 'move',
    site: target.from.site,
    workspace: target.from.workspace,
    to: target.to,
    docId: target.docId,
    oldName: target.name,
    newName: target.name,
  }).catch((error: unknown) => {
    logFailure('recording the move in the history')(error);
    return null;
  });
}

/** Where a move takes its document, as the cached listing names it (see recordMove, noteMove). */
export function destinationOf(target: MoveTarget): MoveEnd {
  return { account: target.account, siteUrl: target.to.site.url, workspaceId: target.to.workspace.id };
}

/**
 * Sends a move (sendMove), then records it in the cached listing and the history (kind `move`).
 * Out: where it went and its history entry (null when the history could not be written: the move
 * happened, so that is logged, not thrown). Throws as sendMove does.
 */
export async function moveAt(client: GristClient, target: MoveTarget, record: { source: RenameSource; batchId?: string }): Promise<MovedDocument> {
  await sendMove(client, target);
  const [added] = await Promise.all([recordMoveInHistory(target, record), recordMove(target.docId, destinationOf(target))]);
  return { to: target.to, entryId: added?.id ?? null };
}

/**
 * The pages' `moveDocument` message: moves a document of the cached listing to a workspace of it,
 * checked first (moveTarget). Moves and renames of one document run one at a time.
 * Out and throws: as moveAt and moveTarget.
 */
export function moveDocument(request: MoveRequest): Promise<MovedDocument> {
  return oneAtATime(request.docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const target = moveTarget(listing, request);
    const client = clientOf(target.account);
    return moveAt(client, target, { source: request.source ?? 'popup' });
  });
}
