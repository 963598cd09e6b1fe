/**
 * The whole cached listing, read by the popup only once something needs it (issue 16): a popup
 * whose refresh finds every site changed shows the fresh listing without ever reading it, and a
 * search typed while a slow refresh runs reads it and finds a document past the first screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateSeed } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openPopup, POPUP_PAGE, storedDrawing } from './user-actions.ts';

// 3 teams of 40 documents: 120 rows and more, twice the 60 of the cache's first screen.
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed: generateSeed({ teams: 3, docsPerTeam: 40 }) }));
/** The last team's oldest document, shown last (newest first): far past the first screen. */
const LAST = 'Document 3.1';

/** Runs before the page's scripts: records the keys each storage read asks for (`readKeys()`). */
function recordStorageReads(): void {
  const keys: string[] = [];
  const local = chrome.storage.local;
  const get = local.get.bind(local);
  local.get = ((asked: string | string[]) => {
    keys.push(...(typeof asked === 'string' ? [asked] : asked));
    return get(asked);
  }) as typeof local.get;
  Object.assign(window, { readKeys: () => keys });
}

const readKeys = (page: Page) => page.evaluate(() => (window as unknown as { readKeys: () => string[] }).readKeys());

/** Connects, lists once, and waits until the cache and the first screen drawn from it are stored. */
async function connectAndCache(): Promise<void> {
  await connectOwner(setup);
  const popup = await openPopup(setup.extension);
  await expect.poll(async () => (await storedDrawing(setup.extension)).current).toBe(true);
  await popup.close();
  if (!recording) await setup.extension.context.addInitScript(recordStorageReads);
  recording = true;
}
let recording = false;

describe('the whole cached listing', () => {
  it('is never read by a popup whose refresh finds every site changed, which shows the fresh listing whole', async () => {
    await connectAndCache();
    // As when every site changed on the server: no ETag the cache holds matches any more.
    await setup.extension.worker.evaluate(async () => {
      const { listingTags } = (await chrome.storage.local.get('listingTags')) as { listingTags: { revision: string; tags: Record<string, Record<string, string>> } };
      const tags = Object.fromEntries(Object.entries(listingTags.tags).map(([account, byUrl]) => [account, Object.fromEntries(Object.keys(byUrl).map((url) => [url, 'W/"changed"']))]));
      await chrome.storage.local.set({ listingTags: { ...listingTags, tags } });
    });

    const popup = await openPopup(setup.extension);
    await popup.getByRole('status').getByText(/^Listing updated/).waitFor();
    await popup.getByRole('searchbox').fill(LAST);
    await popup.getByRole('link', { name: `Open ${LAST}`, exact: true }).waitFor();
    expect(await readKeys(popup)).not.toContain('listing');
    await popup.close();
  });

  it('is read for a search typed while a slow refresh runs, which finds a document past the first screen', async () => {
    await connectAndCache();
    setup.grist.injectFault({ path: /workspaces$/, delayMs: 4000 });
    try {
      const popup = await setup.extension.openPage(POPUP_PAGE);
      await popup.locator('#app a[aria-label^="Open "]').first().waitFor();
      expect(await readKeys(popup)).not.toContain('listing');
      await popup.getByRole('searchbox').fill(LAST);
      await popup.getByRole('link', { name: `Open ${LAST}`, exact: true }).waitFor();
      // Found in the cache: the refresh is still waiting for Grist.
      expect(await popup.getByRole('status').textContent()).toContain('Refreshing…');
      expect(await readKeys(popup)).toContain('listing');
      await popup.close();
    } finally {
      setup.grist.clearFaults();
    }
  });
});
