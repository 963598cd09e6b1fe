/**
 * The bulk backup runs as the worker stores them (background/downloads/backup-operation.ts), so a
 * worker the browser stopped (a service worker idle for 30 s is stopped; the browser keeps
 * downloading what it started) resumes each run at its next start: each document's place and
 * path, the browser's id of each download started, what was saved and what failed. In
 * `storage.session`, as the copies kept for Copy again are (storage-items.ts keptCopiesItem): it
 * outlives the worker's stops, not the browser, and no page reads it. Holds no key and no email: a
 * run's items name documents, sites and workspaces, and Grist's reason for a failure.
 * A new item: older versions stored nothing under its key, so no schema version bump
 * (storage-items.ts SCHEMA_VERSION); a stored value that does not match reads as none.
 */
import * as v from 'valibot';
import { MAX_BULK_ITEMS, type BulkItemStatus } from '../protocol/bulk.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../protocol/downloads.ts';
import { bySchema, defineItem } from './storage-item.ts';

/** One file of a backed-up document: its path, and the browser's download of it once started. */
export interface BackupFile {
  /** Relative to the browser's download folder: `<folder>/<site>/<workspace>/<document>.<ext>` (CSV: `.../<document>/<table>.csv`). */
  path: string;
  /** A CSV file's table; absent for a document's one file. */
  tableId?: string;
  /** The browser's download id, once started: a worker started again follows it, never starting a second. */
  downloadId: number | null;
  /**
   * True from the moment its download is asked of the browser until it ends: with no id yet, the
   * worker stopped before the browser gave it, and the one started again looks for it (absent: false).
   */
  asked?: boolean;
  /** True once it was interrupted and started again into the same path (it is retried once only). */
  retried: boolean;
  /** Its size in bytes, once saved. */
  bytes: number | null;
}

/** What a backup run keeps of one document it saves (its target, and what became of it). */
export interface BackupEntry {
  /** The account whose key downloads it (its id: no key, no email). */
  account: string;
  orgId: number;
  /** Its site's address (where its downloads go), and names as the worker's listing gave them. */
  siteUrl: string;
  siteName: string;
  workspaceName: string;
  docId: string;
  name: string;
  /** Its file's path (a CSV backup: its folder of tables), relative to the download folder (file-names.ts backupLayout). */
  path: string;
  /** Its files: one, or a CSV backup's one per table (empty until its tables were read). */
  files: BackupFile[];
  /** A CSV backup: true once its tables were read (`files` holds one per table). */
  tablesRead: boolean;
  /** When it was saved (ms since the epoch); null before. */
  savedAt: number | null;
}

/** A backup run as stored: what its snapshot shows, and what it keeps per item (null: nothing to save). */
export interface StoredBackupRun {
  id: string;
  batchId: string;
  format: DownloadFormat;
  /** `Grist backup <YYYY-MM-DD HH.MM>`, in the browser's download folder. */
  folder: string;
  /** When it started (ms since the epoch). */
  startedAt: number;
  stopped: boolean;
  /** True once nothing was queued or on its way, and its backup.json written. */
  done: boolean;
  items: BulkItemStatus[];
  entries: Array<BackupEntry | null>;
}

/**
 * The most backup runs kept once done: the newest (an older one, done long ago, is of no use to any
 * page). A run under way is always kept, however many there are: dropped, a worker started again
 * could not take it up.
 */
export const MAX_STORED_BACKUP_RUNS = 5;

const itemSchema = v.object({
  orgId: v.number(),
  siteUrl: v.optional(v.string()),
  docId: v.string(),
  newName: v.string(),
  oldName: v.string(),
  siteName: v.string(),
  workspaceName: v.string(),
  state: v.picklist(['queued', 'sending', 'saved', 'failed', 'not-sent'] as const),
  message: v.optional(v.string()),
  bytes: v.optional(v.number()),
  totalBytes: v.optional(v.number()),
});

const fileSchema = v.object({
  path: v.string(),
  tableId: v.optional(v.string()),
  downloadId: v.nullable(v.number()),
  asked: v.optional(v.boolean()),
  retried: v.boolean(),
  bytes: v.nullable(v.number()),
});

const entrySchema = v.object({
  account: v.string(),
  orgId: v.number(),
  siteUrl: v.string(),
  siteName: v.string(),
  workspaceName: v.string(),
  docId: v.string(),
  name: v.string(),
  path: v.string(),
  files: v.array(fileSchema),
  tablesRead: v.boolean(),
  savedAt: v.nullable(v.number()),
});

const runSchema = v.pipe(
  v.object({
    id: v.string(),
    batchId: v.string(),
    format: v.picklist(DOWNLOAD_FORMATS),
    folder: v.string(),
    startedAt: v.number(),
    stopped: v.boolean(),
    done: v.boolean(),
    items: v.pipe(v.array(itemSchema), v.maxLength(MAX_BULK_ITEMS)),
    entries: v.array(v.nullable(entrySchema)),
  }),
  v.check((run) => run.entries.length === run.items.length),
);

/**
 * The backup runs, oldest first: those under way, and at most MAX_STORED_BACKUP_RUNS done (so no
 * cap on their number when read: six runs under way must not read as none). Written and read by
 * the worker only.
 */
export const backupRunsItem = defineItem<StoredBackupRun[]>('backupRuns', bySchema(v.array(runSchema)), [], undefined, 'session');
