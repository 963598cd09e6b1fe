/**
 * Workspaces from the popup's headings, in Chromium against the fake Grist server (issue 43): a
 * new workspace on a site the user owns, its move to the trash, and its restore from the Trash view;
 * a workspace with documents moved to the trash and Undo. Each checks what the server ends up
 * storing; the Trash view with a removed workspace is screenshot and checked by axe in both
 * schemes. And a public document's mark, and the `is:public` search, in both schemes.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { openConnectedPopup, screenshotSchemes, chooseInMenu, chooseInTitleMenu } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** Acme's workspaces named `name`, as the server stores them: their ids. */
async function acmeWorkspacesNamed(name: string, showRemoved = false): Promise<Array<{ id: number; removedAt?: string }>> {
  const response = await fetch(`${setup.grist.url}/o/acme/api/orgs/current/workspaces${showRemoved ? '?showRemoved=1' : ''}`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  const workspaces = (await response.json()) as Array<{ id: number; name: string; removedAt?: string }>;
  return workspaces.filter((workspace) => workspace.name === name).map(({ id, removedAt }) => ({ id, ...(removedAt ? { removedAt } : {}) }));
}

describe('workspaces from the popup', () => {
  it('a new workspace on Acme Corp, moved to the trash from its heading, then restored from the Trash view', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await popup.setViewportSize({ width: 400, height: 600 });
    await chooseInMenu(popup, 'Acme Corp', 'New workspace');
    const field = popup.getByRole('textbox', { name: 'Name of the new workspace' });
    await field.fill('Research');
    await screenshotSchemes(popup, 'new-workspace-field', { width: 400, height: 300 });
    await expectNoViolations(popup);
    await field.press('Enter');
    await popup.getByRole('status').getByText('Created workspace “\u2068Research\u2069” on Acme Corp.').waitFor();
    const [made] = await acmeWorkspacesNamed('Research');
    expect(made).toEqual({ id: expect.any(Number) });
    expect(grist.workspace(made!.id)).toMatchObject({ name: 'Research' });
    // One POST: never sent twice.
    expect(grist.requests.filter((request) => request.method === 'POST' && request.path === '/o/acme/api/orgs/current/workspaces')).toHaveLength(1);

    await chooseInMenu(popup, 'Research', 'Move to trash');
    await popup.getByRole('status').getByText('Moved workspace “\u2068Research\u2069” to trash, with its documents.').waitFor();
    await expect.poll(() => grist.workspace(made!.id)?.removedAt).toEqual(expect.any(String));
    expect(await popup.getByRole('heading', { name: 'Research' }).count()).toBe(0);

    await chooseInTitleMenu(popup, 'Trash');
    const restore = popup.getByRole('button', { name: 'Restore workspace Research' });
    await restore.waitFor();
    expect(await popup.locator('.trash-workspace').textContent()).toMatch(/Research · workspace, 0 documents · removed (now|\d+ seconds? ago)/);
    await screenshotSchemes(popup, 'trash-workspace', { width: 400, height: 600 });
    await expectNoViolations(popup);
    await restore.click();
    await popup.getByRole('status').getByText('Restored workspace “\u2068Research\u2069” to Acme Corp.').waitFor();
    await expect.poll(() => grist.workspace(made!.id)?.removedAt).toBeUndefined();
    await popup.getByRole('button', { name: 'Back to documents' }).click();
    await popup.getByRole('heading', { name: 'Research' }).waitFor();
    await popup.close();
  });

  it('Engineering to the trash takes its documents with it; Undo brings them back', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await chooseInMenu(popup, 'Engineering', 'Move to trash');
    await popup.getByRole('status').getByText('Moved workspace “\u2068Engineering\u2069” to trash, with its documents.').waitFor();
    expect(await popup.getByRole('link', { name: 'Open Bug Tracker' }).count()).toBe(0);
    await expect.poll(() => grist.workspace(WORKSPACES.engineering.id)?.removedAt).toEqual(expect.any(String));
    expect((await acmeWorkspacesNamed('Engineering', true))[0]?.removedAt).toEqual(expect.any(String));

    await popup.getByRole('button', { name: 'Undo moving workspace “Engineering” to trash' }).click();
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    await popup.getByRole('link', { name: 'Open Roadmap 2026' }).waitFor();
    await expect.poll(() => grist.workspace(WORKSPACES.engineering.id)?.removedAt).toBeUndefined();
    expect(grist.docsIn(WORKSPACES.engineering.id).map(({ id }) => id).sort()).toEqual([DOCS.bugTracker.id, DOCS.roadmap.id].sort());
    await popup.close();
  });
});

describe('public documents', () => {
  it('a public document is marked on its row, and is:public finds it', async () => {
    const response = await fetch(`${setup.grist.url}/o/acme/api/docs/${DOCS.bugTracker.id}/access`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ delta: { users: { 'everyone@getgrist.com': 'viewers' } } }),
    });
    expect(response.status).toBe(200);
    const popup = await openConnectedPopup(setup);
    const row = popup.locator('li.document').filter({ has: popup.getByRole('link', { name: 'Open Bug Tracker' }) });
    await row.getByText('public', { exact: true }).waitFor();
    expect(await popup.locator('.badge-public').count()).toBe(1);
    await popup.getByRole('searchbox', { name: 'Search documents' }).fill('is:public');
    await expect.poll(() => popup.getByRole('link', { name: /^Open / }).allTextContents()).toEqual(['Bug Tracker']);
    await screenshotSchemes(popup, 'public-mark', { width: 400, height: 300 });
    await expectNoViolations(popup);
    await popup.close();
  });
});
