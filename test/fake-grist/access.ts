/**
 * The fake Grist's Access API (docs/grist-api.md "Access", samples `access.*.json`): who has access to a
 * document, workspace or site, and the PATCH that changes it. It reads and changes the home
 * database's grants (org members, workspace and document shares, `maxInheritedRole`), which stay the
 * one source of truth: the listings and every other endpoint see what a PATCH stored.
 */
import { GristError } from './grist-error.ts';
import type { Caller, HomeDatabase } from './home-database.ts';
import { EVERYONE_EMAIL } from './roles.ts';
import type { Role, SeedDoc, SeedOrg, SeedUser, SeedWorkspace } from './sample-data.ts';

/** What an access request is about: the resource, found and allowed by the server's own look-ups. */
export type AccessTarget = { kind: 'doc'; doc: SeedDoc } | { kind: 'workspace'; workspace: SeedWorkspace } | { kind: 'org'; org: SeedOrg };

/** A role on a site: a document's, or `members` (docs/grist-api.md "Access"). */
type SiteRole = Role | 'members';

interface AccessUser {
  user: SeedUser;
  access: string | null;
  parentAccess?: Role | null;
  isMember: boolean | null;
}

const ROLES: ReadonlyArray<Role | null> = ['owners', 'editors', 'viewers', null];

/** Grist refuses an email it could not send to; a loose check of the same shape (grist-core issue 2007). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates the Access API over one home database. */
export function accessApi(database: HomeDatabase) {
  /** The org a target belongs to. */
  function orgOf(target: AccessTarget): SeedOrg {
    if (target.kind === 'org') return target.org;
    return target.kind === 'doc' ? database.orgOf(target.doc) : database.orgOfWorkspace(target.workspace);
  }

  /** Who has been given something on the site, beyond its members: its guests (docs/grist-api.md "Guests and whole sites"). */
  function grantedIds(workspaces: SeedWorkspace[], docs: SeedDoc[]): number[] {
    return [...workspaces.flatMap((workspace) => Object.keys(workspace.shares ?? {})), ...docs.flatMap((doc) => Object.keys(doc.shares))].map(Number);
  }

  /** The caller's own role on the target: decides whether they see everyone or only themselves, and may change it. */
  function callerRole(target: AccessTarget, caller: Caller): string | null {
    if (target.kind === 'doc') return database.docAccess(target.doc, caller);
    if (target.kind === 'workspace') return database.workspaceRole(target.workspace, caller);
    return database.orgAccess(target.org, caller);
  }

  /** Every user listed for the target, as the samples show them (the everyone user is no member, nor a guest of the site). */
  function listUsers(target: AccessTarget): AccessUser[] {
    const org = orgOf(target);
    const members = Object.keys(org.members).map(Number);
    const everyone = database.accounts.byEmail(EVERYONE_EMAIL)?.id;
    const isMember = (id: number) => (id === everyone ? null : org.members[id] !== undefined);
    let entries: Array<[number, Omit<AccessUser, 'user'>]>;
    if (target.kind === 'doc') {
      const { doc } = target;
      entries = [...members, ...grantedIds([database.findWorkspace(doc.workspaceId)!], [doc])].map((id) => [
        id,
        { access: doc.shares[id] ?? null, parentAccess: database.docInherited(doc, id), isMember: isMember(id) },
      ]);
    } else if (target.kind === 'workspace') {
      const { workspace } = target;
      const docs = database.docsIn(workspace);
      entries = [...members, ...grantedIds([workspace], docs)]
        .filter((id) => id !== everyone)
        .map((id) => {
          const guest = org.members[id] === undefined && docs.some((doc) => doc.shares[id]);
          const access = workspace.shares?.[id] ?? (guest ? 'guests' : null);
          return [id, { access, parentAccess: database.workspaceInherited(workspace, id), isMember: isMember(id) }];
        });
    } else {
      entries = [...members, ...grantedIds(database.workspacesOf(org), database.docsOf(org))]
        .filter((id) => id !== everyone)
        .map((id) => [id, { access: org.members[id] ?? 'guests', isMember: isMember(id) }]);
    }
    const unique = new Map(entries);
    return [...unique]
      .sort(([a], [b]) => a - b)
      .flatMap(([id, entry]) => {
        const user = database.accounts.byId(id);
        return user ? [{ user, ...entry }] : [];
      });
  }

  function userJson({ user, access, parentAccess, isMember }: AccessUser): object {
    const { id, email, name, ref } = user;
    return { id, email, name, picture: null, ref, access, ...(parentAccess === undefined ? {} : { parentAccess }), isMember };
  }

  /**
   * `GET .../access`: owners and editors get every user; anyone else only themselves, marked
   * `personal` (sample `access.doc.viewer.json`). No `maxInheritedRole` on an org. A document's
   * editor gets everyone who can open it, marked `personal` (and not `public`) all the same: Grist
   * tells its own page to show them their role only (grist-core HomeDBManager.getDocAccess: "If
   * user can't change access on the document, instruct UI to just show user's role").
   */
  function read(target: AccessTarget, caller: Caller): object {
    // Stored null means nothing comes down: only an absent cap reads as Grist's default, owners.
    const stored = target.kind === 'org' ? undefined : (target.kind === 'doc' ? target.doc : target.workspace).maxInheritedRole;
    const max = target.kind === 'org' ? {} : { maxInheritedRole: stored === undefined ? 'owners' : stored };
    const role = callerRole(target, caller);
    const users = listUsers(target);
    if (role === 'editors' && target.kind === 'doc') {
      const { doc } = target;
      return { public: false, personal: true, ...max, users: users.filter(({ user }) => database.docAccess(doc, user) !== null).map(userJson) };
    }
    if (role === 'owners' || role === 'editors') return { ...max, users: users.map(userJson) };
    return { public: false, personal: true, ...max, users: users.filter(({ user }) => user.id === caller.id).map(userJson) };
  }

  /** Checks a whole delta before anything is stored: one bad entry changes nothing. Out: its users, by email. */
  function validate(target: AccessTarget, caller: Caller, delta: Record<string, unknown>): Array<[string, SiteRole | null]> {
    if (target.kind === 'org' && 'maxInheritedRole' in delta) throw new GristError(400, 'invalid permission delta');
    // Assumed message: docs/grist-api.md "Refused" does not give Grist's answer to an unknown maxInheritedRole.
    if ('maxInheritedRole' in delta && !ROLES.includes(delta.maxInheritedRole as Role | null)) throw new GristError(400, 'invalid permission delta');
    const users = Object.entries((delta.users ?? {}) as Record<string, unknown>);
    for (const [email, role] of users) {
      if (!EMAIL.test(email)) throw new GristError(400, 'Invalid email address included');
      // docs/grist-api.md "Refused": `members` is a site's role only.
      const known = ROLES.includes(role as Role | null) || (target.kind === 'org' && role === 'members');
      if (!known) throw new GristError(400, `Invalid user role ${String(role)}`);
      if (email.toLowerCase() === caller.email.toLowerCase()) throw new GristError(400, 'Bad request: cannot update own permissions');
    }
    return users as Array<[string, SiteRole | null]>;
  }

  /**
   * Gives `role` to (or, null, takes it from) one user on the target (`members` only on a site:
   * validate refuses it elsewhere); at a site, null also takes every grant inside it, and `caller`
   * (who removes them) takes their place as a direct owner of each workspace and document they
   * owned directly, unless already one there: grist-core's scrubUserFromOrg ("If the user being
   * removed is an owner of any resources in the org, the caller replaces them as the owner"),
   * called by HomeDBManager.updateOrgPermissions for each user removed, whether or not the
   * resource had other owners.
   */
  function setRole(target: AccessTarget, userId: number, role: SiteRole | null, caller: Caller): void {
    if (target.kind === 'org') {
      if (role) target.org.members[userId] = role;
      else delete target.org.members[userId];
    } else {
      const grants = target.kind === 'doc' ? target.doc.shares : (target.workspace.shares ??= {});
      if (role) grants[userId] = role as Role;
      else delete grants[userId];
    }
    if (target.kind !== 'org' || role) return;
    /** Takes the user's grant out of `grants`; where it was an owner's, the caller's is made one. */
    const scrub = (grants: Record<number, Role>) => {
      if (grants[userId] === 'owners') grants[caller.id] = 'owners';
      delete grants[userId];
    };
    for (const workspace of database.workspacesOf(target.org)) if (workspace.shares) scrub(workspace.shares);
    // Documents in the trash too: a restored document must not bring the person back.
    for (const doc of database.docsOf(target.org, true)) scrub(doc.shares);
  }

  /**
   * `PATCH .../access` with `{"delta": {"users", "maxInheritedRole"}}`: owners only, all or nothing,
   * idempotent. Out: null, Grist's answer.
   */
  function change(target: AccessTarget, caller: Caller, body: Record<string, unknown> | null): null {
    const delta = body?.delta;
    if (typeof delta !== 'object' || delta === null) throw new GristError(400, 'Bad request: missing permission delta');
    if (callerRole(target, caller) !== 'owners') throw new GristError(403, 'access denied');
    const users = validate(target, caller, delta as Record<string, unknown>);
    for (const [email, role] of users) {
      const user = database.accounts.byEmail(email) ?? (role ? database.accounts.add(email) : undefined);
      if (user) setRole(target, user.id, role, caller);
    }
    if (target.kind !== 'org' && 'maxInheritedRole' in delta) {
      (target.kind === 'doc' ? target.doc : target.workspace).maxInheritedRole = (delta as { maxInheritedRole: Role | null }).maxInheritedRole;
    }
    return null;
  }

  return { read, change };
}
