/**
 * The targets of a bulk sharing run: each document checked against the worker's listing (listed,
 * and its user an owner: Grist refuses others' access changes) and its change checked as a single
 * one is (deltaProblem: Grist's email rule, never the user's own email); the change is the one delta
 * the run asks of every document (requestedDelta). The access change kind (sharing/access-kind.ts)
 * reads the document's access just before its PATCH, sends only what of the delta differs (a
 * document it leaves as it is sends nothing) and logs its inverse, so Undo this batch puts each
 * document's access back.
 */
import { requestedDelta } from '../../../shared/access-plan.ts';
import type { BulkRunSnapshot, BulkShareRequest } from '../../../shared/bulk.ts';
import { t } from '../../../shared/i18n.ts';
import type { AccessDelta } from '../../../shared/sharing.ts';
import { ApiError } from '../../grist/api-error.ts';
import { readKeyedAccounts } from '../../grist/grist-connection.ts';
import type { ListedDocument } from '../../changes/listed-documents.ts';
import { deltaProblem } from '../../sharing/access.ts';
import { accessKey, type AccessTarget } from '../../sharing/access-kind.ts';
import { startCheckedRun } from './checked-items.ts';

/**
 * The `startBulkShare` message. In: the documents (as the page's listing names them) and the one
 * change. Each document the listing does not have, or whose user is no owner of it, or for which
 * the change names a bad email or its account's user, is `not-sent` with the reason: nothing is
 * read or sent for it. Out and throws: as startBulkTrash (trash.ts).
 */
export async function startBulkShare(request: BulkShareRequest): Promise<BulkRunSnapshot> {
  const delta = requestedDelta(request.change);
  const ownEmails = new Map((await readKeyedAccounts()).map(({ account }) => [account.id, account.user?.email ?? null]));
  return startCheckedRun('share', request, (found) => ({ target: accessTarget(found, delta, ownEmails) }), request.change);
}

/**
 * The access change of document `found` (null: not listed) by `delta`, with its account's user's
 * email from `ownEmails`. Throws ApiError, nothing to send: `not-found` (not listed), `forbidden`
 * (its user is no owner), `invalid-input` (a bad email, or its account's user's).
 */
function accessTarget(found: ListedDocument | null, delta: AccessDelta, ownEmails: ReadonlyMap<string, string | null>): AccessTarget {
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  const { site, workspace, document } = found;
  const resource = { kind: 'document' as const, orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id };
  const problem = deltaProblem(resource, delta, ownEmails.get(site.account) ?? null);
  if (problem) throw problem;
  if (document.access !== 'owners') throw new ApiError('forbidden', t('errorAccessOwnersOnly', document.name), 403);
  return {
    account: site.account,
    key: accessKey(resource),
    siteUrl: site.siteUrl,
    name: document.name,
    resource,
    place: { site: { orgId: site.orgId, name: site.name, url: site.siteUrl }, workspace: { id: workspace.id, name: workspace.name } },
    delta,
  };
}
