/**
 * Bulk runs: many renames, many moves to one workspace, many documents to the trash, or many
 * copies to one workspace, owned by the worker (closing the page does not stop a run). Every
 * document is checked against the worker's own listing, which also gives its site: a page cannot
 * aim the key anywhere. At most BULK_IN_FLIGHT_PER_HOST requests are on their way per host (the
 * document's current site, where its PATCH goes); a 429 with
 * Retry-After pauses that host, then the same request is sent again (Grist did not apply it; a
 * plan's refusal, its billing 429 included, arrives as `forbidden` and is never sent again); every
 * change goes through the one-at-a-time queue of its document and the change pipeline
 * (sendChange), so an answer lost on the way is read back, never re-sent blindly. A run has one
 * sender: an item is handed to send() once, and not again before that send is back (run.sending),
 * however often the run is retried and from however many pages; and a start is one run: each start
 * carries the id the page chose when the user answered (BulkStart), and the same id again answers
 * the run it started (startedBy), however often the message comes. A copy whose answer did not say
 * whether Grist made it is read back again before Retry failed sends it (a copy is not
 * idempotent), and takes only a copy it can prove its own (changes/created-document.ts).
 */
import type { BatchUndoResult, BulkCopyRequest, BulkItemState, BulkItemStatus, BulkMoveRequest, BulkRenameItem, BulkRunSnapshot, BulkStart } from '../../shared/bulk.ts';
import { overtakenEntries } from '../../shared/change-log.ts';
import { copyName } from '../../shared/document-rules.ts';
import type { Listing, SiteEntry } from '../../shared/listing.ts';
import { placeIn } from '../../shared/move.ts';
import { checkDocumentName } from '../../shared/document-name.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import { readChangeLog } from '../change-log/change-log.ts';
import type { ChangeKind, ChangeTarget } from '../changes/change-kind.ts';
import { checkCopy, copyKind } from '../changes/copy.ts';
import { readDestination, type DestinationRead } from '../changes/created-document.ts';
import { documentIndex, findWorkspace, type ListedDocument } from '../changes/listed-documents.ts';
import type { DocumentKey, RequestOf } from '../../shared/messages.ts';
import { checkMove, destinationOf, moveKind, type MoveTarget } from '../changes/move.ts';
import { logChange, sendChange } from '../changes/pipeline.ts';
import { renameKind, type RenameTarget } from '../changes/rename.ts';
import { checkTrash, trashKind } from '../changes/trash.ts';
import { undoEntry, undoSiteUrl } from '../changes/undo.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, NO_KEY_ERROR, readKeyedAccounts } from '../grist/grist-connection.ts';
import { confirmedMoveSince } from '../listing/confirmed-changes.ts';
import { cacheEpoch, readListing } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';
import { oneAtATime, perHostLimit, sleep } from '../pacing.ts';

/** Requests on their way to one host at once: gentle on Grist, which limits calls per document. */
export const BULK_IN_FLIGHT_PER_HOST = 2;

/** What a run does for one document: its change, checked against the listing already. */
interface Change {
  /** The change, with the account the listing lookup chose (findDocument) and the site its request goes to. */
  target: ChangeTarget;
  /**
   * Checked again just before it is sent: false when Grist has it already (nothing to send).
   * Throws ApiError when it must not be sent any more.
   */
  due?: () => boolean;
}

interface Run extends BulkRunSnapshot {
  /** The kind of change of every item. */
  change: ChangeKind<ChangeTarget>;
  /** By item index: the mark of its confirmed change, for the cache write at the run's end (see noteRename, noteMove). */
  marks: Map<number, number>;
  /**
   * The client of each account its requests go through, made when it starts (or retries): one read
   * of the keys for the whole run, not one per request behind the cache's megabyte writes in the
   * storage queue. Once the accounts or keys change, their calls fail as `outdated`, and nothing
   * more is sent. Throws ApiError `no-key` for an account gone or without a key.
   */
  client: (account: string) => GristClient;
  /** What each item sends (checked against the worker's listing), by index; null when not sent. */
  changes: Array<Change | null>;
  /**
   * The items handed to send() and not back yet, by index: the run's one sender. An item waiting
   * for its host's turn is still `queued`, so go() (a Retry failed from a second page, the message
   * twice) tells it apart by this, and never hands it to send() a second time.
   */
  sending: Set<number>;
}

const runs = new Map<string, Run>();
/**
 * The starts asked for, by the page's request id (BulkStart): the id of the run each started, once
 * it has. Kept for the worker's life, as the runs are; a worker started again has none (nor any run
 * to answer).
 */
const startedBy = new Map<string, Promise<string>>();
/** The run started last: a page opened again shows it. */
let latestRun: Run | null = null;
const limitFor = perHostLimit(BULK_IN_FLIGHT_PER_HOST);
/** Until when (ms since the epoch) a host asked not to be called (429 with Retry-After). */
const pausedUntil = new Map<string, number>();
/** The state of an item once Grist confirmed its change, by the run's kind. */
const CONFIRMED: Record<Run['kind'], BulkItemState> = { rename: 'renamed', move: 'moved', trash: 'trashed', copy: 'copied' };
/** The kind of change of each kind of run. */
const KINDS: Record<Run['kind'], ChangeKind<ChangeTarget>> = { rename: renameKind, move: moveKind, trash: trashKind, copy: copyKind };

/**
 * Each account's client with its saved key, for as long as the accounts and keys stay as they are
 * now. Throws ApiError `no-key` when no account has a key.
 */
async function currentClients(): Promise<(account: string) => GristClient> {
  const epoch = cacheEpoch();
  const accounts = await readKeyedAccounts();
  if (!accounts.some(({ apiKey }) => apiKey !== null)) throw NO_KEY_ERROR();
  return clientsFor(accounts, { isCurrent: () => cacheEpoch() === epoch });
}

function snapshot(run: Run): BulkRunSnapshot {
  const items = run.items.map((item) => ({ ...item }));
  const done = items.every((item) => item.state !== 'queued' && item.state !== 'sending');
  return { id: run.id, kind: run.kind, ...(run.to ? { to: run.to } : {}), batchId: run.batchId, items, stopped: run.stopped, done };
}

function runOf(runId: string): Run {
  const run = runs.get(runId);
  if (!run) throw new ApiError('not-found', t('bulkRunGone'));
  return run;
}

/**
 * Sends item `index` of `run`, waiting out a pause its host asked for, then records it. The host's
 * slot is held only for the PATCH (and a read-back of a lost answer): the cache and history writes
 * that follow are the worker's, not Grist's. Never rejects.
 */
async function send(run: Run, index: number): Promise<void> {
  // Before anything is awaited: a go() that runs meanwhile sees it taken.
  run.sending.add(index);
  const item = run.items[index]!;
  const { target, due } = run.changes[index]!;
  const host = new URL(target.siteUrl).host;
  try {
    // undefined: stopped before its turn; false: Grist has it already (nothing sent).
    const sent = await limitFor(host)(async (): Promise<boolean | undefined> => {
      if (run.stopped) return undefined;
      item.state = 'sending';
      for (;;) {
        const wait = (pausedUntil.get(host) ?? 0) - Date.now();
        if (wait > 0) await sleep(wait);
        // Stop pressed while this host was paused: what is not on its way yet is not sent.
        if (run.stopped) return undefined;
        try {
          return await oneAtATime(target.key, async () => {
            if (due && !due()) return false;
            await sendChange(run.client(target.account), run.change, target);
            return true;
          });
        } catch (error) {
          // A 429 with Retry-After means Grist did not apply it: after the pause it asked for, the
          // same request again. (A plan's refusal is `forbidden` by now: destinationRefused.)
          if (error instanceof ApiError && error.kind === 'rate-limited' && error.retryAfterMs !== undefined && !run.stopped) {
            pausedUntil.set(host, Math.max(pausedUntil.get(host) ?? 0, Date.now() + error.retryAfterMs));
            continue;
          }
          throw error;
        }
      }
    });
    if (!sent) {
      item.state = 'not-sent';
      item.message = t(sent === undefined ? 'bulkStopped' : 'bulkUnchanged');
      return;
    }
    // Grist has it now. The change log holds the entry from this call on (Undo this batch reads it
    // after its write); the cache gets every change of the run in one write, at its end.
    void logChange(run.change, target, { source: 'bulk', batchId: run.batchId });
    run.marks.set(index, run.change.note(target));
    item.state = CONFIRMED[run.kind];
    delete item.message;
  } catch (error) {
    // A move, trash or copy Grist refused for the user's rights or the destination's plan (402, the
    // billing 429, a limit): Retry failed would be refused the same way, so it is not offered again.
    item.state = run.kind !== 'rename' && error instanceof ApiError && error.kind === 'forbidden' ? 'not-sent' : 'failed';
    item.message = error instanceof ApiError ? error.message : t('errorInternal');
    if (!(error instanceof ApiError)) logFailure(`a bulk ${run.kind}`)(error);
  } finally {
    run.sending.delete(index);
  }
}

/**
 * Sends every queued item of `run` that is not on its way already (run.sending), each host at its
 * own pace; once all are answered, writes the confirmed ones to the cached listing, in one write
 * (each stores the whole listing: megabytes). A rename, move or undo of one of them made meanwhile
 * (in the popup, the history) wins over it.
 */
function go(run: Run): void {
  const sent = [...run.items.entries()].filter(([index, item]) => item.state === 'queued' && !run.sending.has(index));
  void Promise.all(sent.map(([index]) => send(run, index))).then(() => {
    const confirmed = sent.flatMap(([index, item]) => {
      const mark = run.marks.get(index);
      return item.state === CONFIRMED[run.kind] && mark !== undefined ? [{ target: run.changes[index]!.target, mark }] : [];
    });
    if (confirmed.length === 0) return;
    void run.change.storeNoted(confirmed).catch(logFailure(`recording a bulk ${run.kind}`));
  });
}

/** A new run of `kind` through each account's `client`, not started yet (see start). */
function newRun(kind: Run['kind'], client: Run['client']): Run {
  return { id: crypto.randomUUID(), kind, change: KINDS[kind], batchId: crypto.randomUUID(), items: [], stopped: false, done: false, changes: [], client, marks: new Map(), sending: new Set() };
}

/** Keeps `run` as the latest, starts sending it, and answers its snapshot. */
function start(run: Run): BulkRunSnapshot {
  runs.set(run.id, run);
  latestRun = run;
  go(run);
  return snapshot(run);
}

/**
 * Starts a run once for `requestId`: the first start with it makes the run (`begin`); the same id
 * again (the message repeated, even while the first still reads the accounts and the listing)
 * answers that run as it stands now and adds nothing. A start that failed started nothing: its id
 * may start one. Out and throws: as `begin`.
 */
function startOnce(requestId: string, begin: () => Promise<BulkRunSnapshot>): Promise<BulkRunSnapshot> {
  const started = startedBy.get(requestId);
  if (started) return started.then((runId) => snapshot(runOf(runId)));
  const starting = begin();
  const runId = starting.then(({ id }) => id);
  startedBy.set(requestId, runId);
  runId.catch(() => startedBy.delete(requestId));
  return starting;
}

/** Adds an item to `run`: `not-sent` with `notSent` as its message when that is set (nothing is sent for it). */
function addItem(run: Run, status: BulkItemStatus, change: Change | null, notSent: string | null): void {
  if (notSent !== null) {
    status.state = 'not-sent';
    status.message = notSent;
  }
  run.items.push(status);
  run.changes.push(notSent === null ? change : null);
}

/**
 * The `startBulkRename` message. In: the documents and their new names (as the page's preview
 * made them). Each is looked up in the worker's listing first: one it does not list, or whose new
 * name is empty, too long or unchanged, is `not-sent` with the reason, and nothing is sent for it.
 * Out: the run as it starts (as it stands, for a `requestId` started already: startOnce). Throws
 * ApiError `no-key` when no key is saved.
 */
export function startBulkRename({ requestId, items }: BulkStart & { items: BulkRenameItem[] }): Promise<BulkRunSnapshot> {
  return startOnce(requestId, async () => {
    const [client, listing] = await Promise.all([currentClients(), readListing()]);
    const find = documentIndex(listing);
    const run = newRun('rename', client);
    for (const { orgId, siteUrl, docId, newName } of items) {
      const found = find({ orgId, siteUrl, docId });
      const oldName = found?.document.name ?? '';
      const status: BulkItemStatus = { orgId, docId, newName, oldName, siteName: found?.site.name ?? '', workspaceName: found?.workspace.name ?? '', state: 'queued' };
      let notSent: string | null = null;
      if (!found) notSent = t('errorNotInList');
      else {
        const check = checkDocumentName(newName, oldName);
        if (check.kind === 'invalid') notSent = check.message;
        else if (check.kind === 'unchanged') notSent = t('bulkUnchanged');
        else status.newName = check.name;
      }
      addItem(run, status, found && { target: renameTarget(status, found) }, notSent);
    }
    return start(run);
  });
}

/** The rename of item `status` of a run (its new name checked), in `found` (its site and workspace in the listing). */
function renameTarget(status: BulkItemStatus, { site, workspace }: ListedDocument): RenameTarget {
  return {
    account: site.account,
    key: status.docId,
    siteUrl: site.siteUrl,
    name: status.newName,
    currentName: status.oldName,
    site: { orgId: site.orgId, name: site.name },
    workspace: { id: workspace.id, name: workspace.name },
  };
}

/**
 * The `startBulkMove` message. In: the documents and the one workspace they all go to (as the
 * page's listing names them). Each move is checked against the worker's listing as a single move
 * is (checkMove): a document it does not list or the user does not own, a destination it does not
 * list or the user may not add documents to (or on another Grist server), or the workspace the
 * document is in already, makes the item `not-sent` with the reason, and nothing is sent for it.
 * Each move that Grist confirms is recorded in the change log with the run's batch (source `bulk`),
 * so Undo this batch moves them back. Out: the run as it starts (`kind` `move`, `to` the
 * destination when listed). Throws ApiError `no-key` when no key is saved.
 */
export function startBulkMove(request: BulkMoveRequest): Promise<BulkRunSnapshot> {
  return startRun('move', request, (found, destination) => moveChange(checkMove(found, destination)));
}

/**
 * The `startBulkCopy` message. In: the documents and the one workspace their copies all go to (as
 * the page's listing names them); each copy is named as Grist names one, `<name> (copy)`, and
 * checked as a single copy is (checkCopy): nothing is sent for one that fails the check. What the
 * destination holds is read once per account as the run starts, shared by its copies and not
 * waited for (created-document.ts says what a copy sent before it answers may claim). A copy whose
 * answer did not say whether Grist made it, and that the read-back did not find, fails; Retry
 * failed reads the destination again first and sends it only when the copy is not there. Out and
 * throws: as startBulkMove.
 */
export function startBulkCopy(request: BulkCopyRequest): Promise<BulkRunSnapshot> {
  const reads = new Map<string, DestinationRead>();
  return startRun('copy', request, (found, destination, client) => {
    const target = checkCopy(found, destination, copyName(found?.document.name ?? ''), false);
    let read = reads.get(target.account);
    if (!read) reads.set(target.account, (read = readDestination(() => client(target.account), target.making.place)));
    target.making.before = read;
    return { target };
  });
}

/**
 * The `startBulkTrash` message. In: the documents to move to the trash (as the page's listing names
 * them), each checked as a single one is (checkTrash): one the listing does not have or the user
 * does not own is `not-sent` with the reason. Each that Grist confirms is logged with the run's
 * batch, so Undo this batch restores them. Out and throws: as startBulkRename.
 */
export function startBulkTrash(request: RequestOf<'startBulkTrash'>): Promise<BulkRunSnapshot> {
  return startRun('trash', request, (found) => ({ target: checkTrash(found) }));
}

/**
 * A move, copy or trash run of `items`, started once for `requestId` (startOnce), each item's
 * change made by `changeOf` from the document as the worker's listing has it and, for a run to
 * workspace `to`, that workspace as the document's account lists it (null: not listed), with the
 * run's clients; a change that throws makes the item `not-sent` with the reason, and nothing is
 * sent for it. Out: the run as it starts. Throws ApiError `no-key`.
 */
function startRun(
  kind: 'move' | 'copy' | 'trash',
  { requestId, items, to }: BulkStart & { items: ReadonlyArray<DocumentKey>; to?: BulkMoveRequest['to'] },
  changeOf: (found: ListedDocument | null, destination: ReturnType<typeof findWorkspace>, client: Run['client']) => Change,
): Promise<BulkRunSnapshot> {
  return startOnce(requestId, async () => {
    const [client, listing] = await Promise.all([currentClients(), readListing()]);
    const find = documentIndex(listing);
    const destination = to && destinationLookup(listing, to);
    const run = newRun(kind, client);
    if (destination?.listed) run.to = placeIn(destination.listed.site, destination.listed.workspace);
    for (const { orgId, siteUrl, docId } of items) {
      const found = find({ orgId, siteUrl, docId });
      const name = found?.document.name ?? '';
      const status: BulkItemStatus = { orgId, docId, oldName: name, newName: kind === 'copy' ? copyName(name) : name, siteName: found?.site.name ?? '', workspaceName: found?.workspace.name ?? '', state: 'queued' };
      let change: Change | null = null;
      let notSent: string | null = null;
      try {
        change = changeOf(found, found && destination ? destination.destinationFor(found.site.account) : null, client);
        // The name as checked, which is the one sent (a copy's name is trimmed).
        status.newName = change.target.name;
      } catch (error) {
        notSent = error instanceof ApiError ? error.message : t('errorInternal');
      }
      addItem(run, status, change, notSent);
    }
    return start(run);
  });
}

/**
 * The destination of a move or copy run in `listing`: as listed (for the run's `to`), and as each
 * account lists it: each document goes with its own account, to the same site (by address: org ids
 * are per server), seen by that account's user. Found once per account, not once per document.
 */
function destinationLookup(listing: Listing | null, to: BulkMoveRequest['to']) {
  const isDestinationSite = (site: SiteEntry) => site.orgId === to.orgId && site.siteUrl === to.siteUrl;
  const destinations = new Map<string, ReturnType<typeof findWorkspace>>();
  const destinationFor = (account: string) => {
    let destination = destinations.get(account);
    if (destination === undefined) {
      destination = findWorkspace(listing, (site) => site.account === account && isDestinationSite(site), to.workspaceId);
      destinations.set(account, destination);
    }
    return destination;
  };
  return { listed: findWorkspace(listing, isDestinationSite, to.workspaceId), destinationFor };
}

/**
 * The move of `target` (checked already) as a run sends it. A move of the document confirmed after
 * the check (in the popup, the rename window, another run) is not overridden: to the run's
 * destination, nothing is sent; elsewhere, it fails with the reason, nothing sent.
 */
function moveChange(target: MoveTarget): Change {
  const checkedAt = Date.now();
  return {
    target,
    due: () => {
      const since = confirmedMoveSince(target.key, checkedAt);
      if (!since) return true;
      const there = destinationOf(target);
      if (since.siteUrl === there.siteUrl && since.workspaceId === there.workspaceId) return false;
      throw new ApiError('invalid-input', t('errorMovedSinceRun', target.name));
    },
  };
}

/**
 * The `getBulkRun` message: where the run stands; with `runId` null, the latest run (null when
 * the worker has none: it keeps runs in memory, so none after it restarted). Throws ApiError
 * `not-found` for a run id the worker no longer has.
 */
export async function getBulkRun({ runId }: { runId: string | null }): Promise<BulkRunSnapshot | null> {
  if (runId === null) return latestRun && snapshot(latestRun);
  return snapshot(runOf(runId));
}

/** The `stopBulkRun` message: what is on its way finishes; what is queued is not sent. */
export async function stopBulkRun({ runId }: { runId: string }): Promise<BulkRunSnapshot> {
  const run = runOf(runId);
  run.stopped = true;
  for (const item of run.items) {
    if (item.state === 'queued') {
      item.state = 'not-sent';
      item.message = t('bulkStopped');
    }
  }
  return snapshot(run);
}

/**
 * The `retryFailedBulk` message: sends again only the documents whose change failed (a copy whose
 * answer was lost: read first, see startBulkCopy). The run keeps one sender: an item on its way or
 * waiting for its host's turn is not sent again, so a second Retry failed (another Bulk page on the
 * run, the message twice, even while this one reads the accounts) adds nothing.
 */
export async function retryFailedBulk({ runId }: { runId: string }): Promise<BulkRunSnapshot> {
  const run = runOf(runId);
  run.client = await currentClients();
  run.stopped = false;
  for (const item of run.items) {
    if (item.state === 'failed') {
      item.state = 'queued';
      delete item.message;
    }
  }
  go(run);
  return snapshot(run);
}

/**
 * The `undoBatch` message: undoes each change of a batch that is not undone yet, safely,
 * as a single undo does (changes/undo.ts), at most BULK_IN_FLIGHT_PER_HOST at once per host (the
 * site each undo reads and sends through), as a run sends; and says per document what it came to: a document
 * renamed since keeps its name (`renamed-elsewhere`, its name now), one moved since stays where it
 * is (`moved-elsewhere`, the workspace it is in now); nothing is sent for either.
 */
export async function undoBatch({ batchId }: { batchId: string }): Promise<BatchUndoResult[]> {
  // The change log and the accounts are read once for the whole batch.
  const [history, accounts] = await Promise.all([readChangeLog(), readKeyedAccounts()]);
  const clientOf = clientsFor(accounts);
  // A document deleted forever or restored since is not read: its entry says why (undo.ts whyNot).
  const overtaken = overtakenEntries(history);
  const entries = history.filter((entry) => entry.batchId === batchId && !entry.undoneBy);
  // The undo's own changes are one batch too: one place of the log's 200.
  const undoBatchId = crypto.randomUUID();
  return Promise.all(
    entries.map(async (entry): Promise<BatchUndoResult> => {
      const base = { docId: entry.docId, oldName: entry.oldName, newName: entry.newName };
      try {
        const host = new URL(undoSiteUrl(entry)).host;
        const outcome = await limitFor(host)(() => undoEntry(entry, { accounts, clientOf, overtaken, batchId: undoBatchId }));
        if (outcome.outcome === 'restored') return { ...base, outcome: 'restored' };
        return { ...base, outcome: entry.kind === 'move' && !outcome.renamed ? 'moved-elsewhere' : 'renamed-elsewhere', message: outcome.current };
      } catch (error) {
        return { ...base, outcome: 'failed', message: error instanceof ApiError ? error.message : t('errorInternal') };
      }
    }),
  );
}
