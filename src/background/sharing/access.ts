/**
 * The pages' `readAccess` and `changeAccess` messages: who has access to a document, workspace or
 * site of the worker's listing, read with the account that owns it; and one change of it, checked
 * before anything is sent (the owning account, Grist's email rule, never the user's own email),
 * then sent through the change pipeline (access-kind.ts) in the resource's queue.
 */
import { t } from '../../shared/i18n.ts';
import type { LoggedChange } from '../../shared/messages.ts';
import { emailProblem, savedUsersOf, type EmailProblemReason, type OwnEmails } from '../../shared/email-list.ts';
import { PUBLIC_EMAIL, sameEmail, type AccessDelta, type AccessList, type AccessResource } from '../../shared/sharing.ts';
import { ApiError } from '../grist/api-error.ts';
import { nextTask, oneAtATime } from '../pacing.ts';
import { applyChange } from '../changes/pipeline.ts';
import { currentAccessOwnerLookup, findAccessOwner, type AccessOwner } from './access-api.ts';
import { accessKind, accessNow, accessTarget, type AccessTarget } from './access-kind.ts';
import { isEmptyDelta } from './access-delta.ts';
import { readKeyedAccounts } from '../grist/grist-connection.ts';
import { ownEmailOf, savedAccountsError, withSavedUsers } from './own-email.ts';

/**
 * The `readAccess` message: who has access to `resource` now (one request), with the first account
 * that owns it, else the first that lists it, and its user's email (asked of Grist at the same
 * time before a connection check said: ownEmailOf). Throws ApiError: `not-found` when no account lists it
 * or Grist no longer has it, `forbidden` when Grist refuses the read, or what the read met.
 */
export async function readAccess(resource: AccessResource): Promise<AccessList> {
  return readAccessWith(await findAccessOwner(resource), resource);
}

/** readAccess with `owner`, as findAccessOwner chose it. */
async function readAccessWith(owner: AccessOwner, resource: AccessResource): Promise<AccessList> {
  // Both at once: the panel waits one round trip, also when whose key it is must be asked.
  const [now, ownEmail] = await Promise.all([accessNow(owner.client, resource, owner.name), ownEmailOf(owner)]);
  return { resource, account: owner.account, ownEmail, savedUsers: [...owner.savedUsers], canChange: owner.canChange && !now.onlySelf, ownRole: owner.role, ...now };
}

/**
 * readAccess of each of `resources` (the People view's sites: PEOPLE_PORT), given to `each` with
 * its index as it starts, while `wanted()` says so. The listing's index, the accounts and each
 * account's hosts' permissions are got once for all; then each read starts in a task of its own
 * (nextTask): started in one task, 201 fetch() calls held the worker 230 to 590 ms, and no answer
 * that came in meanwhile (the first 30 ms after its request left) was seen before the last had
 * left (the bench's bare fetch(), 2026-11-28: first answer 239 to 619 ms in one task, 26 to 191
 * ms one a task). Every read still starts at once as far as Grist is concerned: the per-host limit
 * paces them, none waits for another host's answer. Throws what findAccessOwner's reads throw
 * (each site's own failure is its read's).
 */
export async function readEachAccess(resources: readonly AccessResource[], each: (index: number, read: Promise<AccessList>) => void, wanted: () => boolean = () => true): Promise<void> {
  const lookup = await currentAccessOwnerLookup();
  const owners = resources.map((resource): AccessOwner | Error => {
    try {
      return lookup(resource);
    } catch (error) {
      return error as Error;
    }
  });
  const hostsByClient = new Map<AccessOwner['client'], string[]>();
  for (const owner of owners) {
    if (owner instanceof Error) continue;
    const hosts = hostsByClient.get(owner.client) ?? [];
    hosts.push(owner.siteUrl);
    hostsByClient.set(owner.client, hosts);
  }
  await Promise.all([...hostsByClient].map(([client, siteUrls]) => client.knowHosts?.(siteUrls)));
  for (const [index, resource] of resources.entries()) {
    if (!wanted()) return;
    const owner = owners[index]!;
    each(index, owner instanceof Error ? Promise.reject(owner) : readAccessWith(owner, resource));
    await nextTask();
  }
}

/**
 * The words for naming `everyone@getgrist.com` as a person: it is the public link (docs/grist-api.md
 * "Public link"; with Editor, anyone with the link could edit), turned on or off by its switch only.
 */
export const publicEmailError = () => new ApiError('invalid-input', t('errorAccessPublicEmail', PUBLIC_EMAIL));

/**
 * Why `delta` must not be sent for `resource` by the user whose own emails are `own` (the sending
 * account's, and every saved account's), as an ApiError `invalid-input` naming each email at fault;
 * null when it may. The public link's special user only as the public link switch sends it: on a
 * document, as a viewer or removed (Grist's own page offers no more). Every other email by the one
 * rule (email-list.ts emailProblem): Grist's rule for emails; never the user's own (Grist: "cannot
 * update own permissions"), nor another saved account's (the user's too, changed in Grist itself).
 * Each email once whatever its case (Grist matches emails without regard to case: which role would
 * win is not known). Never `maxInheritedRole` on a site (Grist: "invalid permission delta"), nor the
 * `members` role elsewhere (Grist: "Invalid user role members"); never a removal from a site, which
 * takes the person's workspace and document grants there unread (docs/grist-api.md "Guests and whole
 * sites"): remove-person.ts reads them first and its undo puts them back.
 */
export function deltaProblem(resource: AccessResource, delta: AccessDelta, own: OwnEmails): ApiError | null {
  const users = Object.entries(delta.users ?? {});
  const publicLink = users.filter(([email]) => sameEmail(email, PUBLIC_EMAIL));
  if (publicLink.some(([, role]) => resource.kind !== 'document' || (role !== 'viewers' && role !== null))) return publicEmailError();
  const emails = users.map(([email]) => email);
  const twice = emails.filter((email, index) => emails.findIndex((other) => sameEmail(other, email)) !== index);
  const problems = emails.flatMap((email) => {
    const problem = sameEmail(email, PUBLIC_EMAIL) ? null : emailProblem(email, own);
    return problem ? [{ email, ...problem }] : [];
  });
  const of = (reason: EmailProblemReason) => problems.filter((problem) => problem.reason === reason);
  const bad = of('invalid');
  if (bad.length > 0) return new ApiError('invalid-input', t('errorAccessBadEmails', bad.map(({ email }) => email).join(', ')));
  if (twice.length > 0) return new ApiError('invalid-input', t('errorAccessEmailTwice', twice.join(', ')));
  if (of('own').length > 0) return new ApiError('invalid-input', t('errorAccessOwnEmail'));
  const saved = of('saved');
  if (saved.length > 0) return savedAccountsError(saved.map(({ email, account }) => ({ email, number: account! })));
  if (resource.kind === 'site' && delta.maxInheritedRole !== undefined) return new ApiError('invalid-input', t('errorAccessSiteInherited'));
  if (resource.kind === 'site' && Object.values(delta.users ?? {}).includes(null)) return new ApiError('invalid-input', t('errorAccessSiteRemoval'));
  if (resource.kind !== 'site' && Object.values(delta.users ?? {}).includes('members')) return new ApiError('invalid-input', t('errorAccessMembersOnSite'));
  return null;
}

/**
 * The `changeAccess` message: one change of `resource`'s access, with `account` (the one its list
 * was read with), which must own it per its listing. Only what differs from what Grist has now is
 * sent (one PATCH); nothing when nothing differs. Out: its change-log entry's id; null when nothing
 * was sent (or the log could not be written). Throws ApiError, nothing sent: `invalid-input` for a
 * bad or own email (naming each; whose key each saved account holds is asked of Grist first when no
 * check said, and an account Grist would not answer for refuses the change: withSavedUsers) or an
 * empty change, `not-found` when `account` does not list it, `forbidden` when it does not own it;
 * or Grist's refusals in words and what the requests met. A removal from a site is refused
 * (deltaProblem): the People panel and view remove with removePerson.
 */
export async function changeAccess({ resource, account, delta }: { resource: AccessResource; account: string; delta: AccessDelta }): Promise<LoggedChange> {
  if (isEmptyDelta(delta)) throw new ApiError('invalid-input', t('errorAccessNothingToChange'));
  const owner = await findAccessOwner(resource, account);
  // Checked first with what is known; whose keys the saved accounts hold is asked of Grist only
  // for a change that may go (withSavedUsers), the sending account's with them.
  let target = checkedAccessTarget(owner, resource, delta);
  const saved = await withSavedUsers(await readKeyedAccounts());
  const ownEmail = owner.ownEmail ?? saved.find((keyed) => keyed.account.id === owner.account)?.account.user?.email;
  target = checkedAccessTarget({ ...owner, ownEmail: ownEmail ?? (await ownEmailOf(owner)), savedUsers: savedUsersOf(saved.map((keyed) => keyed.account)) }, resource, delta);
  return oneAtATime(target.key, async () => ({ entryId: await applyChange(owner.client, accessKind, target, { source: 'popup' }) }));
}

/**
 * The change of `resource`'s access by `delta`, sent by `owner` (as findAccessOwner or
 * accessOwnerLookup chose it), checked first: a single change's and each of a bulk run's. Throws
 * ApiError, nothing to send: `invalid-input` (deltaProblem), `forbidden` when `owner` does not own it.
 */
export function checkedAccessTarget(owner: AccessOwner, resource: AccessResource, delta: AccessDelta): AccessTarget {
  const problem = deltaProblem(resource, delta, { sending: owner.ownEmail === null ? [] : [owner.ownEmail], saved: owner.savedUsers });
  if (problem) throw problem;
  if (!owner.canChange) throw new ApiError('forbidden', t('errorAccessOwnersOnly', owner.name), 403);
  return accessTarget(owner, resource, delta);
}
