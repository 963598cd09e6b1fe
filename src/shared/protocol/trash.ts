/**
 * The trash as the pages show it: each site's documents in the trash
 * (`GET {site}/api/orgs/current/workspaces?showRemoved=1`, filtered on `removedAt`, docs/grist-api.md
 * "Trash listing"), read only when the Trash view is opened, never stored (the worker keeps the
 * last read of each site in memory).
 */
import type { ErrorValue } from './errors.ts';
import type { SiteNaming } from './listing.ts';

/** Grist empties the trash itself: a document in it is deleted for good this many days after its removal. */
export const TRASH_DAYS = 30;

/** A document in the trash. */
export interface TrashedDocument {
  id: string;
  name: string;
  /** When it was moved to the trash (ISO 8601). */
  removedAt: string;
  /** The caller's role on it: owners restore and delete it. */
  access: string | null;
  /** The workspace it goes back to. */
  workspace: { id: number; name: string };
}

/**
 * A workspace in the trash (the trash listing gives it a `removedAt`), with its documents, which went
 * with it and come back with it.
 */
export interface TrashedWorkspace {
  id: number;
  name: string;
  /** When it was moved to the trash (ISO 8601). */
  removedAt: string;
  /** The caller's role on it: owners restore it. */
  access: string | null;
  /** The names of the documents in it, as the trash listing gives them. */
  documents: Array<{ id: string; name: string }>;
}

/** One site's trash, as one account sees it. */
export interface TrashSite extends SiteNaming {
  account: string;
  orgId: number;
  name: string;
  siteUrl: string;
  /** Newest removal first. */
  documents: TrashedDocument[];
  /** The workspaces in the trash, newest removal first. */
  workspaces: TrashedWorkspace[];
  /** Set when the site's trash could not be read. */
  error?: ErrorValue;
}
