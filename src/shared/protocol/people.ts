/**
 * One person across all the user's sites, as the People view and "Remove <email> from all your
 * sites…" speak of it: what they have on each site the user owns (their site role, and the
 * workspace and document grants Grist would take with them), and what removing them came to.
 * Other people's emails: kept in memory by the page, stored only in the change log's undo
 * (docs/grist-api.md "Guests and whole sites").
 */
import type { ErrorKind } from './errors.ts';
import type { ListedRole, Role } from './sharing.ts';

/**
 * On an owner's grant: removing the person from the site makes the user who removes them a direct
 * owner there in their place (absent: it does not). grist-core's scrubUserFromOrg, which
 * HomeDBManager.updateOrgPermissions calls for each user removed from a site: "If the user being
 * removed is an owner of any resources in the org, the caller replaces them as the owner", whether
 * or not the resource has other owners, unless the caller is a direct owner there already. Undo
 * does not take it back (Grist refuses a change of one's own access).
 */
export type YourPlace = { makesYouOwner?: true };

/** A workspace given to the person right there (not inherited); `trashed`: the workspace is in Grist's trash. */
export interface WorkspaceGrant extends YourPlace {
  id: number;
  name: string;
  role: Role;
  trashed?: true;
}

/** A document given to the person right there (not inherited), in workspace `workspaceId`; `trashed`: it (or its workspace) is in Grist's trash. */
export interface DocumentGrant extends YourPlace {
  id: string;
  name: string;
  role: Role;
  workspaceId: number;
  trashed?: true;
}

/**
 * A workspace or document of a site whose access was not read, named in the preview: `gone` (the
 * listing had it, Grist answers 404 now: deleted for good or moved to another site since; it holds
 * nothing to keep), or `unreadable` (in the trash, and Grist would not say who has it: a removal
 * at the site takes what it holds, and Undo cannot put that back).
 */
export interface SkippedResource {
  kind: 'workspace' | 'document';
  name: string;
  reason: 'gone' | 'unreadable';
}

/** What the person has on one site the user owns. */
export interface PersonSite {
  /** The account whose key reads and changes the site (one of its owners). */
  account: string;
  orgId: number;
  siteUrl: string;
  /** The site's name as the listing shows it. */
  siteName: string;
  /** Their role on the site: a member's role, or `guests` when they only have something inside. */
  role: ListedRole;
  workspaces: WorkspaceGrant[];
  documents: DocumentGrant[];
  /** What of the site was not read (see SkippedResource); absent when none. */
  skipped?: SkippedResource[];
}

/** What `readPersonGrants` found: the sites the user owns where the person is, and those that could not be read. */
export interface PersonGrants {
  email: string;
  /**
   * Names what the worker read (it keeps it: person-previews.ts): the removal sends it back, and
   * takes what the worker read, never grants a page sends.
   */
  previewId: string;
  sites: PersonSite[];
  /**
   * Sites the user owns whose access (or a workspace's, a document's) could not be read, and those
   * whose account's user Grist would not name: their error, by site name.
   */
  unread: Array<{ siteName: string; message: string }>;
}

/** A site to remove the person from, as the preview named it. */
export interface PersonSiteKey {
  orgId: number;
  siteUrl: string;
}

/** What the person has on a site, as the preview read it (PersonSite): what its removal takes, and its Undo puts back. */
export type PersonHad = Pick<PersonSite, 'role' | 'workspaces' | 'documents'>;

/**
 * A removal of a person (the `removePerson` message): from the sites named, with the id of the
 * preview that read them (`previewId`), whose reads the worker kept and takes, checking each site
 * again before its PATCH; without it (the Share panel's removal from one site, or a preview the
 * worker no longer has), each site is read first.
 */
export interface PersonRemovalRequest {
  email: string;
  previewId?: string;
  sites: PersonSiteKey[];
}

/** The removal of every site of preview `grants` (readPersonGrants). */
export const removalRequestOf = ({ email, previewId, sites }: Pick<PersonGrants, 'email' | 'previewId' | 'sites'>): PersonRemovalRequest => ({
  email,
  previewId,
  sites: sites.map(({ orgId, siteUrl }) => ({ orgId, siteUrl })),
});

/**
 * What removing the person from one site came to: not done yet (`waiting`), removed (logged as
 * `entryId`), not there any more, not removed as their role there is not the preview's any more
 * (`changed`: why, in words), or failed (the error's kind and words).
 */
export type PersonRemoval = PersonSiteKey & (
  | { outcome: 'waiting' }
  | { outcome: 'removed'; entryId: string | null }
  | { outcome: 'absent' }
  | { outcome: 'changed'; message: string }
  | { outcome: 'failed'; kind: ErrorKind; message: string }
);

/**
 * Where a removal of `removePerson` stands (that message and `getPersonRemoval` answer it): one
 * outcome per site, `done` once none is `waiting`, and the batch Undo puts them back by (also the
 * removal's id).
 */
export interface RemovedPerson {
  batchId: string;
  sites: PersonRemoval[];
  done: boolean;
}
