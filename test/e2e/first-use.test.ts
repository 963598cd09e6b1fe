/**
 * What a new user trips over, in Chromium against the fake Grist server (issue 12): team site
 * URLs pasted two on a line, a save that cannot work, the popup's ways out, search beyond
 * document names, and the keyboard.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { accountStatus, openConnectedPopup, OPTIONS_PAGE, saveOptions, searchHighlights, chooseInTitleMenu } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** The first account's status line once it has settled (not "…ing…"). */
async function settledStatus(page: import('playwright-core').Page): Promise<string> {
  const status = accountStatus(page);
  // A host that does not answer is tried three times (about 2 s) before Save says so.
  await expect.poll(async () => /…/.test((await status.textContent()) ?? ''), { timeout: 10_000 }).toBe(false);
  return (await status.textContent()) ?? '';
}

describe('options', () => {
  it('two team site URLs on one line, as people paste them, are saved as two sites (item 1)', async () => {
    const { grist, extension } = setup;
    const options = await saveOptions(extension, {
      apiKey: USERS.owner.apiKey,
      personalSiteUrl: `${grist.url}/o/docs`,
      teamSiteUrls: [`${grist.url}/o/acme  ${grist.url}/o/globex`],
    });
    expect(await options.getByLabel('Team site URLs').inputValue()).toBe(`${grist.url}/o/acme\n${grist.url}/o/globex`);
    const stored = await extension.worker.evaluate(async () => ((await chrome.storage.local.get('accounts')).accounts as Array<{ settings: { teamSiteUrls: string[] } }>)[0]!.settings);
    expect(stored.teamSiteUrls).toEqual([`${grist.url}/o/acme`, `${grist.url}/o/globex`]);
    // A line that is not addresses is an error next to the field; nothing is saved.
    await options.getByLabel('Team site URLs').fill(`${grist.url}/o/acme\nour team site`);
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByText('Line 2:', { exact: false }).waitFor();
    await options.getByRole('status').filter({ hasText: /Nothing was saved/ }).waitFor();
    const after = await extension.worker.evaluate(async () => ((await chrome.storage.local.get('accounts')).accounts as Array<{ settings: { teamSiteUrls: string[] } }>)[0]!.settings);
    expect(after.teamSiteUrls).toEqual([`${grist.url}/o/acme`, `${grist.url}/o/globex`]);
    await options.close();
  });

  it('Save says what it came to: who it connects as, a refused key, a host that does not answer (item 2)', async () => {
    const { grist, extension } = setup;
    const options = await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${grist.url}/o/docs` });
    expect(await settledStatus(options)).toBe('Saved. Connected as Olivia Owner (owner@example.com): 3 sites.');

    await options.getByLabel('API key', { exact: true }).fill('0'.repeat(40));
    await options.getByRole('button', { name: 'Save' }).click();
    expect(await settledStatus(options)).toBe('Saved, but Grist refused this API key. Make a new one in Grist: Profile settings → API → Create.');
    expect(await accountStatus(options).getAttribute('class')).toContain('status-warning');

    // A mistyped port: nothing listens there.
    await options.getByLabel('API key', { exact: true }).fill(USERS.owner.apiKey);
    await options.getByLabel('Personal site URL').fill('http://127.0.0.1:9/o/docs');
    await options.getByRole('button', { name: 'Save' }).click();
    expect(await settledStatus(options)).toBe('Saved, but 127.0.0.1:9 did not answer. Check the address and port.');
    await options.close();
  });
});

describe('popup', () => {
  it('Options opens the options page; Refresh lists again (item 5)', async () => {
    const { grist, extension } = setup;
    const popup = await openConnectedPopup(setup);
    // The browser focuses an options tab that is open already instead of opening another.
    for (const page of extension.context.pages()) if (page.url().includes(OPTIONS_PAGE)) await page.close();
    const opened = extension.context.waitForEvent('page');
    await chooseInTitleMenu(popup, 'Options');
    const options = await opened;
    expect(options.url()).toBe(`chrome-extension://${extension.id}/${OPTIONS_PAGE}`);
    await options.close();
    grist.clearRequests();
    await chooseInTitleMenu(popup, 'Refresh');
    await expect.poll(() => grist.requests.filter((request) => request.path === '/o/docs/api/orgs').length).toBe(1);
    // Ended before the popup closes: the worker would finish it anyway, and a request of it still
    // under way would take a fault the next test sets for its own popup.
    await popup.getByText(/^Listing updated/).waitFor();
    await popup.close();
  });

  it('a site that fails offers Try again, which lists it once it answers (item 5)', async () => {
    const { grist } = setup;
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', status: 503, times: 3 });
    const popup = await openConnectedPopup(setup);
    const globex = popup.getByRole('region', { name: 'Globex Inc' });
    await globex.getByRole('button', { name: 'Try again' }).click();
    await globex.getByRole('link', { name: 'Open Project Alpha' }).waitFor();
    expect(await globex.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await popup.close();
  });

  it('search finds a workspace by its name and marks it; Enter opens the first result (items 8, 9)', async () => {
    const { grist, extension } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('engineering');
    expect(await searchHighlights(popup, 'h3 bdi')).toEqual(['Engineering']);
    expect(await popup.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual([
      'Open Roadmap 2026',
      'Open Bug Tracker',
    ]);
    // A document's name, where two words of a search are found; the workspace no longer holds one.
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('tra bu');
    expect(await searchHighlights(popup, '.document-link')).toEqual(['Bu', 'Tra']);
    expect(await searchHighlights(popup, 'h3 bdi')).toEqual([]);
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('engineering');
    const opened = extension.context.waitForEvent('page');
    await popup.getByRole('searchbox', { name: 'Search documents' }).press('Enter');
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe(`${grist.url}/o/acme/doc/${DOCS.roadmap.urlId}`);
    await tab.close();
    await popup.close();
  });

  it('F2 on a document renames it; the status names both names (items 6, 9)', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('bug');
    await popup.getByRole('searchbox', { name: 'Search documents' }).press('ArrowDown');
    await popup.keyboard.press('F2');
    const field = popup.getByRole('textbox', { name: 'New name for Bug Tracker' });
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill('Bug Tracker 2027');
    await field.press('Enter');
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker 2027');
    await popup.getByRole('status').getByText('Renamed “\u2068Bug Tracker\u2069” to “\u2068Bug Tracker 2027\u2069”.').waitFor();
    await popup.close();
  });
});
