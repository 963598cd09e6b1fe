/**
 * Grist's Access API as the worker calls it: who has access to a document, workspace or site
 * (`GET .../access`), one change of it (`PATCH .../access`), and which saved account reads and
 * changes it, checked against the worker's own listing so a page can never aim a key at something
 * the extension did not list. The facts are in docs/grist-api.md, "Access".
 */
import { savedUsersOf } from '../../shared/rules/email-list.ts';
import { t } from '../../shared/i18n.ts';
import type { Listing } from '../../shared/protocol/listing.ts';
import { PUBLIC_EMAIL, sameEmail, type AccessDelta, type AccessResource, type ListedRole, type Person, type Role, type SavedUser } from '../../shared/protocol/sharing.ts';
import { docAccessSchema, orgAccessSchema, workspaceAccessSchema } from '../grist/access-schemas.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, type KeyedAccount } from '../grist/grist-connection.ts';
import { anyJsonSchema } from '../grist/grist-schemas.ts';
import { accessOwnerIndex, currentAccessOwnerIndex, listedCopies, type AccessOwnerIndex } from './access-owner-index.ts';
import { sharedClients } from './shared-clients.ts';
import { placeSite } from '../../shared/rules/move.ts';

/** The path of a resource's access, under its site: `/api/docs/<id>/access`, `/api/workspaces/<id>/access` or `/api/orgs/<id>/access`. */
export function accessPath(resource: AccessResource): string {
  switch (resource.kind) {
    case 'document':
      return `/api/docs/${encodeURIComponent(resource.docId)}/access`;
    case 'workspace':
      return `/api/workspaces/${resource.workspaceId}/access`;
    case 'site':
      return `/api/orgs/${resource.orgId}/access`;
  }
}

/** Who has access to a resource as Grist answered it (an AccessList without whose answer it was). */
export interface AccessNow {
  people: Person[];
  /** The public link's role; null when there is none (always on a site). */
  publicRole: Role | null;
  /** What comes down from above at most; absent on a site. */
  maxInheritedRole?: Role | null;
  /** True when Grist answered only the caller (a viewer: Grist's `personal`). */
  onlySelf: boolean;
}

/** A user of an access answer, as Grist sends it. */
type AnsweredUser = { email: string; name: string; access: Person['role']; isMember: boolean | null; parentAccess?: Role | null };

/** One user of an access answer, as a Person (Grist's extra fields dropped). */
function personOf(user: AnsweredUser): Person {
  return { email: user.email, name: user.name, role: user.access, inherited: user.parentAccess ?? null, isMember: user.isMember };
}

/**
 * True when the user has some access here: given right here, or coming down from above. Grist's
 * answer to an owner also lists the site's members who have none (a `members` role, or a workspace
 * that inherits nothing) with `access: null, parentAccess: null` (grist-core getDocAccess and
 * getWorkspaceAccess list every user of the site): not people with access.
 */
const hasAccess = (user: AnsweredUser) => user.access !== null || (user.parentAccess ?? null) !== null;

/**
 * `GET {site}<accessPath>` with `client`. Out: the people with access (the public link's special
 * user taken out into `publicRole`; those with none left out: hasAccess), `maxInheritedRole` for a
 * document or workspace, and whether Grist answered
 * only the caller. Throws ApiError as the network module does (403 to someone without access, 404
 * for a resource gone or of another site).
 */
export async function readAccessOf(client: GristClient, resource: AccessResource): Promise<AccessNow> {
  const path = accessPath(resource);
  if (resource.kind === 'site') {
    const answer = await client.get(resource.siteUrl, path, orgAccessSchema);
    return { people: answer.users.filter(hasAccess).map(personOf), publicRole: null, onlySelf: answer.personal };
  }
  const answer = await client.get(resource.siteUrl, path, resource.kind === 'document' ? docAccessSchema : workspaceAccessSchema);
  const isPublic = (email: string) => sameEmail(email, PUBLIC_EMAIL);
  const publicUser = answer.users.find((user) => isPublic(user.email));
  const publicRole = publicUser?.access === 'owners' || publicUser?.access === 'editors' || publicUser?.access === 'viewers' ? publicUser.access : null;
  return {
    people: answer.users.filter((user) => !isPublic(user.email) && hasAccess(user)).map(personOf),
    publicRole,
    maxInheritedRole: answer.maxInheritedRole,
    onlySelf: answer.personal,
  };
}

/**
 * `PATCH {site}<accessPath>` with `{delta}` as JSON (without the JSON content type Grist answers
 * 400). Grist answers 200 `null`; the change is idempotent. Throws ApiError as the network module
 * does (403 to a non-owner, 400 for an invalid email, role or own permissions).
 */
export async function patchAccess(client: GristClient, resource: AccessResource, delta: AccessDelta): Promise<void> {
  await client.patch(resource.siteUrl, accessPath(resource), { delta }, anyJsonSchema);
}

/** Where a resource is, as the change log records it: its site and, but for a site, its workspace (a workspace: itself). */
export interface AccessPlace {
  site: { orgId: number; name: string; url: string };
  workspace: { id: number; name: string } | null;
}

/** The account that reads and changes a resource's access, as findAccessOwner chose it. */
export interface AccessOwner {
  /** The saved account's id. */
  account: string;
  /** The site its requests go to (the listing's). */
  siteUrl: string;
  /** Its user's email (never in a delta: Grist refuses it); null before a connection check said whose key it is (see ownEmailOf). */
  ownEmail: string | null;
  /** Every saved account's user a connection check named (never in a delta either: email-list.ts emailProblem). */
  savedUsers: readonly SavedUser[];
  /** True when its user owns the resource per its listing: only owners may change access. */
  canChange: boolean;
  /** Its user's role on the resource per its listing; null when the listing gives none. */
  role: ListedRole | null;
  /** Its client, with its key. */
  client: GristClient;
  /** The resource's name as that account's listing has it (a site's: its Grist name). */
  name: string;
  place: AccessPlace;
}

/** The roles a listing may give its user on a resource. */
const LISTED_ROLES: readonly ListedRole[] = ['owners', 'editors', 'viewers', 'members', 'guests'];

/**
 * findAccessOwner for many resources (a bulk share may name thousands): in, the listing and the
 * saved accounts read once, and optionally the clients to give (one per account for a whole run;
 * default clientsFor). The listing is indexed once (access-owner-index.ts).
 * Out: a lookup that answers and throws as findAccessOwner does.
 */
export function accessOwnerLookup(
  listing: Listing | null,
  accounts: readonly KeyedAccount[],
  clientOf: (accountId: string) => GristClient = clientsFor(accounts),
): (resource: AccessResource, account?: string) => AccessOwner {
  return ownerLookupIn(accessOwnerIndex(listing), accounts, clientOf);
}

/** accessOwnerLookup in an index of the listing (access-owner-index.ts). */
function ownerLookupIn(
  index: AccessOwnerIndex,
  accounts: readonly KeyedAccount[],
  clientOf: (accountId: string) => GristClient,
): (resource: AccessResource, account?: string) => AccessOwner {
  const savedUsers = savedUsersOf(accounts.map(({ account }) => account));
  return (resource, account) => {
    const copies = listedCopies(index, resource, account);
    const chosen = copies.find((copy) => copy.access === 'owners') ?? copies[0];
    if (!chosen) throw new ApiError('not-found', t('errorAccessNotListed'));
    const { site, name, workspace } = chosen;
    const ownEmail = accounts.find((keyed) => keyed.account.id === site.account)?.account.user?.email ?? null;
    const place = { site: placeSite(site), workspace };
    const role = LISTED_ROLES.find((each) => each === chosen.access) ?? null;
    return { account: site.account, siteUrl: site.siteUrl, ownEmail, savedUsers, canChange: chosen.access === 'owners', role, client: clientOf(site.account), name, place };
  };
}

/**
 * The account to read and change `resource`'s access with, checked against the worker's cached
 * listing (through its index, which follows every write of it: access-owner-index.ts), with the
 * clients of the checks made at the same time (shared-clients.ts): the first
 * (in the options' order) that lists it with `owners` access, else the first that lists it.
 * `account`: that account only (a change goes with the account its list was read with). Out: see
 * AccessOwner. Throws ApiError `not-found` (in words) when no account lists it, `no-key` when that
 * account has no key.
 */
export async function findAccessOwner(resource: AccessResource, account?: string): Promise<AccessOwner> {
  return (await currentAccessOwnerLookup())(resource, account);
}

/** findAccessOwner for many resources checked together: its index and clients got once. Out: a lookup that answers and throws as findAccessOwner does. */
export async function currentAccessOwnerLookup(): Promise<(resource: AccessResource, account?: string) => AccessOwner> {
  const [index, { accounts, clientOf }] = await Promise.all([currentAccessOwnerIndex(), sharedClients()]);
  return ownerLookupIn(index, accounts, clientOf);
}
