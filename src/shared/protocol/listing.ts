/**
 * The listing the popup shows: every site, its workspaces and their documents, as the background
 * worker built it from Grist (`GET /api/orgs`, `GET {site}/api/orgs/current/workspaces`).
 * It holds no API key, so it may be cached in storage and read by the popup.
 */
import type { ErrorValue } from './errors.ts';
import { t } from '../i18n.ts';

/** One Grist document as the popup needs it. Field names follow Grist's Doc object. */
export interface DocumentEntry {
  /** Grist's 22-character document id, used to rename. */
  id: string;
  /** Id used in document page URLs: usually the first 12 characters of `id`, or an alias. */
  urlId: string;
  name: string;
  /** The caller's role on the document: `owners`, `editors`, `viewers`...; null if Grist gives none. */
  access: string | null;
  isPinned: boolean;
  /** ISO 8601 time of the last change. */
  updatedAt: string;
  /**
   * Set when anyone with the link may open it (Grist's listing says `"public": true`, docs/grist-api.md
   * "Public link"); absent otherwise, so the cached listing of 20,000 documents stays as small.
   */
  isPublic?: true;
}

export interface WorkspaceEntry {
  id: number;
  name: string;
  /** The caller's role on the workspace (`owners`...); null if Grist gives none. */
  access?: string | null;
  documents: DocumentEntry[];
}

/**
 * One of the user's Grist accounts (an API key and its sites, see the options), as a listing
 * heads its sites with it when there are two or more.
 */
export interface AccountEntry {
  /** The account's id in the saved settings (never the key). */
  id: string;
  /** Who the key belongs to (`GET /api/profile/user`), once a connection check has said; null before. */
  user: { name: string; email: string } | null;
  /** The host of the account's server (its personal site's), e.g. `docs.getgrist.com`. */
  server: string;
  /** Set when the account's site list could not be had: its sites then are those of the last good listing, if any. */
  error?: ErrorValue;
}

/** One site (Grist "org") with the address the extension reaches it at. */
export interface SiteEntry {
  /**
   * The id of the account that listed it (AccountEntry.id): its key is the one sent for this site.
   * Two accounts on one server may each list the same org: it is then two entries.
   */
  account: string;
  orgId: number;
  name: string;
  /** The org's `domain`, e.g. `acme` or `docs-5`; null if Grist gives none. */
  domain: string | null;
  /**
   * True for the user's own personal site (the first site Grist lists, docs/grist-api.md "Sites and their addresses"). A
   * listing cached before version 9 marked every personal site so; the storage migration drops it.
   */
  personal: boolean;
  /**
   * Set on another person's personal site only (one that shared a document or workspace with the
   * user; Grist's `owner`): its owner's name as Grist gives it, `''` when they have none. Grist
   * names every personal site "Personal", so this is what tells it from the user's own.
   */
  owner?: string;
  /**
   * The caller's role on the site (`owners`, `editors`, `viewers`, `members`, `guests`), as
   * `GET /api/orgs` gives it; absent in a listing cached before it was kept. Only owners may change
   * who has access to it.
   */
  access?: string | null;
  /** Canonical site URL (see site-url.ts): base of `/api/...` calls and of document links. */
  siteUrl: string;
  workspaces: WorkspaceEntry[];
  /** Set when this site could not be listed; `workspaces` then holds the last good listing, if any. */
  error?: ErrorValue;
  /**
   * Only while a refresh is under way, in a page: this site has not answered yet, and `workspaces`
   * holds what the page showed of it before (possibly nothing). Never stored.
   */
  pending?: true;
}

/** A site as the site list (`GET /api/orgs`) gives it, before its workspaces are asked. */
export type SiteHeader = Omit<SiteEntry, 'workspaces' | 'error' | 'pending'>;

/**
 * One step of a refresh as it goes: the site list once Grist gave it, then each site as its answer
 * arrives (`index` into that list; `unchanged` when Grist answered 304 and it is the cached copy).
 */
export type RefreshStep = { sites: SiteHeader[]; accounts?: AccountEntry[] } | { site: SiteEntry; index: number; unchanged: boolean };

export interface Listing {
  /** When the background built it, in ms since the epoch (a cached one keeps it through unchanged refreshes). */
  fetchedAt: number;
  /**
   * Names the content: two listings with the same revision hold the same sites, workspaces and
   * documents, so a page showing one need not render the other.
   */
  revision?: string;
  sites: SiteEntry[];
  /**
   * The accounts, in the options' order, when there are two or more: the popup heads each
   * account's sites with it. The sites come in the same order, each account's together.
   */
  accounts?: AccountEntry[];
}

/**
 * What each account is called beside what it made or lists, where two or more are saved: its
 * user's email, or `Account <n>` (its place in the options) until a check has said whose key it
 * is. In: the accounts, in the options' order. Out: names by account id; none with one account.
 */
export function accountShortNames(accounts: readonly { id: string; user: { email: string } | null }[]): Map<string, string> {
  return new Map(accounts.length > 1 ? accounts.map((account, index) => [account.id, account.user?.email ?? t('accountLegend', String(index + 1))]) : []);
}

/**
 * Only owners may rename a document or a workspace: Grist answers 403 "access denied" to editors
 * and viewers (a workspace's rename needs the schema-edit right, docs/grist-api.md "Renaming a workspace"). Grist's support
 * workspace is never listed.
 */
export function canRename(entry: DocumentEntry | WorkspaceEntry): boolean {
  return entry.access === 'owners';
}

/**
 * Only a site's owners are offered a new workspace in it, and only a workspace's owners its move to
 * the trash (Grist answers 403 "access denied" to editors: docs/grist-api.md "Workspaces").
 */
export function ownsSite(site: Pick<SiteEntry, 'access'>): boolean {
  return site.access === 'owners';
}

/**
 * A move, a copy or a new document may go to a workspace whose `access` is `owners` or `editors`
 * (otherwise Grist answers 403, docs/grist-api.md "Moving a document", "Copy").
 */
export function canAddDocuments(workspace: WorkspaceEntry): boolean {
  return workspace.access === 'owners' || workspace.access === 'editors';
}

/**
 * Where a document is or goes (one end of a move, a copy's destination, a new document's
 * workspace): a workspace and its site (id, name and address), as the listing has them.
 */
export interface DocumentPlace {
  site: { orgId: number; name: string; url: string } & SiteNaming;
  workspace: { id: number; name: string };
}

/** What a move came to: where the document is now, and the move's history entry (null when the history could not be written). */
export interface MovedDocument {
  to: DocumentPlace;
  entryId: string | null;
}

/**
 * What names a site (siteDisplayName): its Grist name; `personal`, the user's own personal site;
 * `owner`, another person's personal site and its owner's name (SiteEntry). Both absent where not
 * known: a change-log entry written before version 9 kept neither, and reads by its Grist name.
 */
export interface SiteNaming {
  name: string;
  personal?: boolean;
  owner?: string;
}

/**
 * The name a site is shown by, so two sites never read the same: "Personal" (in the user's
 * language) for the user's own personal site, "<owner>'s Personal" for another person's (Grist
 * names them all "Personal"), else its Grist name. `account`: the name of the account that lists
 * it (accountShortNames), given only where several accounts' sites are shown side by side (the
 * People view, the History, the Bulk page's pickers): two accounts' own personal sites then read
 * "<account>'s Personal" each, not "Personal" twice. A personal site whose owner has no name reads
 * "Someone else's Personal".
 */
export function siteDisplayName(site: SiteNaming, account?: string): string {
  if (site.personal) return account ? t('personalSiteOf', account) : t('personalSite');
  if (site.owner === undefined) return site.name;
  const owner = site.owner.trim();
  return owner ? t('personalSiteOf', owner) : t('personalSiteOfSomeone');
}

/** Whose personal site `site` is, as a copy of it keeps it (a place, a trash, a log entry): only the fields set. */
export function siteNaming(site: Omit<SiteNaming, 'name'>): Omit<SiteNaming, 'name'> {
  return { ...(site.personal && { personal: true }), ...(site.owner !== undefined && { owner: site.owner }) };
}

/** A document's page: `{site}/doc/<urlId>`, a form Grist serves on every deployment style. */
export function documentPageUrl(siteUrl: string, document: DocumentEntry): string {
  return `${siteUrl}/doc/${encodeURIComponent(document.urlId)}`;
}

/** Pinned documents first, then the most recently changed; returns a new array. */
export function sortDocuments(documents: readonly DocumentEntry[]): DocumentEntry[] {
  return [...documents].sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || b.updatedAt.localeCompare(a.updatedAt),
  );
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

const isErrorOrAbsent = (error: unknown) => error === undefined || (isObject(error) && isString(error.kind) && isString(error.message));

function isDocumentEntry(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.id) &&
    isString(value.urlId) &&
    isString(value.name) &&
    isStringOrNull(value.access) &&
    typeof value.isPinned === 'boolean' &&
    isString(value.updatedAt) &&
    (value.isPublic === undefined || value.isPublic === true)
  );
}

function isWorkspaceEntry(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    isString(value.name) &&
    (value.access === undefined || isStringOrNull(value.access)) &&
    Array.isArray(value.documents) &&
    value.documents.every(isDocumentEntry)
  );
}

function isSiteEntry(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.account) &&
    typeof value.orgId === 'number' &&
    isString(value.name) &&
    isStringOrNull(value.domain) &&
    typeof value.personal === 'boolean' &&
    (value.owner === undefined || isString(value.owner)) &&
    (value.access === undefined || isStringOrNull(value.access)) &&
    isString(value.siteUrl) &&
    isErrorOrAbsent(value.error) &&
    Array.isArray(value.workspaces) &&
    value.workspaces.every(isWorkspaceEntry)
  );
}

function isAccountEntry(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.id) &&
    isString(value.server) &&
    (value.user === null || (isObject(value.user) && isString(value.user.name) && isString(value.user.email))) &&
    isErrorOrAbsent(value.error)
  );
}

/**
 * True when `value` has the shape of a Listing, down to every document. For the cached listing
 * read back from storage: checked in place, a hand-written check is five times faster than a
 * schema library's parse, which copies every object (valibot: 10–15 ms at 20,000 documents and
 * 57 ms at 100,000, each time a popup opens), and keeps the library out of the popup's script.
 */
export function isListing(value: unknown): value is Listing {
  return (
    isObject(value) &&
    typeof value.fetchedAt === 'number' &&
    (value.revision === undefined || isString(value.revision)) &&
    Array.isArray(value.sites) &&
    value.sites.every(isSiteEntry) &&
    (value.accounts === undefined || (Array.isArray(value.accounts) && value.accounts.every(isAccountEntry)))
  );
}

/** What a first-screen listing's revision starts with, before the whole listing's revision. */
export const PREVIEW_REVISION = 'preview:';

/**
 * The listing's first screen: sites, workspaces and documents in display order (documents sorted
 * as the popup sorts them) until `rows` headings and documents have been taken. The popup shows
 * it while the whole listing, megabytes at 20,000 documents, is still being read. Its revision is
 * marked as a preview, so the whole listing always replaces it. Out: a new, smaller Listing.
 */
export function listingPreview(listing: Listing, rows: number): Listing {
  let left = rows;
  const sites: SiteEntry[] = [];
  for (const site of listing.sites) {
    if (left <= 0) break;
    left -= 1;
    const workspaces: WorkspaceEntry[] = [];
    for (const workspace of site.workspaces) {
      // An empty one too: its heading is a row (listing-view/listing-rows.ts).
      if (left <= 0) break;
      left -= 1;
      const documents = sortDocuments(workspace.documents).slice(0, Math.max(0, left));
      left -= documents.length;
      workspaces.push({ ...workspace, documents });
    }
    sites.push({ ...site, workspaces });
  }
  return { ...listing, revision: `${PREVIEW_REVISION}${listing.revision ?? ''}`, sites };
}
