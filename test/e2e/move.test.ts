/**
 * Moving documents in Chromium against the fake Grist server (issue 18): one from the popup and
 * undone; twenty in one bulk run across two sites and undone as a batch. What the server ends up
 * storing after each step, and what the user sees.
 */
import { describe, expect, it } from 'vitest';
import { budgetSeed, DOCS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, openConnectedPopup, screenshotSchemes, selectBudgets } from './user-actions.ts';

const seed = budgetSeed();
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));

/** Where the fake stores each budget now: its workspace id, by document id. */
function budgetWorkspaces(): number[] {
  return seed.docs.filter((doc) => doc.name.startsWith('Budget')).map((doc) => setup.grist.doc(doc.id)?.workspaceId ?? -1);
}

describe('moving documents', () => {
  it('in the popup, keyboard only: the row moves with the server, and Undo moves it back', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    // Its row's menu, from the keyboard: Move to… is its second item, after Rename.
    await popup.getByRole('button', { name: 'More actions for Bug Tracker', exact: true }).focus();
    await popup.keyboard.press('Enter');
    await popup.getByRole('menuitem', { name: 'Rename' }).waitFor();
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('Enter');
    const filter = popup.getByRole('combobox', { name: 'Filter workspaces' });
    await popup.getByRole('listbox', { name: 'Destination for Bug Tracker' }).waitFor();
    expect(await filter.evaluate((element) => element === document.activeElement)).toBe(true);
    await filter.fill('globex projects');
    await screenshotSchemes(popup, 'move-picker', { width: 400, height: 600 });
    await expectNoViolations(popup);
    await filter.fill('marketing');
    await filter.press('Enter');
    await popup.getByRole('status').getByText('Moved “\u2068Bug Tracker\u2069” to Acme Corp › Marketing.').waitFor();
    expect(grist.doc(DOCS.bugTracker.id)?.workspaceId).toBe(WORKSPACES.marketing.id);
    // Listed under its new workspace: the heading above its row is Marketing.
    const heading = await popup
      .getByRole('link', { name: 'Open Bug Tracker' })
      .evaluate((link) => {
        let last = '';
        for (const element of document.querySelectorAll('h3, a.document-link')) {
          if (element === link) return last;
          if (element.tagName === 'H3') last = element.textContent ?? '';
        }
        return null;
      });
    expect(heading).toBe('Marketing');

    await popup.getByRole('button', { name: 'Undo move of Bug Tracker' }).click();
    await popup.getByRole('status').getByText('Moved “\u2068Bug Tracker\u2069” back to Acme Corp › Engineering.').waitFor();
    expect(grist.doc(DOCS.bugTracker.id)?.workspaceId).toBe(WORKSPACES.engineering.id);
    await popup.close();
  });

  it('in bulk: 20 documents of two sites to one workspace, asked once for the 10 that change site, then Undo this batch', async () => {
    const { grist } = setup;
    await connectOwner(setup);
    const before = budgetWorkspaces();
    const page = await openBulkPage(setup.extension);
    await selectBudgets(page, 'budget 2025', 20);

    await page.getByRole('button', { name: 'Move selected to…' }).click();
    const filter = page.getByRole('combobox', { name: 'Filter workspaces' });
    await filter.fill('engineering');
    await filter.press('Enter');
    await page.getByText('Selected documents move to Acme Corp › Engineering.').waitFor();
    const preview = page.getByRole('region', { name: 'Preview' });
    expect(await preview.getByRole('columnheader', { name: 'Moves to' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Move 20 documents' }).click();
    await page.getByText('Moving to Acme Corp gives 10 documents new addresses: links to them stop working, and moving them back will not restore them.').waitFor();
    await screenshotSchemes(page, 'bulk-move', { width: 1280, height: 1300 });
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Move anyway' }).click();
    await page.getByText('20 moved, 0 failed, 0 not sent.').first().waitFor();
    expect(budgetWorkspaces()).toEqual(before.map(() => WORKSPACES.engineering.id));
    // The Globex budgets left their site: Grist dropped their urlIds.
    const globexBudget = seed.docs.find((doc) => doc.name.startsWith('Budget') && doc.workspaceId === WORKSPACES.projects.id)!;
    expect(grist.doc(globexBudget.id)?.urlId ?? null).toBeNull();

    await page.getByRole('button', { name: 'Undo this batch' }).click();
    await page.getByText('Moved 20 of 20 documents back.').waitFor();
    expect(budgetWorkspaces()).toEqual(before);
    await page.close();
  });
});
