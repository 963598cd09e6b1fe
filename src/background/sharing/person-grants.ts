/**
 * What one person has on the user's sites, read before "Remove <email> from all your sites…":
 * on each listed site the account owns, their site role, and the workspace and document grants
 * Grist's removal at the site takes with them (grist-api.md "Guests and whole sites": they cannot
 * be read afterwards, so an undo can only put back what was read here). Sites the account does not
 * own are never named, nor is the user themselves ever offered.
 */
import { ownsSite, type Listing, type SiteEntry } from '../../shared/listing.ts';
import type { DocumentGrant, PersonGrants, PersonSite, WorkspaceGrant } from '../../shared/people.ts';
import { sameEmail, type ListedRole, type Person, type Role } from '../../shared/sharing.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { readListing } from '../listing/listing-cache.ts';
import { readAccessOf } from './access-api.ts';

/** The person `email` among `people`, if there. */
export const personIn = (people: readonly Person[], email: string) => people.find((person) => sameEmail(person.email, email));

/** A grant role: what can be given on a workspace or document (a `guests` or null entry is none). */
export const grantOf = (person: Person | undefined): Role | null =>
  person?.role === 'owners' || person?.role === 'editors' || person?.role === 'viewers' ? person.role : null;

/**
 * Whether the user `ownEmail` owns `site`, and the person's site role there (`guests` when they
 * only have something inside): null when that user is not an owner (nothing of the site is
 * offered) or the person is not there. One read of the site's access. Throws what it met.
 */
async function siteRoleOf(client: GristClient, site: SiteEntry, email: string, ownEmail: string): Promise<{ owner: boolean; role: ListedRole | null }> {
  const { people } = await readAccessOf(client, { kind: 'site', orgId: site.orgId, siteUrl: site.siteUrl });
  const owner = personIn(people, ownEmail)?.role === 'owners';
  return { owner, role: owner ? (personIn(people, email)?.role ?? null) : null };
}

/**
 * The workspace and document grants of `email` on `site` (its workspaces and documents as the
 * worker's listing has them: the trash's are not read). Every workspace's access is read; a
 * workspace's documents are read where the workspace lists the person (a guest is listed only where
 * they have something) and, for a member (listed everywhere), always. Throws what a read met.
 */
async function grantsOn(client: GristClient, site: SiteEntry, email: string, member: boolean) {
  const { orgId, siteUrl } = site;
  const perWorkspace = await Promise.all(
    site.workspaces.map(async (workspace) => {
      const here = personIn((await readAccessOf(client, { kind: 'workspace', orgId, siteUrl, workspaceId: workspace.id })).people, email);
      const granted = grantOf(here);
      const ofWorkspace: WorkspaceGrant[] = granted ? [{ id: workspace.id, name: workspace.name, role: granted }] : [];
      if (!here && !member) return { ofWorkspace, ofDocuments: [] };
      const ofDocuments = await Promise.all(
        workspace.documents.map(async (document): Promise<DocumentGrant[]> => {
          const role = grantOf(personIn((await readAccessOf(client, { kind: 'document', orgId, siteUrl, docId: document.id })).people, email));
          return role ? [{ id: document.id, name: document.name, role, workspaceId: workspace.id }] : [];
        }),
      );
      return { ofWorkspace, ofDocuments: ofDocuments.flat() };
    }),
  );
  return { workspaces: perWorkspace.flatMap(({ ofWorkspace }) => ofWorkspace), documents: perWorkspace.flatMap(({ ofDocuments }) => ofDocuments) };
}

/**
 * What `email` has on `site`, read with the site's account's client, whose user is `ownEmail`:
 * whether that user owns the site, and what the person has there (null when not an owner, or
 * when the person is not there). Throws what a read met.
 */
export async function personOnSite(client: GristClient, site: SiteEntry, email: string, ownEmail: string): Promise<{ owner: boolean; person: PersonSite | null }> {
  const { owner, role } = await siteRoleOf(client, site, email, ownEmail);
  if (role === null) return { owner, person: null };
  const grants = await grantsOn(client, site, email, role !== 'guests');
  return { owner, person: { account: site.account, orgId: site.orgId, siteUrl: site.siteUrl, siteName: site.name, role, ...grants } };
}

/** Throws ApiError `invalid-input` when `email` is the user's own, of any saved account: never offered, never removed. */
export function refuseOwnEmail(accounts: readonly KeyedAccount[], email: string): void {
  if (accounts.some(({ account }) => account.user && sameEmail(account.user.email, email))) throw new ApiError('invalid-input', t('peopleCannotRemoveSelf'));
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
 * The `readPersonGrants` message. In: an email. Out: what that person has on every listed site its
 * account owns (one request for the site's access, then its workspaces' and documents' as
 * grantsOn says), and the owned sites that could not be read. Sites not owned are not named. Throws
 * ApiError `invalid-input` when `email` is the user's own (of any saved account).
 */
export async function readPersonGrants({ email }: { email: string }): Promise<PersonGrants> {
  const [listing, accounts] = await Promise.all([readListing(), readKeyedAccounts()]);
  refuseOwnEmail(accounts, email);
  const clientOf = clientsFor(accounts);
  const found = await Promise.all(
    sitesFor(listing, accounts, email).map(async ({ site, ownEmail }) => {
      try {
        return { site: (await personOnSite(clientOf(site.account), site, email, ownEmail)).person, unread: null };
      } catch (error) {
        return { site: null, unread: { siteName: site.name, message: error instanceof ApiError ? error.message : t('errorInternal') } };
      }
    }),
  );
  return {
    email,
    sites: found.flatMap((each) => (each.site ? [each.site] : [])),
    unread: found.flatMap((each) => (each.unread ? [each.unread] : [])),
  };
}
