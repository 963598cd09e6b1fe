/**
 * Accessibility of the extension's pages in real Chromium: axe-core's WCAG 2.1 A/AA and
 * best-practice rules in light and dark colour schemes, and the popup driven by keyboard alone.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { loadExtension } from './extension.ts';
import { useGristAndExtension } from './fixtures.ts';
import { OPTIONS_PAGE, openPopup, openDocumentWindow, saveOptions, chooseInTitleMenu } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** Opens the document window for a Grist document page, as the page's context menu entry does. */
function openDocumentWindowAt(path: string): Promise<Page> {
  return openDocumentWindow(setup.extension, `${setup.grist.url}${path}`);
}

function saveOwnerOptions(): Promise<Page> {
  return saveOptions(setup.extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
}

describe('axe finds no violations', () => {
  it('on the options page with a saved key', async () => {
    const page = await saveOwnerOptions();
    await expectNoViolations(page);
    await page.close();
  });

  it('on the options page showing a validation error', async () => {
    const page = await setup.extension.openPage(OPTIONS_PAGE);
    await page.getByLabel('Personal site URL').fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.field-error').first().waitFor();
    await expectNoViolations(page);
    await page.close();
  });

  it('on the popup listing, and with a row in rename edit mode', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    await expectNoViolations(popup);

    await popup.getByRole('button', { name: 'Rename Bug Tracker' }).click();
    await popup.getByRole('textbox', { name: 'New name for Bug Tracker' }).waitFor();
    await expectNoViolations(popup);
    await popup.close();
  });

  it('on the popup with a row’s menu open, and a workspace’s and a site’s (issue 49)', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    for (const name of ['Bug Tracker', 'Engineering', 'Acme Corp']) {
      await popup.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
      await popup.getByRole('menu', { name: `Actions for ${name}` }).waitFor();
      await expectNoViolations(popup);
      await popup.keyboard.press('Escape');
      await popup.getByRole('menu').waitFor({ state: 'detached' });
    }
    await popup.close();
  });

  it('on the popup after a rename (its Undo) and with the rename history open', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await popup.getByRole('button', { name: 'Rename Leads' }).click();
    await popup.getByRole('textbox', { name: 'New name for Leads' }).fill('Leads 2027');
    await popup.getByRole('textbox', { name: 'New name for Leads' }).press('Enter');
    await popup.getByRole('button', { name: 'Undo rename of Leads 2027' }).waitFor();
    await expectNoViolations(popup);
    await chooseInTitleMenu(popup, 'History');
    await popup.getByRole('list', { name: 'History', exact: true }).waitFor();
    await popup.getByRole('button', { name: 'Clear history' }).click();
    await expectNoViolations(popup);
    await popup.close();
  });

  it('on the popup with its title bar menu open, and with the People view and the Trash shown', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await popup.getByRole('button', { name: 'Menu', exact: true }).click();
    await popup.getByRole('menu', { name: 'Menu' }).waitFor();
    await expectNoViolations(popup);
    await popup.getByRole('menuitem', { name: 'People', exact: true }).click();
    await popup.getByRole('heading', { name: 'People' }).waitFor();
    await popup.getByRole('searchbox', { name: 'Search people' }).fill('ed');
    await expectNoViolations(popup);
    await chooseInTitleMenu(popup, 'Trash');
    await popup.getByRole('searchbox', { name: 'Search the trash' }).waitFor();
    await expectNoViolations(popup);
    await popup.close();
  });

  it('on the popup of a fresh profile with no API key', async () => {
    const fresh = await loadExtension();
    try {
      const popup = await fresh.openPage('src/popup/index.html');
      await popup.getByRole('button').first().waitFor();
      await expectNoViolations(popup);
    } finally {
      await fresh.close();
    }
  });

  it('on the document window, for an owner', async () => {
    await saveOwnerOptions();
    const documentWindow = await openDocumentWindowAt(`/o/acme/${DOCS.campaignPlan.urlId}/Campaign-Plan`);
    await documentWindow.getByRole('textbox', { name: 'New name' }).waitFor();
    await expectNoViolations(documentWindow);
    await documentWindow.close();
  });

  it('on the document window, for a viewer', async () => {
    await saveOptions(setup.extension, { apiKey: USERS.viewer.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
    const documentWindow = await openDocumentWindowAt(`/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026`);
    await documentWindow.getByText('Only owners can rename a document in Grist').waitFor();
    await expectNoViolations(documentWindow);
    await documentWindow.close();
  });
});

describe('the popup by keyboard alone', () => {
  /** The focused element's outline style, as computed (`none` means no visible ring). */
  const focusOutline = (page: Page) => page.evaluate(() => (document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : 'none'));

  it('opens each view of the title bar menu and leaves it, the focus back on the Menu button, with a visible focus ring at each step (issue 49)', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    const menuButton = popup.getByRole('button', { name: 'Menu', exact: true });
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    // The search box has the focus; Tab goes to the Menu button, next to it.
    await popup.keyboard.press('Tab');
    expect(await focused(menuButton)).toBe(true);
    expect(await focusOutline(popup)).not.toBe('none');
    for (const [view, steps] of [
      ['History', ['ArrowDown']],
      ['People', ['ArrowDown', 'ArrowDown']],
      ['Trash', ['t']],
    ] as const) {
      await popup.keyboard.press('Enter');
      const menu = popup.getByRole('menu', { name: 'Menu' });
      await menu.waitFor();
      expect(await focused(menu.getByRole('menuitem', { name: 'Refresh' }))).toBe(true);
      for (const step of steps) await popup.keyboard.press(step);
      expect(await focused(menu.getByRole('menuitem', { name: view, exact: true }))).toBe(true);
      expect(await focusOutline(popup)).not.toBe('none');
      await popup.keyboard.press('Enter');
      await popup.getByRole('heading', { name: view, exact: true }).waitFor();
      expect(await focused(menuButton)).toBe(true);
      // Escape leaves the view (the popup stays open): the list again, the focus on the Menu button.
      await popup.keyboard.press('Escape');
      await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
      expect(await focused(menuButton)).toBe(true);
    }
    // Escape in the menu closes it only, the focus back on its button.
    await popup.keyboard.press('ArrowUp');
    expect(await focused(popup.getByRole('menuitem', { name: 'Options' }))).toBe(true);
    await popup.keyboard.press('Escape');
    await expect.poll(() => popup.getByRole('menu').count()).toBe(0);
    expect(await focused(menuButton)).toBe(true);
    await popup.close();
  });

  it('finds a document and renames it, with a visible focus ring at each step', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    const search = popup.getByRole('searchbox', { name: 'Search documents' });

    // The popup focuses the search box when it opens. Shift+Tab leaves the page (to the browser),
    // and Tab comes back to its first stop: the search box.
    await popup.keyboard.press('Shift+Tab');
    await popup.keyboard.press('Tab');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await focusOutline(popup)).not.toBe('none');

    await popup.keyboard.type('Reading');
    await popup.getByRole('link', { name: 'Open Reading List' }).waitFor();
    await expect.poll(() => popup.getByRole('link', { name: /^Open / }).count()).toBe(1);

    await popup.keyboard.press('ArrowDown');
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Reading List');
    expect(await focusOutline(popup)).not.toBe('none');

    await popup.keyboard.press('Tab');
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rename Reading List');
    expect(await focusOutline(popup)).not.toBe('none');

    await popup.keyboard.press('Enter');
    const field = popup.getByRole('textbox', { name: 'New name for Reading List' });
    await field.waitFor();
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await focusOutline(popup)).not.toBe('none');

    // A name that still matches the search, so the row stays in the results.
    await popup.keyboard.type('Reading List 2027');
    await popup.keyboard.press('Enter');
    await expect.poll(() => setup.grist.doc(DOCS.readingList.id)?.name).toBe('Reading List 2027');
    // Focus is back on the row's Rename button, still visibly.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rename Reading List 2027');
    expect(await focusOutline(popup)).not.toBe('none');
    await popup.close();
  });
});
