/**
 * The one message protocol between the extension pages (popup, options) and the background
 * service worker. Each message name maps to its request and response; every reply is a
 * `Result` (errors travel as values, see errors.ts). No response ever carries the API key.
 */
import type { ErrorValue, Result } from './errors.ts';
import type { BatchUndoResult, BulkCopyRequest, BulkMoveRequest, BulkDocument, BulkRunSnapshot, BulkShareRequest, BulkStart } from './bulk.ts';
import type { ChangeLogItem, EntryTarget, UndoOutcome, WindowSource } from './change-log.ts';
import type { DocumentEntry, DocumentPlace, Listing, RefreshStep, WorkspaceEntry } from './listing.ts';
import type { MovedDocument } from './move.ts';
import type { PersonGrants, PersonRemovalRequest, PersonSiteKey, RemovedPerson } from './people.ts';
import type { AccessDelta, AccessList, AccessResource } from './sharing.ts';
import type { TrashSite } from './trash.ts';

/** The most Grist accounts the options hold. */
export const MAX_ACCOUNTS = 10;

/** Settings as the pages may see them: every account, in the options' order. */
export interface PublicSettings {
  accounts: PublicAccount[];
}

/** One account as the pages may see it: whether a key is saved, never the key itself. */
export interface PublicAccount {
  /** Its id among the saved accounts: what the messages name it by. */
  id: string;
  hasApiKey: boolean;
  /**
   * Who the saved key belongs to, as the last successful connection check with it found
   * (`GET /api/profile/user`); null before any.
   */
  user: { name: string; email: string } | null;
  personalSiteUrl: string;
  teamSiteUrls: string[];
  /**
   * Origins (`https://host[:port]`) of configured sites the saved key is not sent to: it was saved
   * for other sites, and the user has not confirmed it for these (nor has Grist listed them for it).
   */
  keyNotConfirmedFor: string[];
  /**
   * Origins of the team sites Grist listed for the saved key beyond the configured ones (on
   * getgrist.com `https://<team>.getgrist.com`, a team's custom host): the options page checks
   * their host permissions too.
   */
  listedOrigins: string[];
}

/**
 * What the options page saves: every account, in order. `id` names a saved account (absent: a new
 * one); `apiKey` absent means "keep the saved key". Every saved account is named, each once: a
 * page that does not know the accounts as saved (changed in another tab) saves nothing.
 */
export interface SettingsInput {
  accounts: AccountInput[];
}

export interface AccountInput {
  id?: string;
  apiKey?: string;
  personalSiteUrl: string;
  teamSiteUrls: string[];
}

/** What "Test connection" found out. */
export interface ConnectionReport {
  userName: string;
  userEmail: string;
  siteCount: number;
}

/** What a rename came to: the name Grist stores, and its history entry (null when nothing changed). */
export interface RenamedDocument {
  name: string;
  entryId: string | null;
}

/** A document as a page names it: its site's id and address, and its own id. */
export interface DocumentKey {
  orgId: number;
  /** Its site's address: org and document ids are per server, and two servers restored from one backup share both. */
  siteUrl?: string;
  docId: string;
}

/** A workspace as a page names it: its site's id and address, and its own id (ids are per server). */
export interface WorkspaceKey {
  orgId: number;
  siteUrl: string;
  workspaceId: number;
}

/** What a change that the change log records came to: its entry (null when the log could not be written). */
export interface LoggedChange {
  entryId: string | null;
}

/** What a copy came to: the new document's id and name (as sent: trimmed), where it is, and its change-log entry. */
export interface CopiedDocument extends LoggedChange {
  id: string;
  name: string;
  to: DocumentPlace;
}

/** What a new document came to: the document as the listing has it, and its change-log entry. */
export interface CreatedDocument extends LoggedChange {
  document: DocumentEntry;
}

/** What a new workspace came to: the workspace as the listing has it (empty), and its change-log entry. */
export interface CreatedWorkspace extends LoggedChange {
  workspace: WorkspaceEntry;
}

/** A Grist document found from its page URL, for the document window. */
export interface DocumentAtUrl {
  /** What the page shows: a document, or a workspace (a workspace page, `/ws/<id>/`). */
  kind: 'document' | 'workspace';
  /** The account it was looked up with (the first of the page's site with `owners` access, else the first): the one that renames it. */
  account: string;
  orgId: number;
  siteUrl: string;
  /** The document's id; for a workspace, its workspaceKey (what its undo is asked with). */
  docId: string;
  name: string;
  /** Only owners may rename (Grist answers 403 to editors and viewers). */
  canRename: boolean;
  /** A document's site name, as Grist answered it (absent for a workspace page). */
  siteName?: string;
  /** A document's workspace, as Grist answered it; null when Grist did not say (absent for a workspace page). */
  workspace?: { id: number; name: string } | null;
}

export interface Protocol {
  getSettings: { request: null; response: PublicSettings };
  saveSettings: { request: SettingsInput; response: PublicSettings };
  /** Forgets an account's key (its sites stay). */
  removeApiKey: { request: { account: string }; response: PublicSettings };
  /** Forgets an account: its key, its sites, its cached listing and where its key went, at once. */
  removeAccount: { request: { account: string }; response: PublicSettings };
  /** "Use the saved key for <host>": the account's saved key may go to this site URL's origin from now on. */
  confirmSavedKey: { request: { account: string; siteUrl: string }; response: PublicSettings };
  /**
   * Tests the given personal site with the typed key, or with the saved key of `account` if none is
   * typed. A saved account's check with its saved key and site records who the key belongs to.
   */
  testConnection: { request: { account?: string; apiKey?: string; personalSiteUrl: string }; response: ConnectionReport };
  /** Fetches every site's listing afresh, stores it as the cached listing and returns it. */
  refreshListing: { request: null; response: Listing };
  /**
   * Renames a document of a listed site (`siteUrl`: its site's address, which tells two servers
   * with the same org and document ids apart); answers the name Grist now stores and the rename's
   * history entry (null when nothing changed).
   */
  renameDocument: { request: { orgId: number; siteUrl?: string; docId: string; name: string; source?: WindowSource }; response: RenamedDocument };
  /**
   * Moves a document of a listed site to a workspace of a listed site on the same Grist server
   * (its owners only, to a workspace they own or edit); answers where it went, and its history entry.
   * `account`: the account whose destinations were offered, which moves it (absent: the first
   * account that owns it); `to` is among that account's sites.
   */
  moveDocument: { request: { account?: string; orgId: number; siteUrl?: string; docId: string; to: { orgId: number; workspaceId: number }; source?: WindowSource }; response: MovedDocument };
  /** Moves a document of a listed site to the trash (its owners only); `source`: where it was asked. */
  removeDocument: { request: DocumentKey & { source?: WindowSource }; response: LoggedChange };
  /** Takes a document out of the trash, back to its workspace (its owners only): one the last `readTrash` listed, or the site's trash has now. */
  restoreDocument: { request: DocumentKey; response: LoggedChange };
  /** Deletes a document of the trash forever (its owners only); never undoable. */
  deleteDocument: { request: DocumentKey; response: LoggedChange };
  /** Pins (`pinned`) or unpins a document of a listed site (owners and editors). */
  pinDocument: { request: DocumentKey & { pinned: boolean }; response: LoggedChange };
  /**
   * Copies a document of a listed site (anyone who sees it) to a workspace of the same account and
   * server its user may add documents to, named `name`; `asTemplate`: its structure only, no data.
   * `account`: the account whose destinations were offered. Never sent again by the extension after
   * an answer that did not say whether Grist made it: the destination is read instead, and the copy
   * is kept (`network`), so the same copy asked again (same destination, name and template choice)
   * reads for it first. `cannot-tell`: nothing sent, nothing kept any more (Copy again, `again`,
   * with nothing kept of such a copy; or one the worker can no longer tell about): check, then copy.
   */
  copyDocument: {
    request: DocumentKey & { account?: string; to: { orgId: number; workspaceId: number }; name: string; asTemplate: boolean; again?: boolean };
    response: CopiedDocument;
  };
  /** A new, empty document named `name` in a workspace of a listed site (its owners and editors). */
  createDocument: { request: { orgId: number; siteUrl: string; workspaceId: number; name: string }; response: CreatedDocument };
  /**
   * Who has access to a document, workspace or site of a listed site, read afresh (one request,
   * with the first account that owns it, else the first that lists it). Kept in memory by the page.
   */
  readAccess: { request: AccessResource; response: AccessList };
  /**
   * One access change (only what changes) to a resource of a listed site, sent with `account` (the
   * one readAccess answered with) if it owns it: its owners only. Emails are checked first (one bad
   * email sends nothing), the user's own is refused; after a lost answer the access is read back and
   * compared, never sent blindly. Logged with its inverse, so it can be undone.
   */
  changeAccess: { request: { resource: AccessResource; account: string; delta: AccessDelta }; response: LoggedChange };
  /**
   * What one person has on every listed site its account owns (their site role, and the workspace
   * and document grants a removal takes with them), read afresh; sites not owned are never named.
   * Refused (`invalid-input`) for the user's own email.
   */
  readPersonGrants: { request: { email: string; site?: PersonSiteKey }; response: PersonGrants };
  /**
   * Starts removing one person from the sites named, as one batch that `undoBatch` puts back, and
   * answers at once (follow it with `getPersonRemoval`): one PATCH per site, each checked against
   * the listing and its owners, what it takes (what the worker kept of the preview `previewId`
   * read, or read first) written to the change log before it is sent, the site's own access and
   * the preview's grants read again just before. A preview's removal starts once: sent again, it
   * answers where the first stands. Goes on with the page closed and after the worker restarts.
   * Refused (`invalid-input`) for the user's own email.
   */
  removePerson: { request: PersonRemovalRequest; response: RemovedPerson };
  /** Where a removal `removePerson` started stands (its batch id): each site's outcome, and whether it is done. */
  getPersonRemoval: { request: { batchId: string }; response: RemovedPerson };
  /** Every listed site's trash, read afresh (one request per site, at once within each host's limit). */
  readTrash: { request: null; response: TrashSite[] };
  /**
   * Renames a workspace of a listed site (its owners only); answers as renameDocument does.
   * `siteUrl` tells the site apart from one of another server with the same org id.
   */
  renameWorkspace: { request: { orgId: number; siteUrl: string; workspaceId: number; name: string }; response: RenamedDocument };
  /**
   * A new, empty workspace named `name` on a listed site its user owns. Never sent twice: after an
   * answer that did not say, the site's workspaces are read back and only one provably made by it is taken.
   */
  createWorkspace: { request: { orgId: number; siteUrl: string; name: string }; response: CreatedWorkspace };
  /** Moves a workspace of a listed site to the trash, with its documents (its owners only). */
  removeWorkspace: { request: WorkspaceKey; response: LoggedChange };
  /** Takes a workspace out of the trash, with its documents (its owners only): one the last `readTrash` listed, or the site's trash has now. */
  restoreWorkspace: { request: WorkspaceKey; response: LoggedChange };
  /**
   * The document a page or link URL shows (`GET {site}/api/docs/<urlId>`), or the workspace
   * (`GET {site}/api/workspaces/<id>`), if the URL is such a page of a configured site;
   * `not-found` with the reason otherwise.
   */
  getDocumentAtUrl: { request: { pageUrl: string }; response: DocumentAtUrl };
  /** Renames the document or workspace a page or link URL shows (`source`: how the window was opened). */
  renameDocumentAtUrl: { request: { pageUrl: string; name: string; source?: WindowSource }; response: RenamedDocument };
  /** The change log (every rename and move), newest first, each entry with whether it can be undone. */
  readChangeLog: { request: null; response: ChangeLogItem[] };
  /** Forgets the change log (Grist is not touched). */
  clearChangeLog: { request: null; response: null };
  /**
   * Undoes a change of the log, of any kind, checking first that nobody changed its document,
   * workspace or site since (`target`: the entry's, whose queue it takes). `force`: even so;
   * `grants`: for a person's removal, the grants changed since to put back all the same
   * (UndoConflict.grant, each asked on its own: "Put back anyway"), only while each still has the
   * role it was shown with.
   */
  undoChange: { request: { entryId: string; target: EntryTarget; force?: boolean; grants?: string[] }; response: UndoOutcome };
  /**
   * Starts a bulk rename run in the worker (documents of its listing only). Every start carries the
   * page's `requestId` (BulkStart): the same id again answers the run it started, sending nothing more.
   */
  startBulkRename: { request: BulkStart & { items: BulkDocument[] }; response: BulkRunSnapshot };
  /**
   * Starts a bulk move run in the worker: documents of its listing, all to one workspace of it, each
   * checked as moveDocument checks one. Watched, stopped, retried and undone as a bulk rename is.
   */
  startBulkMove: { request: BulkMoveRequest; response: BulkRunSnapshot };
  /** Starts a bulk run that moves documents of the worker's listing to the trash (owners only), each checked as removeDocument checks one. */
  startBulkTrash: { request: BulkStart & { items: DocumentKey[] }; response: BulkRunSnapshot };
  /**
   * Starts a bulk run that copies documents of the worker's listing, all to one workspace of it,
   * each named `<name> (copy)` and checked as copyDocument checks one; a copy is never sent twice.
   */
  startBulkCopy: { request: BulkCopyRequest; response: BulkRunSnapshot };
  /**
   * Starts a bulk run that changes who has access to documents of the worker's listing (their owners
   * only), all by one change: each document's access is read just before its one PATCH, which holds
   * only what changes (nothing is sent for a document the change leaves as it is; never the user's
   * own email). The change is checked first, as a whole: one bad email, or one given twice, is
   * refused (`invalid-input`, naming each) and no run starts. Each change is logged with its
   * inverse, so Undo this batch puts the access back.
   */
  startBulkShare: { request: BulkShareRequest; response: BulkRunSnapshot };
  /** Where a bulk run stands; `runId` null: the latest run the worker has (null if none). */
  getBulkRun: { request: { runId: string | null }; response: BulkRunSnapshot | null };
  /** Stops a run: what is on its way finishes, the rest is not sent. */
  stopBulkRun: { request: { runId: string }; response: BulkRunSnapshot };
  /** Sends again the changes of a run that failed (any kind: renames, moves, copies, trash, access changes). */
  retryFailedBulk: { request: { runId: string }; response: BulkRunSnapshot };
  /** Undoes every change of a batch not undone yet (any kind), each checked as a single undo is. */
  undoBatch: { request: { batchId: string }; response: BatchUndoResult[] };
}

export type MessageName = keyof Protocol;
export type RequestOf<K extends MessageName> = Protocol[K]['request'];
export type ResponseOf<K extends MessageName> = Protocol[K]['response'];

/** The envelope sent with `runtime.sendMessage`. */
export interface Message<K extends MessageName = MessageName> {
  type: K;
  request: RequestOf<K>;
}

/** The reply to a message of name K. */
export type Reply<K extends MessageName> = Result<ResponseOf<K>>;

/**
 * The port (`runtime.connect({name})`) a page opens to ask for `refreshListing`; connecting is the
 * request. The answer comes in parts: `underway` once the worker has made its storage reads (a
 * page reading megabytes of cache before then would hold them up in the browser's storage queue,
 * and the refresh with them); the refresh's steps as they happen (the site list, then each site
 * as it answers, in any order, a site again if a rename changed it); then the Reply with no sites.
 * Each site comes as it answers, so one that never does holds back only itself.
 * Chromium passes one 3 MB message three times slower than the same data in 50 parts (measured
 * at 20,000 documents: 43 ms against 13 ms), and the listing is the protocol's only big answer.
 * A page that shows a cached listing names its revision in the port's name
 * (`refreshListing:<revision>`, see listingPortName): a site Grist answers is as in that listing is
 * then sent as `{index, asShown: true}`, without its workspaces, so an unchanged refresh sends the
 * page no listing data at all.
 */
export const LISTING_PORT = 'refreshListing';

/** The listing port's name for a page showing the cached listing of `revision` (none: a page that shows none). */
export function listingPortName(revision: string | undefined): string {
  return revision === undefined ? LISTING_PORT : `${LISTING_PORT}:${revision}`;
}

/** One message on the listing port. `asShown`: site `index` is as in the listing the page said it shows. */
export type ListingPart = { underway: true } | RefreshStep | { index: number; asShown: true } | { end: Reply<'refreshListing'> };

/**
 * The port (`runtime.connect({name})`) the People view opens to read the people of many sites at
 * once: the page posts one SitesPeopleRequest, and the worker reads every site at once (within its
 * per-host limit: a slow host waits alone) and posts each site's reply as it comes, in any order,
 * as a SitesPeoplePart: the list, or why it could not be read (an error value). A malformed request
 * is answered by one `refused` part. The page closes the port once every site answered, or when it
 * goes (a closed popup closes it): the worker then posts nothing more. One port, not a message per
 * site: 201 `runtime.sendMessage` calls took the popup 60 to 300 ms to send and the worker 260 to
 * 500 ms to receive (the bench's People row), before any site's read could start.
 */
export const PEOPLE_PORT = 'readSitesPeople';

/** What the People view asks on PEOPLE_PORT: each site's access, by its id and address (at most MAX_PEOPLE_SITES). */
export interface SitesPeopleRequest {
  sites: Array<{ orgId: number; siteUrl: string }>;
}

/** The most sites one SitesPeopleRequest names: the bench lists 201; a listing holds no more than some hundreds. */
export const MAX_PEOPLE_SITES = 1000;

/** One message of the worker on PEOPLE_PORT: site `index` of the request read (readAccess's reply), or the request refused. */
export type SitesPeoplePart = { index: number; reply: Reply<'readAccess'> } | { refused: ErrorValue };

/**
 * True when `value` has the envelope shape of a message whose name is a key of `known` (the
 * worker's table of request schemas, one per message: its type makes sure none is left out); its
 * request is checked later.
 */
export function isMessage(value: unknown, known: Record<MessageName, unknown>): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    Object.hasOwn(known, (value as { type: string }).type) &&
    'request' in value
  );
}
