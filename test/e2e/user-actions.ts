/**
 * What a user does in the extension's pages, as Playwright steps found by role and label:
 * fill in the options and save, open the popup and wait for the fresh listing.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LoadedExtension } from './extension.ts';
import type { GristAndExtension } from './fixtures.ts';
import { USERS } from '../fake-grist/sample-data.ts';

export const OPTIONS_PAGE = 'src/options/index.html';
export const POPUP_PAGE = 'src/popup/index.html';

export interface OptionsInput {
  apiKey: string;
  personalSiteUrl?: string;
  teamSiteUrls?: string[];
}

/**
 * Fills the options page and presses Save; resolves once the page says what the save came to
 * ("Saved. Connected as …", or "Saved, but …"), after it checked the connection.
 */
export async function saveOptions(extension: LoadedExtension, input: OptionsInput): Promise<Page> {
  const page = await extension.openPage(OPTIONS_PAGE);
  await page.getByLabel('API key', { exact: true }).fill(input.apiKey);
  if (input.personalSiteUrl) await page.getByLabel('Personal site URL').fill(input.personalSiteUrl);
  await page.getByLabel('Team site URLs').fill((input.teamSiteUrls ?? []).join('\n'));
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: /^Saved/ }).filter({ hasNotText: 'Checking' }).waitFor();
  return page;
}

/**
 * Fills the options page with several accounts (the first in account 1's group, each next one in
 * a group that **Add another Grist account** adds) and presses Save; resolves once every account's
 * group says what its check found.
 */
export async function saveAccountsInOptions(extension: LoadedExtension, inputs: OptionsInput[]): Promise<Page> {
  const page = await extension.openPage(OPTIONS_PAGE);
  for (const [index, input] of inputs.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add another Grist account' }).click();
    const group = accountGroup(page, index + 1);
    await group.getByLabel('API key', { exact: true }).fill(input.apiKey);
    if (input.personalSiteUrl) await group.getByLabel('Personal site URL').fill(input.personalSiteUrl);
    await group.getByLabel('Team site URLs').fill((input.teamSiteUrls ?? []).join('\n'));
  }
  await page.getByRole('button', { name: 'Save' }).click();
  for (const [index] of inputs.entries()) {
    await accountStatus(page, index + 1).filter({ hasText: /^Saved/ }).filter({ hasNotText: 'Checking' }).waitFor();
  }
  return page;
}

/** An account's group of the options page (its fieldset, 1 for the first account). */
export function accountGroup(page: Page, number = 1): Locator {
  return page.locator('fieldset.account').nth(number - 1);
}

/** An account's own status line on the options page (what its check found). */
export function accountStatus(page: Page, number = 1): Locator {
  return accountGroup(page, number).getByRole('status');
}

/** Saves the owner's key with the fake's personal site (`/o/docs`, org-in-path), as a user would, and closes the options page. */
export async function connectOwner({ grist, extension }: GristAndExtension): Promise<void> {
  await (await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${grist.url}/o/docs` })).close();
}

/** connectOwner, then openPopup: the popup of a user with one account, its fresh listing shown. */
export async function openConnectedPopup(setup: GristAndExtension): Promise<Page> {
  await connectOwner(setup);
  return openPopup(setup.extension);
}

/** Opens the popup (in a tab) and waits until the fresh listing has replaced any cached one. */
export async function openPopup(extension: LoadedExtension): Promise<Page> {
  const page = await extension.openPage(POPUP_PAGE);
  await page.getByRole('status').filter({ hasNotText: 'Refreshing' }).waitFor();
  await expect.poll(() => page.getByText('Refreshing…').count()).toBe(0);
  return page;
}

/** Whether a drawing of the popup's first screen is stored, and of the first screen the cache holds now. */
export function storedDrawing(extension: LoadedExtension): Promise<{ stored: boolean; current: boolean }> {
  return extension.worker.evaluate(async () => {
    const { firstScreen, listingPreview } = (await chrome.storage.local.get(['firstScreen', 'listingPreview'])) as Record<string, string | undefined>;
    if (!firstScreen || !listingPreview) return { stored: Boolean(firstScreen), current: false };
    return { stored: true, current: JSON.parse(firstScreen).previewRevision === JSON.parse(listingPreview).revision };
  });
}

/** Chooses `name` in the popup's title bar menu, as a user does: its Menu button, then the item. */
export async function chooseInTitleMenu(popup: Page, name: 'Refresh' | 'History' | 'People' | 'Trash' | 'Bulk changes' | 'Options'): Promise<void> {
  await popup.getByRole('button', { name: 'Menu', exact: true }).click();
  await popup.getByRole('menu', { name: 'Menu' }).getByRole('menuitem', { name, exact: true }).click();
}

/** Opens the Bulk changes page the way a user does, from the popup's title bar menu; the popup is closed. */
export async function openBulkPage(extension: LoadedExtension): Promise<Page> {
  const popup = await openPopup(extension);
  const opened = extension.context.waitForEvent('page');
  await chooseInTitleMenu(popup, 'Bulk changes');
  const page = await opened;
  await page.getByRole('heading', { name: 'Bulk changes', level: 1 }).waitFor();
  await popup.close().catch(() => undefined);
  return page;
}

/**
 * On the Bulk changes page: filters the documents with `filter` (budgetSeed's budgets: "budget
 * 2025", or "budget 2025 – sales" for the two Sales ones), selects all shown, and waits until the
 * page says `count` are.
 */
export async function selectBudgets(page: Page, filter: string, count: number): Promise<void> {
  await page.getByLabel('Filter documents').fill(filter);
  await page.getByRole('checkbox', { name: 'Select Budget 2025 – Sales' }).first().waitFor();
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await page.getByText(`${count} documents selected`).waitFor();
}

/** The text of every heading of a level, in page order. */
export async function headings(page: Page, level: 2 | 3): Promise<string[]> {
  return page.getByRole('heading', { level }).allTextContents();
}

/**
 * What the popup's search marks, as a user sees it: the text of each range of its `search`
 * highlight (which Chromium paints: listing-view/highlighted.tsx) in an element matching `within`
 * on the page (a range in text that left the page paints nothing).
 */
export async function searchHighlights(page: Page, within: string): Promise<string[]> {
  return page.evaluate(
    (within) =>
      [...(CSS.highlights.get('search') ?? [])]
        .filter((range) => range.startContainer.isConnected && range.startContainer.parentElement?.matches(within))
        .map((range) => (range.startContainer as Text).data.slice(range.startOffset, range.endOffset)),
    within,
  );
}

/** What the worker's global scope holds for the tests (see src/background/index.ts). */
interface WorkerGlobals {
  gristQuickRenameTriggers: {
    onMenuClicked(info: { menuItemId: string; pageUrl?: string }, tab?: { id?: number }): Promise<void>;
  };
}

/**
 * Opens `pageUrl` (a Grist document page) in a tab and clicks its "Rename this Grist document…" as
 * Chrome would report it: Chrome offers automation no way to click a menu entry, so the worker's
 * own handler is called with what Chrome passes. Out: the document window, loaded.
 */
export async function openDocumentWindow(extension: LoadedExtension, pageUrl: string): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(pageUrl);
  const tabId = await extension.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id ?? -1, page.url());
  const opened = extension.context.waitForEvent('page');
  await extension.worker.evaluate(
    ([url, id]) => (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-this-document', pageUrl: url }, { id }),
    [page.url(), tabId] as const,
  );
  const documentWindow = await opened;
  await documentWindow.waitForLoadState();
  return documentWindow;
}

/**
 * Clicks a control that closes its own window (the document window's Cancel, Reload tab) and resolves once
 * the window is closed. The window may close before Playwright has finished the click, which it
 * then reports as an error: that race is not a failure, a window that stays open is.
 */
export async function clickClosing(page: Page, control: Locator): Promise<void> {
  const closed = page.waitForEvent('close');
  await control.click().catch(() => undefined);
  await closed;
}

/**
 * Takes the README screenshots of `page` at `width` × `height`, in the light and the dark scheme:
 * `docs/<name>-light.png` and `-dark.png` with UPDATE_SCREENSHOTS=1, `test-results/` otherwise
 * (kept out of the tree).
 */
/**
 * Opens the People panel of site `siteName` from the popup's list (its heading's control), as a
 * user does. Out: the panel. One place for the tests to change when the heading's controls do.
 */
export async function openSitePeople(popup: Page, siteName: string): Promise<Locator> {
  await chooseInMenu(popup, siteName, 'People on this site…');
  const panel = popup.getByRole('region', { name: `People with access to ${siteName}` });
  await panel.getByRole('list', { name: 'People' }).waitFor();
  return panel;
}

export async function screenshotSchemes(page: Page, name: string, { width, height }: { width: number; height: number }): Promise<void> {
  const folder = resolve(import.meta.dirname, '../..', process.env.UPDATE_SCREENSHOTS ? 'docs' : 'test-results');
  await mkdir(folder, { recursive: true });
  await page.setViewportSize({ width, height });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: resolve(folder, `${name}-${colorScheme}.png`) });
  }
}

/**
 * Opens the More actions menu (⋯) of `name` — a document row, a workspace heading or a site
 * heading — in `within` (the popup, or a site's region where two have that name), and chooses its
 * item `item`, as a user does with the mouse.
 */
export async function chooseInMenu(within: Page | Locator, name: string, item: string): Promise<void> {
  await within.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
  await within.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: item, exact: true }).click();
}

/** The address bar's `gr` keyword as the worker serves it (src/background/index.ts puts it on the worker's global scope). */
interface WorkerOmnibox {
  gristQuickRenameOmnibox: {
    onInputStarted(): void;
    onInputChanged(text: string, suggest: (results: Array<{ content: string; description: string }>) => void): Promise<void>;
    onInputEntered(text: string, disposition: string): Promise<void>;
  };
}

/** The keyword typed, then `text`: the suggestions the worker hands to the browser (content and description). */
export function omniboxSuggestions(extension: LoadedExtension, text: string): Promise<Array<{ content: string; description: string }>> {
  return extension.worker.evaluate(async (typed) => {
    const omnibox = (globalThis as unknown as WorkerOmnibox).gristQuickRenameOmnibox;
    omnibox.onInputStarted();
    let results: Array<{ content: string; description: string }> = [];
    await omnibox.onInputChanged(typed, (given) => (results = given));
    return results;
  }, text);
}

/** Enter on `text` (a suggestion's content, or what was typed) in the keyword's drop-down; `disposition` as the browser says it (`currentTab`, `newForegroundTab`...). */
export function omniboxEnter(extension: LoadedExtension, text: string, disposition: string): Promise<void> {
  return extension.worker.evaluate(([entered, how]) => (globalThis as unknown as WorkerOmnibox).gristQuickRenameOmnibox.onInputEntered(entered, how), [text, disposition] as const);
}
