/**
 * Who an access change may name, in Chromium against the fake Grist server (issue 48):
 * `everyone@getgrist.com` typed as a person is refused in the Share panel and in the Bulk form,
 * pointing to the public link (with Editor it would let anyone with the link edit); the email of
 * the user's other saved account is refused in the Share panel, and its row is not offered. Each
 * checks that nothing was sent: no PATCH reached the server and its grants are as they were.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { connectOwner, openBulkPage, openPopup, saveAccountsInOptions } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** Opens Bug Tracker's Share panel from the first of its More actions menus (the first account's row). Out: the panel. */
async function openShare(popup: Page) {
  await popup.getByRole('button', { name: 'More actions for Bug Tracker', exact: true }).first().click();
  await popup.getByRole('menu', { name: 'Actions for Bug Tracker' }).getByRole('menuitem', { name: 'Share…' }).click();
  const panel = popup.getByRole('region', { name: 'People with access to Bug Tracker' });
  await panel.getByRole('list', { name: 'People' }).waitFor();
  return panel;
}

/** Bug Tracker's own grants as the fake stores them, by user id. */
const bugTrackerShares = () => ({ ...setup.grist.doc(DOCS.bugTracker.id)?.shares });

/** The access changes the server received since it was last cleared. */
const accessPatches = () => setup.grist.requests.filter((request) => request.method === 'PATCH' && request.path.endsWith('/access'));

describe('who an access change may name', () => {
  it('the Share panel refuses everyone@getgrist.com as an Editor, pointing to the public link switch; nothing is sent', async () => {
    await connectOwner(setup);
    const popup = await openPopup(setup.extension);
    const panel = await openShare(popup);
    const before = bugTrackerShares();
    setup.grist.clearRequests();
    await panel.getByRole('combobox', { name: 'Role of the people added' }).selectOption('editors');
    await panel.getByRole('textbox', { name: 'Add people (emails)' }).fill('ann@example.com, everyone@getgrist.com');
    await popup.keyboard.press('Enter');
    await panel.getByRole('alert').getByText('Nothing sent: “everyone@getgrist.com” is the public link: use the public link switch below.').waitFor();
    expect(await panel.getByRole('switch', { name: 'Anyone with the link can view' }).isChecked()).toBe(false);
    expect(accessPatches()).toEqual([]);
    expect(bugTrackerShares()).toEqual(before);
    await popup.close();
  });

  it('the Bulk form refuses everyone@getgrist.com as an Editor, pointing to Make selected public; nothing is read or sent', async () => {
    const page = await openBulkPage(setup.extension);
    await page.getByLabel('Filter documents').fill('bug tracker');
    await page.getByRole('checkbox', { name: 'Select Bug Tracker' }).first().check();
    await page.getByText('1 document selected').waitFor();
    const before = bugTrackerShares();
    setup.grist.clearRequests();
    await page.getByRole('button', { name: 'Share selected with…' }).click();
    await page.getByLabel('Emails').fill('Everyone@GetGrist.com');
    await page.getByLabel('Role').selectOption({ label: 'Editor' });
    await page.getByLabel('Emails').press('Enter');
    await page
      .getByRole('alert')
      .getByText('Nothing is sent. Everyone@GetGrist.com is the public link, not a person: close this form and use Make selected public (anyone with the link can view) or Make selected private.')
      .waitFor();
    expect(await page.getByRole('button', { name: /^Change access to/ }).count()).toBe(0);
    expect(setup.grist.requests.filter((request) => request.path.endsWith('/access'))).toEqual([]);
    expect(bugTrackerShares()).toEqual(before);
    await page.close();
  });

  it('with a second saved account, the Share panel refuses its email, naming the account, and does not offer its row; nothing is sent', async () => {
    // Olivia's account first (she owns Bug Tracker), then Ed's, an editor of Acme: Bug Tracker lists him.
    const options = await saveAccountsInOptions(setup.extension, [
      { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` },
      { apiKey: USERS.editor.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` },
    ]);
    await options.close();
    const popup = await openPopup(setup.extension);
    const panel = await openShare(popup);
    const before = bugTrackerShares();
    setup.grist.clearRequests();
    await panel.getByRole('combobox', { name: 'Role of the people added' }).selectOption('viewers');
    await panel.getByRole('textbox', { name: 'Add people (emails)' }).fill('Editor@Example.com');
    await popup.keyboard.press('Enter');
    await panel.getByRole('alert').getByText('Nothing sent: “Editor@Example.com” is your other saved account (Account 2): change its access in Grist.').waitFor();
    const edRow = panel.getByRole('listitem').filter({ hasText: USERS.editor.email });
    await edRow.getByText('Your other saved account (Account 2): change its access in Grist.').waitFor();
    expect(await edRow.getByRole('combobox').count()).toBe(0);
    expect(await edRow.getByRole('button').count()).toBe(0);
    expect(accessPatches()).toEqual([]);
    expect(bugTrackerShares()).toEqual(before);
    await popup.close();
  });
});
