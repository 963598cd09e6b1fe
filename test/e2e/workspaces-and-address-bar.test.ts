/**
 * Workspaces and the address bar in Chromium against the fake Grist server (issue 15): a workspace
 * renamed from the popup and from its page's menu, then undone from the history; the `gr`
 * keyword's handlers called as the browser calls them, opening the right document window, and
 * suggesting a document by the name it was just given.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openConnectedPopup, openPopup, chooseInMenu, chooseInTitleMenu, omniboxEnter, omniboxSuggestions } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** What the worker's global scope holds for these tests (see src/background/index.ts). */
interface WorkerGlobals {
  gristQuickRenameTriggers: { onMenuClicked(info: { menuItemId: string; pageUrl?: string }, tab?: { id?: number }): Promise<void> };
}

/** The window the worker opens next, once it has loaded. */
async function nextWindow(open: () => Promise<unknown>): Promise<Page> {
  const opened = setup.extension.context.waitForEvent('page');
  await open();
  const page = await opened;
  await page.waitForLoadState();
  return page;
}

describe('workspaces', () => {
  it('renamed from the popup, then undone from the history', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await chooseInMenu(popup, 'Marketing', 'Rename');
    const field = popup.getByRole('textbox', { name: 'New workspace name for Marketing' });
    await field.fill('Growth');
    await field.press('Enter');
    await popup.getByRole('heading', { name: 'Growth', level: 3 }).waitFor();
    await expect.poll(() => grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Growth');
    expect(grist.requests.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual([`/o/acme/api/workspaces/${WORKSPACES.marketing.id}`]);

    await chooseInTitleMenu(popup, 'History');
    const entry = popup.getByRole('list', { name: 'History', exact: true }).getByRole('listitem').first();
    expect(await entry.textContent()).toContain('workspace');
    await entry.getByRole('button', { name: 'Undo rename of Growth' }).click();
    await expect.poll(() => grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Marketing');
    await popup.close();
  });

  it('renamed from its page’s menu entry, in the document window', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const pageUrl = `${grist.url}/o/acme/ws/${WORKSPACES.engineering.id}/`;
    const documentWindow = await nextWindow(() =>
      extension.worker.evaluate(
        (url) => (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-this-workspace', pageUrl: url }),
        pageUrl,
      ),
    );
    await documentWindow.getByRole('heading', { name: 'Rename “Engineering”' }).waitFor();
    await documentWindow.getByRole('textbox', { name: 'New name' }).fill('R&D');
    await documentWindow.getByRole('textbox', { name: 'New name' }).press('Enter');
    await documentWindow.getByText('Renamed to “R&D”.').waitFor();
    expect(grist.workspace(WORKSPACES.engineering.id)?.name).toBe('R&D');
    await documentWindow.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => grist.workspace(WORKSPACES.engineering.id)?.name).toBe('Engineering');
    await documentWindow.close();
  });
});

describe('the gr keyword in the address bar', () => {
  it('suggests from the cached listing; Enter on a suggestion opens its document window; typed text opens the popup’s search', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    await (await openPopup(extension)).close();
    const suggest = (text: string) => omniboxSuggestions(extension, text);
    const bugTracker = `${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`;
    expect(await suggest('bug')).toEqual([{ content: bugTracker, description: expect.stringContaining('<match>Bug</match> Tracker') }]);

    const documentWindow = await nextWindow(() =>
      omniboxEnter(extension, bugTracker, 'currentTab'),
    );
    await documentWindow.getByRole('heading', { name: 'Rename “Bug Tracker”' }).waitFor();
    await documentWindow.getByRole('textbox', { name: 'New name' }).fill('Defect Tracker');
    await documentWindow.getByRole('textbox', { name: 'New name' }).press('Enter');
    await documentWindow.getByRole('status').getByText('Renamed to “Defect Tracker”.').waitFor();
    await documentWindow.close();
    // The worker's write of its listing, with the new name, rebuilds the index the keyword reads.
    await expect.poll(() => suggest('defect')).toEqual([{ content: bugTracker, description: expect.stringContaining('<match>Defect</match> Tracker') }]);

    const popup = await nextWindow(() => omniboxEnter(extension, 'roadmap', 'currentTab'));
    expect(await popup.getByRole('searchbox', { name: 'Search documents' }).inputValue()).toBe('roadmap');
    await popup.getByRole('link', { name: 'Open Roadmap 2026' }).waitFor();
    expect(await popup.getByRole('link').count()).toBe(1);
    await popup.close();
  });
});
