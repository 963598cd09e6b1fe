/**
 * The requests that make a document (a copy, a new document: copy.ts, new-document.ts) are not
 * idempotent: sent again, they make a second one (docs/grist-api.md "Copy"). So none is ever sent twice
 * blindly. When Grist's answer does not say whether it made the document (lost on the way, a 5xx, a
 * 200 that is not an id: mayHaveMade), the destination workspace is read
 * (`GET {site}/api/workspaces/<id>`, which lists its documents outside the trash with their
 * `createdAt`), and a document found there is taken for the request's own only when that is proven:
 * - it has the name the request gave, and was made after the request left: not among what the
 *   destination held before it left, as read from Grist itself (the `before` of its making: read
 *   just before a single request; for a bulk run, once per destination at its start, shared by its
 *   copies, none of which leaves before that read answered: a copy sent while it was on its way
 *   could have been made before it answered, and then no read-back, nor Retry failed, could ever
 *   tell it from a document that was there; when the shared read failed, a copy reads for itself),
 *   nor made long before it left by Grist's `createdAt` (give or take CLOCK_SKEW_MS);
 * - no other request of ours made it: none claimed it (`claimed`), and no other request of ours
 *   that makes that name there is unsettled (`unsettled`), as this worker knows them: a making kept
 *   from an earlier life of the worker (kept-copies.ts) claims nothing, since that life's claims
 *   are gone (a making sent again belongs to the life that sent it);
 * - it is the only such document.
 * (What one read per bulk run leaves open: a document of that name made in Grist's own page while
 * the run goes, before that copy is sent, is not told apart from it.) Where the read cannot tell,
 * it guesses nothing, and the user is told to check the workspace. A making of an earlier life that
 * the read cannot tell about never will be told: it is let go (`cannot-tell`, not kept), so that
 * the same copy asked again, once the user checked, reads the destination afresh and is sent. A
 * making keeps what the destination held before its request left and when it left (a bulk item
 * retried, the popup's lost copy kept for Copy again), so a later listing never makes a lost
 * document look known.
 */
import { addedEntry } from '../../shared/rules/document-rules.ts';
import { t } from '../../shared/i18n.ts';
import type { DocumentPlace, SiteEntry, WorkspaceEntry } from '../../shared/protocol/listing.ts';
import { placeIn, placeName } from '../../shared/rules/move.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { workspaceSchema } from '../grist/grist-schemas.ts';
import { recordDocumentAdded } from '../listing/cache-records.ts';
import type { ChangeTarget } from './kind-module.ts';
import { answerLost } from './pipeline.ts';

/**
 * What a destination workspace held, as read from Grist: its documents' ids by name (a making looks
 * only at those of its own name), and when the answer came (ms since the epoch).
 */
export interface DestinationContents {
  idsByName: ReadonlyMap<string, readonly string[]>;
  answeredAt: number;
}

/** A read of a destination workspace, which several makings may share. */
export interface DestinationRead {
  /** What it found once answered; null when the read failed; undefined while it is on its way. */
  contents: DestinationContents | null | undefined;
  /** Settles when `contents` does; never rejects. */
  done: Promise<void>;
}

/** Where a document is being made, under which name, and what is known of that workspace from before its request left. */
export interface Making {
  /** Names it among the unsettled makings, and in kept-copies.ts. */
  id: string;
  place: DocumentPlace;
  /** The name its request gives the document (the last one sent, once one was). */
  name: string;
  /** What the destination held before the request first left (null: not read yet). */
  before: DestinationRead | null;
  /** When the request last left (ms since the epoch; 0 before it did). */
  sentAt: number;
  /** The life of the worker it was sent in (WORKER_LIFE): another's claims are not known here. */
  life: string;
}

/** A change that makes a document named `name` (a copy, a new document); `made` is its id once Grist said it or a read-back found it. */
export interface MakingTarget extends ChangeTarget {
  making: Making;
  made?: string;
}

/** This life of the worker: the makings, claims and unsettled requests below are known for it only. */
const WORKER_LIFE = crypto.randomUUID();

/** The making of a document named `name` in `workspace` of `site`, before its request left. */
export function makingIn(site: SiteEntry, workspace: WorkspaceEntry, name: string): Making {
  return { id: crypto.randomUUID(), place: placeIn(site, workspace), name, before: null, sentAt: 0, life: WORKER_LIFE };
}

/** A document of a destination as Grist lists it: its id, name and when it was made (Grist's clock, ISO; '' when not said). */
type ListedDocument = { id: string; name: string; createdAt: string };

/** The documents destination `place` holds now (outside the trash), read through `client`. Throws ApiError as the read met it. */
async function documentsIn(client: GristClient, place: DocumentPlace): Promise<ListedDocument[]> {
  return (await client.get(place.site.url, `/api/workspaces/${place.workspace.id}`, workspaceSchema)).docs;
}

/** What a destination holds, from its documents read just now. */
function contentsOf(docs: readonly ListedDocument[]): DestinationContents {
  const idsByName = new Map<string, string[]>();
  for (const { id, name } of docs) idsByName.set(name, [...(idsByName.get(name) ?? []), id]);
  return { idsByName, answeredAt: Date.now() };
}

/**
 * Starts reading what destination `place` holds now, through `client()` (which may throw, as a
 * bulk run's clients do for an account without a key: the read fails), for makings to share (a bulk
 * run's copies to one workspace). Out: the read, under way.
 */
export function readDestination(client: () => GristClient, place: DocumentPlace): DestinationRead {
  const read: DestinationRead = { contents: undefined, done: Promise.resolve() };
  read.done = Promise.resolve().then(() => documentsIn(client(), place)).then(
    (docs) => void (read.contents = contentsOf(docs)),
    () => void (read.contents = null),
  );
  return read;
}

/** A read answered already, with `contents`. */
export function destinationRead(contents: DestinationContents | null): DestinationRead {
  return { contents, done: Promise.resolve() };
}

/**
 * Grist's clock and this machine's may differ by this much (ms): a document made this long before
 * the request left by this machine's clock may still be its own.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The documents this worker's requests made (or read-backs found made): never taken for another request's. */
const claimed = new Set<string>();

/** The makings whose request left and whose outcome is not known, by makingKey: their ids. */
const unsettled = new Map<string, Set<string>>();

const makingKey = ({ place, name }: Making) => JSON.stringify([place.site.url, place.workspace.id, name]);

function unsettle(making: Making): void {
  const key = makingKey(making);
  unsettled.set(key, (unsettled.get(key) ?? new Set()).add(making.id));
}

function settle(making: Making): void {
  const key = makingKey(making);
  const ids = unsettled.get(key);
  ids?.delete(making.id);
  if (ids?.size === 0) unsettled.delete(key);
}

/**
 * Whether `error`, met by a request that makes a document, leaves it open whether Grist made it: an
 * answer lost (answerLost), any 5xx (Grist may fail after the document is made), or a 200 whose
 * body is not a document id.
 */
export function mayHaveMade(error: ApiError): boolean {
  return answerLost(error) || (error.status !== undefined && (error.status >= 500 || (error.status >= 200 && error.status < 300)));
}

/** What a document id looks like: Grist's are 22 letters and digits (`GET /api/docs` answers them). */
const DOC_ID = /^[A-Za-z0-9]+$/;

/**
 * Sends the request of `target`'s making (`post`, out: Grist's answer), the making's `before` read
 * already (readFirst). Out once Grist answered the new id: `target.made`, claimed. Throws what `post`
 * met; a 200 whose body is not an id is ApiError `bad-response` (status 200): Grist may have made it.
 */
export async function make(target: MakingTarget, post: () => Promise<string>): Promise<void> {
  const { making } = target;
  making.name = target.name;
  // Sent in this life: a read-back of it knows this life's claims and unsettled requests.
  making.life = WORKER_LIFE;
  // Later than a read of `before` answered already, even within the same millisecond: what that
  // read found was there before the request left (madeAmong tells the two apart by these times).
  making.sentAt = Math.max(Date.now(), (making.before?.contents?.answeredAt ?? 0) + 1);
  unsettle(making);
  try {
    const id = await post();
    if (!DOC_ID.test(id)) throw new ApiError('bad-response', t('errorBadShape', new URL(making.place.site.url).host), 200);
    target.made = claim(id);
    settle(making);
  } catch (error) {
    // A refusal made nothing; otherwise only a read-back settles it (madeAlready).
    if (!(error instanceof ApiError && mayHaveMade(error))) settle(making);
    throw error;
  }
}

function claim(id: string): string {
  claimed.add(id);
  return id;
}

/**
 * What must be read before `target`'s making is sent (the kinds' readFirst): what its destination
 * holds, when nothing read it yet (a bulk run's shared read is waited for, and read again for this
 * making when it failed); for a making sent
 * before whose answer did not say (a bulk run's Retry failed, the popup's Copy again), whether
 * Grist made it. Out: false when it did (`target.made`, `target.name` as made: nothing to send),
 * true when the request is to be sent. Throws ApiError, nothing sent: what the read met; with
 * `unknown`'s words when a read-back cannot tell, `network` (a later read may), or `cannot-tell`
 * for a making of an earlier life of the worker, which no read ever will (let go: see above).
 */
export async function readFirst(client: GristClient, target: MakingTarget, unknown: string): Promise<boolean> {
  const { making } = target;
  if (making.sentAt === 0) {
    await making.before?.done;
    if (!making.before?.contents) making.before = destinationRead(contentsOf(await documentsIn(client, making.place)));
    return true;
  }
  let found: Awaited<ReturnType<typeof readBack>>;
  try {
    found = await readBack(client, target);
  } catch {
    throw new ApiError('network', unknown);
  }
  if (found === null) throw new ApiError(making.life === WORKER_LIFE ? 'network' : 'cannot-tell', unknown);
  if (found === true) return false;
  // Not made: what the destination holds now is what it holds before the request leaves again.
  making.before = destinationRead(found);
  return true;
}

/**
 * The pipeline's read-back of a making kind (`applied`): whether Grist made `target`'s document, by
 * the rules above. True: `target.made` is it, claimed. False: not made, or it cannot tell. Throws
 * ApiError as the read met it.
 */
export async function madeAlready(client: GristClient, target: MakingTarget): Promise<boolean> {
  return (await readBack(client, target)) === true;
}

/**
 * Reads `target`'s destination and decides whether its making's request made a document there.
 * Out: true (made: `target.made`, claimed, and `target.name` the name it was made with), what the
 * destination holds (not made), or null (cannot tell: the making stays unsettled). Throws ApiError
 * as the read met it.
 */
async function readBack(client: GristClient, target: MakingTarget): Promise<true | DestinationContents | null> {
  const { making } = target;
  await making.before?.done;
  const docs = await documentsIn(client, making.place);
  const found = madeAmong(docs, making);
  if (found === null) return null;
  settle(making);
  if (found === undefined) return contentsOf(docs);
  target.made = claim(found);
  target.name = making.name;
  return true;
}

/**
 * Which of `docs` (a destination's documents now) `making`'s request made, by the rules above. Out:
 * its id; undefined when none can be (nothing of its name there since it left); null when it cannot
 * tell.
 */
function madeAmong(docs: readonly ListedDocument[], making: Making): string | undefined | null {
  const since = making.sentAt - CLOCK_SKEW_MS;
  const named = docs.filter(({ id, name, createdAt }) => name === making.name && !claimed.has(id) && !(createdAt && Date.parse(createdAt) < since));
  const before = making.before?.contents;
  const held = new Set(before?.idsByName.get(making.name));
  // Not there before it left: the read of before answered first. There: not its own, unless that
  // read answered after it left (it may have found the new document), or failed.
  const fresh = before ? named.filter(({ id }) => !held.has(id)) : [];
  const perhaps = !before ? named : before.answeredAt < making.sentAt ? [] : named.filter(({ id }) => held.has(id));
  if (fresh.length === 0 && perhaps.length === 0) return undefined;
  const othersUnsettled = [...(unsettled.get(makingKey(making)) ?? [])].some((id) => id !== making.id);
  const provable = fresh.length === 1 && perhaps.length === 0 && !othersUnsettled && making.life === WORKER_LIFE;
  return provable ? fresh[0]!.id : null;
}

/**
 * What is not known of a making, in the kind's words (`key`) with its name and `<site> ›
 * <workspace>`: an answer that did not say, which the read did not settle ("… did not say whether
 * <name> was …. Check …"), or a copy no longer kept.
 */
export function unknownMade(key: 'errorCopyUnknown' | 'errorCopyNoLongerKept' | 'errorNewDocumentUnknown', { making }: MakingTarget): string {
  return t(key, making.name, placeName(making.place));
}

/** The storeNoted of the kinds that make documents: each one made, into its workspace of the cached listing. */
export async function recordMade(noted: ReadonlyArray<{ target: MakingTarget }>): Promise<void> {
  await Promise.all(noted.map(({ target: { account, making, made, name } }) => recordDocumentAdded(account, making.place.site.url, making.place.workspace.id, addedEntry(made!, name))));
}
