/**
 * The targets of a bulk sharing run: the change checked once as a whole (a bad email, or the public
 * link's special user named as a person, starts no run), then each document found in the worker's
 * listing, sent with the first account that owns it (accessOwnerLookup, as a single change is) and
 * checked as a single change is (checkedAccessTarget: an owner, Grist's email rule, never the
 * user's own email, asked of Grist once per owning account when no connection check said it:
 * ownEmailsOf, nor another saved account's); its
 * change is the one delta the run asks of every document (requestedDelta). The access change kind
 * (changes/kinds/access.ts) reads the document's access just before its PATCH, sends only what of
 * the delta differs (a document it leaves as it is sends nothing) and logs its inverse, so Undo
 * this batch puts each document's access back.
 */
import { requestedDelta } from '../../../shared/rules/access-plan.ts';
import type { BulkRunSnapshot, BulkShareRequest } from '../../../shared/protocol/bulk.ts';
import { t } from '../../../shared/i18n.ts';
import { PUBLIC_EMAIL, sameEmail, type AccessResource } from '../../../shared/protocol/sharing.ts';
import { ApiError } from '../../grist/api-error.ts';
import type { Listing } from '../../../shared/protocol/listing.ts';
import { readKeyedAccounts, type KeyedAccount } from '../../grist/grist-connection.ts';
import { documentIndex } from '../../changes/listed-documents.ts';
import { readListing } from '../../listing/listing-cache.ts';
import { checkedAccessTarget, deltaProblem, publicEmailError } from '../../changes/kinds/access.ts';
import { accessOwnerLookup } from '../../sharing/access-api.ts';
import { ownEmailsOf, withSavedUsers } from '../../sharing/own-email.ts';
import { startCheckedRun } from './checked-items.ts';

/**
 * Any document, for deltaProblem's rules of a document's delta, which are the same for every
 * document (emails by Grist's rule, each once): nothing is read or sent with it.
 */
const ANY_DOCUMENT: AccessResource = { kind: 'document', orgId: 0, siteUrl: '', docId: '' };

/**
 * The `startBulkShare` message. In: the documents (as the page's listing names them) and the one
 * change. A change wrong for every document (a bad email, one given twice, or `everyone@getgrist.com`
 * shared with or unshared from: the public change alone turns the public link on or off, as a
 * viewer) starts no run. Each document the listing does not have, or that no account of it owns,
 * or for which the change names the owning account's user (asked of Grist first, once per account
 * no connection check named; one whose asking failed has its documents not sent) or another saved
 * account's, is `not-sent` with the reason: nothing is read or sent for it. Out: as
 * startBulkTrash (trash.ts). Throws ApiError: `invalid-input` for such a change (naming each email
 * at fault), or as startBulkTrash.
 */
export async function startBulkShare(request: BulkShareRequest): Promise<BulkRunSnapshot> {
  const { change } = request;
  // The public link is the public change's only: a share with it as Editor would let anyone with the link edit.
  if (change.kind !== 'public' && change.emails.some((email) => sameEmail(email, PUBLIC_EMAIL))) throw publicEmailError();
  const delta = requestedDelta(change);
  // The rules for every document alike; the user's own emails are each owning account's (below).
  const problem = deltaProblem(ANY_DOCUMENT, delta, { sending: [], saved: [] });
  if (problem) throw problem;
  const [saved, listing] = await Promise.all([readKeyedAccounts(), readListing()]);
  // Every saved account's user, asked of Grist where no check said (once per account): none is
  // ever in a delta, and an account Grist would not answer for starts no run.
  const accounts = await withSavedUsers(saved);
  // The user's own email is each owning account's: known, or asked of Grist once per account here,
  // before any item is checked (checkedAccessTarget), so it is never skipped.
  const ownEmails = await ownEmailsOf(ownersWithoutEmail(listing, accounts, request.items));
  let ownerOf: ReturnType<typeof accessOwnerLookup> | undefined;
  return startCheckedRun(
    'share',
    request,
    (found, _destination, client, listing) => {
      if (!found) throw new ApiError('not-found', t('errorNotInList'));
      // Made once per run, with the run's clients: it indexes each account's documents once.
      ownerOf ??= accessOwnerLookup(listing, accounts, client);
      const resource = { kind: 'document' as const, orgId: found.site.orgId, siteUrl: found.site.siteUrl, docId: found.document.id };
      const owner = ownerOf(resource);
      const ownEmail = ownEmails.get(owner.account) ?? owner.ownEmail;
      if (ownEmail instanceof ApiError) throw ownEmail;
      return { target: checkedAccessTarget({ ...owner, ownEmail }, resource, delta) };
    },
    request.change,
  );
}

/**
 * The accounts that would send `items`' changes (as accessOwnerLookup chooses them in `listing`)
 * whose user no connection check named, one per document (ownEmailsOf asks each once). Documents
 * not listed, or whose account does not own them, are left out: nothing is sent for them anyway.
 */
function ownersWithoutEmail(listing: Listing | null, accounts: readonly KeyedAccount[], items: BulkShareRequest['items']) {
  const find = documentIndex(listing);
  const ownerOf = accessOwnerLookup(listing, accounts);
  return items.flatMap((item) => {
    const found = find(item);
    if (!found) return [];
    const owner = ownerOf({ kind: 'document', orgId: found.site.orgId, siteUrl: found.site.siteUrl, docId: found.document.id });
    return owner.canChange && owner.ownEmail === null ? [owner] : [];
  });
}
