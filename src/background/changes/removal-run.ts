/**
 * A person's removal from the user's sites as a run (the People view's "Remove <email> from all
 * your sites…", the Share panel's removal from one site): the `removePerson` message starts it and
 * answers at once, `getPersonRemoval` says where it stands, and it goes on with the popup closed.
 * Chrome stops a service worker whose single event runs past 5 minutes (developer.chrome.com,
 * "The extension service worker lifecycle"), which at 100,000 documents one message doing it all
 * would; so its state is stored, in the change log itself (no other store holds the person's
 * email): each site's entry, with what its PATCH takes (their role and grants there), is written
 * ahead, pending, before any PATCH leaves (pipeline.ts logAhead), and marked done once Grist
 * confirms. A worker stopped mid-run finishes it at its next start (resumePersonRemovals).
 * The preview's reads are the removal's: the worker keeps what its preview read (person-previews.ts:
 * the page sends back only the preview's id, never grants), and before a site's PATCH reads again
 * only the site's own access and that of each workspace and document the preview found the person
 * on: a person whose role on the site is not the preview's any more is not removed from it, and a
 * grant someone else took (or changed) since is recorded as the removal finds it, so its Undo never
 * gives back more than the removal took. A preview the worker no longer has is read afresh.
 */
import { siteKey, targetKey, type ChangeEntry, type PersonEntry } from '../../shared/protocol/change-log.ts';
import { t } from '../../shared/i18n.ts';
import type { PersonHad, PersonRemoval, PersonSiteKey, RemovedPerson } from '../../shared/protocol/people.ts';
import { peopleRoleWord } from '../../shared/rules/role-words.ts';
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, NO_KEY_ERROR, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { readChangeLog, readWrittenAhead, recordTaken } from '../change-log/change-log.ts';
import { readListing } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';
import { oneAtATime } from '../pacing.ts';
import { answerLost, logAhead, sendChange, settleAhead } from './pipeline.ts';
import { readAccessOf } from '../sharing/access-api.ts';
import { grantOf, personIn, personOnSite, refuseOwnEmail, siteFor, siteRoleOf } from '../sharing/person-grants.ts';
import { previewedOn, removeOnce } from '../sharing/person-previews.ts';
import { personKind, type PersonTarget } from './kinds/remove-person.ts';

/** How long a finished run's outcomes stay in memory for the page following it; then only the change log has it. */
const FINISHED_KEPT_MS = 60_000;

/** The runs of this worker, by batch id: each site's outcome, nothing else (the grants are in the log only). */
const runs = new Map<string, PersonRemoval[]>();

/** The resume of the last start, if any: a run it resumes is answered once it is registered. */
let resuming: Promise<void> = Promise.resolve();

/** What an error came to for a site, in words (never thrown). */
function failed(error: unknown): { outcome: 'failed'; kind: ApiError['kind']; message: string } {
  if (error instanceof ApiError) return { outcome: 'failed', kind: error.kind, message: error.message };
  logFailure("a person's removal")(error);
  return { outcome: 'failed', kind: 'bad-response', message: t('errorInternal') };
}

/** Where run `batchId` stands: a copy of its outcomes, done once none is waiting. */
function snapshot(batchId: string, sites: readonly PersonRemoval[]): RemovedPerson {
  return { batchId, sites: sites.map((site) => ({ ...site })), done: sites.every(({ outcome }) => outcome !== 'waiting') };
}

/** Sets the outcome of site `index` of run `batchId`; once none waits, the run is forgotten after FINISHED_KEPT_MS. */
function settle(batchId: string, index: number, outcome: PersonRemoval): void {
  const sites = runs.get(batchId);
  if (!sites) return;
  sites[index] = outcome;
  if (sites.every((site) => site.outcome !== 'waiting')) setTimeout(() => runs.get(batchId) === sites && runs.delete(batchId), FINISHED_KEPT_MS);
}

/** Settles written-ahead entry `entryId`; a log that cannot be written leaves it pending, for the next start. */
const settleEntry = (entryId: string, confirmed: boolean) => settleAhead(entryId, confirmed).catch(logFailure('settling a removal written ahead'));

/**
 * Sends the PATCH of `target`, whose entry `entryId` is written ahead, and settles the entry: done
 * once Grist has it, dropped when it does not (the pipeline's read-back after a lost answer found
 * them still there included: nothing more is read). After an answer lost whose read-back failed,
 * the site's access is read once more: the person absent means it landed; a read that fails too
 * leaves the entry pending, for the next start. Out: the site's outcome.
 */
async function sendAhead(client: GristClient, target: PersonTarget, entryId: string): Promise<Exclude<PersonRemoval, { outcome: 'waiting' }>> {
  const key = { orgId: target.orgId, siteUrl: target.siteUrl };
  try {
    await sendChange(client, personKind, target);
  } catch (error) {
    const readBackSaidNo = error instanceof ApiError && error.message === personKind.notApplied(target);
    if (!(error instanceof ApiError) || !answerLost(error) || readBackSaidNo) {
      await settleEntry(entryId, false);
      return { ...key, ...failed(error) };
    }
    const gone = await readAccessOf(client, { kind: 'site', orgId: target.orgId, siteUrl: target.siteUrl }).then(
      ({ people }) => personIn(people, target.email) === undefined,
      () => null,
    );
    if (gone === null) return { ...key, ...failed(new ApiError('network', t('personRemovalResumeLater', target.siteName))) };
    if (!gone) {
      await settleEntry(entryId, false);
      return { ...key, ...failed(error) };
    }
  }
  await settleEntry(entryId, true);
  return { ...key, outcome: 'removed', entryId };
}

/** The access of `resource` now, or null when Grist answers 404 (gone since). Throws what else the read met. */
async function accessOrGone(client: GristClient, resource: Parameters<typeof readAccessOf>[1]) {
  try {
    return await readAccessOf(client, resource);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * What the removal of `target` takes of the workspace and document grants it was written with
 * (`target.had`), read again now, all at once: each grant the person still has right there, at
 * its role now; one they no longer have, or on a workspace or document Grist says is gone (404), is
 * left out. Throws what a read met but a 404.
 */
async function takenNow(client: GristClient, target: PersonTarget): Promise<Pick<PersonHad, 'workspaces' | 'documents'>> {
  const { orgId, siteUrl, email, had } = target;
  const roleOn = async (resource: Parameters<typeof readAccessOf>[1]) => {
    const access = await accessOrGone(client, resource);
    return access && grantOf(personIn(access.people, email));
  };
  const [workspaces, documents] = await Promise.all([
    Promise.all(had.workspaces.map(async (grant) => ({ ...grant, role: await roleOn({ kind: 'workspace', orgId, siteUrl, workspaceId: grant.id }) }))),
    Promise.all(had.documents.map(async (grant) => ({ ...grant, role: await roleOn({ kind: 'document', orgId, siteUrl, docId: grant.id }) }))),
  ]);
  const held = <G extends { role: unknown }>(grants: G[]) => grants.filter((grant): grant is G & { role: NonNullable<G['role']> } => grant.role !== null);
  return { workspaces: held(workspaces), documents: held(documents) };
}

/**
 * Sets `target.had`'s grants to `taken` (takenNow) and, where they differ from what entry `entryId`
 * was written ahead with, records them there first (recordTaken). Throws what the log's write threw.
 */
async function takeNow(target: PersonTarget, entryId: string, taken: Pick<PersonHad, 'workspaces' | 'documents'>): Promise<void> {
  const same = <G extends { id: unknown; role: string }>(before: readonly G[], now: readonly G[]) => before.length === now.length && before.every((grant, index) => grant.id === now[index]!.id && grant.role === now[index]!.role);
  if (same(target.had.workspaces, taken.workspaces) && same(target.had.documents, taken.documents)) return;
  await recordTaken(entryId, taken);
  target.had = { ...target.had, ...taken };
}

/** The words for a site where the person's role is `now`, not the `had` the removal was asked with: not removed. */
const changedSince = (target: PersonTarget, now: PersonTarget['had']['role']) =>
  t('personRoleChangedSince', target.email, target.siteName, peopleRoleWord(now), peopleRoleWord(target.had.role));

/**
 * One site of a run whose entry was written ahead: the site's own access read again, and each
 * workspace's and document's the preview found the person on (takenNow), all at once; then its
 * PATCH (sendAhead) when the person has the role the preview read there, with the grants as found
 * now recorded first (takeNow); otherwise the entry is dropped and nothing sent. `ownEmail`: the
 * user of the site's account, who must own it.
 */
async function removeAhead(client: GristClient, target: PersonTarget, entryId: string, ownEmail: string): Promise<PersonRemoval> {
  const key = { orgId: target.orgId, siteUrl: target.siteUrl };
  let role;
  try {
    const [now, taken] = await Promise.all([siteRoleOf(client, { orgId: target.orgId, siteUrl: target.siteUrl }, target.email, ownEmail), takenNow(client, target)]);
    if (!now.owner) throw new ApiError('forbidden', t('errorCannotRemovePerson', target.siteName), 403);
    role = now.role;
    if (role === target.had.role) await takeNow(target, entryId, taken);
  } catch (error) {
    await settleEntry(entryId, false);
    return { ...key, ...failed(error) };
  }
  if (role === null) {
    await settleEntry(entryId, false);
    return { ...key, outcome: 'absent' };
  }
  if (role !== target.had.role) {
    await settleEntry(entryId, false);
    return { ...key, outcome: 'changed', message: changedSince(target, role) };
  }
  return sendAhead(client, target, entryId);
}

/**
 * One site of a run asked without the preview's grants (the Share panel's removal from a site):
 * what the person has there read first (personOnSite), then its entry written ahead, then its PATCH.
 */
async function readThenRemove(client: GristClient, base: Omit<PersonTarget, 'had'>, site: Parameters<typeof personOnSite>[1], ownEmail: string, batchId: string): Promise<PersonRemoval> {
  const key = { orgId: base.orgId, siteUrl: base.siteUrl };
  try {
    const { owner, person } = await personOnSite(client, site, base.email, ownEmail);
    if (!owner) throw new ApiError('forbidden', t('errorCannotRemovePerson', site.name), 403);
    if (!person) return { ...key, outcome: 'absent' };
    const target: PersonTarget = { ...base, had: person };
    const [entryId] = await logAhead(personKind, [target], { source: 'popup', batchId });
    return await sendAhead(client, target, entryId!);
  } catch (error) {
    return { ...key, ...failed(error) };
  }
}

/**
 * The `removePerson` message. In: the person's email, the sites to remove them from, and the id of
 * the preview that read them (`previewId`: readPersonGrants; absent for the Share panel's removal
 * from one site). The removal of a preview is started once (removeOnce): the same preview again
 * answers where its removal stands. Each site is checked against the worker's listing and its
 * owners (one the account does not own is refused, nothing sent); the entries of those the preview
 * read (as the worker kept it, with the same account) are written ahead in one log write before
 * anything is sent; then each site in its own queue, as removeAhead says, or readThenRemove for a
 * site the worker has no preview of. Out, at once: the run as it starts, or as it stands
 * (RemovedPerson; its batch id names it for getPersonRemoval and Undo). Throws ApiError
 * `invalid-input` for the user's own email, or what the log's write ahead threw (nothing sent).
 */
export async function removePerson(request: { email: string; previewId?: string; sites: PersonSiteKey[] }): Promise<RemovedPerson> {
  let started: RemovedPerson | undefined;
  const batchId = await removeOnce(request.previewId, request.email, async () => (started = await startRemoval(request)).batchId);
  return started ?? getPersonRemoval({ batchId });
}

/** Starts a removal (see removePerson). Out: the run as it starts. */
async function startRemoval({ email, previewId, sites }: { email: string; previewId?: string; sites: PersonSiteKey[] }): Promise<RemovedPerson> {
  const [listing, saved] = await Promise.all([readListing(), readKeyedAccounts()]);
  // The accounts with the users Grist named just now: a site of one whose user was not known is found by siteFor.
  const accounts = await refuseOwnEmail(saved, email);
  const clientOf = clientsFor(accounts);
  const batchId = crypto.randomUUID();
  const outcomes: PersonRemoval[] = sites.map(({ orgId, siteUrl }) => ({ orgId, siteUrl, outcome: 'waiting' }));
  const work: Array<() => Promise<PersonRemoval>> = [];
  const ahead: Array<{ index: number; target: PersonTarget; ownEmail: string }> = [];
  sites.forEach((request, index) => {
    const key = { orgId: request.orgId, siteUrl: request.siteUrl };
    const found = siteFor(listing, accounts, email, key);
    if (!found) {
      const listed = listing?.sites.find((site) => site.orgId === key.orgId && site.siteUrl === key.siteUrl);
      outcomes[index] = { ...key, ...failed(listed ? new ApiError('forbidden', t('errorCannotRemovePerson', listed.name), 403) : new ApiError('not-found', t('errorNotInList'))) };
      return;
    }
    const { site, ownEmail } = found;
    const base = { account: site.account, key: siteKey(site.orgId), orgId: site.orgId, siteUrl: site.siteUrl, name: email, siteName: site.name, email, removed: true };
    const previewed = previewedOn(previewId, email, key);
    if (previewed?.account === site.account) ahead.push({ index, target: { ...base, had: { role: previewed.role, workspaces: previewed.workspaces, documents: previewed.documents } }, ownEmail });
    else work[index] = () => readThenRemove(clientOf(site.account), base, site, ownEmail, batchId);
  });
  // The start-up resume takes only the batches left by an earlier worker: it has registered them
  // before this run's entries are written ahead, and this run is registered before they are.
  await resuming.catch(() => undefined);
  runs.set(batchId, outcomes);
  let entryIds: string[];
  try {
    entryIds = await logAhead(
      personKind,
      ahead.map(({ target }) => target),
      { source: 'popup', batchId },
    );
  } catch (error) {
    runs.delete(batchId);
    throw error;
  }
  ahead.forEach(({ index, target, ownEmail }, at) => (work[index] = () => removeAhead(clientOf(target.account), target, entryIds[at]!, ownEmail)));
  work.forEach((removal, index) => {
    if (!removal) return;
    const { orgId, siteUrl } = outcomes[index]!;
    void oneAtATime(siteKey(orgId), () => removal().catch((error: unknown) => ({ orgId, siteUrl, ...failed(error) }))).then((outcome) => settle(batchId, index, outcome));
  });
  return snapshot(batchId, outcomes);
}

/**
 * A removal found pending in the change log at start-up (`entry`, as the resume read it), in its
 * site's queue: the entry read again first, since a run may have settled it meanwhile (then only
 * its outcome is told, nothing read or sent). An entry whose account is gone or has no key any more
 * (removeApiKey) is dropped, settled as not confirmed: it could never be resumed, nor undone, and
 * would keep the person's email and have every start read the whole log; whether its PATCH landed
 * is not known then. Otherwise the site's access is read (one request): the person absent means
 * its PATCH landed (marked done); with the role it was written with, the PATCH is sent now
 * (sendAhead), with the grants it takes read again first (takenNow, takeNow); with another, it
 * never landed and someone changed them since (dropped, nothing sent). A read that fails leaves it
 * pending, for the next start.
 */
async function resumeOne(entry: PersonEntry, accounts: readonly KeyedAccount[], clientOf: (account: string) => GristClient): Promise<PersonRemoval> {
  const { site, person } = entry;
  const key = { orgId: site.orgId, siteUrl: site.url };
  const now = (await readChangeLog()).find(({ id }) => id === entry.id);
  if (!now) return { ...key, ...failed(new ApiError('not-found', t('personRemovalGone'))) };
  if (!now.pending) return { ...key, outcome: 'removed', entryId: entry.id };
  if (!accounts.some(({ account, apiKey }) => account.id === entry.account && apiKey !== null)) {
    await settleEntry(entry.id, false);
    return { ...key, ...failed(NO_KEY_ERROR()) };
  }
  const target: PersonTarget = {
    account: entry.account!,
    key: targetKey(entry.target),
    orgId: site.orgId,
    siteUrl: site.url,
    name: person.email,
    siteName: site.name,
    email: person.email,
    removed: true,
    had: { role: person.role, workspaces: person.workspaces, documents: person.documents },
  };
  let client: GristClient;
  let role;
  let taken;
  try {
    client = clientOf(target.account);
    // As the preview read it (siteRoleOf): listed without a role of their own is not there.
    role = personIn((await readAccessOf(client, { kind: 'site', orgId: site.orgId, siteUrl: site.url })).people, person.email)?.role ?? null;
    // What it takes, as found now, when it is to be sent: the worker may have been stopped for long.
    if (role === person.role) taken = await takenNow(client, target);
  } catch (error) {
    const why = error instanceof ApiError ? `${error.message} ` : '';
    return { ...key, outcome: 'failed', kind: error instanceof ApiError ? error.kind : 'bad-response', message: why + t('personRemovalResumeLater', site.name) };
  }
  if (role === null) {
    await settleEntry(entry.id, true);
    return { ...key, outcome: 'removed', entryId: entry.id };
  }
  if (role !== person.role) {
    await settleEntry(entry.id, false);
    return { ...key, outcome: 'changed', message: changedSince(target, role) };
  }
  await takeNow(target, entry.id, taken!);
  return sendAhead(client, target, entry.id);
}

/** A person's removal from a site, written ahead and not confirmed (ChangeEntry.pending). */
const pendingRemoval = (entry: ChangeEntry): entry is PersonEntry => entry.kind === 'person' && entry.pending === true && entry.person.removed;

/**
 * At the worker's start (background/index.ts): finishes the removals an earlier worker left
 * pending: only the batches the log's written-ahead item names (readWrittenAhead), read before any
 * run of this worker writes ahead (removePerson waits for this), and none this worker runs already;
 * each pending site in its queue (resumeOne), each run followed by getPersonRemoval as any run (its
 * sites confirmed already are `removed`). Out: once each run is registered, not finished.
 */
export function resumePersonRemovals(): Promise<void> {
  resuming = (async () => {
    // The small item first: most starts have nothing to resume, and never read the whole log.
    const batches = (await readWrittenAhead()).filter((batchId) => !runs.has(batchId));
    if (batches.length === 0) return;
    const [log, accounts] = await Promise.all([readChangeLog(), readKeyedAccounts()]);
    const clientOf = clientsFor(accounts);
    for (const batchId of batches) {
      // Registered before the log was read may be a run of this worker since: it is its own.
      if (runs.has(batchId)) continue;
      const entries = log.filter((entry) => entry.kind === 'person' && entry.person.removed && (entry.batchId ?? '') === batchId).reverse();
      if (!entries.some(pendingRemoval)) continue;
      const outcomes = entries.map((entry): PersonRemoval => ({ orgId: entry.site.orgId, siteUrl: entry.site.url, ...(entry.pending ? { outcome: 'waiting' } : { outcome: 'removed', entryId: entry.id }) }));
      runs.set(batchId, outcomes);
      entries.forEach((entry, index) => {
        if (!pendingRemoval(entry)) return;
        void oneAtATime(targetKey(entry.target), () => resumeOne(entry, accounts, clientOf).catch((error: unknown) => ({ orgId: entry.site.orgId, siteUrl: entry.site.url, ...failed(error) }))).then((outcome) => settle(batchId, index, outcome));
      });
    }
  })();
  return resuming;
}

/**
 * The `getPersonRemoval` message: where run `batchId` stands. A run this worker no longer has in
 * memory is told from the change log: its sites confirmed are `removed`, those pending still
 * `failed` with why (the next start resumes them). Throws ApiError `not-found` when the log has
 * nothing of it either.
 */
export async function getPersonRemoval({ batchId }: { batchId: string }): Promise<RemovedPerson> {
  await resuming.catch(() => undefined);
  const sites = runs.get(batchId);
  if (sites) return snapshot(batchId, sites);
  const entries = (await readChangeLog()).filter((entry) => entry.kind === 'person' && entry.person.removed && entry.batchId === batchId).reverse();
  if (entries.length === 0) throw new ApiError('not-found', t('personRemovalGone'));
  return snapshot(
    batchId,
    entries.map(({ id, site, pending }): PersonRemoval => {
      const key = { orgId: site.orgId, siteUrl: site.url };
      return pending ? { ...key, outcome: 'failed', kind: 'network', message: t('personRemovalResumeLater', site.name) } : { ...key, outcome: 'removed', entryId: id };
    }),
  );
}
