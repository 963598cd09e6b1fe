/**
 * The fake Grist as the bulk-run unit tests set it up: generateSeed's team sites (team `n` is org
 * 99 + n, its "Home" workspace 2 × org, its "Documents" the next), Olivia's key saved and her
 * sites listed. `useBulkGrist()` in a test file grants host permissions before each test and
 * closes the server after; `grist` is the server of the test under way (a live binding).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach } from 'vitest';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import { refreshListing } from '../../src/background/listing/listing-service.ts';
import { generatedDocId, generateSeed, USERS, type Seed } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { saveSettingsWithKey } from './saved-key.ts';

/** The server of the test under way, once `connect` started it. */
export let grist: FakeGrist | undefined;

export function useBulkGrist(): void {
  beforeEach(() => {
    fakeBrowser.permissions.contains = (async () => true) as never;
  });
  afterEach(async () => {
    await grist?.close();
    grist = undefined;
  });
}

/** Starts the fake with `seed`, saves Olivia's key (owner of every team) and lists her sites. */
export async function connect(seed: Seed = generateSeed({ teams: 2, docsPerTeam: 12 })): Promise<FakeGrist> {
  await grist?.close();
  grist = await startFakeGrist({ mode: 'org-in-path', seed });
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
  await refreshListing();
  await readListing(); // after the refresh's own write
  grist.clearRequests();
  return grist;
}

/** The first `count` documents of team `team`, as a page names them. */
export const documentsOf = (team: 1 | 2, count: number) => Array.from({ length: count }, (_, index) => ({ orgId: 99 + team, docId: generatedDocId(team, index + 1) }));
