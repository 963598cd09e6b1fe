/**
 * Removing a person from a site, and putting them back, as one kind of change (change-kind.ts).
 * The removal is one `PATCH {site}/api/orgs/<orgId>/access` with `{"<email>": null}`, which takes
 * their workspace and document grants on the site too (grist-api.md "Guests and whole sites"); what
 * they had is read first (person-grants.ts) and logged, so the undo can put it back: their site
 * role first, then each workspace grant, then each document grant, one PATCH each. Every access
 * PATCH is idempotent; after a lost answer the access is read back and compared, never guessed; a
 * put-back that stopped halfway is resumed by the next attempt. Also an access undo's removal of
 * someone from a site (removalOf). The People view's and the Share panel's removals are runs
 * (removal-run.ts), which send this kind's PATCH with its entry written ahead.
 */
import { siteKey, type ChangeEntry, type PersonSiteChange } from '../../shared/change-log.ts';
import { t } from '../../shared/i18n.ts';
import type { DocumentGrant, PersonSite, PersonSiteKey, WorkspaceGrant } from '../../shared/people.ts';
import { peopleRoleWord } from '../../shared/role-words.ts';
import type { AccessResource, SiteRole } from '../../shared/sharing.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { readKeyedAccounts } from '../grist/grist-connection.ts';
import { readListing } from '../listing/listing-cache.ts';
import type { ChangeTarget, UndoingKind } from '../changes/change-kind.ts';
import { answerLost } from '../changes/pipeline.ts';
import { patchAccess, readAccessOf } from './access-api.ts';
import { ownEmailOf } from './own-email.ts';
import { personIn, personOnSite, siteFor } from './person-grants.ts';

/** A person removed from a site (`removed`), or put back with what they had there. */
export interface PersonTarget extends ChangeTarget {
  /** `name` is the person's email, as the history names the change; this is the site's name. */
  siteName: string;
  orgId: number;
  email: string;
  removed: boolean;
  /** What they had on the site (read before the removal), which the undo puts back. */
  had: Pick<PersonSite, 'role' | 'workspaces' | 'documents'>;
  /** A put-back's grants on workspaces and documents Grist says are gone (404: in the trash, deleted), once sent: not put back. */
  leftOut?: Array<WorkspaceGrant | DocumentGrant>;
}

/** One PATCH of a change: the resource, and the role it gives the person there (null: none); a put-back's grant, the grant. */
interface Step {
  resource: AccessResource;
  role: SiteRole | null;
  grant?: WorkspaceGrant | DocumentGrant;
}

/**
 * The PATCHes a change is, in order: a removal, one at the site; a restore, the site role (none for
 * a guest: Grist makes a guest of whoever is given something inside), then each workspace, then
 * each document.
 */
function stepsOf({ orgId, siteUrl, removed, had }: PersonTarget): Step[] {
  const site = (role: SiteRole | null): Step => ({ resource: { kind: 'site', orgId, siteUrl }, role });
  if (removed) return [site(null)];
  return [
    ...(had.role === 'guests' ? [] : [site(had.role)]),
    ...had.workspaces.map((grant): Step => ({ resource: { kind: 'workspace', orgId, siteUrl, workspaceId: grant.id }, role: grant.role, grant })),
    ...had.documents.map((grant): Step => ({ resource: { kind: 'document', orgId, siteUrl, docId: grant.id }, role: grant.role, grant })),
  ];
}

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
 * inverse reads the site first: a removal is undone unless the person is back there with another
 * role since (then nothing is sent); with the role it took from them, the put-back stopped halfway
 * is resumed. See the module comment.
 */
export const personKind: UndoingKind<PersonTarget> = {
  send: async (client, target) => {
    target.leftOut = [];
    for (const step of stepsOf(target)) {
      try {
        await patchAccess(client, step.resource, { users: { [target.email]: step.role } });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A workspace or document gone since has nothing to give back: the rest still is.
        if (step.grant && error.status === 404) target.leftOut.push(step.grant);
        // Idempotent, but the next step goes only once this one is known to hold.
        else if (!answerLost(error) || !(await holdsAfterLostAnswer(client, target.email, step))) throw error;
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
  leftOut: ({ leftOut = [] }) => (leftOut.length > 0 ? t('personGrantsLeftOut', leftOut.map(({ name }) => `“${name}”`).join(', ')) : null),
  logEntry: ({ account, orgId, siteUrl, siteName, email, removed, had, leftOut = [] }) => {
    // What a put-back gave back: not what it left out.
    const given = <G>(grants: G[]) => grants.filter((grant) => !leftOut.includes(grant as WorkspaceGrant | DocumentGrant));
    const person: PersonSiteChange = { email, removed, role: had.role, workspaces: given(had.workspaces), documents: given(had.documents) };
    return { account, kind: 'person', target: 'site', site: { orgId, name: siteName, url: siteUrl }, workspace: null, docId: siteKey(orgId), oldName: email, newName: email, person };
  },
  // The user's own listing does not change with who else has access.
  note: () => 0,
  storeNoted: async () => undefined,
  undoSiteUrl: (entry) => entry.site.url,
  // Read first: a person put back since with another role (or removed again since) is changed
  // elsewhere; nothing is sent. One there with the role the removal took was put back partly, by an
  // attempt that stopped halfway (or with the same role elsewhere): every step is sent, idempotent.
  inverse: async (client, entry, account, force) => {
    const { site, person } = entry as ChangeEntry & { person: PersonSiteChange };
    const base = { account, key: entry.docId, orgId: site.orgId, siteUrl: site.url, name: person.email, siteName: site.name, email: person.email };
    if (person.removed) {
      const here = personIn((await readAccessOf(client, { kind: 'site', orgId: site.orgId, siteUrl: site.url })).people, person.email);
      if (here && here.role !== person.role && !force) return { conflict: { outcome: 'changed-elsewhere', current: t('personBackSince', person.email, peopleRoleWord(here.role)) } };
      return { undo: { ...base, removed: false, had: person } };
    }
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
 * their grants inside it unread (an access undo, access-kind.ts). Out: null when they are not on
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
