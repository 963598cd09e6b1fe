/**
 * People and sharing as the pages and the worker speak of it: who has access to a document,
 * workspace or site, and a change of it. Grist's own words for roles are kept (`owners`, `editors`,
 * `viewers`; on a site also `members`, and `guests` for someone with access only to something
 * inside). The facts are in docs/grist-api.md, "Access".
 */

/** A role a person can be given on a document or workspace. */
export type Role = 'owners' | 'editors' | 'viewers';

/** A role a person can be given on a site: a document's roles, or `members` (Grist's team members without a role of their own). */
export type SiteRole = Role | 'members';

/** A role as an access list shows it: one that can be given, or `guests` (access only to something inside). */
export type ListedRole = SiteRole | 'guests';

/** docs/grist-api.md "Public link": the special user whose `viewers` grant makes a document readable by anyone with its link. */
export const PUBLIC_EMAIL = 'everyone@getgrist.com';

/** True when `a` and `b` are the same email to Grist, which matches emails without regard to case (docs/grist-api.md "Access"). */
export const sameEmail = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** What an access list is of, as a page names it: a document, a workspace or a site of a listed site. */
export type AccessResource =
  | { kind: 'document'; orgId: number; siteUrl: string; docId: string }
  | { kind: 'workspace'; orgId: number; siteUrl: string; workspaceId: number }
  | { kind: 'site'; orgId: number; siteUrl: string };

/** One person with access, as Grist answered (never the public link's special user, see AccessList.publicRole). */
export interface Person {
  email: string;
  name: string;
  /** The role given right here; null when what they have only comes down from above. */
  role: ListedRole | null;
  /** What comes down from the workspace or site (Grist's `parentAccess`); null on a site, or when nothing does. */
  inherited: Role | null;
  /** False for a guest (no member of the site); null when Grist did not say. */
  isMember: boolean | null;
}

/** A saved account's user, as the access rules name them: their email and the account's place in the options, from 1 (its legend: Account 2). */
export interface SavedUser {
  email: string;
  number: number;
}

/** Who has access to a resource, read when shown: kept in memory by the page, never stored. */
export interface AccessList {
  resource: AccessResource;
  /** The account it was read with: the first that owns the resource, else the first that lists it. Its changes go with it. */
  account: string;
  /** That account's user's email (their own row cannot be changed: Grist refuses it); null before a connection check said whose key it is. */
  ownEmail: string | null;
  /**
   * Every saved account's user a connection check named, that one's too (the user's own: a change
   * never names them, email-list.ts emailProblem); absent when the answer does not say (none known).
   */
  savedUsers?: SavedUser[];
  /** True when that account's user owns the resource: only owners may change access (Grist answers 403 to others). */
  canChange: boolean;
  /**
   * True when Grist marked its answer `personal`: the user may not change it, so Grist's own page
   * shows them their role only. A viewer's holds only themselves; a document editor's holds everyone
   * who can open it all the same (grist-core HomeDBManager.getDocAccess).
   */
  onlySelf: boolean;
  /**
   * The user's role on the resource as their listing has it (the account's): an editor is told
   * that only owners change access, a viewer why they see only themselves. Absent when not known.
   */
  ownRole?: ListedRole | null;
  people: Person[];
  /** The public link's role (`viewers`: anyone with the link can view); null when the resource has none, and on a site. */
  publicRole: Role | null;
  /** What comes down from above at most (Grist's `maxInheritedRole`; null: nothing); absent on a site. */
  maxInheritedRole?: Role | null;
}

/**
 * One access change, as Grist's `PATCH .../access` takes it: only what changes. `users`: email to
 * its new role, null to remove (the public link is PUBLIC_EMAIL); `maxInheritedRole` when it
 * changes (never on a site: Grist refuses it).
 */
export interface AccessDelta {
  users?: Record<string, SiteRole | null>;
  maxInheritedRole?: Role | null;
}

/** The public link's new role in `delta` (null: the link turned off); undefined when `delta` leaves the link as it is. */
export function publicLinkOf(delta: AccessDelta): SiteRole | null | undefined {
  return Object.entries(delta.users ?? {}).find(([email]) => sameEmail(email, PUBLIC_EMAIL))?.[1];
}

/** A sharing change of many documents: the same for each, its delta computed per document (planAccessChange). */
export type SharingChange =
  /** Give each of `emails` the role `role` here. */
  | { kind: 'share'; emails: string[]; role: Role }
  /** Take back the role each of `emails` has here (what they inherit stays). */
  | { kind: 'unshare'; emails: string[] }
  /** Turn the public link on (anyone with the link can view) or off. */
  | { kind: 'public'; public: boolean };
