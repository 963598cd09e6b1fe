/**
 * The rest of Grist's home page from the popup, in Chromium against the fake Grist server (issue
 * 29): a row's More actions menu (trash, copy, pin), the Delete key, Undo, the Trash view (restore,
 * delete forever), a copy to another site opened from the status, and a new document. Each checks
 * what the server ends up storing; the menu, the Trash view and the copy form are screenshot for
 * the README and checked by axe in both schemes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { documentsNamed } from '../setup/stored-documents.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openConnectedPopup, openPopup, saveOptions, screenshotSchemes, searchHighlights, chooseInMenu, chooseInTitleMenu } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** Moves a document to the trash in Grist itself, as someone would on Grist's own page. */
async function removeInGrist(docId: string, site: string): Promise<void> {
  const response = await fetch(`${setup.grist.url}/o/${site}/api/docs/${docId}/remove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  expect(response.status).toBe(200);
}

/** Opens a row's More actions menu. Out: the menu. */
async function openMenu(popup: Page, name: string) {
  await popup.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
  const menu = popup.getByRole('menu', { name: `Actions for ${name}` });
  await menu.waitFor();
  return menu;
}

describe('a document’s More actions', () => {
  it('Move to trash: the row goes, Grist has it in the trash, and Undo restores it', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    // The screenshot's size first: a resize closes the menu.
    await popup.setViewportSize({ width: 400, height: 600 });
    const menu = await openMenu(popup, 'Bug Tracker');
    // The least harmful item first, where the focus starts: Enter, Enter does not trash it.
    expect(await menu.locator('.menu-label').allTextContents()).toEqual(['Rename', 'Move to…', 'Make a copy…', 'Share…', 'Download', 'Pin', 'Move to trash']);
    // Each with its key where it has one, shown at its end.
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['RenameF2', 'Move to…', 'Make a copy…', 'Share…', 'Download▸', 'Pin', 'Move to trashDel']);
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts'))).toBe('F2');
    await screenshotSchemes(popup, 'row-menu', { width: 400, height: 600 });
    await expectNoViolations(popup);
    await menu.getByRole('menuitem', { name: 'Move to trash' }).click();
    await popup.getByRole('status').getByText('Moved “\u2068Bug Tracker\u2069” to trash.').waitFor();
    expect(await popup.getByRole('link', { name: 'Open Bug Tracker' }).count()).toBe(0);
    expect(grist.doc(DOCS.bugTracker.id)?.removedAt).toEqual(expect.any(String));

    await popup.getByRole('button', { name: 'Undo moving “Bug Tracker” to trash' }).click();
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.removedAt).toBeUndefined();
    // The focus the Undo button took with it: on the document back, not the search box.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Bug Tracker');
    await popup.close();
  });

  it('the Delete key on a row moves it to the trash; Ctrl+Z takes it back', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('link', { name: 'Open Campaign Plan' }).focus();
    await popup.keyboard.press('Delete');
    await popup.getByRole('status').getByText('Moved “\u2068Campaign Plan\u2069” to trash.').waitFor();
    // The focus goes to the next row (Globex’s newest, Leads being newer than it), where Ctrl+Z is not a text field’s own.
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Project Beta');
    expect(grist.doc(DOCS.campaignPlan.id)?.removedAt).toEqual(expect.any(String));
    await popup.keyboard.press('Control+z');
    await popup.getByRole('link', { name: 'Open Campaign Plan' }).waitFor();
    await expect.poll(() => grist.doc(DOCS.campaignPlan.id)?.removedAt).toBeUndefined();
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Campaign Plan');
    await popup.close();
  });

  it('Delete on the last result: the focus goes to the one before; on the only one, to Undo; either way back to the row with it', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    const focused = () => popup.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    const search = popup.getByRole('searchbox', { name: 'Search documents' });
    await search.fill('project');
    await popup.getByRole('link', { name: 'Open Project Alpha' }).focus();
    await popup.keyboard.press('Delete');
    await popup.getByRole('status').getByText('Moved “\u2068Project Alpha\u2069” to trash.').waitFor();
    await expect.poll(focused).toBe('Open Project Beta');
    await popup.keyboard.press('Control+z');
    await expect.poll(() => grist.doc(DOCS.projectAlpha.id)?.removedAt).toBeUndefined();
    await expect.poll(focused).toBe('Open Project Alpha');

    await search.fill('alpha');
    await popup.getByRole('link', { name: 'Open Project Alpha' }).focus();
    await popup.keyboard.press('Delete');
    await popup.getByRole('status').getByText('Moved “\u2068Project Alpha\u2069” to trash.').waitFor();
    await expect.poll(focused).toBe('Undo moving “Project Alpha” to trash');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.doc(DOCS.projectAlpha.id)?.removedAt).toBeUndefined();
    await expect.poll(focused).toBe('Open Project Alpha');
    await popup.close();
  });

  it('a held Delete key moves one document to the trash, not the next rows it repeats on', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    const trashed = () => Object.values(DOCS).filter((document) => grist.doc(document.id)?.removedAt).map((document) => document.name);
    expect(trashed()).toEqual([]);
    await popup.getByRole('link', { name: 'Open Reading List' }).focus();
    // Playwright sends a key pressed again before it is released as the browser's repeat (autoRepeat).
    await popup.keyboard.down('Delete');
    await popup.getByRole('status').getByText('Moved “\u2068Reading List\u2069” to trash.').waitFor();
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Personal Budget');
    for (let repeat = 0; repeat < 5; repeat++) {
      await popup.keyboard.down('Delete');
      await popup.waitForTimeout(50);
    }
    await popup.keyboard.up('Delete');
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Personal Budget');
    expect(trashed()).toEqual(['Reading List']);
    await popup.keyboard.press('Control+z');
    await expect.poll(trashed).toEqual([]);
    await popup.close();
  });

  it('Pin puts the document among the pinned at once, and Grist has it pinned', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await (await openMenu(popup, 'Bug Tracker')).getByRole('menuitem', { name: 'Pin' }).click();
    await popup.getByRole('status').getByText('Pinned “\u2068Bug Tracker\u2069”.').waitFor();
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.isPinned).toBe(true);
    expect(await (await openMenu(popup, 'Bug Tracker')).getByRole('menuitem').allTextContents()).toContain('Unpin');
    await popup.keyboard.press('Escape');
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Bug Tracker');
    await popup.getByRole('button', { name: 'Undo pinning “Bug Tracker”' }).click();
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.isPinned).toBe(false);
    await popup.close();
  });

  it('Make a copy… to another site: choosing it copies nothing; Copy makes it there, as a template, and Open opens it', async () => {
    const { grist, extension } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.setViewportSize({ width: 400, height: 600 });
    grist.clearRequests();
    await (await openMenu(popup, 'Roadmap 2026')).getByRole('menuitem', { name: 'Make a copy…' }).click();
    const name = popup.getByRole('textbox', { name: 'Name of the copy' });
    expect(await name.inputValue()).toBe('Roadmap 2026 (copy)');
    // Its own workspace, chosen to start with.
    expect(await popup.getByRole('option', { selected: true }).getAttribute('aria-label')).toBe('Engineering — Acme Corp');
    await name.fill('Roadmap for Globex');
    await popup.getByRole('checkbox', { name: 'As template (structure only, no data)' }).check();
    await popup.getByRole('option', { name: /^Projects/ }).click();
    await popup.getByText('The copy goes to Globex Inc › Projects.').waitFor();
    await expect.poll(() => popup.evaluate(() => document.activeElement?.textContent)).toBe('Copy');
    await screenshotSchemes(popup, 'copy-form', { width: 400, height: 600 });
    await expectNoViolations(popup);
    const copies = () => grist.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/copy'));
    expect(copies()).toEqual([]);
    await popup.getByRole('button', { name: 'Copy', exact: true }).click();
    await popup.getByRole('status').getByText('Copied “\u2068Roadmap for Globex\u2069” to Globex Inc › Projects as a template.').waitFor();
    const copy = copies();
    expect(copy.map(({ path, contentType }) => [path, contentType])).toEqual([[`/o/acme/api/docs/${DOCS.roadmap.id}/copy`, 'application/json']]);
    const opened = extension.context.waitForEvent('page');
    await popup.getByRole('status').getByRole('link', { name: 'Open Roadmap for Globex' }).click();
    const page = await opened;
    const copyId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(page.url()).toBe(`${grist.url}/o/globex/doc/${copyId}`);
    expect(grist.doc(copyId)).toMatchObject({ name: 'Roadmap for Globex', workspaceId: WORKSPACES.projects.id, copyOf: { docId: DOCS.roadmap.id, asTemplate: true } });
    await page.close();
    await popup.close();
  });
});

describe('a copy whose answer is lost', () => {
  it('is never sent twice: found by the read-back it is reported copied; not found, the form says so and offers Copy again', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.setViewportSize({ width: 400, height: 600 });
    const copies = () => grist.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/copy'));
    grist.clearRequests();
    // Made, and a proxy answers 502 (a destroyed socket would have Chromium send it again by
    // itself, on a reused connection: what the extension cannot prevent, see the README).
    grist.injectFault({ method: 'POST', path: /\/copy$/, statusAfterWork: 502, times: 1 });
    await (await openMenu(popup, 'Leads')).getByRole('menuitem', { name: 'Make a copy…' }).click();
    // Its own workspace, chosen to start with: Enter in the name field copies there.
    await popup.getByRole('textbox', { name: 'Name of the copy' }).press('Enter');
    await popup.getByRole('status').getByText('Copied “\u2068Leads (copy)\u2069” to Acme Corp › Marketing.').waitFor();
    expect(copies()).toHaveLength(1);
    expect(documentsNamed(grist, WORKSPACES.marketing.id, 'Leads (copy)')).toHaveLength(1);

    // A proxy's 504 before Grist made it: one request, nothing made, and the choice is the user's.
    grist.clearRequests();
    grist.injectFault({ method: 'POST', path: /\/copy$/, status: 504, times: 1 });
    await (await openMenu(popup, 'Campaign Plan')).getByRole('menuitem', { name: 'Make a copy…' }).click();
    await popup.getByRole('option', { name: /^Marketing/ }).click();
    await popup.getByRole('button', { name: 'Copy', exact: true }).click();
    await popup.getByText('did not say whether “Campaign Plan (copy)” was copied. Check Acme Corp › Marketing.', { exact: false }).waitFor();
    expect(copies()).toHaveLength(1);
    expect(documentsNamed(grist, WORKSPACES.marketing.id, 'Campaign Plan (copy)')).toHaveLength(0);
    await popup.getByRole('button', { name: 'Copy again' }).click();
    await popup.getByRole('status').getByText('Copied “\u2068Campaign Plan (copy)\u2069”', { exact: false }).waitFor();
    expect(copies()).toHaveLength(2);
    expect(documentsNamed(grist, WORKSPACES.marketing.id, 'Campaign Plan (copy)')).toHaveLength(1);
    await popup.close();
  });
});

describe('a workspace’s New document', () => {
  it('Enter creates it: the row appears, Grist has it, and Undo moves it to the trash', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await chooseInMenu(popup, 'Marketing', 'New document');
    await popup.getByRole('textbox', { name: 'Name of the new document' }).fill('Q4 plan');
    await popup.getByRole('textbox', { name: 'Name of the new document' }).press('Enter');
    // Its row's link (the status's Open has the same name).
    await popup.locator('a.document-link').filter({ hasText: 'Q4 plan' }).waitFor();
    await popup.getByRole('status').getByText('Created “\u2068Q4 plan\u2069” in Acme Corp › Marketing.').waitFor();
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Marketing');
    const made = grist.requests.find((request) => request.method === 'POST' && request.path === `/o/acme/api/workspaces/${WORKSPACES.marketing.id}/docs`);
    expect(made?.contentType).toBe('application/json');
    await popup.getByRole('button', { name: 'Undo creating “Q4 plan” (it goes to the trash)' }).click();
    await popup.getByRole('status').getByText('Moved “\u2068Q4 plan\u2069” to trash.').waitFor();
    expect(await popup.getByRole('link', { name: 'Open Q4 plan' }).count()).toBe(0);
    await popup.close();
  });

  it('Escape gives up, and the workspace’s name keeps what the search marks in it', async () => {
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('mark');
    expect(await searchHighlights(popup, 'h3 bdi')).toEqual(['Mark']);
    await chooseInMenu(popup, 'Marketing', 'New document');
    await popup.getByRole('textbox', { name: 'Name of the new document' }).press('Escape');
    await popup.getByRole('heading', { name: 'Marketing' }).waitFor();
    await expect.poll(() => searchHighlights(popup, 'h3 bdi')).toEqual(['Mark']);
    await popup.close();
  });
});

describe('empty workspaces', () => {
  it('are listed with New document: Acme’s empty Home gets a document, made there', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    grist.clearRequests();
    const acme = popup.getByRole('region', { name: 'Acme Corp' });
    expect((await acme.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual(['Engineering', 'Home', 'Marketing']);
    expect((await popup.getByRole('region', { name: 'Globex Inc' }).getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual(['Home', 'Projects']);
    await chooseInMenu(acme, 'Home', 'New document');
    await popup.getByRole('textbox', { name: 'Name of the new document' }).fill('Kickoff');
    await popup.getByRole('textbox', { name: 'Name of the new document' }).press('Enter');
    await popup.getByRole('status').getByText('Created “\u2068Kickoff\u2069” in Acme Corp › Home.').waitFor();
    expect(grist.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/docs')).map((request) => request.path)).toEqual([`/o/acme/api/workspaces/${WORKSPACES.acmeHome.id}/docs`]);
    await popup.getByRole('button', { name: 'Undo creating “Kickoff” (it goes to the trash)' }).click();
    await popup.getByRole('status').getByText('Moved “\u2068Kickoff\u2069” to trash.').waitFor();
    await popup.close();
  });

  it('a viewer’s copy picker offers only workspaces the list shows: their own empty Home among them', async () => {
    const { extension, grist } = setup;
    await (await saveOptions(extension, { apiKey: USERS.viewer.apiKey, personalSiteUrl: `${grist.url}/o/docs` })).close();
    const popup = await openPopup(extension);
    const listed = async () => {
      const shown: string[] = [];
      for (const region of await popup.getByRole('region').all()) {
        const site = await region.getAttribute('aria-label');
        for (const heading of await region.getByRole('heading', { level: 3 }).allTextContents()) shown.push(`${heading} — ${site}`);
      }
      return shown;
    };
    const inList = await listed();
    expect(inList).toContain('Home — Personal');
    await (await openMenu(popup, 'Bug Tracker')).getByRole('menuitem', { name: 'Make a copy…' }).click();
    const offered = await Promise.all((await popup.getByRole('option').all()).map((option) => option.getAttribute('aria-label')));
    expect(offered).toEqual(['Home — Personal']);
    for (const option of offered) expect(inList).toContain(option);
    await popup.close();
    await connectOwner(setup);
  });
});

describe('the Trash view', () => {
  it('lists each site’s trash with when it was removed; Restore takes one back, Delete forever asks, then deletes', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    await removeInGrist(DOCS.leads.id, 'acme');
    await removeInGrist(DOCS.readingList.id, 'docs');
    const popup = await openPopup(extension);
    await popup.setViewportSize({ width: 400, height: 600 });
    await chooseInTitleMenu(popup, 'Trash');
    await popup.getByRole('heading', { name: 'Trash' }).waitFor();
    await popup.getByRole('button', { name: 'Restore Leads' }).waitFor();
    await popup.getByRole('button', { name: 'Back to documents' }).waitFor();
    expect(await popup.getByText('Grist deletes a document in the trash for good 30 days after it was removed.').count()).toBe(1);
    expect(await popup.locator('.trash-document').filter({ hasText: 'Leads' }).textContent()).toMatch(/Leads · Marketing · removed (now|\d+ seconds? ago)/);
    await screenshotSchemes(popup, 'trash', { width: 400, height: 600 });
    await expectNoViolations(popup);

    await popup.getByRole('button', { name: 'Restore Leads' }).click();
    await popup.getByRole('status').getByText('Restored “\u2068Leads\u2069” to Acme Corp › Marketing.').waitFor();
    expect(grist.doc(DOCS.leads.id)?.removedAt).toBeUndefined();
    expect(await popup.getByRole('button', { name: 'Restore Leads' }).count()).toBe(0);

    // Asked first, Cancel before the destructive answer; Escape keeps it, the focus back on the row's button.
    const deleteReadingList = popup.getByRole('button', { name: 'Delete Reading List forever' });
    await deleteReadingList.click();
    const confirm = popup.locator('.trash-confirm');
    await confirm.getByText('Delete “Reading List” forever? This cannot be undone.').waitFor();
    expect(await confirm.getByRole('button').allTextContents()).toEqual(['Cancel', 'Delete forever']);
    await popup.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => deleteReadingList.evaluate((button) => button === document.activeElement)).toBe(true);
    await popup.getByRole('heading', { name: 'Trash' }).waitFor();
    expect(grist.doc(DOCS.readingList.id)).toBeDefined();

    await deleteReadingList.click();
    await popup.getByRole('button', { name: 'Delete forever', exact: true }).click();
    await popup.getByRole('status').getByText('Deleted “\u2068Reading List\u2069” forever.').waitFor();
    expect(grist.doc(DOCS.readingList.id)).toBeUndefined();

    // Back to the list by Escape, the focus on the Menu button that opened the Trash: the restored document is there.
    await popup.keyboard.press('Escape');
    await popup.getByRole('link', { name: 'Open Leads', exact: true }).waitFor();
    expect(await popup.getByRole('button', { name: 'Menu', exact: true }).evaluate((button) => button === document.activeElement)).toBe(true);
    await popup.close();
  });

  it('the search box searches the trash; a move to the trash restored there offers no Undo in the History, and says why (issue 41)', async () => {
    const { grist } = setup;
    await removeInGrist(DOCS.roadmap.id, 'acme');
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('link', { name: 'Open Bug Tracker', exact: true }).focus();
    await popup.keyboard.press('Delete');
    await popup.getByRole('status').getByText('Moved “\u2068Bug Tracker\u2069” to trash.').waitFor();
    await chooseInTitleMenu(popup, 'Trash');
    await popup.getByRole('button', { name: 'Restore Bug Tracker' }).waitFor();
    const trashed = () => popup.locator('.trash-name > bdi').allTextContents();
    expect(await trashed()).toEqual(expect.arrayContaining(['Bug Tracker', 'Roadmap 2026']));
    // The Trash's own search (issue 49).
    await popup.getByRole('searchbox', { name: 'Search the trash' }).fill('acme bug');
    await expect.poll(trashed).toEqual(['Bug Tracker']);
    expect(await popup.getByText('No documents match').count()).toBe(0);
    await popup.getByRole('button', { name: 'Restore Bug Tracker' }).click();
    await popup.getByRole('status').getByText('Restored “\u2068Bug Tracker\u2069” to Acme Corp › Engineering.').waitFor();
    expect(grist.doc(DOCS.bugTracker.id)?.removedAt).toBeUndefined();
    await popup.getByText('No document in the trash matches.').waitFor();

    // What was typed there stays there: the list is searched as before, by nothing.
    await popup.getByRole('button', { name: 'Back to documents' }).click();
    expect(await popup.getByRole('searchbox', { name: 'Search documents' }).inputValue()).toBe('');
    await popup.getByRole('link', { name: 'Open Leads', exact: true }).waitFor();
    await chooseInTitleMenu(popup, 'History');
    const entries = popup.getByRole('list', { name: 'History', exact: true }).getByRole('listitem');
    const [restore, removal] = [entries.nth(0), entries.nth(1)];
    expect(await restore.locator('.history-names').textContent()).toBe('Bug Tracker restored from the trash to Acme Corp › Engineering');
    await restore.getByRole('button', { name: 'Undo restoring “Bug Tracker” (it goes back to the trash)' }).waitFor();
    expect(await removal.locator('.history-names').textContent()).toBe('Bug Tracker moved to trash from Acme Corp › Engineering');
    expect(await removal.getByText('Restored from the trash since: nothing to undo.').count()).toBe(1);
    expect(await removal.getByRole('button').count()).toBe(0);
    await popup.close();
  });
});
