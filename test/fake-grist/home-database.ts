/**
 * The fake Grist's home database: users, sites (orgs), workspaces and documents in memory, who may
 * see what, and the JSON shapes Grist answers with (field order as in `shared/grist-samples/`).
 * It knows nothing of HTTP; `server.ts` decides statuses. Each instance holds its own copy of its
 * seed, so servers running at once never share state.
 */
import { randomBytes } from 'node:crypto';
import { capped, EVERYONE_EMAIL, strongest } from './roles.ts';
import { UserAccounts } from './user-accounts.ts';
import type { Role, Seed, SeedDoc, SeedOrg, SeedUser, SeedWorkspace } from './sample-data.ts';

/** Who a request comes from: a user, or the anonymous user when it carries no key. */
export type Caller = Omit<SeedUser, 'apiKey'>;

/** A new document id: 22 letters and digits, as Grist's. */
export function randomDocId(): string {
  return randomBytes(18).toString('base64').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 22);
}

/** docs/grist-api.md "Authentication": a request without a key is Grist's anonymous user. */
export const ANONYMOUS: Caller = Object.freeze({ id: 0, name: 'Anonymous', email: 'anon@getgrist.com', ref: '', createdAt: '' });

/** A time after `previous`: the seed's times may be ahead of this machine's clock, and a change must still be the newest. */
function later(previous: string): string {
  return new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Inconsistent seed: no ${what}`);
  return value;
}

export class HomeDatabase {
  /** Its users and their API keys. */
  readonly accounts: UserAccounts;
  private readonly orgs: SeedOrg[];
  private readonly workspaces = new Map<number, SeedWorkspace>();
  private readonly workspacesByOrg = new Map<number, SeedWorkspace[]>();
  private readonly docs: SeedDoc[];
  private readonly docsByWorkspace = new Map<number, SeedDoc[]>();
  /** By id and by urlId: a look-up per request, among 20,000 documents in the bench. */
  private readonly docsByKey = new Map<string, SeedDoc>();

  /** In: seed data, copied so a test's seed object is never changed. */
  constructor(seed: Seed) {
    const copy = structuredClone(seed);
    this.accounts = new UserAccounts(copy.users);
    this.orgs = copy.orgs;
    this.docs = copy.docs;
    for (const workspace of copy.workspaces) {
      this.workspaces.set(workspace.id, workspace);
      this.workspacesByOrg.set(workspace.orgId, [...(this.workspacesByOrg.get(workspace.orgId) ?? []), workspace]);
    }
    for (const doc of copy.docs) {
      if (doc.urlId !== null) this.docsByKey.set(doc.urlId, doc);
      this.docsByKey.set(doc.id, doc);
      this.docsByWorkspace.set(doc.workspaceId, [...(this.docsByWorkspace.get(doc.workspaceId) ?? []), doc]);
    }
  }

  orgById(id: number): SeedOrg | undefined {
    return this.orgs.find((org) => org.id === id);
  }

  /** In: an org's domain, or `docs` for the caller's personal site (docs/grist-api.md "Sites and their addresses"). */
  orgByDomain(domain: string, caller: Caller): SeedOrg | undefined {
    return this.orgs.find((org) => (domain === 'docs' ? org.ownerId === caller.id : org.domain === domain));
  }

  /** The org whose custom domain (`host`) this is. */
  orgByHost(hostname: string): SeedOrg | undefined {
    return this.orgs.find((org) => org.host === hostname);
  }

  /** In: a document's id or urlId. Out: the stored document itself (callers may change it). */
  findDoc(idOrUrlId: string): SeedDoc | undefined {
    return this.docsByKey.get(idOrUrlId);
  }

  orgOf(doc: SeedDoc): SeedOrg {
    const workspace = this.workspaceOf(doc);
    return required(this.orgById(workspace.orgId), `org ${workspace.orgId}`);
  }

  /** The caller's role on a site: as a member, else `guests` if given one of its workspaces or documents, else null. */
  orgAccess(org: SeedOrg, caller: Caller): string | null {
    const givenSomething = this.workspacesOf(org).some((workspace) => workspace.shares?.[caller.id]) || this.docsOf(org).some((doc) => doc.shares[caller.id]);
    return org.members[caller.id] ?? (givenSomething ? 'guests' : null);
  }

  /**
   * What a user inherits on a workspace from its site, under its `maxInheritedRole`; the site's
   * owners keep theirs whatever the cap (docs/grist-api.md "Inherited access").
   */
  workspaceInherited(workspace: SeedWorkspace, userId: number): Role | null {
    const role = this.orgOfWorkspace(workspace).members[userId];
    // A site's `members` role gives nothing inside it.
    if (role === 'members') return null;
    return role === 'owners' ? role : capped(role, workspace.maxInheritedRole);
  }

  /** What a user inherits on a document from its workspace (given there or inherited), under its `maxInheritedRole`. */
  docInherited(doc: SeedDoc, userId: number): Role | null {
    const workspace = this.workspaceOf(doc);
    if (this.orgOfWorkspace(workspace).members[userId] === 'owners') return 'owners';
    return capped(strongest(workspace.shares?.[userId], this.workspaceInherited(workspace, userId)), doc.maxInheritedRole);
  }

  /** The caller's effective role on a document: the stronger of what it inherits and a direct share. */
  docAccess(doc: SeedDoc, caller: Caller): Role | null {
    return strongest(this.docInherited(doc, caller.id), doc.shares[caller.id]);
  }

  /** In: a workspace id. Out: the stored workspace itself (callers may change it). */
  findWorkspace(id: number): SeedWorkspace | undefined {
    return this.workspaces.get(id);
  }

  /** The site a workspace belongs to. */
  orgOfWorkspace(workspace: SeedWorkspace): SeedOrg {
    return required(this.orgById(workspace.orgId), `org ${workspace.orgId}`);
  }

  /** The caller's role on a workspace: given there or inherited from its site (viewers for one given only a document of it). */
  workspaceRole(workspace: SeedWorkspace, caller: Caller): string | null {
    const role = strongest(workspace.shares?.[caller.id], this.workspaceInherited(workspace, caller.id));
    if (role) return role;
    return this.docsIn(workspace).some((doc) => this.docAccess(doc, caller)) ? 'viewers' : null;
  }

  /**
   * Adds a workspace named `name` to `org` (workspace-trash.ts), with the next id of the server.
   * Out: the stored workspace.
   */
  addWorkspace(org: SeedOrg, name: string): SeedWorkspace {
    const now = new Date().toISOString();
    const workspace: SeedWorkspace = { id: Math.max(0, ...this.workspaces.keys()) + 1, orgId: org.id, name, createdAt: now, updatedAt: now };
    this.workspaces.set(workspace.id, workspace);
    this.workspacesByOrg.set(org.id, [...this.workspacesOf(org), workspace]);
    return workspace;
  }

  /** Moves a workspace, and so its documents, to the trash (`removed`) or takes it back, marking it changed now. */
  setWorkspaceRemoved(workspace: SeedWorkspace, removed: boolean): void {
    if (removed) workspace.removedAt = new Date().toISOString();
    else delete workspace.removedAt;
    workspace.updatedAt = later(workspace.updatedAt);
  }

  /** Whether a document is out of the normal listing: in the trash, or in a workspace that is. */
  isRemoved(doc: SeedDoc): boolean {
    return doc.removedAt !== undefined || this.workspaceOf(doc).removedAt !== undefined;
  }

  /** Changes a workspace's name and marks it changed now. */
  renameWorkspace(workspace: SeedWorkspace, name: string): void {
    workspace.name = name;
    workspace.updatedAt = later(workspace.updatedAt);
  }

  /** `GET /api/workspaces/<id>`: the workspace with its documents and site (sample `workspace.json`). */
  workspaceJson(workspace: SeedWorkspace, caller: Caller): object {
    const org = this.orgOfWorkspace(workspace);
    const docs = this.docsIn(workspace).filter((doc) => this.docAccess(doc, caller));
    return {
      ...this.workspaceFields(workspace),
      docs: docs.map((doc) => ({ ...this.docFields(doc), access: this.docAccess(doc, caller) })),
      org: this.orgFields(org),
      access: this.workspaceRole(workspace, caller),
    };
  }

  /** Changes a document's name and marks it and its workspace as changed now. */
  rename(doc: SeedDoc, name: string): void {
    const workspace = this.workspaceOf(doc);
    doc.name = name;
    doc.updatedAt = later(doc.updatedAt);
    workspace.updatedAt = later(workspace.updatedAt);
  }

  /**
   * Moves a document to another workspace, marking both workspaces changed. To another site, the
   * document loses its urlId, which is not given back by moving it home (docs/grist-api.md "Moving a document").
   */
  moveDoc(doc: SeedDoc, destination: SeedWorkspace): void {
    const from = this.workspaceOf(doc);
    if (from.orgId !== destination.orgId && doc.urlId !== null) {
      this.docsByKey.delete(doc.urlId);
      doc.urlId = null;
    }
    this.docsByWorkspace.set(from.id, this.docsIn(from, true).filter((other) => other !== doc));
    this.docsByWorkspace.set(destination.id, [...this.docsIn(destination, true), doc]);
    doc.workspaceId = destination.id;
    doc.updatedAt = later(doc.updatedAt);
    from.updatedAt = later(from.updatedAt);
    destination.updatedAt = later(destination.updatedAt);
  }

  /** Moves a document to the trash (`removed`) or takes it back, marking it and its workspace changed now. */
  setRemoved(doc: SeedDoc, removed: boolean): void {
    if (removed) doc.removedAt = new Date().toISOString();
    else delete doc.removedAt;
    this.touch(doc);
  }

  /** Deletes a document for good. */
  deleteDoc(doc: SeedDoc): void {
    const workspace = this.workspaceOf(doc);
    this.docsByWorkspace.set(workspace.id, this.docsIn(workspace, true).filter((other) => other !== doc));
    this.docs.splice(this.docs.indexOf(doc), 1);
    this.docsByKey.delete(doc.id);
    if (doc.urlId !== null) this.docsByKey.delete(doc.urlId);
    workspace.updatedAt = later(workspace.updatedAt);
  }

  /** Pins or unpins a document. */
  setPinned(doc: SeedDoc, pinned: boolean): void {
    doc.isPinned = pinned;
    this.touch(doc);
  }

  /**
   * Adds a new document (a copy, or a new empty one) to `workspace`, owned by `caller` (Grist makes
   * its creator an owner). Out: the stored document.
   */
  addDoc(workspace: SeedWorkspace, name: string, caller: Caller, copyOf?: SeedDoc['copyOf']): SeedDoc {
    const now = new Date().toISOString();
    const id = randomDocId();
    const doc: SeedDoc = { id, urlId: id.slice(0, 12), name, workspaceId: workspace.id, isPinned: false, createdAt: now, updatedAt: now, shares: { [caller.id]: 'owners' }, ...(copyOf ? { copyOf } : {}) };
    this.docs.push(doc);
    this.docsByKey.set(id, doc);
    this.docsByKey.set(id.slice(0, 12), doc);
    this.docsByWorkspace.set(workspace.id, [...this.docsIn(workspace, true), doc]);
    workspace.updatedAt = later(workspace.updatedAt);
    return doc;
  }

  /** How many documents a site holds (not those in the trash). */
  countDocs(org: SeedOrg): number {
    return this.docsOf(org).length;
  }

  /** How many users `doc` is shared with directly who are not members of `org`. */
  externalShares(doc: SeedDoc, org: SeedOrg): number {
    return Object.keys(doc.shares).filter((userId) => org.members[Number(userId)] === undefined).length;
  }

  /** `GET /api/orgs`: every site the caller can reach, the personal site first (sample `orgs.owner.json`). */
  orgsJson(caller: Caller): object[] {
    return this.orgs
      .map((org) => ({ org, access: this.orgAccess(org, caller) }))
      .filter(({ access }) => access !== null)
      .sort((a, b) => Number(b.org.ownerId === caller.id) - Number(a.org.ownerId === caller.id) || a.org.id - b.org.id)
      .map(({ org, access }) => ({ ...this.orgFields(org), access }));
  }

  /** `GET /api/orgs/<org>`: one site with its billing account, as `workspace.org` in sample `doc.json`. */
  orgJson(org: SeedOrg, caller: Caller): object {
    const billingAccount = {
      id: org.id,
      features: null,
      individual: org.ownerId !== null,
      inGoodStanding: true,
      status: null,
      stripePlanId: null,
      paymentLink: null,
      externalId: null,
      externalOptions: null,
      product: { id: 1, name: 'Free', features: { workspaces: true, vanityDomain: true } },
    };
    return { ...this.orgFields(org), billingAccount, access: this.orgAccess(org, caller) };
  }

  /**
   * `GET /api/orgs/<org>/workspaces`: the site's workspaces by name, each with the documents the
   * caller can see. Someone given only single documents sees only the workspaces holding them, with
   * access `viewers` (sample `workspaces.team-doc-shared-only.json`). `showRemoved`: the documents
   * in the trash too, with their `removedAt` (docs/grist-api.md "Trash listing"), and the workspaces in
   * it, with theirs; otherwise those are left out, documents and all (workspace-trash.ts).
   */
  workspacesJson(org: SeedOrg, caller: Caller, showRemoved = false): object[] {
    const member = org.members[caller.id] !== undefined;
    return (this.workspacesByOrg.get(org.id) ?? [])
      .filter((workspace) => showRemoved || workspace.removedAt === undefined)
      .map((workspace) => ({ workspace, docs: this.docsIn(workspace, showRemoved).filter((doc) => this.docAccess(doc, caller)) }))
      .filter(({ docs }) => member || docs.length > 0)
      .sort((a, b) => a.workspace.name.localeCompare(b.workspace.name))
      .map(({ workspace, docs }) => ({
        ...this.workspaceFields(workspace),
        docs: docs.map((doc) => ({ ...this.docFields(doc), forks: [], access: this.docAccess(doc, caller), ...(this.isPublic(doc) ? { public: true } : {}) })),
        access: this.workspaceAccess(org, caller),
        owner: this.workspaceOwner(org),
        orgDomain: org.domain,
      }));
  }

  /**
   * `GET /o/docs/api/orgs/current/workspaces`: Grist's merged personal site, the workspaces of every
   * personal site the caller can reach (their own, `org`, and others' that shared something with
   * them), each as its own site lists it (with its `orgDomain`), by name (grist-core
   * test/gen-server/mergedOrgs.ts).
   */
  mergedWorkspacesJson(org: SeedOrg, caller: Caller, showRemoved = false): object[] {
    const others = this.orgs.filter((other) => other.id !== org.id && other.ownerId !== null && this.orgAccess(other, caller) !== null);
    return [org, ...others]
      .flatMap((personal) => this.workspacesJson(personal, caller, showRemoved) as Array<{ name: string }>)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** `GET /api/docs/<doc>`: the document with its workspace and site (sample `doc.json`). */
  docJson(doc: SeedDoc, caller: Caller): object {
    const org = this.orgOf(doc);
    const workspace = {
      ...this.workspaceFields(this.workspaceOf(doc)),
      org: this.orgJson(org, caller),
      access: this.workspaceAccess(org, caller),
      owner: this.workspaceOwner(org),
    };
    const aliases = doc.urlId === null ? [] : [{ orgId: org.id, urlId: doc.urlId, docId: doc.id, createdAt: doc.createdAt }];
    return { ...this.docFields(doc), workspace, aliases, forks: [], access: this.docAccess(doc, caller) };
  }

  /** `GET /api/profile/user` (sample `profile-user.json`). */
  profileJson(caller: Caller): object {
    return { id: caller.id, email: caller.email, name: caller.name, picture: null, ref: caller.ref, allowGoogleLogin: true };
  }

  private touch(doc: SeedDoc): void {
    const workspace = this.workspaceOf(doc);
    doc.updatedAt = later(doc.updatedAt);
    workspace.updatedAt = later(workspace.updatedAt);
  }

  private workspaceOf(doc: SeedDoc): SeedWorkspace {
    return required(this.workspaces.get(doc.workspaceId), `workspace ${doc.workspaceId}`);
  }

  /** A workspace's documents; those in the trash only with `showRemoved`. */
  docsIn(workspace: SeedWorkspace, showRemoved = false): SeedDoc[] {
    const docs = this.docsByWorkspace.get(workspace.id) ?? [];
    return showRemoved ? docs : docs.filter((doc) => doc.removedAt === undefined);
  }

  /** A site's workspaces. */
  workspacesOf(org: SeedOrg): SeedWorkspace[] {
    return this.workspacesByOrg.get(org.id) ?? [];
  }

  /** A site's documents; those in the trash only with `showRemoved`. */
  docsOf(org: SeedOrg, showRemoved = false): SeedDoc[] {
    return this.workspacesOf(org).flatMap((workspace) => this.docsIn(workspace, showRemoved));
  }

  /** Whether anyone with the link may open the document: the everyone user holds a role on it (sample `workspaces.public-doc.json`). */
  private isPublic(doc: SeedDoc): boolean {
    const everyone = this.accounts.byEmail(EVERYONE_EMAIL);
    return everyone !== undefined && doc.shares[everyone.id] !== undefined;
  }

  private workspaceAccess(org: SeedOrg, caller: Caller): string {
    return org.members[caller.id] ?? 'viewers';
  }

  /** The owning user of a personal site; undefined for a team site. */
  private ownerOf(org: SeedOrg): SeedUser | undefined {
    return org.ownerId === null ? undefined : this.accounts.byId(org.ownerId);
  }

  private userSummary(user: SeedUser) {
    return { id: user.id, name: user.name, picture: null, ref: user.ref, createdAt: user.createdAt, type: 'login' };
  }

  private orgFields(org: SeedOrg) {
    const { name, createdAt, updatedAt, id, domain, host } = org;
    const user = this.ownerOf(org);
    return { name, createdAt, updatedAt, id, domain, host, owner: user ? this.userSummary(user) : null };
  }

  /** A personal site's workspaces name their owner, with email; a team's have none. */
  private workspaceOwner(org: SeedOrg) {
    const user = this.ownerOf(org);
    return user ? { ...this.userSummary(user), email: user.email, anonymous: false } : null;
  }

  private workspaceFields(workspace: SeedWorkspace) {
    const { name, createdAt, updatedAt, id, isSupportWorkspace = false, removedAt } = workspace;
    return { name, createdAt, updatedAt, id, isSupportWorkspace, ...(removedAt === undefined ? {} : { removedAt }) };
  }

  private docFields(doc: SeedDoc) {
    const { name, createdAt, updatedAt, id, isPinned, urlId, removedAt } = doc;
    return { name, createdAt, updatedAt, id, isPinned, urlId, trunkId: null, type: null, ...(removedAt === undefined ? {} : { removedAt }) };
  }
}
