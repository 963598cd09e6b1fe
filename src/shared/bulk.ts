/**
 * A bulk rename run as the pages see it: the documents it renames and where each stands. The run
 * belongs to the background worker; the page only starts, watches, stops and retries it.
 */

/** One document to rename: which (as the popup's listing names it) and to what. */
export interface BulkRenameItem {
  orgId: number;
  docId: string;
  newName: string;
}

/** Where one document of a run stands. */
export type BulkItemState =
  /** Waiting for its turn. */
  | 'queued'
  /** Its rename is on its way. */
  | 'sending'
  /** Grist stores the new name. */
  | 'renamed'
  /** Grist refused, or could not be reached; `message` says why. Retry failed sends it again. */
  | 'failed'
  /** Never sent: stopped, not in the listing, or nothing to change; `message` says which. */
  | 'not-sent';

export interface BulkItemStatus extends BulkRenameItem {
  /** The name it had when the run started. */
  oldName: string;
  /** Its site's and workspace's names, as the worker's listing gives them ('' when it does not list it). */
  siteName: string;
  workspaceName: string;
  state: BulkItemState;
  message?: string;
}

export interface BulkRunSnapshot {
  id: string;
  /** The history's batch: every rename of the run is recorded with it, to undo them as one. */
  batchId: string;
  items: BulkItemStatus[];
  /** True once Stop was pressed: what was queued is not sent. */
  stopped: boolean;
  /** True when nothing is queued or on its way. */
  done: boolean;
}

/** What undoing a batch came to, per document (errors as their messages). */
export interface BatchUndoResult {
  docId: string;
  oldName: string;
  newName: string;
  outcome: 'restored' | 'renamed-elsewhere' | 'failed';
  message?: string;
}
