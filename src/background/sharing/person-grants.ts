/**
 * What one person has on the user's sites, read before "Remove <email> from all your sites…":
 * on each listed site the account owns, their site role, and the workspace and document grants
 * Grist's removal at the site takes with them (docs/grist-api.md "Guests and whole sites": they cannot
 * be read afterwards, so an undo can only put back what was read here), on what the site holds
 * now, its trash included (a removal at the site takes those too), and what could not be read,
 * named. Sites the account does not own are never named, nor is the user themselves ever offered.
 */
import { accountShortNames, ownsSite, siteDisplayName, type Listing, type SiteEntry } from '../../shared/protocol/listing.ts';
import type { DocumentGrant, PersonGrants, PersonSite, PersonSiteKey, SkippedResource, WorkspaceGrant, YourPlace } from '../../shared/protocol/people.ts';
import { sameEmail, type ListedRole, type Person, type Role } from '../../shared/protocol/sharing.ts';
import { emailProblem, savedUsersOf } from '../../shared/rules/email-list.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { workspaceListSchema } from '../grist/grist-schemas.ts';
import { readListing } from '../listing/listing-cache.ts';
import { readAccessOf, type AccessNow } from './access-api.ts';
import { savedAccountsError, withSavedUsers } from './own-email.ts';
import { keepPreview } from './person-previews.ts';

/** The person `email` among `people`, if there. */
export const personIn = (people: readonly Person[], email: string) => people.find((person) => sameEmail(person.email, email));

/**
 * A site's workspaces and documents as Grist has them now, those in its trash beside the others
 * (with `removedAt`: docs/grist-api.md "Trash listing"): a removal at the site takes the grants on all
 * of them, and the worker's cached listing may be older than a document made or deleted since.
 */
const LISTING_WITH_TRASH = '/api/orgs/current/workspaces?showRemoved=1';

/** A grant role: what can be given on a workspace or document (a `guests` or null entry is none). */
export const grantOf = (person: Person | undefined): Role | null =>
  person?.role === 'owners' || person?.role === 'editors' || person?.role === 'viewers' ? person.role : null;

/**
 * Whether the user `ownEmail` owns `site`, and the person's site role there (`guests` when they
 * only have something inside): null when that user is not an owner (nothing of the site is
 * offered) or the person is not there. One read of the site's access: the removal's check before
 * each site's PATCH (removal-run.ts) too. Throws what it met.
 */
export async function siteRoleOf(client: GristClient, site: Pick<SiteEntry, 'orgId' | 'siteUrl'>, email: string, ownEmail: string): Promise<{ owner: boolean; role: ListedRole | null }> {
  const { people } = await readAccessOf(client, { kind: 'site', orgId: site.orgId, siteUrl: site.siteUrl });
  const owner = personIn(people, ownEmail)?.role === 'owners';
  return { owner, role: owner ? (personIn(people, email)?.role ?? null) : null };
}

/**
 * Whether removing the person, whose grant here is `role`, makes the user `ownEmail` (who removes
 * them) an owner here in their place (YourPlace): the person owns it right here, and the user is
 * not a direct owner of it already, as `people` (its access, read just now) says.
 */
const yourPlace = (role: Role | null, people: readonly Person[], ownEmail: string): YourPlace =>
  role === 'owners' && personIn(people, ownEmail)?.role !== 'owners' ? { makesYouOwner: true } : {};

/** The access of `resource`, or null when Grist answers 404 (deleted for good or moved away since). Throws what else the read met. */
async function accessOrGone(client: GristClient, resource: Parameters<typeof readAccessOf>[1]): Promise<AccessNow | null> {
  try {
    return await readAccessOf(client, resource);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The workspace and document grants of `email` on `site`, and what of it was not read (skipped).
 * Its workspaces and documents are Grist's now, the trash's included (LISTING_WITH_TRASH, one
 * request); those the worker's listing has but Grist no longer lists are named `gone`. Every
 * workspace's access is read; a workspace's documents where the workspace lists the person (a
 * guest is listed only where they have something), for a member (listed everywhere) always, and
 * those in the trash (or in a workspace in the trash) always. A workspace or document whose access answers 404 is skipped and
 * named: `gone`, or, a workspace in the trash, `unreadable` (what it held cannot be put back).
 * Throws what a read met but a 404.
 */
async function grantsOn(client: GristClient, site: SiteEntry, email: string, ownEmail: string, member: boolean) {
  const { orgId, siteUrl } = site;
  const live = (await client.get(siteUrl, LISTING_WITH_TRASH, workspaceListSchema)).filter((workspace) => !workspace.isSupportWorkspace);
  const liveWorkspaces = new Set(live.map(({ id }) => id));
  const liveDocuments = new Set(live.flatMap(({ docs }) => docs.map(({ id }) => id)));
  const skipped: SkippedResource[] = site.workspaces.flatMap(({ id, name, documents }): SkippedResource[] =>
    liveWorkspaces.has(id)
      ? documents.filter((document) => !liveDocuments.has(document.id)).map((document) => ({ kind: 'document', name: document.name, reason: 'gone' }))
      : [{ kind: 'workspace', name, reason: 'gone' }],
  );
  const perWorkspace = await Promise.all(
    live.map(async (workspace) => {
      const inTrash = workspace.removedAt !== null ? { trashed: true as const } : {};
      const access = await accessOrGone(client, { kind: 'workspace', orgId, siteUrl, workspaceId: workspace.id });
      if (!access) skipped.push({ kind: 'workspace', name: workspace.name, reason: workspace.removedAt !== null ? 'unreadable' : 'gone' });
      // A workspace gone for good took its documents; one in the trash still has them, each read.
      if (!access && workspace.removedAt === null) return { ofWorkspace: [], ofDocuments: [] };
      const here = access && personIn(access.people, email);
      const granted = grantOf(here ?? undefined);
      const yours = access ? yourPlace(granted, access.people, ownEmail) : {};
      const ofWorkspace: WorkspaceGrant[] = granted ? [{ id: workspace.id, name: workspace.name, role: granted, ...inTrash, ...yours }] : [];
      // What Grist lists of a guest in the trash is not known: everything there is read.
      const read = workspace.docs.filter((document) => here || member || workspace.removedAt !== null || document.removedAt !== null);
      const ofDocuments = await Promise.all(
        read.map(async (document): Promise<DocumentGrant[]> => {
          const trashed = workspace.removedAt !== null || document.removedAt !== null ? { trashed: true as const } : {};
          const documentAccess = await accessOrGone(client, { kind: 'document', orgId, siteUrl, docId: document.id });
          if (!documentAccess) {
            skipped.push({ kind: 'document', name: document.name, reason: 'gone' });
            return [];
          }
          const role = grantOf(personIn(documentAccess.people, email));
          return role ? [{ id: document.id, name: document.name, role, workspaceId: workspace.id, ...trashed, ...yourPlace(role, documentAccess.people, ownEmail) }] : [];
        }),
      );
      return { ofWorkspace, ofDocuments: ofDocuments.flat() };
    }),
  );
  return { workspaces: perWorkspace.flatMap(({ ofWorkspace }) => ofWorkspace), documents: perWorkspace.flatMap(({ ofDocuments }) => ofDocuments), skipped };
}

/**
 * What `email` has on `site`, read with the site's account's client, whose user is `ownEmail`:
 * whether that user owns the site, and what the person has there (null when not an owner, or
 * when the person is not there). Throws what a read met.
 */
export async function personOnSite(client: GristClient, site: SiteEntry, email: string, ownEmail: string): Promise<{ owner: boolean; person: PersonSite | null }> {
  const { owner, role } = await siteRoleOf(client, site, email, ownEmail);
  if (role === null) return { owner, person: null };
  const { skipped, ...grants } = await grantsOn(client, site, email, ownEmail, role !== 'guests');
  return { owner, person: { account: site.account, orgId: site.orgId, siteUrl: site.siteUrl, siteName: siteDisplayName(site), role, ...grants, ...(skipped.length > 0 ? { skipped } : {}) } };
}

/**
 * Throws ApiError `invalid-input` when `email` is the user's own, of any saved account: never
 * offered, never removed. The one rule of every access change (email-list.ts emailProblem), with no
 * account sending: each saved account's user is refused alike, those no check named yet asked of
 * Grist first (withSavedUsers, which throws for an account Grist would not answer for). Out:
 * `accounts` with those users.
 */
export async function refuseOwnEmail(accounts: readonly KeyedAccount[], email: string): Promise<KeyedAccount[]> {
  const refuse = (known: readonly KeyedAccount[]) => {
    const problem = emailProblem(email, { sending: [], saved: savedUsersOf(known.map(({ account }) => account)) });
    if (problem?.reason === 'saved') throw savedAccountsError([{ email, number: problem.account! }]);
  };
  // Refused with what is known before anything is asked.
  refuse(accounts);
  const named = await withSavedUsers(accounts);
  refuse(named);
  return named;
}

/**
 * The listed sites the user owns as listed (and without a listing error), each with the account to read it with: of the
 * accounts that list it, the first whose user is known and is not `email` (the user is never offered
 * to themselves). A site listed by several accounts of one server is read once.
 */
export function sitesFor(listing: Listing | null, accounts: readonly KeyedAccount[], email: string): Array<{ site: SiteEntry; ownEmail: string }> {
  const seen = new Set<string>();
  const sites: Array<{ site: SiteEntry; ownEmail: string }> = [];
  for (const site of listing?.sites ?? []) {
    const ownEmail = accounts.find(({ account }) => account.id === site.account)?.account.user?.email;
    const key = `${site.siteUrl}|${site.orgId}`;
    // Only a site the listing says the user owns is read (Grist's own answer then decides): every
    // listing has each site's role (schema 7 dropped the caches from before it was kept).
    if (site.error || !ownsSite(site) || ownEmail === undefined || sameEmail(ownEmail, email) || seen.has(key)) continue;
    seen.add(key);
    sites.push({ site, ownEmail });
  }
  return sites;
}

/**
 * The site `key` names among sitesFor's, with the account to read it with (only `account`'s, when
 * given); undefined when none: not listed, someone else's, or the person is the user.
 */
export function siteFor(listing: Listing | null, accounts: readonly KeyedAccount[], email: string, key: { orgId: number; siteUrl: string }, account?: string) {
  return sitesFor(listing, accounts, email).find(({ site }) => site.orgId === key.orgId && site.siteUrl === key.siteUrl && (account === undefined || site.account === account));
}

/**
 * The `readPersonGrants` message. In: an email, and a site (`site`: that one only, as a site's
 * People panel asks before its Remove). Out: what that person has on every listed site its
 * account owns (one request for the site's access, then its workspaces' and documents' as
 * grantsOn says), and the owned sites that could not be read. Sites not owned are not named. What
 * it read is kept by the worker for the removal, under the `previewId` it answers (keepPreview).
 * Throws ApiError `invalid-input` when `email` is the user's own (of any saved account), or when
 * Grist would not say whose key a saved account holds (refuseOwnEmail: it may be the person).
 */
export async function readPersonGrants({ email, site: only }: { email: string; site?: PersonSiteKey }): Promise<PersonGrants> {
  const [listing, saved] = await Promise.all([readListing(), readKeyedAccounts()]);
  // Every saved account with a key has its user from here on (asked of Grist where no check said).
  const accounts = await refuseOwnEmail(saved, email);
  const clientOf = clientsFor(accounts);
  const sites = sitesFor(listing, accounts, email).filter(({ site }) => !only || (site.orgId === only.orgId && site.siteUrl === only.siteUrl));
  // With several accounts, each own personal site is named by its account (siteDisplayName): the view shows them side by side.
  const who = accountShortNames(listing?.accounts ?? []);
  const found = await Promise.all(
    sites.map(async ({ site, ownEmail }) => {
      const siteName = siteDisplayName(site, who.get(site.account));
      try {
        const person = (await personOnSite(clientOf(site.account), site, email, ownEmail)).person;
        return { site: person && { ...person, siteName }, unread: null };
      } catch (error) {
        return { site: null, unread: { siteName, message: error instanceof ApiError ? error.message : t('errorInternal') } };
      }
    }),
  );
  const read = found.flatMap((each) => (each.site ? [each.site] : []));
  return { email, previewId: keepPreview(email, read), sites: read, unread: found.flatMap((each) => (each.unread ? [each.unread] : [])) };
}
