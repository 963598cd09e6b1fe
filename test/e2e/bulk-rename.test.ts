/**
 * Bulk rename in Chromium against the fake Grist server (issue 14): opened from the popup, 20
 * budgets picked by filter, renamed with a regular expression across two sites, then the batch
 * undone (and shown undone by the page reloaded and by another tab); what the server ends up
 * storing after each step.
 */
import { describe, expect, it } from 'vitest';
import { budgetSeed, DEPARTMENTS } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, screenshotSchemes, selectBudgets } from './user-actions.ts';

const seed = budgetSeed();
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));

/** The names the fake stores now for the seed's budgets, sorted. */
function budgetNames(): string[] {
  return seed.docs
    .filter((doc) => doc.name.startsWith('Budget'))
    .map((doc) => setup.grist.doc(doc.id)?.name ?? '')
    .sort();
}

describe('bulk rename', () => {
  it('renames 20 documents across two sites with a regular expression, then Undo this batch restores them', async () => {
    await connectOwner(setup);
    const page = await openBulkPage(setup.extension);

    await selectBudgets(page, 'budget 2025', 20);

    await page.getByLabel('Regular expression').check();
    await page.getByLabel('Find', { exact: true }).fill('(\\d{4}) – (?<department>.+)$');
    await page.getByLabel('Replace with').fill('2026 – $<department>');
    await page.getByText('20 will be renamed, 0 unchanged, 0 invalid.').waitFor();
    const preview = page.getByRole('region', { name: 'Preview' });
    const firstRow = preview.getByRole('row').nth(1);
    expect(await firstRow.getByRole('cell').nth(2).textContent()).toMatch(/^Budget 2026 – /);
    // The changed part of the new name is marked.
    expect(await firstRow.locator('mark').textContent()).toBe('6');
    await screenshotSchemes(page, 'bulk-rename', { width: 1280, height: 1400 });
    await expectNoViolations(page);
    // Documents the filter did not show were not picked.
    await page.getByLabel('Filter documents').fill('bug');
    expect(await page.getByRole('checkbox', { name: 'Select Bug Tracker' }).isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Rename 20 documents' }).click();
    await page.getByText('20 renamed, 0 failed, 0 not sent.').first().waitFor();
    await page.getByText('20 of 20').waitFor();
    expect(budgetNames()).toEqual(DEPARTMENTS.flatMap((department) => [`Budget 2026 – ${department}`, `Budget 2026 – ${department}`]).sort());

    await page.getByRole('button', { name: 'Undo this batch' }).click();
    await page.getByText('Restored 20 of 20 names.').waitFor();
    await expectNoViolations(page);
    expect(budgetNames()).toEqual(DEPARTMENTS.flatMap((department) => [`Budget 2025 – ${department}`, `Budget 2025 – ${department}`]).sort());

    // Reloaded, or opened in another tab, the page shows the run undone: no second Undo this batch.
    await page.reload();
    const other = await setup.extension.context.newPage();
    await other.goto(page.url());
    for (const shown of [page, other]) {
      await shown.getByRole('heading', { name: 'Bulk rename finished · 20 of 20 undone' }).waitFor();
      expect(await shown.getByRole('table', { name: 'Renaming' }).getByRole('row').nth(1).getByRole('cell').last().textContent()).toBe('restored');
      expect(await shown.getByRole('button', { name: 'Undo this batch' }).count()).toBe(0);
    }
    await other.close();
    await page.close();
  });
});
