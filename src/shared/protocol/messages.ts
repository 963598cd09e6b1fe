/**
 * The one message protocol between the extension pages (popup, options) and the background
 * service worker: MESSAGES declares each message once (its name, its request's schema and type,
 * its response's type); every reply is a `Result` (errors travel as values, see errors.ts). No
 * response ever carries the API key.
 */
import * as v from 'valibot';
import { accessDeltaSchema } from './access-delta-schema.ts';
import type { Result } from './errors.ts';
import { MAX_BULK_ITEMS, type BatchUndoResult, type BulkRunSnapshot } from './bulk.ts';
import type { DownloadDone } from './downloads.ts';
import { WINDOW_SOURCES, type ChangeLogItem } from './change-log.ts';
import type { UndoOutcome } from './undo-outcome.ts';
import type { DocumentEntry, DocumentPlace, Listing, MovedDocument, WorkspaceEntry } from './listing.ts';
import type { PersonGrants, RemovedPerson } from './people.ts';
import type { KnownPages, OpenedPage } from './pages.ts';
import { accessResource, accountId, bulkDestination, bulkItems, bulkStart, documentKey, downloadFormat, grantedOnce, listingAccount, MAX_PERSON_SITES, moveDestination, sharingChange, siteUrls, withEntries, workspaceKeyEntries } from './request-schemas.ts';
import type { AccessList } from './sharing.ts';
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

/**
 * Stands for a message's response type in MESSAGES: it holds no value (the entry's `response` is
 * undefined at run time); only the type checker reads it.
 */
/* @__NO_SIDE_EFFECTS__ */
function typed<T>(): T {
  return undefined as T;
}

/**
 * Every message of the protocol, each declared once: its name, the schema its request must pass
 * (the request's type is what the schema answers) and its response's type. The worker checks each
 * request against its schema before its handler runs (message-router.ts), its handler table is typed
 * by this map (a message without a handler is a type error), and the security test iterates it. Every
 * message is sent by the extension's own pages only (popup, options, bulk and document windows):
 * the worker drops any other sender.
 */
export const MESSAGES = {
  getSettings: { request: v.null(), response: typed<PublicSettings>() },
  saveSettings: {
    request: v.object({
      accounts: v.pipe(v.array(v.object(withEntries(siteUrls, { id: v.optional(v.pipe(v.string(), v.minLength(1))), apiKey: v.optional(v.string()) }))), v.maxLength(MAX_ACCOUNTS)),
    }),
    response: typed<PublicSettings>(),
  },
  /** Forgets an account's key (its sites stay). */
  removeApiKey: { request: v.object(accountId), response: typed<PublicSettings>() },
  /** Forgets an account: its key, its sites, its cached listing and where its key went, at once. */
  removeAccount: { request: v.object(accountId), response: typed<PublicSettings>() },
  /** "Use the saved key for <host>": the account's saved key may go to this site URL's origin from now on. */
  confirmSavedKey: { request: v.object(withEntries(accountId, { siteUrl: v.string() })), response: typed<PublicSettings>() },
  /**
   * Tests the given personal site with the typed key, or with the saved key of `account` if none is
   * typed. A saved account's check with its saved key and site records who the key belongs to.
   */
  testConnection: { request: v.object({ account: v.optional(v.string()), apiKey: v.optional(v.string()), personalSiteUrl: v.string() }), response: typed<ConnectionReport>() },
  /** Fetches every site's listing afresh, stores it as the cached listing and returns it. */
  refreshListing: { request: v.null(), response: typed<Listing>() },
  /**
   * Renames a document of a listed site (`siteUrl`: its site's address, which tells two servers
   * with the same org and document ids apart); answers the name Grist now stores and the rename's
   * history entry (null when nothing changed).
   */
  renameDocument: { request: v.object(withEntries(documentKey, { name: v.string(), source: v.optional(v.picklist(WINDOW_SOURCES)) })), response: typed<RenamedDocument>() },
  /**
   * Moves a document of a listed site to a workspace of a listed site on the same Grist server
   * (its owners only, to a workspace they own or edit); answers where it went, and its history entry.
   * `account`: the account whose destinations were offered, which moves it (absent: the first
   * account that owns it); `to` is among that account's sites.
   */
  moveDocument: {
    request: v.object(withEntries(documentKey, { account: v.optional(v.string()), to: moveDestination, source: v.optional(v.picklist(WINDOW_SOURCES)) })),
    response: typed<MovedDocument>(),
  },
  /** Moves a document of a listed site to the trash (its owners only); `source`: where it was asked. */
  removeDocument: { request: v.object(withEntries(documentKey, { source: v.optional(v.picklist(WINDOW_SOURCES)) })), response: typed<LoggedChange>() },
  /** Takes a document out of the trash, back to its workspace (its owners only): one the last `readTrash` listed, or the site's trash has now. */
  restoreDocument: { request: v.object(documentKey), response: typed<LoggedChange>() },
  /** Deletes a document of the trash forever (its owners only); never undoable. */
  deleteDocument: { request: v.object(documentKey), response: typed<LoggedChange>() },
  /** Pins (`pinned`) or unpins a document of a listed site (owners and editors). */
  pinDocument: { request: v.object(withEntries(documentKey, { pinned: v.boolean() })), response: typed<LoggedChange>() },
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
    request: v.object(withEntries(documentKey, { account: v.optional(v.string()), to: moveDestination, name: v.string(), asTemplate: v.boolean(), again: v.optional(v.boolean()) })),
    response: typed<CopiedDocument>(),
  },
  /** A new, empty document named `name` in a workspace of a listed site (its owners and editors). */
  createDocument: { request: v.object({ orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()), name: v.string() }), response: typed<CreatedDocument>() },
  /**
   * Who has access to a document, workspace or site of a listed site, read afresh (one request,
   * with the first account that owns it, else the first that lists it). Kept in memory by the page.
   */
  readAccess: { request: accessResource, response: typed<AccessList>() },
  /**
   * One access change (only what changes) to a resource of a listed site, sent with `account` (the
   * one readAccess answered with) if it owns it: its owners only. Emails are checked first (one bad
   * email sends nothing), the user's own is refused; after a lost answer the access is read back and
   * compared, never sent blindly. Logged with its inverse, so it can be undone.
   */
  changeAccess: { request: v.object(withEntries(accountId, { resource: accessResource, delta: accessDeltaSchema })), response: typed<LoggedChange>() },
  /**
   * What one person has on every listed site its account owns (their site role, and the workspace
   * and document grants a removal takes with them), read afresh; sites not owned are never named.
   * Refused (`invalid-input`) for the user's own email.
   */
  readPersonGrants: {
    request: v.object({ email: v.pipe(v.string(), v.minLength(1)), site: v.optional(v.object({ orgId: v.number(), siteUrl: v.string() })) }),
    response: typed<PersonGrants>(),
  },
  /**
   * Starts removing one person from the sites named, as one batch that `undoBatch` puts back, and
   * answers at once (follow it with `getPersonRemoval`): one PATCH per site, each checked against
   * the listing and its owners, what it takes (what the worker kept of the preview `previewId`
   * read, or read first) written to the change log before it is sent, the site's own access and
   * the preview's grants read again just before. A preview's removal starts once: sent again, it
   * answers where the first stands. Goes on with the page closed and after the worker restarts.
   * Refused (`invalid-input`) for the user's own email.
   */
  removePerson: {
    request: v.object({
      email: v.pipe(v.string(), v.minLength(1)),
      previewId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
      // Strict: a page never sends what the person has (the worker keeps what its preview read).
      sites: v.pipe(v.array(v.strictObject({ orgId: v.number(), siteUrl: v.string() })), v.maxLength(MAX_PERSON_SITES)),
    }),
    response: typed<RemovedPerson>(),
  },
  /** Where a removal `removePerson` started stands (its batch id): each site's outcome, and whether it is done. */
  getPersonRemoval: { request: v.object({ batchId: v.pipe(v.string(), v.minLength(1)) }), response: typed<RemovedPerson>() },
  /** Every listed site's trash, read afresh (one request per site, at once within each host's limit). */
  readTrash: { request: v.null(), response: typed<TrashSite[]>() },
  /**
   * Renames a workspace of a listed site (its owners only); answers as renameDocument does.
   * `siteUrl` tells the site apart from one of another server with the same org id.
   */
  renameWorkspace: { request: v.object({ orgId: v.number(), siteUrl: v.string(), workspaceId: v.pipe(v.number(), v.integer()), name: v.string() }), response: typed<RenamedDocument>() },
  /**
   * A new, empty workspace named `name` on a listed site its user owns. Never sent twice: after an
   * answer that did not say, the site's workspaces are read back and only one provably made by it is taken.
   */
  createWorkspace: { request: v.object({ orgId: v.number(), siteUrl: v.string(), name: v.string() }), response: typed<CreatedWorkspace>() },
  /** Moves a workspace of a listed site to the trash, with its documents (its owners only). */
  removeWorkspace: { request: v.object(workspaceKeyEntries), response: typed<LoggedChange>() },
  /** Takes a workspace out of the trash, with its documents (its owners only): one the last `readTrash` listed, or the site's trash has now. */
  restoreWorkspace: { request: v.object(workspaceKeyEntries), response: typed<LoggedChange>() },
  /**
   * The document a page or link URL shows (`GET {site}/api/docs/<urlId>`), or the workspace
   * (`GET {site}/api/workspaces/<id>`), if the URL is such a page of a configured site;
   * `not-found` with the reason otherwise.
   */
  getDocumentAtUrl: { request: v.object({ pageUrl: v.string() }), response: typed<DocumentAtUrl>() },
  /** Renames the document or workspace a page or link URL shows (`source`: how the window was opened). */
  renameDocumentAtUrl: { request: v.object({ pageUrl: v.string(), name: v.string(), source: v.optional(v.picklist(WINDOW_SOURCES)) }), response: typed<RenamedDocument>() },
  /** The change log (every rename and move), newest first, each entry with whether it can be undone. */
  readChangeLog: { request: v.null(), response: typed<ChangeLogItem[]>() },
  /** Clear history: forgets the change log and the documents and pages opened (frecency); Grist is not touched. */
  clearChangeLog: { request: v.null(), response: typed<null>() },
  /**
   * Undoes a change of the log, of any kind, checking first that nobody changed its document,
   * workspace or site since (`target`: the entry's, whose queue it takes). `force`: even so;
   * `grants`: for a person's removal, the grants changed since to put back all the same
   * (UndoConflict.grant, each asked on its own: "Put back anyway"), only while each still has the
   * role it was shown with.
   */
  undoChange: {
    request: v.object({
      entryId: v.pipe(v.string(), v.minLength(1)),
      // What the entry changed (EntryTarget): the undo queues under it at once.
      target: v.variant('kind', [
        v.object({ kind: v.literal('document'), id: v.pipe(v.string(), v.minLength(1)) }),
        v.object({ kind: v.literal('workspace'), id: v.pipe(v.number(), v.integer()) }),
        v.object({ kind: v.literal('site'), id: v.number() }),
      ]),
      force: v.optional(v.boolean()),
      // UndoConflict.grant's: a personStepKey (`site`, `workspace:<id>`, `document:<id>`) and the role
      // shown (`=viewers`); the History asks one at a time.
      grants: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^(site|workspace:\d+|document:[^\s:=]+)=(owners|editors|viewers|members)$/), v.maxLength(200))), v.maxLength(MAX_BULK_ITEMS))),
    }),
    response: typed<UndoOutcome>(),
  },
  /**
   * Starts a bulk rename run in the worker (documents of its listing only). Every start carries the
   * page's `requestId` (BulkStart): the same id again answers the run it started, sending nothing more.
   */
  startBulkRename: { request: v.object(withEntries(bulkStart, { items: bulkItems(withEntries(documentKey, { newName: v.string() })) })), response: typed<BulkRunSnapshot>() },
  /**
   * Starts a bulk move run in the worker: documents of its listing, all to one workspace of it, each
   * checked as moveDocument checks one. Watched, stopped, retried and undone as a bulk rename is.
   */
  startBulkMove: { request: v.object(withEntries(bulkStart, { items: bulkItems(documentKey), to: bulkDestination })), response: typed<BulkRunSnapshot>() },
  /** Starts a bulk run that moves documents of the worker's listing to the trash (owners only), each checked as removeDocument checks one. */
  startBulkTrash: { request: v.object(withEntries(bulkStart, { items: bulkItems(documentKey) })), response: typed<BulkRunSnapshot>() },
  /**
   * Starts a bulk run that copies documents of the worker's listing, all to one workspace of it,
   * each named `<name> (copy)` and checked as copyDocument checks one; a copy is never sent twice.
   */
  startBulkCopy: { request: v.object(withEntries(bulkStart, { items: bulkItems(documentKey), to: bulkDestination })), response: typed<BulkRunSnapshot>() },
  /**
   * Starts a bulk run that changes who has access to documents of the worker's listing (their owners
   * only), all by one change: each document's access is read just before its one PATCH, which holds
   * only what changes (nothing is sent for a document the change leaves as it is; never the user's
   * own email). The change is checked first, as a whole: one bad email, or one given twice, is
   * refused (`invalid-input`, naming each) and no run starts. Each change is logged with its
   * inverse, so Undo this batch puts the access back.
   */
  startBulkShare: { request: v.object(withEntries(bulkStart, { items: bulkItems(documentKey), change: sharingChange })), response: typed<BulkRunSnapshot>() },
  /**
   * Starts a bulk run that downloads documents of the worker's listing as `format` into one new
   * folder of the browser's downloads (Grist backup <date>/<site>/<workspace>/<document>.<ext>), with
   * a backup.json listing what was saved. Reads only: nothing is logged, no Undo. `once: 'granted'`
   * (the popup's Back up…, sent in the click that asks the permission): started once the browser
   * grants the `downloads` permission (at most a minute), never if it does not.
   */
  startBulkBackup: { request: v.object(withEntries(bulkStart, { items: bulkItems(documentKey), format: downloadFormat, once: grantedOnce })), response: typed<BulkRunSnapshot>() },
  /** Where a bulk run stands; `runId` null: the latest run the worker has (null if none). */
  getBulkRun: { request: v.object({ runId: v.nullable(v.string()) }), response: typed<BulkRunSnapshot | null>() },
  /** Stops a run: what is on its way finishes, the rest is not sent. */
  stopBulkRun: { request: v.object({ runId: v.string() }), response: typed<BulkRunSnapshot>() },
  /** Sends again the changes of a run that failed (any kind: renames, moves, copies, trash, access changes). */
  retryFailedBulk: { request: v.object({ runId: v.string() }), response: typed<BulkRunSnapshot>() },
  /** Undoes every change of a batch not undone yet (any kind), each checked as a single undo is. */
  undoBatch: { request: v.object({ batchId: v.pipe(v.string(), v.minLength(1)) }), response: typed<BatchUndoResult[]>() },
  /**
   * Downloads one document of the worker's listing as `format` (a CSV: its table `tableId`) into the
   * browser's download folder under the document's name. Answers once the browser has the file.
   * Throws: `no-downloads-permission` without the optional permission; Grist's refusal in its words
   * (`not-found` "Document is deleted", `forbidden`), read with a GET once the download failed.
   * `once: 'granted'` (sent in the click that asks the permission): started once the browser grants
   * it (at most a minute), never if it does not.
   */
  downloadDocument: { request: v.object(withEntries(documentKey, { format: downloadFormat, tableId: v.optional(v.pipe(v.string(), v.minLength(1))), once: grantedOnce })), response: typed<DownloadDone>() },
  /** The tables of a document of the worker's listing (one GET of its `/tables`), their ids in Grist's order. */
  readDocumentTables: { request: v.object(documentKey), response: typed<string[]>() },
  /**
   * The popup's request for the downloads permission answered false: the `once: 'granted'` start
   * the worker holds, if any, ends without starting (its sender is answered `no-downloads-permission`).
   */
  dropWaitingDownloads: { request: v.null(), response: typed<null>() },
  /** Shows a file the extension downloaded in its folder (downloads.show). */
  showDownload: { request: v.object({ downloadId: v.pipe(v.number(), v.integer()) }), response: typed<null>() },
  /** A document's pages (shared/protocol/pages.ts): as known, or read from Grist when not known or `fresh`; stored. Never for a document the listing does not list (one in the trash). */
  readPages: { request: v.object(withEntries(documentKey, { account: listingAccount, fresh: v.optional(v.boolean()) })), response: typed<KnownPages>() },
  /** Opens a page of a document in a new tab, once Grist says it is still there (one read); gone, opens the document in a background tab and answers its pages now. Counts as an open (frecency). */
  openPage: { request: v.object(withEntries(documentKey, { account: listingAccount, viewRef: v.pipe(v.number(), v.integer()) })), response: typed<OpenedPage>() },
  /** Notes that the user opened a document from the extension (a link of the popup, the document window): its frecency. */
  noteOpened: { request: v.object(withEntries(documentKey, { account: listingAccount })), response: typed<null>() },
};

/** What MESSAGES declares of each message, as types: the request its schema lets through, and the response. */
export type Protocol = {
  [K in keyof typeof MESSAGES]: { request: v.InferOutput<(typeof MESSAGES)[K]['request']>; response: (typeof MESSAGES)[K]['response'] };
};

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

// The listing's and the People view's ports, named here as before (message-ports.ts).
export { LISTING_PORT, listingPortName, MAX_PEOPLE_SITES, PEOPLE_PORT, type ListingPart, type SitesPeoplePart, type SitesPeopleRequest } from './message-ports.ts';

/**
 * True when `value` has the envelope shape of a message MESSAGES declares; its request is checked
 * later, against its schema.
 */
export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    Object.hasOwn(MESSAGES, (value as { type: string }).type) &&
    'request' in value
  );
}
