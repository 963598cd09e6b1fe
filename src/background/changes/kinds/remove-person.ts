/**
 * Removing a person from a site, and putting them back, as one kind of change (kind-module.ts).
 * The removal is one `PATCH {site}/api/orgs/<orgId>/access` with `{"<email>": null}`, which takes
 * their workspace and document grants on the site too (docs/grist-api.md "Guests and whole sites"); what
 * they had is read first (person-grants.ts) and logged, so the undo can put it back: their site
 * role first, then each workspace grant, then each document grant, one PATCH each. The undo reads
 * each of them first and puts back only what is still as the removal left it (absent): a grant the
 * person has again since, whatever its role, is named and kept, each with its own "Put back
 * anyway" (putBackOf). Every access PATCH is idempotent; after a lost answer the access is read
 * back and compared, never guessed; a put-back that stopped halfway is resumed by the next attempt,
 * told from a colleague's change by what it wrote before sending (PersonSiteChange.putBack). Also an access undo's
 * removal of someone from a site (removalOf). The People view's and the Share panel's removals are
 * runs (removal-run.ts), which send this kind's PATCH with its entry written ahead.
 */
import { personStepKey, siteKey, targetKey, type PersonEntry, type PersonSiteChange } from '../../../shared/protocol/change-log.ts';
import type { UndoConflict } from '../../../shared/protocol/undo-outcome.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentGrant, PersonSite, PersonSiteKey, WorkspaceGrant } from '../../../shared/protocol/people.ts';
import { roleWord } from '../../../shared/rules/role-words.ts';
import type { AccessResource, Person, SiteRole } from '../../../shared/protocol/sharing.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { readKeyedAccounts } from '../../grist/grist-connection.ts';
import { readListing } from '../../listing/listing-cache.ts';
import { recordPutBack } from '../../change-log/change-log.ts';
import type { ChangeTarget, Inverse, UndoingKind } from '../kind-module.ts';
import { answerLost } from '../pipeline.ts';
import { patchAccess, readAccessOf } from '../../sharing/access-api.ts';
import { ownEmailOf } from '../../sharing/own-email.ts';
import { grantOf, personIn, personOnSite, siteFor } from '../../sharing/person-grants.ts';

/** A person removed from a site (`removed`), or put back with what they had there. */
export interface PersonTarget extends ChangeTarget {
  /** `name` is the person's email, as the history names the change; this is the site's name. */
  siteName: string;
  orgId: number;
  email: string;
  removed: boolean;
  /** What they had on the site (read before the removal): for a put-back, what it sends. */
  had: Pick<PersonSite, 'role' | 'workspaces' | 'documents'>;
  /** A put-back that sends no site role: the person has one there already (their own back, or another kept). */
  siteRoleAsIs?: true;
  /** A put-back: the id of the removal's log entry, where what it sends is written before it leaves (PersonSiteChange.putBack). */
  undoing?: string;
  /** A put-back's grants on workspaces and documents Grist said were gone (404) when the undo read them first: not sent. */
  gone?: Array<WorkspaceGrant | DocumentGrant>;
  /** A put-back's grants on workspaces and documents Grist says are gone (404: deleted, moved away), once sent: not put back. */
  leftOut?: Array<WorkspaceGrant | DocumentGrant>;
}

/**
 * One PATCH of a change: the resource, and the role it gives the person there (null: none); its
 * personStepKey; a put-back's grant, the grant.
 */
interface Step {
  resource: AccessResource;
  role: SiteRole | null;
  key: string;
  grant?: WorkspaceGrant | DocumentGrant;
}

/**
 * The PATCHes a change is, in order: a removal, one at the site; a restore, the site role (none for
 * a guest: Grist makes a guest of whoever is given something inside; none when `siteRoleAsIs`),
 * then each workspace, then each document.
 */
function stepsOf({ orgId, siteUrl, removed, had, siteRoleAsIs }: Pick<PersonTarget, 'orgId' | 'siteUrl' | 'removed' | 'had' | 'siteRoleAsIs'>): Step[] {
  const site = (role: SiteRole | null): Step => ({ resource: { kind: 'site', orgId, siteUrl }, role, key: personStepKey({ kind: 'site' }) });
  if (removed) return [site(null)];
  return [
    ...(had.role === 'guests' || siteRoleAsIs ? [] : [site(had.role)]),
    ...had.workspaces.map((grant): Step => ({ resource: { kind: 'workspace', orgId, siteUrl, workspaceId: grant.id }, role: grant.role, key: personStepKey({ kind: 'workspace', id: grant.id }), grant })),
    ...had.documents.map((grant): Step => ({ resource: { kind: 'document', orgId, siteUrl, docId: grant.id }, role: grant.role, key: personStepKey({ kind: 'document', id: grant.id }), grant })),
  ];
}

/**
 * The person's role right at a step's resource, as a put-back compares it: on the site, their
 * member role (a guest has none: Grist makes a guest of whoever is given something inside); on a
 * workspace or document, the role given right there (grantOf: one only inherited is none).
 */
function roleAt(step: Step, here: Person | undefined): SiteRole | null {
  if (step.resource.kind !== 'site') return grantOf(here);
  return here === undefined || here.role === null || here.role === 'guests' ? null : here.role;
}

/**
 * How a grant kept as changed since is named to the page (UndoConflict.grant): its personStepKey
 * and the role it had when the user was shown it (`document:<id>=viewers`). "Put back anyway" sends
 * it back as it is, and puts the grant back only while it still has that role.
 */
const shownAs = (key: string, now: SiteRole) => `${key}=${now}`;

/** What a grant changed since is now, in words: "ed@example.com is on the site again since, as Viewer; the removal took Editor". */
function conflictWords(email: string, step: Step, now: SiteRole): string {
  if (!step.grant) return t('personSiteConflict', email, roleWord(now), roleWord(step.role));
  const key = step.resource.kind === 'workspace' ? 'personWorkspaceConflict' : 'personDocumentConflict';
  return t(key, email, roleWord(now), step.grant.name, roleWord(step.role));
}

/**
 * The undo of a person's removal (`entry`, logged with what they had: `person`), from what Grist
 * has now: the site's access and each recorded workspace's and document's, read first, all at once.
 * Put back: what is still as the removal left it (absent), and what `forced` names as it was
 * shown (shownAs: a grant changed again since it was shown is kept, named with its role now, and
 * asked again, never overwritten unseen). Not sent:
 * what this undo itself put back before (its key in `person.putBack`, and the role the removal
 * took: a put-back that stopped halfway); what Grist says is gone (404, named as left out). Kept,
 * each named (UndoConflict): every other grant the person has there now, whatever its role
 * (lowered, raised, or the same given by someone else). Out: the put-back and what it keeps; or
 * nothing to send (`conflict`, or `already` when all is back, with what was left out as gone).
 * Throws what the site's read met, or a workspace's or document's but a 404.
 */
async function putBackOf(client: GristClient, entry: PersonEntry, base: Omit<PersonTarget, 'removed' | 'had'>, person: PersonSiteChange, forced: (key: string) => boolean): Promise<Inverse<PersonTarget>> {
  const recorded = stepsOf({ ...base, removed: false, had: person });
  const own = new Set(person.putBack ?? []);
  const found = await Promise.all(
    recorded.map(async (step) => {
      try {
        return { step, here: personIn((await readAccessOf(client, step.resource)).people, person.email) };
      } catch (error) {
        // A workspace or document deleted for good (or moved away) since holds nothing to put back.
        const { grant } = step;
        if (grant && error instanceof ApiError && error.status === 404) return { step, gone: grant };
        throw error;
      }
    }),
  );
  const sent: Step[] = [];
  const gone: Array<WorkspaceGrant | DocumentGrant> = [];
  const kept: UndoConflict[] = [];
  for (const each of found) {
    if (each.gone) {
      gone.push(each.gone);
      continue;
    }
    const { step } = each;
    const now = roleAt(step, each.here);
    if (now === null || forced(shownAs(step.key, now))) sent.push(step);
    else if (now !== step.role || !own.has(step.key)) kept.push({ grant: shownAs(step.key, now), current: conflictWords(person.email, step, now) });
  }
  if (sent.length === 0) {
    if (kept.length > 0) return { conflict: { outcome: 'changed-elsewhere', current: kept.map(({ current }) => current).join('; '), conflicts: kept } };
    // All that was still absent is gone from Grist: nothing to send, but the user is told what.
    const leftOut = leftOutWords(gone);
    return { already: person.email, ...(leftOut ? { leftOut } : {}) };
  }
  const grants = new Set(sent.flatMap(({ grant }) => (grant ? [grant] : [])));
  const had = { role: person.role, workspaces: person.workspaces.filter((grant) => grants.has(grant)), documents: person.documents.filter((grant) => grants.has(grant)) };
  const siteRoleAsIs = sent.some(({ resource }) => resource.kind === 'site') ? {} : { siteRoleAsIs: true as const };
  return { undo: { ...base, removed: false, had, ...siteRoleAsIs, undoing: entry.id, gone }, kept };
}

/** The grants a put-back left out as Grist no longer has them, in words; null for none. */
const leftOutWords = (grants: ReadonlyArray<WorkspaceGrant | DocumentGrant>) => (grants.length > 0 ? t('personGrantsLeftOut', grants.map(({ name }) => `“${name}”`).join(', ')) : null);

/** Whether Grist has `step` now: the person's role right there is the step's (absent for none). */
async function stepHolds(client: GristClient, email: string, { resource, role }: Step): Promise<boolean> {
  const here = personIn((await readAccessOf(client, resource)).people, email);
  return role === null ? here === undefined : here?.role === role;
}

/** Whether Grist has `step` now, read back after its lost answer; false when the read fails too. */
const holdsAfterLostAnswer = (client: GristClient, email: string, step: Step) => stepHolds(client, email, step).catch(() => false);

/**
 * A person's removal from a site or their put-back, as the change pipeline carries it: its
 * PATCHes (stepsOf), each read back after a lost answer before the next is sent; a put-back's grant
 * on a workspace or document Grist says is gone is left out (leftOut) and the others still sent. Its
 * inverse reads first what the removal took (putBackOf): what is still absent is put back, what
 * was changed since is kept and named. See the module comment.
 */
export const personKind: UndoingKind<PersonTarget, never, PersonEntry> = {
  // Made by the removal run (removal-run.ts: removePerson), which writes it ahead of its requests.
  messages: {},
  send: async (client, target) => {
    const steps = stepsOf(target);
    // Written before anything leaves: found later with these roles, they are this undo's own.
    if (target.undoing) await recordPutBack(target.undoing, steps.map(({ key }) => key));
    target.leftOut = [...(target.gone ?? [])];
    for (const step of steps) {
      try {
        await patchAccess(client, step.resource, { users: { [target.email]: step.role } });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A workspace or document gone since has nothing to give back: the rest still is.
        if (step.grant && error.status === 404) target.leftOut.push(step.grant);
        // Idempotent, but the next step goes only once this one is known to hold (the last one
        // too: the pipeline's read-back would read every step). A change of one step (a removal)
        // leaves its lost answer to the pipeline's read-back (applied): read once, not twice.
        else if (!answerLost(error) || steps.length === 1 || !(await holdsAfterLostAnswer(client, target.email, step))) throw error;
      }
    }
  },
  applied: async (client, target) => {
    for (const step of stepsOf(target)) {
      if (step.grant && target.leftOut?.includes(step.grant)) continue;
      if (!(await stepHolds(client, target.email, step))) return false;
    }
    return true;
  },
  notApplied: (target) => t(target.removed ? 'errorPersonLostAnswerNotRemoved' : 'errorPersonLostAnswerNotRestored', target.email, target.siteName),
  refused: async (error, target) => {
    if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return new ApiError('forbidden', t('errorCannotRemovePerson', target.siteName), 403);
    if (error.status === 404) return new ApiError('not-found', t('errorPersonGrantGone', target.siteName), 404);
    return null;
  },
  leftOut: ({ leftOut = [] }) => leftOutWords(leftOut),
  logEntry: ({ account, orgId, siteUrl, siteName, email, removed, had, leftOut = [] }) => {
    // What a put-back gave back: not what it left out.
    const given = <G>(grants: G[]) => grants.filter((grant) => !leftOut.includes(grant as WorkspaceGrant | DocumentGrant));
    const person: PersonSiteChange = { email, removed, role: had.role, workspaces: given(had.workspaces), documents: given(had.documents) };
    return { account, kind: 'person', target: { kind: 'site', id: orgId }, site: { orgId, name: siteName, url: siteUrl }, workspace: null, person };
  },
  // The user's own listing does not change with who else has access.
  note: () => 0,
  storeNoted: async () => undefined,
  undoSiteUrl: (entry) => entry.site.url,
  // A removal's: read first, what is still absent put back, what changed since kept and named
  // (putBackOf); `force` puts back all of it, `grants` those named ("Put back anyway").
  inverse: async (client, entry, account, force, grants = []) => {
    const { site, person } = entry;
    const base = { account, key: targetKey(entry.target), orgId: site.orgId, siteUrl: site.url, name: person.email, siteName: site.name, email: person.email };
    if (person.removed) return putBackOf(client, entry, base, person, (key) => force || grants.includes(key));
    // Undoing a put-back removes them again, with what they have now (read first, as any removal).
    const [listing, accounts] = await Promise.all([readListing(), readKeyedAccounts()]);
    const found = siteFor(listing, accounts, person.email, { orgId: site.orgId, siteUrl: site.url }, account);
    if (!found) throw new ApiError('not-configured', t('undoSiteNotConfigured', new URL(site.url).host));
    const now = await personOnSite(client, found.site, person.email, found.ownEmail);
    if (!now.owner) throw new ApiError('forbidden', t('errorCannotRemovePerson', site.name), 403);
    if (!now.person) return { already: person.email };
    return { undo: { ...base, removed: true, had: now.person } };
  },
};

/**
 * The removal of `email` from the site `key` names, what they have there read first with `client`
 * (personOnSite), as `account` lists the site and with its user's email (ownEmailOf: asked of Grist
 * when no connection check said it): for a change that must take someone off a site without losing
 * their grants inside it unread (an access undo, access.ts). Out: null when they are not on
 * the site. Throws ApiError `not-found` when `account` does not list the site, its listing error
 * when it could not be listed (its workspaces may be out of date), `forbidden` when Grist says its
 * user is not an owner there, or what the reads met.
 */
export async function removalOf(client: GristClient, key: PersonSiteKey, email: string, account: string): Promise<PersonTarget | null> {
  const [listing, accounts] = await Promise.all([readListing(), readKeyedAccounts()]);
  const site = listing?.sites.find((entry) => entry.orgId === key.orgId && entry.siteUrl === key.siteUrl && entry.account === account);
  if (!site) throw new ApiError('not-found', t('errorNotInList'));
  // A site that could not be listed holds its last good workspaces only: one made since would go unread.
  if (site.error) throw new ApiError(site.error.kind, site.error.message, site.error.status);
  const known = accounts.find((keyed) => keyed.account.id === account)?.account.user?.email ?? null;
  const ownEmail = await ownEmailOf({ account, ownEmail: known, siteUrl: site.siteUrl });
  const { owner, person } = await personOnSite(client, site, email, ownEmail);
  if (!owner) throw new ApiError('forbidden', t('errorCannotRemovePerson', site.name), 403);
  return person && { account, key: siteKey(site.orgId), orgId: site.orgId, siteUrl: site.siteUrl, name: email, siteName: site.name, email, removed: true, had: person };
}
