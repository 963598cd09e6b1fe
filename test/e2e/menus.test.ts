/**
 * One ⋯ menu per row and per heading (issue 49), in Chromium against the fake Grist server, with
 * the keyboard alone: every item of a document row's menu (Rename, Move to…, Make a copy…, Share…,
 * Pin, Move to trash), of a workspace heading's (Rename, New document, Share…, Move to trash) and
 * of a site heading's (New workspace, People on this site…), each reached by Tab from the search
 * box, Enter on ⋯, the arrow keys and Enter; each checked where it lands (what the fake stores, or
 * the panel it opens). Screenshots of the popup at rest and with a row's and a heading's menu open,
 * both schemes (test-results/, or docs/ with UPDATE_SCREENSHOTS).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, ORGS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { openConnectedPopup, screenshotSchemes } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** What holds the focus, as a user of a screen reader hears its name: its aria-label, else its text. */
function focusedName(popup: Page): Promise<string | null> {
  return popup.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('aria-label') ?? active?.querySelector('.menu-label')?.textContent ?? active?.textContent ?? null;
  });
}

/** Presses Tab until the focus is on the control named `name` (its ⋯: "More actions for …"). */
async function tabTo(popup: Page, name: string): Promise<void> {
  for (let press = 0; press < 40; press++) {
    if ((await focusedName(popup)) === name) return;
    await popup.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; the focus is on ${await focusedName(popup)}`);
}

/**
 * From the search box: types `search` (narrowing the list to what it names), tabs to the ⋯ of
 * `name`, opens its menu with Enter, and moves with ArrowDown to `item` and presses Enter. Out: the
 * items the menu offered, in order.
 */
async function chooseByKeyboard(popup: Page, search: string, name: string, item: string): Promise<string[]> {
  const searchBox = popup.getByRole('searchbox', { name: 'Search documents' });
  await searchBox.focus();
  await popup.keyboard.press('Control+a');
  await popup.keyboard.type(search);
  await tabTo(popup, `More actions for ${name}`);
  await popup.keyboard.press('Enter');
  const menu = popup.getByRole('menu', { name: `Actions for ${name}` });
  await menu.waitFor();
  const items = await menu.locator('.menu-label').allTextContents();
  // The menu pattern: the first item has the focus once it opens.
  await expect.poll(() => focusedName(popup)).toBe(items[0]);
  const at = items.indexOf(item);
  expect(at, `${item} in ${items.join(', ')}`).toBeGreaterThanOrEqual(0);
  for (let press = 0; press < at; press++) await popup.keyboard.press('ArrowDown');
  expect(await focusedName(popup)).toBe(item);
  await popup.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
  return items;
}

/** Acme's workspaces as the server lists them (not those in its trash). */
async function acmeWorkspaces(): Promise<Array<{ id: number; name: string }>> {
  const response = await fetch(`${setup.grist.url}/o/acme/api/orgs/current/workspaces`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  return ((await response.json()) as Array<{ id: number; name: string }>).map(({ id, name }) => ({ id, name }));
}

describe('the menus, with the keyboard alone', () => {
  it('at rest, each row is its pages’ chevron, its name, its time and one ⋯; the menus open over it (screenshots, axe)', async () => {
    const popup = await openConnectedPopup(setup);
    await popup.setViewportSize({ width: 400, height: 600 });
    await screenshotSchemes(popup, 'menus-at-rest', { width: 400, height: 600 });
    const row = popup.getByRole('link', { name: 'Open Bug Tracker' }).locator('xpath=..');
    // Rename shows on hover only, in the time's place: the row's buttons are its pages' chevron (issue 52), Rename and ⋯.
    expect(await row.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual(['Show pages of Bug Tracker', 'Rename Bug Tracker', 'More actions for Bug Tracker']);

    await popup.getByRole('button', { name: 'More actions for Bug Tracker', exact: true }).click();
    await popup.getByRole('menu', { name: 'Actions for Bug Tracker' }).waitFor();
    await screenshotSchemes(popup, 'menus-row', { width: 400, height: 600 });
    await expectNoViolations(popup);
    await popup.keyboard.press('Escape');
    await popup.getByRole('button', { name: 'More actions for Engineering', exact: true }).click();
    await popup.getByRole('menu', { name: 'Actions for Engineering' }).waitFor();
    await screenshotSchemes(popup, 'menus-workspace', { width: 400, height: 600 });
    await expectNoViolations(popup);
    await popup.keyboard.press('Escape');
    await popup.getByRole('button', { name: 'Menu', exact: true }).click();
    await popup.getByRole('menu', { name: 'Menu' }).waitFor();
    await screenshotSchemes(popup, 'menus-title-bar', { width: 400, height: 600 });
    await popup.close();
  });

  it('a document row’s menu: Rename, Pin, Make a copy…, Share…, Move to…, Move to trash, each stored by Grist or its panel opened', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    const doc = () => grist.doc(DOCS.bugTracker.id);

    const items = await chooseByKeyboard(popup, 'bug tracker', 'Bug Tracker', 'Rename');
    expect(items).toEqual(['Rename', 'Move to…', 'Make a copy…', 'Share…', 'Download', 'Pin', 'Move to trash']);
    const field = popup.getByRole('textbox', { name: 'New name for Bug Tracker' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await popup.keyboard.type('Bug Log');
    await popup.keyboard.press('Enter');
    await expect.poll(() => doc()?.name).toBe('Bug Log');

    await chooseByKeyboard(popup, 'bug log', 'Bug Log', 'Pin');
    await expect.poll(() => doc()?.isPinned).toBe(true);
    // Back on its ⋯, the row still there: its menu now offers Unpin, in the same place.
    await expect.poll(() => focusedName(popup)).toBe('More actions for Bug Log');

    await chooseByKeyboard(popup, 'bug log', 'Bug Log', 'Make a copy…');
    await popup.getByRole('textbox', { name: 'Name of the copy' }).waitFor();
    await popup.keyboard.press('Escape');
    await expect.poll(() => focusedName(popup)).toBe('More actions for Bug Log');

    await chooseByKeyboard(popup, 'bug log', 'Bug Log', 'Share…');
    await popup.getByRole('region', { name: 'People with access to Bug Log' }).waitFor();
    await popup.keyboard.press('Escape');
    await expect.poll(() => focusedName(popup)).toBe('More actions for Bug Log');

    await chooseByKeyboard(popup, 'bug log', 'Bug Log', 'Move to…');
    await popup.getByRole('listbox', { name: 'Destination for Bug Log' }).waitFor();
    await popup.keyboard.type('marketing');
    await popup.keyboard.press('Enter');
    await expect.poll(() => doc()?.workspaceId).toBe(WORKSPACES.marketing.id);

    await chooseByKeyboard(popup, 'bug log', 'Bug Log', 'Move to trash');
    await expect.poll(() => doc()?.removedAt).toEqual(expect.any(String));
    await popup.close();
  });

  it('a workspace heading’s menu: Rename, New document, Share…, then Move to trash', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    const items = await chooseByKeyboard(popup, 'campaign', 'Marketing', 'Rename');
    expect(items).toEqual(['Rename', 'New document', 'Share…', 'Back up…', 'Move to trash']);
    await popup.getByRole('textbox', { name: 'New workspace name for Marketing' }).waitFor();
    await popup.keyboard.press('Control+a');
    await popup.keyboard.type('Growth');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Growth');

    await chooseByKeyboard(popup, 'campaign', 'Growth', 'New document');
    await popup.getByRole('textbox', { name: 'Name of the new document' }).waitFor();
    await popup.keyboard.type('Kickoff');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.docsIn(WORKSPACES.marketing.id).map((doc) => doc.name)).toContain('Kickoff');

    await chooseByKeyboard(popup, 'campaign', 'Growth', 'Share…');
    await popup.getByRole('region', { name: 'People with access to Growth' }).waitFor();
    await popup.keyboard.press('Escape');
    await expect.poll(() => focusedName(popup)).toBe('More actions for Growth');

    await chooseByKeyboard(popup, 'campaign', 'Growth', 'Move to trash');
    await expect.poll(() => grist.workspace(WORKSPACES.marketing.id)?.removedAt).toEqual(expect.any(String));
    expect((await acmeWorkspaces()).map((workspace) => workspace.name)).not.toContain('Growth');
    await popup.close();
  });

  it('a site heading’s menu: New workspace, People on this site…', async () => {
    const popup = await openConnectedPopup(setup);
    const items = await chooseByKeyboard(popup, 'roadmap', 'Acme Corp', 'New workspace');
    expect(items).toEqual(['New workspace', 'People on this site…', 'Back up…']);
    await popup.getByRole('textbox', { name: 'Name of the new workspace' }).waitFor();
    await popup.keyboard.type('Research');
    await popup.keyboard.press('Enter');
    await expect.poll(async () => (await acmeWorkspaces()).map((workspace) => workspace.name)).toContain('Research');

    await chooseByKeyboard(popup, 'roadmap', 'Acme Corp', 'People on this site…');
    const panel = popup.getByRole('region', { name: 'People with access to Acme Corp' });
    await panel.getByRole('combobox', { name: `Role of ${USERS.viewer.email}` }).waitFor();
    expect(setup.grist.org(ORGS.acme.id)?.members[USERS.viewer.id]).toBe('viewers');
    await popup.keyboard.press('Escape');
    await expect.poll(() => focusedName(popup)).toBe('More actions for Acme Corp');
    await popup.close();
  });
});
