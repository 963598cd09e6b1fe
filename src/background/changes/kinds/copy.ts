/**
 * The copy, as one kind of change (kind-module.ts): `POST {site}/api/docs/<docId>/copy` with
 * `{"workspaceId", "documentName", "asTemplate"}` as JSON, through the document's own site, to a
 * workspace of any site of the same server (docs/grist-api.md "Copy"). It is not idempotent: what the
 * destination holds is read before it is sent, and when Grist's answer does not say whether it made
 * the copy (lost, a 5xx, a 200 that is not an id) it is never sent again: the destination is read
 * instead, and a copy found there is taken only when it is provably this one (created-document.ts).
 * Its undo moves the copy, by its id, to the trash (trash.ts). Also the popup's `copyDocument`
 * message, whose copies left unsettled are kept for Copy again (kept-copies.ts).
 */
import { checkNewName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentPlace, Listing } from '../../../shared/protocol/listing.ts';
import { placeIn } from '../../../shared/rules/move.ts';
import type { CopiedDocument, RequestOf } from '../../../shared/protocol/messages.ts';
import * as v from 'valibot';
import { ApiError } from '../../grist/api-error.ts';
import { oneAtATime } from '../../pacing.ts';
import type { KindModule } from '../kind-module.ts';
import { madeAlready, make, makingIn, mayHaveMade, readFirst, recordMade, unknownMade, type MakingTarget } from '../created-document.ts';
import { forgetMaking, keepMaking, keptMaking } from '../kept-copies.ts';
import { checkDestination, findDocument, findWorkspace, listingAndClients, type ListedDocument } from '../listed-documents.ts';
import { logFailure } from '../../log-failure.ts';
import { applyChange } from '../pipeline.ts';
import { destinationRefused } from '../refusals.ts';
import { trashKind } from './trash.ts';

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
 * document as its owner). `again`: Copy again, after a copy whose answer did not say whether Grist
 * made it (see copyDocument).
 */
export type CopyRequest = RequestOf<'copyDocument'>;

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
  const making = makingIn(destination.site, destination.workspace, check.name);
  return { account: site.account, key: document.id, siteUrl: site.siteUrl, name: check.name, from: { ...placeIn(site, workspace), name: document.name }, to: making.place, asTemplate, making };
}

/** A copy request checked against `listing` (see checkCopy): the destination among the source's account's sites. */
export function copyTarget(listing: Listing | null, request: CopyRequest): CopyTarget {
  const found = findDocument(listing, request, request.account);
  const account = found?.site.account;
  const destination = found && findWorkspace(listing, (site) => site.account === account && site.orgId === request.to.orgId, request.to.workspaceId);
  return checkCopy(found, destination, request.name, request.asTemplate);
}

/** "Grist’s answer did not say whether <name> was copied. Check <site> › <workspace>." */
const unknownCopy = (target: CopyTarget) => unknownMade('errorCopyUnknown', target);

export const copyKind: KindModule<CopyTarget, 'copyDocument'> = {
  messages: { copyDocument },
  // The copy is moved to the trash.
  undoneBy: trashKind,
  readFirst: (client, target) => readFirst(client, target, unknownCopy(target)),
  send: (client, target) =>
    make(target, async () => {
      const id = await client.post(target.siteUrl, `/api/docs/${encodeURIComponent(target.key)}/copy`, { workspaceId: target.to.workspace.id, documentName: target.name, asTemplate: target.asTemplate }, copyIdSchema);
      // Grist's answer when it did not read the body as JSON: an unsaved scratch document (docs/grist-api.md "Copy").
      if (id.startsWith('new~')) throw new ApiError('bad-response', t('errorCopyNotSaved', target.name));
      return id;
    }),
  mayHaveApplied: mayHaveMade,
  // Read the destination, never send again.
  applied: madeAlready,
  notApplied: unknownCopy,
  bulk: { confirmed: 'copied', unchanged: 'bulkUnchanged' },
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
    target: { kind: 'document', id: target.made! },
    site: target.to.site,
    workspace: target.to.workspace,
    name: target.name,
    copyOf: { docId: target.key, name: target.from.name, site: target.from.site },
  }),
  note: () => 0,
  storeNoted: recordMade,
};

/**
 * The popup's `copyDocument` message: copies a document of the worker's listing to a workspace of
 * it, checked first (copyTarget), through the change pipeline. A copy of it to that destination
 * whose answer did not say is kept until settled (kept-copies.ts): asked again (Copy again, or the
 * same destination, name and template choice again), it is read for first and, found, taken, so it
 * is never made twice. Out: the copy (one found that way has the name it was made with). Throws as
 * copyTarget and sendChange do; a copy Grist may or may not have made is `network` "Grist's answer
 * did not say whether … was copied" (kept: Copy again reads for it). Nothing is sent, and nothing
 * kept, for `cannot-tell`: a copy kept from an earlier life of the worker that its read cannot tell
 * about (created-document.ts), or Copy again with nothing kept (the browser restarted since, or
 * MAX_KEPT_COPIES newer ones pushed it out). The popup then offers Copy, which reads afresh first.
 */
export function copyDocument(request: CopyRequest): Promise<CopiedDocument> {
  return oneAtATime(request.docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const target = copyTarget(listing, request);
    const kept = await keptMaking(target);
    if (kept) target.making = kept;
    else if (request.again) throw new ApiError('cannot-tell', unknownMade('errorCopyNoLongerKept', target));
    try {
      const entryId = await applyChange(clientOf(target.account), copyKind, target, { source: 'popup' });
      if (kept) await forgetMaking(target).catch(logFailure('forgetting a settled copy'));
      return { id: target.made!, name: target.name, to: target.to, entryId };
    } catch (error) {
      // What the popup offers Copy again for: the copy is kept for it. Anything else settled it, or
      // (cannot-tell) nothing ever will.
      const unsettled = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
      if (unsettled) await keepMaking(target).catch(logFailure('keeping a copy for Copy again'));
      else if (kept) await forgetMaking(target).catch(logFailure('forgetting a settled copy'));
      throw error;
    }
  });
}
