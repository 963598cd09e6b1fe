/**
 * Bulk trash and bulk copy in Chromium against the fake Grist server (issue 29): 20 budgets of two
 * sites moved to the trash, then the batch undone; 2 copied to another site. What the server ends up
 * storing after each step.
 */
import { describe, expect, it } from 'vitest';
import { budgetSeed, USERS } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage } from './user-actions.ts';

const seed = budgetSeed();
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));
const budgets = () => seed.docs.filter((doc) => doc.name.startsWith('Budget 2025'));

describe('bulk trash and copy', () => {
  it('moves 20 documents of two sites to the trash, then Undo this batch restores them', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const page = await openBulkPage(extension);
    await page.getByLabel('Filter documents').fill('budget 2025');
    await page.getByRole('checkbox', { name: 'Select Budget 2025 – Sales' }).first().waitFor();
    await page.getByRole('button', { name: 'Select all shown' }).click();
    await page.getByText('20 documents selected').waitFor();
    await page.getByRole('button', { name: 'Move selected to trash' }).click();
    await page.getByText('20 moved to trash, 0 failed, 0 not sent.').first().waitFor();
    expect(budgets().every((doc) => grist.doc(doc.id)?.removedAt !== undefined)).toBe(true);
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Undo this batch' }).click();
    await page.getByText('Restored 20 of 20 documents from the trash.').waitFor();
    expect(budgets().every((doc) => grist.doc(doc.id)?.removedAt === undefined)).toBe(true);
    await page.close();
  });

  it('copies 2 documents to another site, each named as Grist names a copy', async () => {
    const { grist, extension } = setup;
    const page = await openBulkPage(extension);
    // The page opens on the last run, the trash run above.
    await page.getByRole('button', { name: 'New bulk change' }).click();
    await page.getByLabel('Filter documents').fill('budget 2025 – sales');
    await page.getByRole('checkbox', { name: 'Select Budget 2025 – Sales' }).first().waitFor();
    await page.getByRole('button', { name: 'Select all shown' }).click();
    await page.getByText('2 documents selected').waitFor();
    await page.getByRole('button', { name: 'Copy selected to…' }).click();
    await page.getByRole('option', { name: /^Projects — / }).click();
    await page.getByText('2 copied, 0 failed, 0 not sent.').first().waitFor();
    const copies = grist.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/copy'));
    expect(copies).toHaveLength(2);
    expect(copies.every(({ contentType }) => contentType === 'application/json')).toBe(true);
    const projects = await (await fetch(`${grist.url}/o/globex/api/workspaces/9`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } })).json();
    expect((projects as { docs: Array<{ name: string }> }).docs.filter((doc) => doc.name === 'Budget 2025 – Sales (copy)')).toHaveLength(2);
    await page.close();
  });
});
