/**
 * The People view's changes (panels/people-view.tsx), through the worker: a person's removal from
 * the user's sites, followed while the worker runs it (through the pages' one lifecycle,
 * page-shared/change-lifecycle.ts), and its Undo (the batch, undoBatch). What the view reads first
 * (each site's access, what one person has): reads/people.ts. Answers are kept by the view in
 * memory only, never stored.
 */
import { batch } from '@preact/signals';
import { runPageChange, type PageChange } from '../../../page-shared/change-lifecycle.ts';
import { settle, type Result } from '../../../shared/protocol/errors.ts';
import { t, tCount } from '../../../shared/i18n.ts';
import { removalRequestOf, type PersonGrants, type PersonRemovalRequest, type PersonSite, type RemovedPerson } from '../../../shared/protocol/people.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { ChangeContext } from '../change-descriptor.ts';

/**
 * What removing the person from `sites` makes the user an owner of (YourPlace: Grist gives an
 * owner's place to whoever removes them), each name quoted; empty when nothing.
 */
export const yourPlaceNames = (sites: ReadonlyArray<Pick<PersonSite, 'workspaces' | 'documents'>>): string[] =>
  sites.flatMap(({ workspaces, documents }) => [...workspaces, ...documents].filter((grant) => grant.makesYouOwner).map(({ name }) => `“${plainTextName(name)}”`));

/** yourPlaceNames after the removal from `sites` (those Grist confirmed), in words; '' when nothing. */
export function madeYouOwnerWords(sites: ReadonlyArray<Pick<PersonSite, 'workspaces' | 'documents'>>): string {
  const names = yourPlaceNames(sites);
  return names.length > 0 ? t('peopleMadeYouOwner', names.join(', ')) : '';
}

/** How often a removal under way is asked where it stands (getPersonRemoval), in ms: as a bulk page follows its run. */
export const PERSON_REMOVAL_POLL_MS = 250;

/**
 * How many looks in a row may fail before the page gives up following a removal: a look that
 * reaches a worker Chrome just stopped fails, and the next one starts the worker again, which
 * resumes the removal (removal-run.ts).
 */
const FAILED_LOOKS_TOLERATED = 3;

/**
 * Starts the removal `request` (removePerson: the worker answers at once) and follows it
 * (getPersonRemoval every PERSON_REMOVAL_POLL_MS), calling `progress` with each answer, until it is
 * done; `wait` waits between two looks. Out: the run done, or why it could not be started or
 * followed (FAILED_LOOKS_TOLERATED looks in a row failed; it goes on in the worker all the same).
 */
export async function followPersonRemoval(
  backend: Pick<ChangeContext['backend'], 'removePerson' | 'getPersonRemoval'>,
  request: PersonRemovalRequest,
  progress: (run: RemovedPerson) => void = () => undefined,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Result<RemovedPerson>> {
  const started = await settle(backend.removePerson(request));
  if (!started.ok) return started;
  let run = started.value;
  for (let failed = 0; !run.done; ) {
    progress(run);
    await wait(PERSON_REMOVAL_POLL_MS);
    const look = await settle(backend.getPersonRemoval({ batchId: run.batchId }));
    if (look.ok) [run, failed] = [look.value, 0];
    else if (++failed >= FAILED_LOOKS_TOLERATED) return look;
  }
  return { ok: true, value: run };
}

/** A removal asked from the People view: the person of the preview `grants`, `progress` called with each answer while it runs. */
interface PersonRemovalVars {
  grants: PersonGrants;
  progress?: (run: RemovedPerson) => void;
}

/**
 * The People view's removal of a person, in the pages' one lifecycle: nothing shown at once (the
 * view shows it on its way, with its progress); started and followed until done
 * (followPersonRemoval); a refusal is the view's to say where it was asked (removePerson's answer),
 * not the status's; once done, the removal is the last change: its Undo, and Ctrl+Z, are the
 * view's, so the status says nothing and its offer of an earlier change goes.
 */
export const personRemoval: PageChange<Pick<ChangeContext, 'backend' | 'announcement' | 'lastChange'>, PersonRemovalVars, RemovedPerson> = {
  send: (backend, { grants, progress }) => followPersonRemoval(backend, removalRequestOf(grants), progress),
  onError: () => undefined,
  onSuccess({ announcement, lastChange }) {
    announcement.value = '';
    lastChange.value = null;
  },
};

/**
 * Removes `email` from each site of the preview `grants`, by its id (the worker takes what it read
 * for the preview, and reads each site's own access and the grants found again), as personRemoval.
 * Out: the batch and what it came to in words (from how many sites, and each site's failure in its
 * words), which the view shows where the removal was asked, once; `progress`: each answer while it
 * runs. Out: the batch and its words, or why nothing was sent.
 */
export async function removePerson(
  context: Pick<ChangeContext, 'backend' | 'announcement' | 'lastChange'>,
  grants: PersonGrants,
  progress?: (run: RemovedPerson) => void,
): Promise<{ removed: RemovedPerson; words: string } | string> {
  const reply = await runPageChange(context, personRemoval, { grants, ...(progress ? { progress } : {}) });
  if (!reply.ok) return reply.error.message;
  const removed = reply.value.sites.filter(({ outcome }) => outcome === 'removed');
  const failures = reply.value.sites.flatMap((site) => (site.outcome === 'failed' || site.outcome === 'changed' ? [site.message] : []));
  // What Grist gave the user in their place, as the preview read it, on the sites it removed them from.
  const yours = madeYouOwnerWords(grants.sites.filter((site) => removed.some(({ orgId, siteUrl }) => orgId === site.orgId && siteUrl === site.siteUrl)));
  const words = [tCount('peopleRemoved', reply.value.sites.length, grants.email, String(removed.length)), yours, ...failures].filter(Boolean).join(' ');
  return { removed: reply.value, words };
}

/**
 * Undoes a removal (its batch), and announces on how many sites the person is back, what could not
 * be put back on those (gone from Grist since), and why not on the others.
 */
export async function undoPersonRemoval({ backend, announcement }: Pick<ChangeContext, 'backend' | 'announcement'>, batchId: string): Promise<void> {
  const reply = await settle(backend.undoBatch({ batchId }));
  const restored = reply.ok ? reply.value.filter(({ outcome }) => outcome === 'restored').length : 0;
  const others = reply.ok ? reply.value.flatMap((result) => (result.message ? [result.message] : [])) : [reply.error.message];
  const summary = reply.ok ? [tCount('peopleUndoSummary', reply.value.length, String(restored))] : [];
  batch(() => (announcement.value = [...summary, ...others].join(' ')));
}
