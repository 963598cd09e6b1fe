/**
 * The popup's Share panel in Chromium against the fake Grist server (issue 43): a document shared
 * with two people and Undo, its public link on and off, an editor's read-only panel, someone removed
 * from a site with what they had inside it, and Undo. Each checks
 * what the server ends up storing (its grants, the listing's `public`); the panel is checked by
 * axe in both schemes and screenshot for the README (`docs/share-panel-*.png`).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EVERYONE_EMAIL } from '../fake-grist/roles.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { chooseInMenu, openConnectedPopup, openPopup, openSitePeople, saveOptions, screenshotSchemes } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** Opens Bug Tracker's Share panel from its More actions menu. Out: the panel. */
async function openShare(popup: Page) {
  await popup.getByRole('button', { name: 'More actions for Bug Tracker', exact: true }).click();
  await popup.getByRole('menu', { name: 'Actions for Bug Tracker' }).getByRole('menuitem', { name: 'Share…' }).click();
  const panel = popup.getByRole('region', { name: 'People with access to Bug Tracker' });
  await panel.getByRole('list', { name: 'People' }).waitFor();
  return panel;
}

/** Bug Tracker's own grants as the fake stores them, by email. */
function bugTrackerGrants(): Record<string, string> {
  const shares = setup.grist.doc(DOCS.bugTracker.id)?.shares ?? {};
  const emails = new Map([USERS.owner, USERS.editor, USERS.viewer, USERS.sharedOnly].map((user) => [user.id, user.email]));
  const everyone = setup.grist.user(EVERYONE_EMAIL);
  for (const email of ['ann@example.com', 'bo@example.com']) {
    const user = setup.grist.user(email);
    if (user) emails.set(user.id, email);
  }
  if (everyone) emails.set(everyone.id, EVERYONE_EMAIL);
  return Object.fromEntries(Object.entries(shares).map(([id, role]) => [emails.get(Number(id)) ?? id, role]));
}

/** Whether Acme's listing, as Grist answers it to its owner, marks Bug Tracker public. */
async function listedPublic(): Promise<boolean> {
  const response = await fetch(`${setup.grist.url}/o/acme/api/orgs/current/workspaces`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  const workspaces = (await response.json()) as Array<{ docs: Array<{ id: string; public?: boolean }> }>;
  return workspaces.flatMap((workspace) => workspace.docs).find((doc) => doc.id === DOCS.bugTracker.id)?.public === true;
}

describe('the Share panel', () => {
  it('shares a document with two people (one request), and Undo takes both away', async () => {
    const popup = await openConnectedPopup(setup);
    await popup.setViewportSize({ width: 400, height: 600 });
    const panel = await openShare(popup);
    await panel.getByRole('combobox', { name: 'Role of the people added' }).selectOption('editors');
    await panel.getByRole('textbox', { name: 'Add people (emails)' }).fill('ann@example.com, bo@example.com');
    await popup.keyboard.press('Enter');
    await popup.getByRole('status').getByText('Shared “\u2068Bug Tracker\u2069” with ann@example.com, bo@example.com as Editor.').waitFor();
    expect(bugTrackerGrants()).toEqual({ 'ann@example.com': 'editors', 'bo@example.com': 'editors' });
    await screenshotSchemes(popup, 'share-panel', { width: 400, height: 600 });
    await expectNoViolations(popup);

    await popup.getByRole('button', { name: 'Undo sharing “Bug Tracker” with ann@example.com, bo@example.com' }).click();
    await popup.getByRole('status').getByText('Who has access to “\u2068Bug Tracker\u2069” is back as it was.').waitFor();
    await expect.poll(bugTrackerGrants).toEqual({});
    // The panel reads again: the two are gone from it too.
    await expect.poll(() => panel.getByText('ann@example.com').count()).toBe(0);
    await popup.keyboard.press('Escape');
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Bug Tracker');
    await popup.close();
  });

  it('switches the public link on and off: the listing says public, then no longer', async () => {
    const popup = await openConnectedPopup(setup);
    let panel = await openShare(popup);
    await panel.getByRole('switch', { name: 'Anyone with the link can view' }).check();
    await popup.getByRole('status').getByText('“\u2068Bug Tracker\u2069” is public: anyone with the link can view.').waitFor();
    expect(bugTrackerGrants()).toEqual({ [EVERYONE_EMAIL]: 'viewers' });
    expect(await listedPublic()).toBe(true);
    // The list marks it public at once, with no refresh.
    const bugTrackerRow = (page: Page) => page.getByRole('link', { name: 'Open Bug Tracker' }).locator('xpath=ancestor::li[1]');
    await panel.getByRole('button', { name: 'Back to documents' }).click();
    await bugTrackerRow(popup).getByText('public', { exact: true }).waitFor();
    await bugTrackerRow(popup).screenshot({ path: 'test-results/share-public-mark.png' });
    panel = await openShare(popup);
    const publicLink = panel.getByRole('switch', { name: 'Anyone with the link can view' });
    // Its link, for whoever it is shared with.
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await panel.getByRole('status').getByText('Link copied.').waitFor();
    await setup.extension.context.grantPermissions(['clipboard-read']);
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(`${setup.grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`);
    await publicLink.uncheck();
    await popup.getByRole('status').getByText('“\u2068Bug Tracker\u2069” is no longer public.').waitFor();
    expect(bugTrackerGrants()).toEqual({});
    expect(await listedPublic()).toBe(false);
    await panel.getByRole('button', { name: 'Back to documents' }).click();
    await bugTrackerRow(popup).waitFor();
    expect(await bugTrackerRow(popup).getByText('public', { exact: true }).count()).toBe(0);
    await popup.close();
  });

  it('an editor sees who has access, read-only, and is told why', async () => {
    const { grist, extension } = setup;
    await (await saveOptions(extension, { apiKey: USERS.editor.apiKey, personalSiteUrl: `${grist.url}/o/docs` })).close();
    const popup = await openPopup(extension);
    await popup.setViewportSize({ width: 400, height: 600 });
    const panel = await openShare(popup);
    await panel.getByText('Only owners can change who has access.').waitFor();
    // Not the viewer's sentence, though Grist marks an editor's answer as a viewer's (grist-core getDocAccess).
    expect(await panel.getByText('Only owners and editors can see who else has access.').count()).toBe(0);
    expect(await panel.getByText('owner@example.com').count()).toBe(1);
    expect(await panel.getByRole('textbox').count()).toBe(0);
    expect(await panel.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await panel.getByRole('switch', { name: 'Anyone with the link can view' }).isDisabled()).toBe(true);
    await expectNoViolations(popup);
    await popup.close();
  });

  it('a workspace’s and a site’s panels change their own grants, and Undo puts each back', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    await chooseInMenu(popup, 'Engineering', 'Share…');
    const workspacePanel = popup.getByRole('region', { name: 'People with access to Engineering' });
    await workspacePanel.getByRole('textbox', { name: 'Add people (emails)' }).fill('ann@example.com');
    await popup.keyboard.press('Enter');
    await popup.getByRole('status').getByText('Shared “\u2068Engineering\u2069” with ann@example.com as Viewer.').waitFor();
    const ann = grist.user('ann@example.com')!;
    expect(grist.workspace(WORKSPACES.engineering.id)?.shares).toEqual({ [ann.id]: 'viewers' });
    // Out of the emails field, whose own undo Ctrl+Z is there.
    await popup.keyboard.press('Tab');
    await popup.keyboard.press('Control+z');
    await expect.poll(() => grist.workspace(WORKSPACES.engineering.id)?.shares).toEqual({});
    await popup.getByRole('button', { name: 'Back to documents' }).click();
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Engineering');

    await chooseInMenu(popup, 'Acme Corp', 'People on this site…');
    const sitePanel = popup.getByRole('region', { name: 'People with access to Acme Corp' });
    await sitePanel.getByRole('combobox', { name: 'Role of viewer@example.com' }).selectOption('editors');
    await popup.getByRole('status').getByText('Changed viewer@example.com to Editor on “\u2068Acme Corp\u2069”.').waitFor();
    expect(grist.org(ORGS.acme.id)?.members[USERS.viewer.id]).toBe('editors');
    await popup.getByRole('button', { name: 'Undo changing viewer@example.com to Editor on “Acme Corp”' }).click();
    await popup.getByRole('status').getByText('Who has access to “\u2068Acme Corp\u2069” is back as it was.').waitFor();
    expect(grist.org(ORGS.acme.id)?.members[USERS.viewer.id]).toBe('viewers');
    await popup.close();
  });

  it('Remove on a site asks first, showing what goes with them and what Grist makes you an owner of; the panel keeps its place, its height and the focus; Undo puts them back', async () => {
    const { grist } = setup;
    const { editor, owner } = USERS;
    const popup = await openConnectedPopup(setup);
    await popup.setViewportSize({ width: 400, height: 600 });
    const sitePanel = await openSitePeople(popup, 'Acme Corp');
    await sitePanel.getByText('Removing someone from the site also takes away every workspace and document they were given on it. Undo puts them back.').waitFor();
    // The panel takes the popup's height, whatever the list under it holds.
    expect(await popup.locator('main.popup').evaluate((main) => main.getBoundingClientRect().height)).toBe(560);
    await sitePanel.getByRole('button', { name: `Remove ${editor.email}` }).click();
    await sitePanel.getByText(`Document ${DOCS.leads.name}: Owner`).waitFor();
    await sitePanel.getByText(`Grist will make you an owner of “\u2068${DOCS.leads.name}\u2069” in their place`, { exact: false }).waitFor();
    // Nothing sent before it is confirmed.
    expect(grist.org(ORGS.acme.id)?.members[editor.id]).toBe('editors');
    await expectNoViolations(popup);
    const top = await sitePanel.evaluate((panel) => panel.getBoundingClientRect().top);
    await sitePanel.getByRole('button', { name: 'Remove from the sites listed' }).click();
    await popup.getByRole('status').getByText(`Removed ${editor.email} from “\u2068Acme Corp\u2069”, with what they had in its workspaces and documents. Grist made you an owner of “\u2068${DOCS.leads.name}\u2069” in their place.`).waitFor();
    // Grist took Ed's Leads with his place on the site, and gave its owner's place to the user.
    expect(grist.org(ORGS.acme.id)?.members[editor.id]).toBeUndefined();
    expect(grist.doc(DOCS.leads.id)?.shares[editor.id]).toBeUndefined();
    expect(grist.doc(DOCS.leads.id)?.shares[owner.id]).toBe('owners');
    // The new status line did not move the panel, and the focus is still in it.
    expect(await sitePanel.evaluate((panel) => panel.getBoundingClientRect().top)).toBe(top);
    expect(await sitePanel.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    await popup.getByRole('button', { name: `Undo removing ${editor.email} from “Acme Corp”` }).click();
    await popup.getByRole('status').getByText('Who has access to “\u2068Acme Corp\u2069” is back as it was.').waitFor();
    expect(grist.org(ORGS.acme.id)?.members[editor.id]).toBe('editors');
    expect(grist.doc(DOCS.leads.id)?.shares[editor.id]).toBe('owners');
    await popup.close();
  });
});
