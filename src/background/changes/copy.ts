/**
 * The copy, as one kind of change (change-kind.ts): `POST {site}/api/docs/<docId>/copy` with
 * `{"workspaceId", "documentName", "asTemplate"}` as JSON, through the document's own site, to a
 * workspace of any site of the same server (grist-api.md "Copy"). It is not idempotent: after a
 * lost answer it is never sent again, the destination is read instead (created-document.ts). Its
 * undo moves the copy to the trash (trash.ts). Also the popup's `copyDocument` message.
 */
import { checkNewName } from '../../shared/document-name.ts';
import { t } from '../../shared/i18n.ts';
import type { DocumentPlace, Listing } from '../../shared/listing.ts';
import { placeIn } from '../../shared/move.ts';
import type { CopiedDocument, RequestOf } from '../../shared/messages.ts';
import * as v from 'valibot';
import { ApiError } from '../grist/api-error.ts';
import { oneAtATime } from '../pacing.ts';
import type { ChangeKind } from './change-kind.ts';
import { claim, madeAlready, makingIn, recordMade, unknownMade, type MakingTarget } from './created-document.ts';
import { checkDestination, findDocument, findWorkspace, listingAndClients, type ListedDocument } from './listed-documents.ts';
import { applyChange } from './pipeline.ts';
import { destinationRefused } from './refusals.ts';

/** A copy of document `key` (from `from`'s site), named `name`, to `to`; `made` is the new document's id once Grist said it. */
export interface CopyTarget extends MakingTarget {
  from: DocumentPlace & { name: string };
  /** Its making's place. */
  to: DocumentPlace;
  asTemplate: boolean;
}

/** Grist's answer to a copy: the new id, a JSON string. */
const copyIdSchema = v.string();

/**
 * Where a copy goes: its account's workspace (by org and workspace id), named, as a template or
 * not. `account`: the account whose destinations were offered (absent: the first that lists the
 * document as its owner). `again`: Copy again after a copy whose answer was lost: the destination
 * is read first, and a copy of that name made in the last AGAIN_WINDOW_MS is taken as it.
 */
export type CopyRequest = RequestOf<'copyDocument'>;

/** How far back Copy again looks for the copy a lost answer may have made (ms). */
const AGAIN_WINDOW_MS = 10 * 60_000;

/**
 * A copy checked against the listing: the source (any access: a viewer may copy), the destination
 * (a workspace its account may add documents to, on the same server) and the name (as a new name
 * is checked). In: as findDocument and findWorkspace answer (null: not listed). Throws ApiError,
 * nothing being sent: `not-found`, `forbidden` (Grist would answer 403), or `invalid-input` for the
 * name.
 */
export function checkCopy(found: ListedDocument | null, destination: ReturnType<typeof findWorkspace>, typedName: string, asTemplate: boolean): CopyTarget {
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  if (!destination) throw new ApiError('not-found', t('errorDestinationNotInList'));
  const { site, workspace, document } = found;
  checkDestination(site, destination);
  const check = checkNewName(typedName);
  if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
  const making = makingIn(destination.site, destination.workspace);
  return { account: site.account, key: document.id, siteUrl: site.siteUrl, name: check.name, from: { ...placeIn(site, workspace), name: document.name }, to: making.place, asTemplate, making };
}

/** A copy request checked against `listing` (see checkCopy): the destination among the source's account's sites. */
export function copyTarget(listing: Listing | null, request: CopyRequest): CopyTarget {
  const found = findDocument(listing, request, request.account);
  const account = found?.site.account;
  const destination = found && findWorkspace(listing, (site) => site.account === account && site.orgId === request.to.orgId, request.to.workspaceId);
  return checkCopy(found, destination, request.name, request.asTemplate);
}

/** "may not have been copied: check <site> › <workspace>". */
const unknownCopy = (target: CopyTarget) => unknownMade('errorCopyUnknown', target);

export const copyKind: ChangeKind<CopyTarget> = {
  send: async (client, target) => {
    // Sent before (its answer lost: a bulk run's Retry failed) or Copy again: the destination is
    // read first, a copy found there is this one, and a read that fails sends nothing.
    if (target.making.sentAt > 0) {
      const found = await madeAlready(client, target).catch(() => {
        throw new ApiError('bad-response', unknownCopy(target));
      });
      if (found) return;
    }
    target.making.sentAt = Date.now();
    const id = await client.post(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}/copy`, { workspaceId: target.to.workspace.id, documentName: target.name, asTemplate: target.asTemplate }, copyIdSchema);
    // Grist's answer when it did not read the body as JSON: an unsaved scratch document (grist-api.md).
    if (id.startsWith('new~')) throw new ApiError('bad-response', t('errorCopyNotSaved', target.name));
    target.made = claim(id);
  },
  // Read the destination, never send again.
  applied: madeAlready,
  notApplied: unknownCopy,
  unchecked: unknownCopy,
  refused: async (error, target) => {
    const refused = destinationRefused(error, target.to, 'errorSiteRefusedCopy');
    if (refused) return refused;
    if (error.status === 404) {
      return /workspace/.test(error.serverMessage ?? '')
        ? new ApiError('not-found', t('errorWorkspaceGone', target.to.workspace.name, new URL(target.to.site.url).host), 404)
        : new ApiError('not-found', t('errorDocumentGone', target.from.name, new URL(target.siteUrl).host), 404);
    }
    return null;
  },
  logEntry: (target) => ({
    account: target.account,
    kind: 'copy',
    target: 'document',
    site: target.to.site,
    workspace: target.to.workspace,
    docId: target.made!,
    oldName: target.from.name,
    newName: target.name,
    copyOf: { docId: target.key, site: target.from.site },
  }),
  note: () => 0,
  storeNoted: recordMade,
};

/**
 * The popup's `copyDocument` message: copies a document of the worker's listing to a workspace of
 * it, checked first (copyTarget), through the change pipeline. Out: the copy. Throws as copyTarget
 * and sendChange do; a lost answer the read-back could not confirm is `network` "may not have
 * been copied".
 */
export function copyDocument(request: CopyRequest): Promise<CopiedDocument> {
  return oneAtATime(request.docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const target = copyTarget(listing, request);
    // Copy again, after a lost answer: the copy that request may have made since is taken as it.
    if (request.again) target.making.sentAt = Date.now() - AGAIN_WINDOW_MS;
    const entryId = await applyChange(clientOf(target.account), copyKind, target, { source: 'popup' });
    return { id: target.made!, name: target.name, to: target.to, entryId };
  });
}
