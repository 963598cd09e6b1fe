/**
 * The change log: every change the extension made to a document or workspace (a rename, a move, a
 * move to the trash or back, a pin, a copy, a new document, a deletion), after Grist confirmed it,
 * newest first. It holds names and addresses, never the API key, so pages may read it; the pages
 * show it as the history. Here: the entries' types and the keys their changes queue under; what
 * is read from entries: change-log-reads.ts; what undoing one comes to: undo-outcome.ts.
 */
import type { DocumentPlace } from './listing.ts';
import type { DocumentGrant, WorkspaceGrant } from './people.ts';
import type { AccessDelta, AccessResource, ListedRole } from './sharing.ts';

/** Where a change was asked for. */
export type ChangeSource = 'popup' | 'page' | 'shortcut' | 'address-bar' | 'bulk' | 'undo';

/** How the document window was opened: a page's or link's menu entry, the shortcut, or the address bar's `gr` keyword. */
export type WindowSource = Extract<ChangeSource, 'page' | 'shortcut' | 'address-bar'>;

/** The sources a document window may be opened by, for checking what comes from outside. */
export const WINDOW_SOURCES: readonly WindowSource[] = ['page', 'shortcut', 'address-bar'];

/** The key a workspace's changes queue under: never a document id (those hold no `:`). */
export function workspaceKey(workspaceId: number): string {
  return `workspace:${workspaceId}`;
}

/** The key a site's access changes queue under: never a document id or a workspaceKey. */
export function siteKey(orgId: number): string {
  return `site:${orgId}`;
}

/** The key a resource's access changes queue under: a document's id, a workspaceKey or a siteKey (targetKey of its entries' target). */
export function accessKey(resource: AccessResource): string {
  switch (resource.kind) {
    case 'document':
      return resource.docId;
    case 'workspace':
      return workspaceKey(resource.workspaceId);
    case 'site':
      return siteKey(resource.orgId);
  }
}

/**
 * What was done: a `rename`; a `move` of a document; a `remove` to the trash or a `restore` from
 * it; a `pin` (or unpin); a `copy`; a new document or workspace (`create`); a `delete` forever
 * (never undone); a change of who has `access`; a `person` removed from a site or put back. Each
 * kind's entry says what it holds (RenameEntry, MoveEntry...).
 */
export type ChangeKind = 'rename' | 'move' | 'remove' | 'restore' | 'pin' | 'copy' | 'create' | 'delete' | 'access' | 'person';

/**
 * A person removed from a site (`removed`) or put back by its undo, with what they had there: their
 * site role and their workspace and document grants, read before the removal (Grist's removal at
 * the site takes them all and they cannot be read afterwards, docs/grist-api.md "Guests and whole
 * sites"). The only place other people's emails are stored.
 */
export interface PersonSiteChange {
  email: string;
  removed: boolean;
  role: ListedRole;
  workspaces: WorkspaceGrant[];
  documents: DocumentGrant[];
  /**
   * For a removal: the grants its undo has begun to put back (personStepKey: `site`,
   * `workspace:<id>`, `document:<id>`), written before their requests leave. A grant found later
   * with the role the removal took is this undo's own (a put-back that stopped halfway, resumed),
   * not a colleague's: only those are not named as changed since.
   */
  putBack?: string[];
}

/** The key of one grant of a person's removal (PersonSiteChange): their site role, or a workspace's or document's grant. */
export function personStepKey(grant: { kind: 'site' } | { kind: 'workspace'; id: number } | { kind: 'document'; id: string }): string {
  return grant.kind === 'site' ? 'site' : `${grant.kind}:${grant.id}`;
}

/** A document a change changed: its id (unique on its server), on the entry's `site`. */
export interface DocumentTarget {
  kind: 'document';
  id: string;
}

/** A workspace a change changed: its id, on the entry's `site` (also the entry's `workspace`). */
export interface WorkspaceTarget {
  kind: 'workspace';
  id: number;
}

/** A site a change changed (who has access to it, a person removed from it): its Grist id, the entry's `site.orgId`. */
export interface SiteTarget {
  kind: 'site';
  id: number;
}

/** What a change-log entry changed: a document, a workspace or a site, by its id; the entry's `site` is where it is. */
export type EntryTarget = DocumentTarget | WorkspaceTarget | SiteTarget;

/** The key a target's changes queue under (a document's id, a workspaceKey or a siteKey), as accessKey's for the same thing. */
export function targetKey(target: EntryTarget): string {
  switch (target.kind) {
    case 'document':
      return target.id;
    case 'workspace':
      return workspaceKey(target.id);
    case 'site':
      return siteKey(target.id);
  }
}

/**
 * The document or workspace a page's key names (DocumentAtUrl.docId: a document's id, or a
 * workspaceKey, never a document id as those hold no `:`), as a log entry's target names it.
 */
export function keyTarget(key: string): DocumentTarget | WorkspaceTarget {
  const workspace = /^workspace:(\d+)$/.exec(key);
  return workspace ? { kind: 'workspace', id: Number(workspace[1]) } : { kind: 'document', id: key };
}

/** What a change of `resource`'s access changed, as its log entry names it. */
export function resourceTarget(resource: AccessResource): EntryTarget {
  switch (resource.kind) {
    case 'document':
      return { kind: 'document', id: resource.docId };
    case 'workspace':
      return { kind: 'workspace', id: resource.workspaceId };
    case 'site':
      return { kind: 'site', id: resource.orgId };
  }
}

/** True when `a` and `b` name the same document, workspace or site (on one server: ids are the server's). */
export function sameTarget(a: EntryTarget, b: EntryTarget): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** What every change-log entry holds, whatever its kind. */
interface EntryCommon {
  /** Unique among the entries (random). */
  id: string;
  /** When Grist confirmed it, in ms since the epoch. */
  at: number;
  /**
   * The id of the account whose key made it (see the options): its undo goes with the same
   * account. The storage migration gave the entries from before accounts account 1's id; one
   * without it is undone by no account.
   */
  account?: string;
  /**
   * The site of what it changed: its Grist id and name as listed, and the site URL the change was
   * sent through; whose personal site it is (SiteNaming), in entries made since version 9 of the storage.
   */
  site: DocumentPlace['site'];
  /** The document's workspace, or the workspace changed, when known. */
  workspace: { id: number; name: string } | null;
  source: ChangeSource;
  /** The bulk run it was part of, if any: a batch can be undone as one. */
  batchId?: string;
  /** The id of the entry that undid this one; an undone change offers no second undo. */
  undoneBy?: string;
  /**
   * Written ahead of its request (pipeline.ts logAhead): what the change takes is stored before it
   * leaves, and Grist has not confirmed it yet. Marked done (removed) once Grist has it, dropped
   * when Grist does not; a worker stopped in between resumes it at its next start. Never undone
   * while pending.
   */
  pending?: true;
}

/** A document or workspace renamed, from `oldName` to `newName`. */
export interface RenameEntry extends EntryCommon {
  kind: 'rename';
  target: DocumentTarget | WorkspaceTarget;
  oldName: string;
  newName: string;
}

/** A document, `name`, moved from `site` and `workspace` to `to`. */
export interface MoveEntry extends EntryCommon {
  kind: 'move';
  target: DocumentTarget;
  name: string;
  to: DocumentPlace;
}

/** A document or workspace, `name`, moved to the trash (`remove`) or restored from it (`restore`). */
export interface TrashEntry extends EntryCommon {
  kind: 'remove' | 'restore';
  target: DocumentTarget | WorkspaceTarget;
  name: string;
}

/** A document, `name`, pinned (`pinned`) or unpinned. */
export interface PinEntry extends EntryCommon {
  kind: 'pin';
  target: DocumentTarget;
  name: string;
  pinned: boolean;
}

/** A copy (the target, named `name`) of the document `copyOf`: its id, its name then and its site. */
export interface CopyEntry extends EntryCommon {
  kind: 'copy';
  target: DocumentTarget;
  name: string;
  copyOf: { docId: string; name: string; site: { orgId: number; name: string; url: string } };
}

/** A new document or workspace, `name`. */
export interface CreateEntry extends EntryCommon {
  kind: 'create';
  target: DocumentTarget | WorkspaceTarget;
  name: string;
}

/** A document, `name`, deleted forever (never undone). */
export interface DeleteEntry extends EntryCommon {
  kind: 'delete';
  target: DocumentTarget;
  name: string;
}

/** A change of who has access to a document, workspace or site, `name`. */
export interface AccessEntry extends EntryCommon {
  kind: 'access';
  target: EntryTarget;
  name: string;
  /**
   * What was sent (`delta`: only what changed) and what it replaced (`before`, its inverse);
   * `guests`: who of `delta` were guests of the site (no delta makes someone a guest again, nor
   * puts back what a site removal took: such a change is not undone). The only place other
   * people's emails are stored: an undo needs them.
   */
  access: { delta: AccessDelta; before: AccessDelta; guests?: string[] };
}

/** A person removed from the site (the target) or put back: who, and what they had there. */
export interface PersonEntry extends EntryCommon {
  kind: 'person';
  target: SiteTarget;
  person: PersonSiteChange;
}

/**
 * One change Grist confirmed, by what was done (`kind`, see ChangeKind) and what it changed
 * (`target`). Only a rename names two names; the other kinds name their target once (`name`),
 * but a person's removal, which names the person (`person.email`).
 */
export type ChangeEntry = RenameEntry | MoveEntry | TrashEntry | PinEntry | CopyEntry | CreateEntry | DeleteEntry | AccessEntry | PersonEntry;

/** An entry of kind `K`. */
export type EntryOf<K extends ChangeKind> = Extract<ChangeEntry, { kind: K }>;

/** A change-log entry before it is stored: everything but its id and time (of each kind: Omit of a union would merge them). */
export type NewChangeEntry = ChangeEntry extends infer E ? (E extends ChangeEntry ? Omit<E, 'id' | 'at'> : never) : never;

/** An entry as the pages show it: whether it can be undone, and why not. */
export type ChangeLogItem = ChangeEntry & {
  /** Null when it can be undone; otherwise the reason, for a person. */
  cannotUndo: string | null;
  /**
   * With two or more accounts, the one that made it, as the options name it: its user's email, or
   * `Account <n>` before a check has said whose key it is. Absent with one account, or once removed.
   */
  madeBy?: string;
};
