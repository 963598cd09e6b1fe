/**
 * Grist's refusals as the kinds of change read them: a destination site's plan refusing a document
 * coming in, by a move from another site, a copy or a new document (docs/grist-api.md "Moving a
 * document", "Copy"), shown in Grist's words and never retried; and a document change's 403 and 404.
 */
import { t } from '../../shared/i18n.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../grist/api-error.ts';
import { forgetDocument } from '../listing/cache-records.ts';
import type { ChangeTarget } from './kind-module.ts';
import { siteDisplayName, type DocumentPlace } from '../../shared/protocol/listing.ts';

/**
 * True for the refusals of a destination site's plan: 402 "Site is in readonly mode", 403 "No more
 * documents permitted" or "Too many external document shares", and the billing 429 ("Site is in
 * readonly mode due to billing issues"), which is no rate limit; any other 429 is one, left as it is
 * (a bulk run waits out its Retry-After and sends it again).
 */
export function refusedByPlan(error: ApiError): boolean {
  if (error.status === 402) return true;
  if (error.status === 429) return /readonly/i.test(error.serverMessage ?? '');
  return error.status === 403 && /^(No more documents permitted|Too many external document shares)/.test(error.serverMessage ?? '');
}

/**
 * A refusal of the destination `to` of a move, a copy or a new document, in words: its plan's, with
 * Grist's message (`planMessage`: the kind's words for "<site> refused …: <message>"); its 403 (but
 * the Origin trap's, passed on as it came) as "you cannot add documents to <workspace>". Null for
 * any other error, which the kind reads itself.
 */
export function destinationRefused(error: ApiError, to: DocumentPlace, planMessage: 'errorSiteRefusedMove' | 'errorSiteRefusedCopy' | 'errorSiteRefusedNewDocument'): ApiError | null {
  if (refusedByPlan(error)) return new ApiError('forbidden', t(planMessage, siteDisplayName(to.site), error.serverMessage ?? String(error.status)), error.status);
  if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return new ApiError('forbidden', t('errorCannotAddTo', to.workspace.name), 403);
  return null;
}

/**
 * A document change's refusal in words: Grist's 403 (but the Origin trap's, passed on as it came)
 * as `forbidden` with `deniedMessage`; its 404 as "no longer exists", the document also taken out of
 * the cached listing unless `keepCached`. Null for any other error.
 */
export async function deniedOrGone(error: ApiError, target: ChangeTarget, deniedMessage: string, keepCached = false): Promise<ApiError | null> {
  if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return new ApiError('forbidden', deniedMessage, 403);
  if (error.status !== 404) return null;
  if (!keepCached) await forgetDocument(target.key);
  return new ApiError('not-found', t('errorDocumentGone', target.name, new URL(target.siteUrl).host), 404);
}
