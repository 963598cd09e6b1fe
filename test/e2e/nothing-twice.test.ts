/**
 * Nothing done twice, nothing claimed that is not ours (issue 41), in Chromium against the fake
 * Grist server: Retry failed pressed on two Bulk pages showing one run copies each document once;
 * a copy whose answer does not say, beside a document of the same name made in Grist's own page
 * behind the listing, takes nothing: the popup says "did not say whether … was copied. Check …",
 * offers no Undo, and the user's document stays where it is. What the server ends up storing after
 * each.
 */
import { describe, expect, it } from 'vitest';
import { budgetSeed, DEPARTMENTS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { documentsNamed } from '../setup/stored-documents.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, openConnectedPopup } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed: budgetSeed() }));
const COPIES = /\/copy$/;

describe('Retry failed on two Bulk pages showing one run', () => {
  it('sends each failed copy once more: Grist has one copy of each document', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const first = await openBulkPage(extension);
    await first.getByLabel('Filter documents').fill('budget 2025');
    await first.getByRole('checkbox', { name: 'Select Budget 2025 – Sales' }).first().waitFor();
    await first.getByRole('button', { name: 'Select all shown' }).click();
    await first.getByText('20 documents selected').waitFor();
    // Every copy refused at first (nothing made): the run ends with 20 failed.
    grist.injectFault({ method: 'POST', path: COPIES, status: 400, body: '{"error":"busy"}', contentType: 'application/json', times: 20 });
    await first.getByRole('button', { name: 'Copy selected to…' }).click();
    await first.getByRole('option', { name: /^Projects — / }).click();
    await first.getByRole('group', { name: 'Copy 20 documents to Globex Inc › Projects?' }).getByRole('button', { name: 'Copy' }).click();
    await first.getByText('0 copied, 20 failed, 0 not sent.').first().waitFor();

    // The page opened again shows the run: two pages, one run.
    const second = await openBulkPage(extension);
    await second.getByText('0 copied, 20 failed, 0 not sent.').first().waitFor();
    grist.clearRequests();
    // Slow copies: while 2 are on their way, the others wait for their host's turn.
    grist.injectFault({ method: 'POST', path: COPIES, delayMs: 200 });
    await first.getByRole('button', { name: 'Retry failed' }).click();
    await second.getByRole('button', { name: 'Retry failed' }).click();
    await first.getByText('20 copied, 0 failed, 0 not sent.').first().waitFor();
    await second.getByText('20 copied, 0 failed, 0 not sent.').first().waitFor();
    grist.clearFaults();
    expect(grist.requests.filter((request) => request.method === 'POST' && COPIES.test(request.path))).toHaveLength(20);
    // Each source's copy once: each budget of Acme's Marketing and of Globex's Projects.
    const counts = DEPARTMENTS.map((department) => documentsNamed(grist, WORKSPACES.projects.id, `Budget 2025 – ${department} (copy)`).length);
    expect(counts).toEqual(DEPARTMENTS.map(() => 2));
    await first.close();
    await second.close();
  });
});

describe('a copy whose answer does not say, beside a same-named document made behind the listing', () => {
  it('takes nothing: the popup says "did not say whether … was copied. Check …", offers no Undo, and the user’s document stays', async () => {
    const { grist } = setup;
    const { marketing } = WORKSPACES;
    const popup = await openConnectedPopup(setup);
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    // Made in Grist's own page after the listing was read: the popup does not show it.
    const made = await fetch(`${grist.url}/o/acme/api/workspaces/${marketing.id}/docs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bug Tracker (copy)' }),
    });
    const users = (await made.json()) as string;
    grist.clearRequests();
    // A proxy's 504 before Grist made the copy.
    grist.injectFault({ method: 'POST', path: COPIES, status: 504, times: 1 });
    await popup.getByRole('button', { name: 'More actions for Bug Tracker', exact: true }).click();
    await popup.getByRole('menu', { name: 'Actions for Bug Tracker' }).getByRole('menuitem', { name: 'Make a copy…' }).click();
    await popup.getByRole('option', { name: /^Marketing/ }).click();
    await popup.getByRole('button', { name: 'Copy', exact: true }).click();
    await popup.getByText('did not say whether “Bug Tracker (copy)” was copied. Check Acme Corp › Marketing.', { exact: false }).waitFor();
    await popup.getByRole('button', { name: 'Copy again' }).waitFor();
    expect(await popup.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    expect(await popup.getByText(/^Copied /).count()).toBe(0);
    // Ctrl+Z outside a text field has nothing to undo.
    await popup.keyboard.press('Escape');
    await popup.locator('body').press('Control+z');
    await popup.close();
    expect(grist.requests.filter((request) => request.method === 'POST' && /\/(copy|remove)$/.test(request.path)).map(({ path }) => path.split('/').pop())).toEqual(['copy']);
    expect(documentsNamed(grist, marketing.id, 'Bug Tracker (copy)')).toEqual([users]);
    expect(grist.doc(users)?.removedAt).toBeUndefined();
  });
});
