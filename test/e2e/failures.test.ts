/**
 * Failures as a user meets them in the popup: a key that stops working, a slow site during a
 * refresh, a popup closed while its rename is on the way.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { openPopup, POPUP_PAGE, saveOptions } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

beforeEach(async () => {
  setup.grist.clearFaults();
  await saveOptions(setup.extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
  // One good listing, so the popup has a cache to fall back on.
  await (await openPopup(setup.extension)).close();
  setup.grist.clearRequests();
});

describe('the popup under failures', () => {
  it('one slow site: the rest can be searched and renamed meanwhile, and the rename survives the refresh', async () => {
    const { grist, extension } = setup;
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', delayMs: 2500, times: 1 });
    const popup = await extension.openPage(POPUP_PAGE);
    await popup.getByText('Refreshing…').waitFor();
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('bug');
    await popup.getByRole('button', { name: 'Rename Bug Tracker' }).click();
    await popup.getByRole('textbox', { name: 'New name for Bug Tracker' }).fill('Bugs');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    expect(await popup.getByText('Refreshing…').count()).toBe(1);
    await expect.poll(() => popup.getByText('Refreshing…').count(), { timeout: 10_000 }).toBe(0);
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('');
    await popup.getByRole('link', { name: 'Open Bugs' }).waitFor();
    await popup.getByRole('link', { name: 'Open Project Alpha' }).waitFor();
  });

  it('closing the popup while its rename is on the way still completes it', async () => {
    const { grist, extension } = setup;
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, delayMs: 1500, times: 1 });
    const popup = await openPopup(extension);
    await popup.getByRole('button', { name: 'Rename Reading List' }).click();
    await popup.getByRole('textbox', { name: 'New name for Reading List' }).fill('Books');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.requests.some((request) => request.method === 'PATCH')).toBe(true);
    await popup.close();
    await expect.poll(() => grist.doc(DOCS.readingList.id)?.name, { timeout: 10_000 }).toBe('Books');
    // The worker also wrote it to the cached listing: the next popup shows it before refreshing.
    grist.injectFault({ path: /workspaces$/, hang: true });
    const again = await extension.openPage(POPUP_PAGE);
    await again.getByRole('link', { name: 'Open Books' }).waitFor();
  });

  it('a site that fails over cached documents says so in a notice shown whole, not cut short', async () => {
    const { grist, extension } = setup;
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', status: 500, body: '{"error":"boom"}', contentType: 'application/json', times: 10 });
    const popup = await openPopup(extension);
    const notice = popup.getByRole('region', { name: 'Globex Inc' }).getByText('Showing this site’s documents from an earlier refresh.');
    await notice.waitFor();
    // Whole: nothing of it hidden inside its own box, and its box inside the site's error.
    const fits = await notice.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const frame = element.closest('.site-error')!.getBoundingClientRect();
      return element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight && box.bottom <= frame.bottom && box.right <= frame.right;
    });
    expect(fits).toBe(true);
    await popup.close();
  });

  // Last: the key stays revoked on this server.
  it('a key revoked in Grist: the list stays, with the key error and the way to the options', async () => {
    setup.grist.revokeKey(USERS.owner.id);
    const popup = await openPopup(setup.extension);
    await popup.getByText(/Grist refused the API key/).waitFor();
    await popup.getByRole('button', { name: 'Open options' }).waitFor();
    expect(await popup.getByRole('link', { name: 'Open Roadmap 2026' }).count()).toBe(1);
  });
});
