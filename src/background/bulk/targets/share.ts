/**
 * The targets of a bulk sharing run: the change checked once as a whole (a bad email starts no
 * run), then each document found in the worker's listing, sent with the first account that owns it (accessOwnerLookup, as a single change is) and checked as a single
 * change is (checkedAccessTarget: an owner, Grist's email rule, never the user's own email); its
 * change is the one delta the run asks of every document (requestedDelta). The access change kind
 * (sharing/access-kind.ts) reads the document's access just before its PATCH, sends only what of
 * the delta differs (a document it leaves as it is sends nothing) and logs its inverse, so Undo
 * this batch puts each document's access back.
 */
import { requestedDelta } from '../../../shared/access-plan.ts';
import type { BulkRunSnapshot, BulkShareRequest } from '../../../shared/bulk.ts';
import { t } from '../../../shared/i18n.ts';
import type { AccessResource } from '../../../shared/sharing.ts';
import { ApiError } from '../../grist/api-error.ts';
import { readKeyedAccounts } from '../../grist/grist-connection.ts';
import { checkedAccessTarget, deltaProblem } from '../../sharing/access.ts';
import { accessOwnerLookup } from '../../sharing/access-api.ts';
import { startCheckedRun } from './checked-items.ts';

/**
 * Any document, for deltaProblem's rules of a document's delta, which are the same for every
 * document (emails by Grist's rule, each once): nothing is read or sent with it.
 */
const ANY_DOCUMENT: AccessResource = { kind: 'document', orgId: 0, siteUrl: '', docId: '' };

/**
 * The `startBulkShare` message. In: the documents (as the page's listing names them) and the one
 * change. A change wrong for every document (a bad email, or one given twice) starts no run. Each
 * document the listing does not have, or that no account of it owns, or for which the change names
 * the owning account's user, is `not-sent` with the reason: nothing is read or sent for it. Out: as
 * startBulkTrash (trash.ts). Throws ApiError: `invalid-input` for such a change (naming each email
 * at fault), or as startBulkTrash.
 */
export async function startBulkShare(request: BulkShareRequest): Promise<BulkRunSnapshot> {
  const delta = requestedDelta(request.change);
  // The user's own email is each owning account's: checked per document (checkedAccessTarget).
  const problem = deltaProblem(ANY_DOCUMENT, delta, null);
  if (problem) throw problem;
  const accounts = await readKeyedAccounts();
  let ownerOf: ReturnType<typeof accessOwnerLookup> | undefined;
  return startCheckedRun(
    'share',
    request,
    (found, _destination, client, listing) => {
      if (!found) throw new ApiError('not-found', t('errorNotInList'));
      // Made once per run, with the run's clients: it indexes each account's documents once.
      ownerOf ??= accessOwnerLookup(listing, accounts, client);
      const resource = { kind: 'document' as const, orgId: found.site.orgId, siteUrl: found.site.siteUrl, docId: found.document.id };
      return { target: checkedAccessTarget(ownerOf(resource), resource, delta) };
    },
    request.change,
  );
}
