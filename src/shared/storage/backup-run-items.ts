/**
 * The bulk backup runs as the worker stores them (background/downloads/backup-operation.ts), so a
 * worker the browser stopped (a service worker idle for 30 s is stopped; the browser keeps
 * downloading what it started) resumes each run at its next start: each document's place and
 * path, the browser's id of each download started, what was saved and what failed. It outlives
 * the worker's stops, not the browser, and no page reads it. Holds no key and no email: a run's
 * items name documents, sites and workspaces, and Grist's reason for a failure.
 * Kept in `storage.local` (the extension has `unlimitedStorage`), not `storage.session`: Chrome's
 * session area holds 10 MB (its QUOTA_BYTES), and a run takes ~600-800 bytes a document, so a run
 * of ~15,000 documents failed its first save and could not be resumed; MAX_BULK_ITEMS is 50,000.
 * It is written with the id of the browser's session (a random id kept in `storage.session`, which
 * the browser empties when it quits): runs written under another id, a browser session before,
 * read as none, so a run still does not outlive the browser. Chosen over a compact form, which
 * would only move the 10 MB wall further, and over `runtime.onStartup`, which fires after the
 * worker's start-up has already read the runs (index.ts resumeBackupRuns).
 * A new item: older versions stored nothing under its key, so no schema version bump
 * (storage-items.ts SCHEMA_VERSION); a stored value that does not match reads as none.
 */
import * as v from 'valibot';
import { MAX_BULK_ITEMS, type BulkItemStatus } from '../protocol/bulk.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../protocol/downloads.ts';
import { bySchema, defineItem, type StorageItem } from './storage-item.ts';

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
  /**
   * The browser's download of its backup.json, once written (null: the write failed); absent before,
   * and in runs stored by versions without it. A worker started again shows a run done before it
   * stopped with it (Show in folder).
   */
  manifestDownloadId?: number | null;
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
    manifestDownloadId: v.optional(v.nullable(v.number())),
    items: v.pipe(v.array(itemSchema), v.maxLength(MAX_BULK_ITEMS)),
    entries: v.array(v.nullable(entrySchema)),
  }),
  v.check((run) => run.entries.length === run.items.length),
);

/** The id of the browser's session the stored runs belong to (in `storage.session`: gone when the browser quits). */
const browserSessionItem = defineItem<string | null>('backupBrowserSession', bySchema(v.nullable(v.string())), null, undefined, 'session');

/** The runs as stored in `storage.local`: with the browser session they were written in. */
const storedRunsItem = defineItem<{ session: string; runs: StoredBackupRun[] } | null>(
  'backupRuns',
  bySchema(v.nullable(v.object({ session: v.string(), runs: v.array(runSchema) }))),
  null,
);

/** A session id being made and stored (one at a time: two saves must not make two). */
let making: Promise<string> | null = null;

/** This browser session's id: read at each save (a worker's memory could outlive nothing, but is not trusted to), made at the first save of a session. */
async function currentSession(): Promise<string> {
  const stored = await browserSessionItem.get();
  if (stored) return stored;
  making ??= (async () => {
    const made = crypto.randomUUID();
    await browserSessionItem.set(made);
    return made;
  })().finally(() => (making = null));
  return making;
}

/**
 * The backup runs, oldest first: those under way, and at most MAX_STORED_BACKUP_RUNS done (so no
 * cap on their number when read: six runs under way must not read as none). Written and read by
 * the worker only. Those of an earlier browser session read as none (see the top of this file).
 */
export const backupRunsItem: StorageItem<StoredBackupRun[]> = {
  key: storedRunsItem.key,
  fallback: [],
  get: async () => (await backupRunsItem.read()).value,
  async read() {
    const [{ value, corrupt }, session] = await Promise.all([storedRunsItem.read(), browserSessionItem.get()]);
    return { value: value && session !== null && value.session === session ? value.runs : [], corrupt };
  },
  async set(runs) {
    await storedRunsItem.set({ session: await currentSession(), runs });
  },
  entry: () => {
    throw new Error('backupRunsItem is written alone (set): its session is read first');
  },
  remove: () => storedRunsItem.remove(),
};
