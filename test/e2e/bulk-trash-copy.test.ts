/**
 * Bulk trash and bulk copy in Chromium against the fake Grist server (issues 29, 41): 20 budgets of
 * two sites moved to the trash, asked first in the preview, then the batch undone; 2 copied to
 * another site, asked first too. What the server ends up storing after each step, and that nothing
 * is sent before the question is answered.
 */
import { describe, expect, it } from 'vitest';
import { budgetSeed, USERS } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, selectBudgets } from './user-actions.ts';

const seed = budgetSeed();
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));
const budgets = () => seed.docs.filter((doc) => doc.name.startsWith('Budget 2025'));

describe('bulk trash and copy', () => {
  it('asks before moving 20 documents of two sites to the trash, in the trash’s own words; sends nothing before the answer; then Undo this batch restores them, as the heading says', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const page = await openBulkPage(extension);
    await selectBudgets(page, 'budget 2025', 20);
    grist.clearRequests();
    await page.getByRole('button', { name: 'Move selected to trash' }).click();

    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('20 documents will be moved to the trash: Grist keeps them there 30 days, and Undo this batch brings them back.').waitFor();
    expect(await preview.getByText(/will be renamed/).count()).toBe(0);
    expect(await preview.getByRole('columnheader').allTextContents()).toEqual(['Site and workspace', 'Name']);
    const question = preview.getByRole('group', { name: 'Move 20 documents to the trash?' });
    await question.waitFor();
    await expectNoViolations(page);
    // Enter on what has the focus (the question) sends nothing.
    await page.keyboard.press('Enter');
    expect(grist.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(budgets().every((doc) => grist.doc(doc.id)?.removedAt === undefined)).toBe(true);

    await question.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('20 moved to trash, 0 failed, 0 not sent.').first().waitFor();
    expect(budgets().every((doc) => grist.doc(doc.id)?.removedAt !== undefined)).toBe(true);
    expect(grist.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/remove'))).toHaveLength(20);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Bulk move to trash finished');
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Undo this batch' }).click();
    await page.getByText('Restored 20 of 20 documents from the trash.').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Bulk move to trash finished · 20 of 20 undone');
    expect(budgets().every((doc) => grist.doc(doc.id)?.removedAt === undefined)).toBe(true);
    await page.close();
  });

  it('copies 2 documents to another site, each named as Grist names a copy', async () => {
    const { grist, extension } = setup;
    const page = await openBulkPage(extension);
    // The page opens on the last run, the trash run above.
    await page.getByRole('button', { name: 'New bulk change' }).click();
    await selectBudgets(page, 'budget 2025 – sales', 2);
    grist.clearRequests();
    await page.getByRole('button', { name: 'Copy selected to…' }).click();
    await page.getByRole('option', { name: /^Projects — / }).click();
    const question = page.getByRole('group', { name: 'Copy 2 documents to Globex Inc › Projects?' });
    await question.waitFor();
    expect(grist.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await question.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('2 copied, 0 failed, 0 not sent.').first().waitFor();
    const copies = grist.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/copy'));
    expect(copies).toHaveLength(2);
    expect(copies.every(({ contentType }) => contentType === 'application/json')).toBe(true);
    const projects = await (await fetch(`${grist.url}/o/globex/api/workspaces/9`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } })).json();
    expect((projects as { docs: Array<{ name: string }> }).docs.filter((doc) => doc.name === 'Budget 2025 – Sales (copy)')).toHaveLength(2);
    await page.close();
  });

  it('Undo this batch of the copies moves each copy to the trash, and the run’s table says so of each; the documents copied stay', async () => {
    const { grist, extension } = setup;
    // The page opens on the last run, the copy run above.
    const page = await openBulkPage(extension);
    await page.getByRole('button', { name: 'Undo this batch' }).click();
    await page.getByRole('status').getByText('Moved 2 of 2 copies to trash.').waitFor();
    const outcomes = await page.getByRole('table', { name: 'Copying' }).locator('td.outcome').allTextContents();
    expect(outcomes).toEqual(['moved to trash', 'moved to trash']);
    const sales = seed.docs.filter((doc) => doc.name === 'Budget 2025 – Sales');
    expect(sales.map((doc) => grist.doc(doc.id)?.removedAt)).toEqual(sales.map(() => undefined));
    // Globex's Projects (workspace 9) lists no copy any more: Grist lists no document of the trash there.
    expect(grist.docsIn(9).filter((doc) => doc.name === 'Budget 2025 – Sales (copy)')).toEqual([]);
    await page.close();
  });
});
