/**
 * A person's removal run by the worker (src/background/sharing/removal-run.ts), started and waited
 * for: `removePerson` answers at once, and the run goes on in the worker.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { expect, vi } from 'vitest';
import { getPersonRemoval, removePerson } from '../../src/background/changes/removal-run.ts';
import { USERS } from '../fake-grist/sample-data.ts';
import { grist } from './worker-grist.ts';
import type { ChangeEntry } from '../../src/shared/protocol/change-log.ts';
import { removalRequestOf, type PersonGrants, type PersonRemovalRequest, type PersonSiteKey, type RemovedPerson } from '../../src/shared/protocol/people.ts';

/** The removal of every site of preview `grants` (readPersonGrants) that `only` keeps, as the People view sends it: by the preview's id. */
export function removalOf(grants: PersonGrants, only: (site: PersonSiteKey) => boolean = () => true): PersonRemovalRequest {
  const request = removalRequestOf(grants);
  return { ...request, sites: request.sites.filter(only) };
}

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
export async function removed(request: PersonRemovalRequest): Promise<RemovedPerson> {
  return settled((await removePerson(request)).batchId);
}

/** Gives `users` their roles on `path` (an access path of the fake), as someone in Grist would: as Olivia, the owner. */
export async function shareAsOwner(path: string, users: Record<string, string | null>): Promise<void> {
  await fetch(`${grist.url}${path}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ delta: { users } }),
  });
}

/** The change-log entries stored now (every item of storage.local under `changeLog`), as the next worker would read them. */
export async function storedEntries(): Promise<ChangeEntry[]> {
  const stored = await fakeBrowser.storage.local.get(null);
  // The log's own item holds `entries`; a batch's item (changeLog:<id>) is the list itself.
  return Object.entries(stored).flatMap(([key, value]) => (key.startsWith('changeLog') && key !== 'changeLogPending' ? (Array.isArray(value) ? (value as ChangeEntry[]) : (value as { entries: ChangeEntry[] }).entries) : []));
}
