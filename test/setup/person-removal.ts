/**
 * A person's removal run by the worker (src/background/sharing/removal-run.ts), started and waited
 * for: `removePerson` answers at once, and the run goes on in the worker.
 */
import { expect, vi } from 'vitest';
import { getPersonRemoval, removePerson } from '../../src/background/sharing/removal-run.ts';
import { removalRequestOf, type PersonSiteRequest, type RemovedPerson } from '../../src/shared/people.ts';

/** The removal request of each site of a preview (readPersonGrants), as the People view sends it. */
export const withGrants = removalRequestOf;

/** Out: the run once done (getPersonRemoval); fails the test after 8 s. */
export async function settled(batchId: string): Promise<RemovedPerson> {
  let run!: RemovedPerson;
  await vi.waitFor(async () => {
    run = await getPersonRemoval({ batchId });
    expect(run.done).toBe(true);
  }, { timeout: 8000, interval: 5 });
  return run;
}

/** Starts removing `email` from `sites` (removePerson) and waits for it. Out: the run, done. */
export async function removed(request: { email: string; sites: PersonSiteRequest[] }): Promise<RemovedPerson> {
  return settled((await removePerson(request)).batchId);
}
