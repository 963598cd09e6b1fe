/**
 * Builders of the listing the popup, the bulk page, the document window and the worker's helpers read
 * (src/shared/protocol/listing.ts), for unit and component tests. Each takes what a test usually names
 * positionally and anything else as a partial object of overrides, spread last, so a test states
 * only what it looks at. Listings of the fake Grist server's sample data come from the server
 * itself (test/fake-grist/), not from here.
 */
import type { Row } from '../../src/listing-view/listing-rows.ts';
import type { DocumentEntry, Listing, SiteEntry, WorkspaceEntry } from '../../src/shared/protocol/listing.ts';

/** The account id (AccountEntry.id) the builders give a site unless told otherwise. */
const LISTING_ACCOUNT = 'a1';

/**
 * One document. In: its 22-character id (any string will do), its name, and overrides.
 * Out: urlId the first 12 characters of the id (as Grist makes it), access `owners`, not pinned,
 * changed at 2024-01-01T00:00:00.000Z.
 */
export function documentEntry(id: string, name: string, overrides: Partial<DocumentEntry> = {}): DocumentEntry {
  return { id, urlId: id.slice(0, 12), name, access: 'owners', isPinned: false, updatedAt: '2024-01-01T00:00:00.000Z', ...overrides };
}

/**
 * One workspace. In: its id, name, documents (none by default) and overrides.
 * Out: no `access` unless given, as when Grist gives none (canRename then says no).
 */
export function workspaceEntry(id: number, name: string, documents: DocumentEntry[] = [], overrides: Partial<WorkspaceEntry> = {}): WorkspaceEntry {
  return { id, name, documents, ...overrides };
}

/**
 * One team site. In: its org id, name, workspaces (none by default) and overrides.
 * Out: account `a1`, domain null, not personal, at `https://<name in lower case>.example.com`.
 */
export function siteEntry(orgId: number, name: string, workspaces: WorkspaceEntry[] = [], overrides: Partial<SiteEntry> = {}): SiteEntry {
  return { account: LISTING_ACCOUNT, orgId, name, domain: null, personal: false, siteUrl: `https://${name.toLowerCase()}.example.com`, workspaces, ...overrides };
}

/**
 * The user's personal site on Grist's hosted service. In: its workspaces and overrides.
 * Out: account `a1`, org 1 named `Personal`, domain `docs-5`, at https://docs.getgrist.com.
 */
export function personalSiteEntry(workspaces: WorkspaceEntry[], overrides: Partial<SiteEntry> = {}): SiteEntry {
  return { account: LISTING_ACCOUNT, orgId: 1, name: 'Personal', domain: 'docs-5', personal: true, siteUrl: 'https://docs.getgrist.com', workspaces, ...overrides };
}

/** A listing. In: its sites, in order, and overrides (revision, accounts...). Out: fetched at 1 ms, no revision. */
export function listingOf(sites: SiteEntry[], overrides: Partial<Listing> = {}): Listing {
  return { fetchedAt: 1, sites, ...overrides };
}

/**
 * A row of the popup's list as a test names it: `kind:name` (sites, workspaces, documents and pages
 * by name, a page indented two spaces a level, notes and errors by their text, an account by its
 * email or number).
 */
export function describeRow(row: Row): string {
  switch (row.kind) {
    case 'site':
      return `site:${row.site.name}`;
    case 'site-error':
      return `error:${row.error.message}`;
    case 'note':
    case 'pages-note':
      return `note:${row.text}`;
    case 'workspace':
      return `workspace:${row.workspace.name}`;
    case 'document':
      return `document:${row.document.name}`;
    case 'page':
      return `${'  '.repeat(row.depth)}page:${row.page.name}`;
    case 'account':
      return `account:${row.account.user?.email ?? row.number}`;
    case 'account-error':
      return `account-error:${row.error.message}`;
    default:
      return row.kind;
  }
}
