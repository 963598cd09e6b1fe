/**
 * Undo and the rename history in Chromium against the fake Grist server (issue 13): what the
 * server ends up storing after each undo.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { clickClosing, connectOwner, openConnectedPopup, openPopup, screenshotSchemes, chooseInTitleMenu } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** What the worker's global scope holds for these tests (see src/background/index.ts). */
interface WorkerGlobals {
  gristQuickRenameTriggers: { onMenuClicked(info: { menuItemId: string; linkUrl?: string }): Promise<void> };
}

/** Renames a document in Grist itself, as someone would in Grist's own page. */
async function renameInGrist(docId: string, name: string): Promise<void> {
  const response = await fetch(`${setup.grist.url}/o/acme/api/docs/${docId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
}

async function renameInPopup(popup: Page, from: string, to: string): Promise<void> {
  await popup.getByRole('button', { name: `Rename ${from}`, exact: true }).click();
  await popup.getByRole('textbox', { name: `New name for ${from}` }).fill(to);
  await popup.getByRole('textbox', { name: `New name for ${from}` }).press('Enter');
  await popup.getByRole('status').getByText('Renamed “', { exact: false }).waitFor();
}

describe('undo', () => {
  it('in the popup: Undo right after a rename stores the old name again', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await renameInPopup(popup, 'Bug Tracker', 'Bugs');
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    await popup.getByRole('button', { name: 'Undo rename of Bugs' }).click();
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    await popup.close();
  });

  it('from the document window’s rename, undone in the history', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const opened = extension.context.waitForEvent('page');
    await extension.worker.evaluate(
      (url) => (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-linked-document', linkUrl: url }),
      `${grist.url}/o/acme/doc/${DOCS.roadmap.urlId}`,
    );
    const documentWindow = await opened;
    await documentWindow.getByRole('textbox', { name: 'New name' }).fill('Roadmap 2027');
    await documentWindow.getByRole('textbox', { name: 'New name' }).press('Enter');
    await documentWindow.getByRole('button', { name: 'Undo' }).waitFor();
    await clickClosing(documentWindow, documentWindow.getByRole('button', { name: 'Close' }));
    expect(grist.doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2027');

    const popup = await openPopup(extension);
    await chooseInTitleMenu(popup, 'History');
    const entry = popup.getByRole('list', { name: 'History', exact: true }).getByRole('listitem').first();
    expect(await entry.locator('.history-old').textContent()).toBe('Roadmap 2026');
    expect(await entry.locator('.history-new').textContent()).toBe('Roadmap 2027');
    expect(await entry.textContent()).toContain('Acme Corp › Engineering');
    await entry.getByRole('button', { name: 'Undo rename of Roadmap 2027' }).click();
    await expect.poll(() => grist.doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2026');
    await popup.getByText('Renamed back to “\u2068Roadmap 2026\u2069”.').waitFor();
    await popup.close();
  });

  it('a rename made elsewhere since is reported, and Restore … anyway restores it', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await renameInPopup(popup, 'Leads', 'Leads 2027');
    await renameInGrist(DOCS.leads.id, 'Leads (edited in Grist)');
    grist.clearRequests();
    await popup.getByRole('button', { name: 'Undo rename of Leads 2027' }).click();
    await popup.getByText('was renamed elsewhere since', { exact: false }).waitFor();
    expect(await popup.getByRole('status').textContent()).toContain('it is now “\u2068Leads (edited in Grist)\u2069”');
    expect(grist.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads (edited in Grist)');
    await popup.getByRole('button', { name: 'Restore “\u2068Leads\u2069” anyway' }).click();
    await expect.poll(() => grist.doc(DOCS.leads.id)?.name).toBe('Leads');
    await popup.close();
  });

  it('the popup’s History names each Undo after its change, and keeps a document’s name whole beside the words of its change (issue 41)', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('link', { name: 'Open Leads', exact: true }).focus();
    await popup.keyboard.press('Delete');
    await popup.getByRole('status').getByText('Moved “\u2068Leads\u2069” to trash.').waitFor();
    await chooseInTitleMenu(popup, 'History');
    const list = popup.getByRole('list', { name: 'History', exact: true });
    await list.getByRole('button', { name: 'Undo moving “Leads” to trash' }).click();
    await expect.poll(() => grist.doc(DOCS.leads.id)?.removedAt).toBeUndefined();
    await popup.getByText('Restored “\u2068Leads\u2069” from the trash.').waitFor();
    const restore = list.getByRole('listitem').first();
    expect(await restore.locator('.history-names').textContent()).toBe('Leads restored from the trash to Acme Corp › Marketing');
    await restore.getByRole('button', { name: 'Undo restoring “Leads” (it goes back to the trash)' }).waitFor();
    // Whole: the name's box holds all of its text (a name cut to "L…" holds a sliver of it).
    const cut = await restore.locator('.history-new').evaluate((name) => {
      const text = document.createRange();
      text.selectNodeContents(name);
      return text.getBoundingClientRect().width - name.getBoundingClientRect().width;
    });
    expect(cut).toBeLessThan(1);
    await popup.close();
  });

  it('the README screenshots of the history, light and dark', async () => {
    const popup = await openConnectedPopup(setup);
    // One rename of its own, so it shows an entry whatever ran before it.
    await renameInPopup(popup, 'Campaign Plan', 'Campaign Plan 2027');
    await chooseInTitleMenu(popup, 'History');
    await popup.getByRole('list', { name: 'History', exact: true }).waitFor();
    await screenshotSchemes(popup, 'history', { width: 400, height: 600 });
    await popup.close();
  });
});
