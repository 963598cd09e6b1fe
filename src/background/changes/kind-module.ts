/**
 * What one kind of change to a document, workspace or site (a rename, a move, ...) is, as the
 * change pipeline (pipeline.ts) carries it: its request, how to tell after a lost answer whether
 * Grist applied it, how Grist's refusals read, what the change log and the cached listing record of
 * it, its inverse and the pages' messages that make it. Each kind is one module of kinds/ describing
 * only these (rename, move, trash and restore, pin, copy, new document, delete forever, new
 * workspace, workspace trash, access, a person's removal), and kinds/registry.ts maps the change
 * log's kinds to them; the pipeline does the rest the same way for all.
 */
import type { BulkItemState } from '../../shared/protocol/bulk.ts';
import type { ChangeEntry, NewChangeEntry } from '../../shared/protocol/change-log.ts';
import type { UndoConflict, UndoOutcome } from '../../shared/protocol/undo-outcome.ts';
import type { MessageKey } from '../../shared/i18n.ts';
import type { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import type { DocumentPlace } from '../../shared/protocol/listing.ts';
import type { MessageName, RequestOf, ResponseOf } from '../../shared/protocol/messages.ts';

/** A change checked against the worker's listing, ready to send: whose it is, and what it changes. */
export interface ChangeTarget {
  /** The account whose key sends it. */
  account: string;
  /** What its changes queue under (see oneAtATime): the document's id, or a workspace's workspaceKey. */
  key: string;
  /** The site its request goes to. */
  siteUrl: string;
  /** The document's or workspace's name once the change is made. */
  name: string;
}

/**
 * A change of another kind that an undo sends before its own (see Inverse), through the same
 * pipeline and logged as its own entry: an access undo that takes someone off a site sends it as a
 * person's removal, which logs what they have there (kinds/remove-person.ts).
 */
export interface ChangeFirst<U extends ChangeTarget = ChangeTarget> {
  kind: KindModule<U>;
  target: U;
}

/**
 * What undoing an entry takes: the change that undoes it, and any changes of other kinds sent
 * before it (`first`, in order), and what of it was changed since and is kept (`kept`: a person's
 * grants; the entry is not marked undone while any is); or nothing to send, as the target is back
 * as it was already (`already`: its name; `leftOut`: what of it cannot be put back, in words, as
 * Grist no longer has it) or was changed elsewhere since (`conflict`).
 */
export type Inverse<T> = { undo: T; first?: ChangeFirst[]; kept?: UndoConflict[] } | { already: string; leftOut?: string } | { conflict: Extract<UndoOutcome, { outcome: 'changed-elsewhere' }> };

/** What the change log records of a change besides the change itself: where it was asked, and its batch. */
export interface ChangeRecord {
  source: ChangeEntry['source'];
  /** The bulk run (or batch undo) it was part of. */
  batchId?: string;
}

/** A change-log entry before it is stored: everything but its id and time. */
export type NewLogEntry = NewChangeEntry;

/** What a kind's logEntry says of a change: its entry without where it was asked (ChangeRecord), of each kind of entry. */
export type LoggedChange = NewLogEntry extends infer E ? (E extends NewLogEntry ? Omit<E, keyof ChangeRecord> : never) : never;

/**
 * What a bulk run of a kind says of each of its items (the run engine, bulk/run-engine.ts, reads it
 * through the kind's operation: bulk/operation.ts).
 */
export interface BulkBehaviour {
  /** The item's state once Grist confirmed its change ('renamed', 'moved', ...). */
  confirmed: BulkItemState;
  /** What an item says when Grist had its change already: nothing was sent. */
  unchanged: MessageKey;
  /**
   * True: a refusal for the user's rights (`forbidden`) fails the item, and Retry failed sends it
   * again (a rename's). Absent: it is `not-sent`, not offered again, as a retry would be refused the
   * same way (a move's, trash's, copy's or access change's: the user's rights or the destination's
   * plan, its 402 or billing 429 included).
   */
  retriesRefusal?: true;
}

/** A kind of change, for targets of type T. */
/** Handlers of the pages' messages `M`, as the router calls them (message-router.ts Handlers). */
export type KindMessages<M extends MessageName> = { [K in M]: (request: RequestOf<K>) => Promise<ResponseOf<K>> };

/** A kind of change, for targets of type T, made by the pages' messages M. */
export interface KindModule<T extends ChangeTarget, M extends MessageName = never> {
  /** The pages' messages that make this kind of change, by name: index.ts wires them from the registry. */
  messages: KindMessages<M>;
  /** What a bulk run of it says of each item; absent for a kind no bulk run makes. */
  bulk?: BulkBehaviour;
  /**
   * For a kind whose entries another kind undoes: that kind (a copy and a new document are undone
   * by moving them to the trash), or null when they are never undone (a delete forever). Absent on
   * a kind that undoes its own (UndoingKind).
   */
  undoneBy?: UndoingKind<any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any -- any kind's targets: it is called with its own only

  /**
   * What it reads before its request is sent, if anything (a copy: what the destination holds; one
   * sent before: whether Grist made it). Out: false when Grist has the change already (nothing is
   * sent). Throws ApiError, nothing sent: what the read met, or that it cannot tell.
   */
  readFirst?(client: GristClient, target: T): Promise<boolean>;
  /** Sends its one request. Throws ApiError as the network module does. */
  send(client: GristClient, target: T): Promise<void>;
  /**
   * Whether Grist may have applied the change though its request met `error` (default: answerLost,
   * an answer lost on the way). A change that is not idempotent says more: a 500 after a copy may
   * come once the copy is made.
   */
  mayHaveApplied?(error: ApiError): boolean;
  /**
   * After an answer that did not say (mayHaveApplied): reads back whether Grist has the change
   * (true) or not (false). Throws what the read met.
   */
  applied(client: GristClient, target: T): Promise<boolean>;
  /** What to say when a read-back (see applied) finds the change not made. */
  notApplied(target: T): string;
  /** What to say when a lost answer's read-back itself failed (default: that the change could not be checked). */
  unchecked?(target: T): string;
  /**
   * Grist's refusal of the request, in the kind's words (a 403, a 404, a plan's refusal); null to
   * pass the error on as it came. May change the cached listing (a document Grist says is gone).
   */
  refused(error: ApiError, target: T): Promise<ApiError | null>;
  /**
   * True when the first read (readFirst) found the change would change nothing (an access change
   * whose people all have the roles asked already): nothing was sent, and applyChange records
   * nothing. Absent: what readFirst found there is the change, recorded as any other.
   */
  unchanged?(target: T): boolean;
  /** The change-log entry of the change, once Grist confirmed it (without where it was asked). */
  logEntry(target: T): LoggedChange;
  /**
   * Notes a change Grist confirmed for the listing refreshes under way. Out: its mark, for
   * `storeNoted`.
   */
  note(target: T): number;
  /**
   * Writes noted changes to the cached listing, in one write, each that is still its target's last
   * (a later change of it is written by its own call).
   */
  storeNoted(noted: ReadonlyArray<{ target: T; mark: number }>): Promise<void>;
}

/**
 * A kind of change that also undoes entries of the change log: its own, and for the trash kind
 * those whose undo is a move to the trash (a copy, a new document) or out of it. A delete forever
 * has none.
 */
export interface UndoingKind<T extends ChangeTarget, M extends MessageName = never, E extends ChangeEntry = ChangeEntry> extends KindModule<T, M> {
  /** The site an undo of `entry` (of the kinds of entry it undoes, E) reads and sends through: where the change left the target. */
  undoSiteUrl(entry: E): string;
  /**
   * What undoing `entry` takes (see Inverse), from what Grist has now, read first through
   * `undoSiteUrl` with `account`'s `client`; `force`: even though the target was changed elsewhere
   * since; `grants`: for a person's removal, the grants (UndoConflict.grant) to put back though
   * changed since, each asked on its own ("Put back anyway"). Throws ApiError `not-found` (gone),
   * `forbidden` (no longer the user's to change), `invalid-input`, or what the read met.
   */
  inverse(client: GristClient, entry: E, account: string, force: boolean, grants: readonly string[]): Promise<Inverse<T>>;
  /**
   * What an undo Grist confirmed could not put back, in words (a person's put-back: grants on what
   * Grist says is gone since); null, or absent, when it put back everything.
   */
  leftOut?(target: T): string | null;
}

/**
 * The change-log entry of a change to document `key` in `place` that keeps its name, of kind
 * `kind` (without where it was asked).
 */
export function placedEntry<K extends 'remove' | 'restore' | 'pin' | 'create' | 'delete'>(kind: K, target: ChangeTarget & { place: DocumentPlace }) {
  const { account, key, name, place } = target;
  return { account, kind, target: { kind: 'document' as const, id: key }, site: place.site, workspace: place.workspace, name };
}
