/**
 * What a bulk run does for each of its items, as the run engine (run-engine.ts) carries it: an
 * operation. The engine paces, pauses, stops, retries and reports every operation the same way;
 * the operation says what one item's work is and what is recorded of it once done: an entry in the
 * change log, a record in the cached listing, an undo of the run as one batch, or none of these (a
 * run that only reads). A change of a kind (kind-module.ts) is one operation, by changeOperation.
 */
import type { BackupOfRun, BulkItemState, BulkItemStatus } from '../../shared/protocol/bulk.ts';
import type { MessageKey } from '../../shared/i18n.ts';
import type { ChangeRecord, ChangeTarget, KindModule } from '../changes/kind-module.ts';
import { logChange, sendChange } from '../changes/pipeline.ts';
import type { GristClient } from '../grist/grist-client.ts';

/** One item's work, checked against the worker's listing already: whose it is, and where it goes. */
export interface OperationTarget {
  /** The account whose key sends its requests. */
  account: string;
  /** What its work queues under with every change of the same document (see oneAtATime): the document's id. */
  key: string;
  /** The site its requests go to: the host the engine paces. */
  siteUrl: string;
}

/** What a run does for each item of targets of type T. */
export interface Operation<T extends OperationTarget = OperationTarget> {
  /** The item's state once its work is done ('renamed', ...). */
  confirmed: BulkItemState;
  /** What an item says when its work was done already (perform answered false). */
  unchanged: MessageKey;
  /** See BulkBehaviour.retriesRefusal: true when a `forbidden` item is offered to Retry failed. */
  retriesRefusal: boolean;
  /**
   * Does the item's work with its account's `client`. Out: false when there was nothing to do
   * (nothing was sent). Throws ApiError as the network module does: a 429 with Retry-After is sent
   * again by the engine once its host's pause is over.
   */
  perform(client: GristClient, target: T): Promise<boolean>;
  /**
   * Writes the change-log entry of an item done, with `record` (the run's batch). Never rejects.
   * Absent: the operation writes nothing to the change log.
   */
  log?(target: T, record: ChangeRecord): Promise<unknown>;
  /**
   * Records items done in the cached listing: `note` one as it is done (its mark), and `store` the
   * noted ones in one write at the run's end. Absent: the operation changes nothing the listing shows.
   */
  cache?: {
    note(target: T): number;
    store(noted: ReadonlyArray<{ target: T; mark: number }>): Promise<void>;
  };
  /** True when Undo this batch undoes the run (its logged entries): its snapshot names the batch. */
  undoable: boolean;
  /**
   * Requests on their way to one host at once for this operation's items (each holds its slot for
   * the whole of perform). Absent: BULK_IN_FLIGHT_PER_HOST (run-sending.ts), which changes share.
   */
  inFlightPerHost?: number;
  /**
   * Hooks of an operation whose runs outlive the worker (a backup's: the browser goes on
   * downloading while the worker is stopped). Absent: the run lives in the worker's memory only.
   * The engine calls them; none may reject.
   * `changed`: the run's items changed (one started, done or failed; Stop; Retry failed; the run
   * started or resumed), `run` as the engine holds it (its items are live: read them, never keep
   * a copy as the truth); the operation stores what it needs to resume it (run-engine.ts
   * resumeOperation). `settled`: everything sent was answered (the run's end; again after each
   * Retry failed's). `progress`: a page asks where the run stands: fills `items`, the snapshot's
   * copies (by index, as the run's), with what only the operation knows (a backup's bytes).
   */
  keeps?: {
    changed(run: KeptRun): void;
    settled(run: KeptRun): Promise<void>;
    progress(items: BulkItemStatus[]): Promise<void>;
  };
}

/** A run as an operation's `keeps` hooks see it. */
export interface KeptRun {
  id: string;
  batchId: string;
  items: readonly BulkItemStatus[];
  stopped: boolean;
  /** A backup run's format and folder; its operation sets `manifestDownloadId` once backup.json is written (the snapshot is done then). */
  backup?: BackupOfRun;
}

/**
 * A change of `kind` as an operation: sent through the change pipeline (sendChange: a lost answer is
 * read back, never sent again blindly), logged in the run's batch, recorded in the cached listing,
 * and undone with its batch. In: a kind that declares its bulk behaviour (KindModule.bulk); throws
 * Error for one that does not, as the run engine's module loads.
 */
export function changeOperation<T extends ChangeTarget>(kind: KindModule<T>): Operation<T> {
  const { bulk } = kind;
  if (!bulk) throw new Error('A kind of change without bulk behaviour (KindModule.bulk) has no bulk run.');
  return {
    confirmed: bulk.confirmed,
    unchanged: bulk.unchanged,
    retriesRefusal: bulk.retriesRefusal === true,
    perform: async (client, target) => {
      await sendChange(client, kind, target);
      // Its first read found nothing to change (an access change): nothing was sent.
      return !kind.unchanged?.(target);
    },
    log: (target, record) => logChange(kind, target, record),
    cache: { note: (target) => kind.note(target), store: (noted) => kind.storeNoted(noted) },
    undoable: true,
  };
}
