/**
 * A bulk run as the pages see it: the documents it renames, moves, copies or moves to the trash,
 * and where each stands. The run belongs to the background worker; the page only starts, watches,
 * stops and retries it.
 */
import type { SharingChange } from './sharing.ts';
import type { DocumentPlace } from './listing.ts';
import type { DownloadFormat } from './downloads.ts';

/** The most documents one bulk run takes: a whole listing of 20,000, with room. */
export const MAX_BULK_ITEMS = 50_000;

/**
 * One document of a bulk run: which (as the popup's listing names it), and its name once the run's
 * change is made (a rename's new name; a move's or trash's, its name; a copy's, the copy's). What a
 * rename run's start sends, and every item's base (BulkItemStatus).
 */
export interface BulkDocument {
  orgId: number;
  /** Its site's address: org and document ids are per server. */
  siteUrl?: string;
  docId: string;
  newName: string;
}

/**
 * What every start of a run carries: an id the page chose when the user answered (once per answer),
 * so that a start that reaches the worker twice (the message repeated, a click that lands twice)
 * answers the run it started and adds nothing.
 */
export interface BulkStart {
  requestId: string;
}

/** The documents to move (as the popup's listing names them), all to one workspace of a listed site. */
export interface BulkMoveRequest extends BulkStart {
  items: Array<{ orgId: number; siteUrl?: string; docId: string }>;
  /** The destination: its site by id and address (org ids are per server), and its workspace. */
  to: { orgId: number; siteUrl: string; workspaceId: number };
}

/** The documents to copy (as the popup's listing names them), all to one workspace of a listed site, each named `<name> (copy)`. */
export type BulkCopyRequest = BulkMoveRequest;

/**
 * The documents whose access changes (as the popup's listing names them), all by the same change;
 * each document's delta is computed by the worker from its access read just before it is sent.
 */
export interface BulkShareRequest extends BulkStart {
  items: Array<{ orgId: number; siteUrl?: string; docId: string }>;
  change: SharingChange;
}

/**
 * The documents to back up (as the popup's listing names them), each downloaded as `format` (a CSV
 * backup: every table of each) into one new folder of the browser's downloads (BackupOfRun).
 */
export interface BulkBackupRequest extends BulkStart {
  items: Array<{ orgId: number; siteUrl?: string; docId: string }>;
  format: DownloadFormat;
  /** Sent in the click that asks the `downloads` permission: start once it is granted (messages.ts startBulkBackup). */
  once?: 'granted';
}

/** What a backup run saves, and where: `folder` is `Grist backup <YYYY-MM-DD HH.MM>` in the browser's download folder. */
export interface BackupOfRun {
  format: DownloadFormat;
  folder: string;
  /**
   * The browser's download id of the run's `backup.json`, written at the run's end (again after a
   * Retry failed's): the pages' Show in folder opens the folder with it (`showDownload`). Absent
   * while the run is under way (the snapshot is not `done` before it is set); null when the
   * browser could not save it.
   */
  manifestDownloadId?: number | null;
}

/** Where one document of a run stands. */
export type BulkItemState =
  /** Waiting for its turn. */
  | 'queued'
  /** Its rename is on its way. */
  | 'sending'
  /** Grist stores the new name. */
  | 'renamed'
  /** Grist has it in the run's destination (`BulkRunSnapshot.to`). */
  | 'moved'
  /** Grist has it in the trash. */
  | 'trashed'
  /** Grist has a copy of it in the run's destination. */
  | 'copied'
  /** Grist has the run's access change (`BulkRunSnapshot.sharing`) on it. */
  | 'shared'
  /** Its file (a CSV backup: every table's) is saved in the backup's folder; `bytes` is its size. */
  | 'saved'
  /** Grist refused, or could not be reached; `message` says why. Retry failed sends it again. */
  | 'failed'
  /** Never sent: stopped, not in the listing, nothing to change, or a move it may not make; `message` says which. */
  | 'not-sent';

export interface BulkItemStatus extends BulkDocument {
  /** The name it had when the run started (in a move run, `newName` is that name too). */
  oldName: string;
  /** Its site's and workspace's names, as the worker's listing gives them ('' when it does not list it). */
  siteName: string;
  workspaceName: string;
  state: BulkItemState;
  message?: string;
  /** A backup's item: the bytes received so far (its size once `saved`), as the browser's downloads report them. */
  bytes?: number;
  /** A backup's item on its way: the bytes its download(s) will take, when the server said (Content-Length). */
  totalBytes?: number;
}

export interface BulkRunSnapshot {
  id: string;
  /**
   * What the run does to each document: its new name (`startBulkRename`), the move to `to`
   * (`startBulkMove`), to the trash (`startBulkTrash`), a copy in `to` (`startBulkCopy`), or the
   * access change `sharing` (`startBulkShare`), or a file saved (`startBulkBackup`: `backup`).
   */
  kind: 'rename' | 'move' | 'trash' | 'copy' | 'share' | 'backup';
  /** A move or copy run's destination, as the worker's listing has it; absent when the listing has no such workspace (nothing is sent). */
  to?: DocumentPlace;
  /** A share run's change (its emails are kept in the worker's memory only, as the run is). */
  sharing?: SharingChange;
  /** A backup run's format and folder. */
  backup?: BackupOfRun;
  /** The change log's batch: every change of the run is recorded with it, to undo them as one. */
  batchId: string;
  /**
   * True for a run that cannot be undone (its operation writes nothing to undo: a run that only
   * reads): no Undo this batch. Absent: Undo this batch undoes its changes.
   */
  withoutUndo?: true;
  items: BulkItemStatus[];
  /** True once Stop was pressed: what was queued is not sent. */
  stopped: boolean;
  /** True when nothing is queued or on its way. */
  done: boolean;
  /**
   * What Undo this batch came to so far (from the Bulk page or the History), the last result per
   * document; absent before it was asked. Kept with the run, so a page opened on it later (reloaded,
   * another tab) shows it undone as the page that asked did.
   */
  undone?: BatchUndoResult[];
}

/**
 * What undoing a batch came to, per document (errors as their messages). For a move, `oldName` and
 * `newName` are both the document's name.
 */
export interface BatchUndoResult {
  /** The document the undo changed: for a copy, the copy (see `copyOf`). */
  docId: string;
  /** For a copy: the document copied, which the run's item names (BulkItemStatus.docId). */
  copyOf?: string;
  oldName: string;
  newName: string;
  /**
   * What happened to the document: `restored`: the change undone (the old name back, the document
   * back where it was, out of the trash, or its copy in the trash). Changed elsewhere since, so
   * nothing was sent: `renamed-since` (`message`: the name it, or its copy, has now) or
   * `moved-since` (`message`: the workspace it is in now, on the site the move took it to).
   * `failed`: `message` says why. A `restored` with a `message`: what it could not put back.
   */
  outcome: 'restored' | 'renamed-since' | 'moved-since' | 'failed';
  message?: string;
}
