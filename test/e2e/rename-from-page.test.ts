/**
 * Renaming from a Grist page: the context menu entry, shown only on document pages, opens the
 * document window window; the shortcut does the same for the active tab. Chrome offers automation no
 * way to click a menu entry, so the tests call the worker's own handlers with what Chrome passes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { clickClosing, saveOptions } from './user-actions.ts';

/** What the worker's global scope holds for these tests (see src/background/index.ts). */
interface WorkerGlobals {
  gristQuickRenameTriggers: {
    onMenuClicked(info: { menuItemId: string; pageUrl?: string; linkUrl?: string }, tab?: { id?: number }): Promise<void>;
    onCommand(command: string, tab?: { id?: number; url?: string }): Promise<void>;
  };
  menuVisibility: boolean[];
}

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** Opens a Grist page in a tab; answers the page and the tab's id as the extension sees it. */
async function openGristTab(path: string): Promise<{ page: Page; tabId: number }> {
  const page = await setup.extension.context.newPage();
  await page.goto(`${setup.grist.url}${path}`);
  const tabId = await setup.extension.worker.evaluate(
    async (url) => (await chrome.tabs.query({ url }))[0]?.id ?? -1,
    page.url(),
  );
  return { page, tabId };
}

/** Clicks "Rename this Grist document…" as Chrome would report it; answers the document window. */
async function clickPageMenu(pageUrl: string, tabId: number): Promise<Page> {
  const documentWindow = setup.extension.context.waitForEvent('page');
  await setup.extension.worker.evaluate(
    ([url, id]) => (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-this-document', pageUrl: url }, { id }),
    [pageUrl, tabId] as const,
  );
  const page = await documentWindow;
  await page.waitForLoadState();
  return page;
}

describe('as the owner', () => {
  it('renames the page’s document in the document window and offers to reload its tab', async () => {
    await saveOptions(setup.extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
    const { page, tabId } = await openGristTab(`/o/acme/${DOCS.bugTracker.urlId}/Bug-Tracker/p/2`);
    const documentWindow = await clickPageMenu(page.url(), tabId);

    await documentWindow.getByRole('heading', { name: 'Rename “Bug Tracker”' }).waitFor();
    // The title follows in an effect, a moment after the heading is drawn.
    await expect.poll(() => documentWindow.title()).toBe('Rename “\u2068Bug Tracker\u2069”');
    const field = documentWindow.getByRole('textbox', { name: 'New name' });
    expect(await field.inputValue()).toBe('Bug Tracker');
    expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 11]);
    await field.fill('Bug Tracker 2027');
    await field.press('Enter');

    await documentWindow.getByRole('status').getByText('Renamed to “Bug Tracker 2027”.').waitFor();
    expect(setup.grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker 2027');
    expect(setup.grist.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);

    const reloaded = page.waitForEvent('load');
    await clickClosing(documentWindow, documentWindow.getByRole('button', { name: 'Reload tab' }));
    await reloaded;
  });

  it('renames a linked document from the link entry', async () => {
    const linkUrl = `${setup.grist.url}/o/acme/doc/${DOCS.campaignPlan.urlId}`;
    const opened = setup.extension.context.waitForEvent('page');
    await setup.extension.worker.evaluate(
      (url) => (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-linked-document', linkUrl: url, pageUrl: 'https://example.com/' }),
      linkUrl,
    );
    const documentWindow = await opened;
    await documentWindow.getByRole('textbox', { name: 'New name' }).fill('Campaign 2027');
    await documentWindow.getByRole('button', { name: 'Rename' }).click();
    await documentWindow.getByRole('status').getByText('Renamed to “Campaign 2027”.').waitFor();
    expect(setup.grist.doc(DOCS.campaignPlan.id)?.name).toBe('Campaign 2027');
    expect(await documentWindow.getByRole('button', { name: 'Reload tab' }).count()).toBe(0);
  });

  it('shows the page entry only while a document page is active', async () => {
    await setup.extension.worker.evaluate(() => {
      // Record what the worker asks of the real menu API (the polyfill looks the method up on each call).
      (globalThis as unknown as WorkerGlobals).menuVisibility = [];
      const update = chrome.contextMenus.update.bind(chrome.contextMenus);
      chrome.contextMenus.update = ((id: string, properties: { visible?: boolean }) => {
        if (id === 'open-this-document') (globalThis as unknown as WorkerGlobals).menuVisibility.push(properties.visible ?? true);
        return update(id, properties);
      }) as typeof chrome.contextMenus.update;
    });
    const lastVisibility = () => setup.extension.worker.evaluate(() => (globalThis as unknown as WorkerGlobals).menuVisibility.at(-1));
    const { page } = await openGristTab(`/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026`);
    await expect.poll(lastVisibility).toBe(true);
    await page.goto(`${setup.grist.url}/o/acme/`);
    await expect.poll(lastVisibility).toBe(false);
    await page.goto(`${setup.grist.url}/o/acme/doc/${DOCS.roadmap.urlId}`);
    await expect.poll(lastVisibility).toBe(true);
    await page.goto(`${setup.grist.url}/o/acme/doc/${DOCS.roadmap.urlId}~abcdefghijkl`);
    await expect.poll(lastVisibility).toBe(false);
    await page.goto('data:text/html,<title>Not Grist</title>');
    await expect.poll(lastVisibility).toBe(false);
  });

  it('the shortcut on a tab that is not a document says why nothing can be renamed', async () => {
    const { page, tabId } = await openGristTab('/o/acme/');
    const opened = setup.extension.context.waitForEvent('page');
    // The command as the built manifest binds it to Alt+Shift+R, so that a renamed command stays on its key.
    await setup.extension.worker.evaluate(([id, url]) => {
      const commands = chrome.runtime.getManifest().commands ?? {};
      const command = Object.keys(commands).find((name) => commands[name]?.suggested_key?.default === 'Alt+Shift+R');
      if (!command) throw new Error('no command on Alt+Shift+R');
      return (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onCommand(command, { id, url });
    }, [tabId, page.url()] as const);
    const documentWindow = await opened;
    await documentWindow.getByText('This page is not a Grist document.').waitFor();
    expect(await documentWindow.getByRole('textbox').count()).toBe(0);
  });
});

describe('as a viewer', () => {
  it('the document window says only owners can rename and offers no field', async () => {
    await saveOptions(setup.extension, { apiKey: USERS.viewer.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
    const { page, tabId } = await openGristTab(`/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026`);
    const documentWindow = await clickPageMenu(page.url(), tabId);
    await documentWindow.getByText('Only owners can rename a document in Grist').waitFor();
    expect(await documentWindow.getByRole('textbox').count()).toBe(0);
    expect(await documentWindow.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(setup.grist.doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2026');
  });
});
