/**
 * A change of who has access to a document, workspace or site, as one kind of change
 * (kind-module.ts): `PATCH {site}/api/.../access` with only what changes, answered 200 `null`,
 * owners only (docs/grist-api.md "Access"). The access is read first, so what it replaces is known (the
 * inverse an undo sends) and a change that changes nothing is not sent; the request is idempotent,
 * but after a lost answer it is read back and compared, never sent again blindly. Also the pages'
 * `changeAccess` message: one change, checked before anything is sent (the owning account, Grist's
 * email rule, never the user's own email), then sent through the change pipeline in the resource's
 * queue.
 */
import { t } from '../../../shared/i18n.ts';
import { accessKey, resourceTarget, targetKey, type AccessEntry } from '../../../shared/protocol/change-log.ts';
import type { LoggedChange } from '../../../shared/protocol/messages.ts';
import { emailProblem, savedUsersOf, type EmailProblemReason, type OwnEmails } from '../../../shared/rules/email-list.ts';
import { PUBLIC_EMAIL, publicLinkOf, sameEmail, type AccessDelta, type AccessResource, type Role } from '../../../shared/protocol/sharing.ts';
import { ApiError } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { readKeyedAccounts } from '../../grist/grist-connection.ts';
import { forgetDocument, recordPublic } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import type { ChangeTarget, UndoingKind } from '../kind-module.ts';
import { applyChange } from '../pipeline.ts';
import { findAccessOwner, patchAccess, readAccessOf, type AccessNow, type AccessOwner, type AccessPlace } from '../../sharing/access-api.ts';
import { accessNow, accessRefusal } from '../../sharing/access.ts';
import { deltaAgainst, hasDelta, isEmptyDelta, roleNow, type DeltaAgainstNow } from '../../sharing/access-delta.ts';
import { ownEmailOf, savedAccountsError, withSavedUsers } from '../../sharing/own-email.ts';
import { roleWord } from '../../../shared/rules/role-words.ts';
import { personKind, removalOf, type PersonTarget } from './remove-person.ts';

/** An access change of `resource` (named `name`, in `place`): `delta` as asked; `found`, once read first. */
export interface AccessTarget extends ChangeTarget {
  resource: AccessResource;
  place: AccessPlace;
  delta: AccessDelta;
  /**
   * What the first read found (readFirst sets it): what is sent (only what changes), its inverse,
   * and who of it were site guests. Absent until then.
   */
  found?: DeltaAgainstNow;
  /** For an undo: the role the public link had before, more than Viewer, which it is put back as (publicLinkAtMostViewer). */
  publicLinkHad?: Role;
}

/**
 * `before` (an undo's delta) with the public link at most Viewer, and the role it had when that was
 * more. Grist takes `everyone@getgrist.com` as the public link (docs/grist-api.md "Public link": with
 * Editor, anyone with the link can edit), and no access change of this extension gives it more than
 * Viewer (deltaProblem, the switch), an undo's neither: a link that had Editor (set in
 * Grist itself) and was turned off here comes back as Viewer. Put back as Viewer rather than left
 * off: the undo asks for the link back, and Viewer is part of what it had, so it gives no more than
 * was asked nor than Grist had; the status says it came back as Viewer only (accessKind.leftOut).
 */
function publicLinkAtMostViewer(before: AccessDelta): { delta: AccessDelta; had?: Role } {
  const users = Object.entries(before.users ?? {});
  const link = users.find(([email]) => sameEmail(email, PUBLIC_EMAIL));
  const had = link?.[1];
  if (!had || had === 'viewers' || had === 'members') return { delta: before };
  return { delta: { ...before, users: Object.fromEntries(users.map(([email, role]) => [email, sameEmail(email, PUBLIC_EMAIL) ? 'viewers' : role])) }, had };
}

/**
 * The change of `resource`'s access by `delta`, sent with the account `owner` (findAccessOwner or
 * accessOwnerLookup chose it, and its listing names the resource and where it is): ready for
 * applyChange, in its `key`'s queue. Nothing is checked here (see deltaProblem and canChange).
 */
export function accessTarget(owner: AccessOwner, resource: AccessResource, delta: AccessDelta): AccessTarget {
  const key = accessKey(resource);
  return { account: owner.account, key, siteUrl: owner.siteUrl, name: owner.name, resource: { ...resource, siteUrl: owner.siteUrl }, place: owner.place, delta };
}

/** The resource a change-log entry of an access change was of: its target, on its site. */
function resourceOf({ target, site }: AccessEntry): AccessResource {
  const { orgId, url: siteUrl } = site;
  switch (target.kind) {
    case 'site':
      return { kind: 'site', orgId, siteUrl };
    case 'document':
      return { kind: 'document', orgId, siteUrl, docId: target.id };
    case 'workspace':
      return { kind: 'workspace', orgId, siteUrl, workspaceId: target.id };
  }
}

/** What the first read found; the pipeline calls readFirst before any other step that needs it. */
function foundOf(target: AccessTarget): DeltaAgainstNow {
  if (!target.found) throw new Error('access change sent before its first read');
  return target.found;
}

/** Who of `delta` have neither the role it gives nor the one `other` gives now, in words: "a@b.c: Viewer". */
function changedElsewhere(now: AccessNow, delta: AccessDelta, other: AccessDelta): string {
  const words = Object.keys(delta.users ?? {})
    .filter((email) => roleNow(now, email) !== delta.users![email] && roleNow(now, email) !== other.users?.[email])
    .map((email) => `${email}: ${roleWord(roleNow(now, email))}`);
  if (delta.maxInheritedRole !== undefined && now.maxInheritedRole !== delta.maxInheritedRole && now.maxInheritedRole !== other.maxInheritedRole) {
    words.push(t('accessInheritedNow', roleWord(now.maxInheritedRole ?? null)));
  }
  return words.join(', ');
}

/**
 * Access changes as the change pipeline (pipeline.ts) and bulk runs carry them: read first, only
 * what differs sent, read back after a lost answer, logged with the inverse that undoes them; a
 * document's public link change updates the cached listing's public mark. See this module's head.
 */
export const accessKind: UndoingKind<AccessTarget, 'changeAccess', AccessEntry> = {
  messages: { changeAccess },
  // Reads who has access now: only what differs is sent, and what it replaces is the undo's.
  readFirst: async (client, target) => {
    target.found = deltaAgainst(await readAccessOf(client, target.resource), target.delta);
    return !isEmptyDelta(target.found.changes);
  },
  send: (client, target) => patchAccess(client, target.resource, foundOf(target).changes),
  applied: async (client, target) => hasDelta(await readAccessOf(client, target.resource), foundOf(target).changes),
  notApplied: (target) => t('errorAccessLostAnswerNotApplied', target.name),
  bulk: { confirmed: 'shared', unchanged: 'bulkAccessUnchanged' },
  refused: async (error, target) => {
    // A document Grist says is gone leaves the cached listing, as after any other change of it.
    if (error.status === 404 && target.resource.kind === 'document') await forgetDocument(target.key);
    return accessRefusal(error, target.name, target.siteUrl);
  },
  unchanged: (target) => isEmptyDelta(foundOf(target).changes),
  logEntry: (target) => {
    const { changes, before, guests } = foundOf(target);
    const { account, name, place, resource } = target;
    return {
      account,
      kind: 'access',
      target: resourceTarget(resource),
      site: place.site,
      workspace: place.workspace,
      name,
      access: { delta: changes, before, ...(guests.length > 0 ? { guests } : {}) },
    };
  },
  // Not noted for refreshes under way (as a pin): one answered before the change may show the old
  // mark until the next.
  note: () => 0,
  storeNoted: async (noted) => {
    await Promise.all(noted.flatMap(({ target }) => {
      // The listing marks documents only; what was sent (found.changes) is what Grist has now.
      const link = target.resource.kind === 'document' ? publicLinkOf(foundOf(target).changes) : undefined;
      return link === undefined ? [] : [recordPublic(target.key, link !== null)];
    }));
  },
  undoSiteUrl: (entry) => entry.site.url,
  // Not left out, but less than it had: the public link put back as Viewer only (publicLinkAtMostViewer).
  leftOut: ({ publicLinkHad }) => (publicLinkHad ? t('accessUndonePublicLinkViewer', roleWord(publicLinkHad)) : null),
  // Read first: sent only when Grist still has what the change left (or `force`); nothing when it
  // has what was there before already. Someone removed from a site lost what they had inside it too
  // (docs/grist-api.md "Guests and whole sites"): this puts back their site role only; what must bring
  // the rest back reads it before the removal (issue 43's People view). Undoing an addition to a
  // site is such a removal: someone given workspaces or documents there since is a conflict, and
  // with `force` is removed as the People view removes (removalsKeepingGrants).
  inverse: async (client, entry, account, force) => {
    const access = entry.access;
    if (access.guests?.length) throw new ApiError('invalid-input', t('undoAccessGuests', access.guests.join(', ')));
    const resource = resourceOf(entry);
    const now = await accessNow(client, resource, entry.name);
    const { delta: before, had } = publicLinkAtMostViewer(access.before);
    if (hasDelta(now, before)) return { already: entry.name };
    // Someone put back elsewhere needs nothing; only someone at neither end is a conflict. What is
    // sent is only what still differs from `before` (readFirst drops the rest).
    const elsewhere = changedElsewhere(now, access.delta, before);
    const removals = resource.kind === 'site' ? await removalsKeepingGrants(client, resource, account, now, before) : [];
    const given = removals.length > 0 ? t('accessGrantsGivenSince', removals.map(({ email }) => email).join(', '), entry.name) : '';
    const words = [elsewhere, given].filter((said) => said !== '').join(', ');
    if (!force && words !== '') return { conflict: { outcome: 'changed-elsewhere', current: words } };
    const place = { site: entry.site, workspace: entry.workspace };
    const delta = withoutUsers(before, removals.map(({ email }) => email));
    return {
      undo: { account, key: targetKey(entry.target), siteUrl: entry.site.url, name: entry.name, resource, place, delta, ...(had ? { publicLinkHad: had } : {}) },
      first: removals.map((target) => ({ kind: personKind, target })),
    };
  },
};

/**
 * The removals from site `resource` that undoing an addition would send (a null in `before` for
 * someone on the site `now`) of people given workspaces or documents there since, each with what
 * they have read first (removalOf): Grist's removal at the site takes those too (docs/grist-api.md
 * "Guests and whole sites"), so they go as the People view's removal, which logs them for its undo,
 * never as a bare null. One read of the site and its workspaces (and documents) per such person.
 * Throws what the reads met.
 */
async function removalsKeepingGrants(client: GristClient, resource: AccessResource, account: string, now: AccessNow, before: AccessDelta): Promise<PersonTarget[]> {
  const leaving = Object.entries(before.users ?? {}).filter(([email, role]) => role === null && roleNow(now, email) !== null);
  const removals = await Promise.all(leaving.map(([email]) => removalOf(client, resource, email, account)));
  return removals.filter((removal): removal is PersonTarget => removal !== null && removal.had.workspaces.length + removal.had.documents.length > 0);
}

/** `delta` without what it says of `emails` (sent another way). */
function withoutUsers(delta: AccessDelta, emails: readonly string[]): AccessDelta {
  if (emails.length === 0) return delta;
  const users = Object.entries(delta.users ?? {}).filter(([email]) => !emails.some((other) => sameEmail(other, email)));
  return { ...delta, users: Object.fromEntries(users) };
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
