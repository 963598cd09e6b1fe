/**
 * Bulk sharing in Chromium against the fake Grist server (issue 43): 20 budgets of two sites
 * shared with two people as editors, previewed first (each document's access read, each person now
 * and after, nothing changed before the button), then the batch undone; what the server ends up
 * storing after each step. The preview's screenshot is docs/bulk-share-preview-{light,dark}.png.
 */
import { describe, expect, it } from 'vitest';
import { budgetSeed } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, screenshotSchemes, selectBudgets } from './user-actions.ts';

const seed = budgetSeed();
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));
const budgets = () => seed.docs.filter((doc) => doc.name.startsWith('Budget 2025'));
const PEOPLE = ['ann@example.com', 'bob@example.com'];

/** The role each of PEOPLE has on each budget, as the server stores it (undefined: none). */
function storedRoles(): Array<Array<string | undefined>> {
  const { grist } = setup;
  return budgets().map((doc) => PEOPLE.map((email) => {
    const user = grist.user(email);
    return user ? grist.doc(doc.id)?.shares[user.id] : undefined;
  }));
}

describe('bulk sharing', () => {
  it('previews sharing 20 documents of two sites with two people (each read first, nothing changed), shares them, then Undo this batch takes it back', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const page = await openBulkPage(extension);
    await selectBudgets(page, 'budget 2025', 20);
    grist.clearRequests();

    await page.getByRole('button', { name: 'Share selected with…' }).click();
    // The field has the focus: one bad email, and Enter says which, reading and sending nothing.
    await page.keyboard.type(`${PEOPLE[0]}, ann@example`);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Nothing is sent. Not an email: ann@example.').waitFor();
    await expectNoViolations(page);
    expect(grist.requests).toEqual([]);
    // Typed again, a role chosen, Enter previews.
    await page.getByLabel('Emails').fill(PEOPLE.join(', '));
    await page.getByLabel('Role').selectOption({ label: 'Editor' });
    await page.getByLabel('Emails').press('Enter');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Share with ann@example.com, bob@example.com as Editor. 20 will change, 0 unchanged, 0 not sent (not read, or not yours to change).').waitFor();
    await preview.getByText('Grist may email the people you add: a server set up to send email invites each of them.').waitFor();
    expect(await preview.getByRole('columnheader').allTextContents()).toEqual(['Site and workspace', 'Name', 'Person', 'Now', 'After']);
    const firstRow = await preview.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(firstRow.slice(2)).toEqual(['ann@example.com', 'no access', 'Editor']);
    // Each document's access read once, and nothing changed.
    expect(grist.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(grist.requests.filter((request) => request.path.endsWith('/access'))).toHaveLength(20);
    expect(storedRoles().flat().every((role) => role === undefined)).toBe(true);
    await expectNoViolations(page);
    await screenshotSchemes(page, 'bulk-share-preview', { width: 1280, height: 1500 });

    await preview.getByRole('button', { name: 'Change access to 20 documents' }).click();
    await page.getByText('20 changed, 0 failed, 0 not sent.').first().waitFor();
    expect(storedRoles()).toEqual(budgets().map(() => ['editors', 'editors']));
    const patches = grist.requests.filter((request) => request.method === 'PATCH' && request.path.endsWith('/access'));
    expect(patches).toHaveLength(20);
    expect(patches.every(({ contentType }) => contentType === 'application/json')).toBe(true);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Bulk sharing finished');
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Undo this batch' }).click();
    await page.getByRole('status').getByText('Put back access to 20 of 20 documents.').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Bulk sharing finished · 20 of 20 undone');
    expect(storedRoles().flat().every((role) => role === undefined)).toBe(true);
    await page.close();
  });

  it('makes 2 documents public and then private again; a document public already is not sent', async () => {
    const { grist, extension } = setup;
    const page = await openBulkPage(extension);
    await page.getByRole('button', { name: 'New bulk change' }).click();
    await selectBudgets(page, 'budget 2025 – sales', 2);
    const sales = budgets().filter((doc) => doc.name === 'Budget 2025 – Sales');
    const publicRoles = () => sales.map((doc) => grist.doc(doc.id)?.shares[grist.user('everyone@getgrist.com')?.id ?? -1]);

    await page.getByRole('button', { name: 'Make selected public' }).click();
    await page.getByRole('button', { name: 'Change access to 2 documents' }).click();
    await page.getByText('2 changed, 0 failed, 0 not sent.').first().waitFor();
    expect(publicRoles()).toEqual(['viewers', 'viewers']);

    await page.getByRole('button', { name: 'New bulk change' }).click();
    await selectBudgets(page, 'budget 2025 – sales', 2);
    await page.getByRole('button', { name: 'Make selected public' }).click();
    await page.getByText('Make public: anyone with the link can view. 0 will change, 2 unchanged, 0 not sent (not read, or not yours to change).').waitFor();
    await page.getByRole('button', { name: 'Make selected private' }).click();
    await page.getByRole('button', { name: 'Change access to 2 documents' }).click();
    await page.getByText('2 changed, 0 failed, 0 not sent.').first().waitFor();
    expect(publicRoles()).toEqual([undefined, undefined]);
    await page.close();
  });
});
