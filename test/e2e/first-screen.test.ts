/**
 * The popup's first screen in Chromium (issue 16): the popup at rest draws it, the next popup
 * shows it before its own view, which then takes over with the focus in its search box; a rename
 * changes the cached listing, and the drawing of the old one is not shown again. It pictures the
 * list only (issue 48): a refresh that ends while the Share panel is open stores no one's email.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openPopup, storedDrawing as storedDrawingOf, chooseInTitleMenu } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/**
 * Runs before the page's scripts: keeps the names the first screen showed, if it showed one, and
 * what held the focus once it was drawn, while it was still shown.
 */
function recordFirstScreen(): void {
  let drawn: Array<string | null> | null = null;
  let focused: string | null = null;
  let panel = false;
  new MutationObserver(() => {
    const container = document.getElementById('first-screen');
    if (drawn === null && container && container.childElementCount > 0) {
      drawn = [...container.querySelectorAll('a[aria-label^="Open "]')].map((link) => link.textContent);
      panel = container.querySelector('section') !== null;
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (container.isConnected) focused = active && container.contains(active) ? `drawing ${active.getAttribute('type')}` : 'elsewhere';
      });
    }
  }).observe(document, { childList: true, subtree: true });
  Object.assign(window, { drawnNames: () => drawn, drawnFocus: () => focused, drawnPanel: () => panel });
}

async function connect(): Promise<void> {
  await setup.extension.context.addInitScript(recordFirstScreen);
  await connectOwner(setup);
}

const storedDrawing = () => storedDrawingOf(setup.extension);

/** Opens the popup and waits until its own view has taken over from any drawing. */
async function openAndSettle(): Promise<{ page: Page; drawn: Array<string | null> | null; panel: boolean }> {
  const page = await openPopup(setup.extension);
  await page.locator('#first-screen').waitFor({ state: 'detached' });
  const [drawn, panel] = await page.evaluate(() => {
    const recorded = window as unknown as { drawnNames: () => Array<string | null> | null; drawnPanel: () => boolean };
    return [recorded.drawnNames(), recorded.drawnPanel()] as const;
  });
  return { page, drawn, panel };
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

const appNames = (page: Page) => page.locator('#app a[aria-label^="Open "]').allTextContents();

describe('the first screen', () => {
  it('drawn by a popup at rest, shown by the next one, which then shows its own view with the focus in its search box', async () => {
    await connect();
    const first = await openAndSettle();
    expect(first.drawn).toBeNull();
    await expect.poll(storedDrawing).toEqual({ stored: true, current: true });
    await first.page.close();

    const second = await openAndSettle();
    expect(second.drawn).toEqual(await appNames(second.page));
    expect(second.drawn).toContain(DOCS.readingList.name);
    // The drawing's search box held the focus while it was shown.
    expect(await second.page.evaluate(() => (window as unknown as { drawnFocus: () => string | null }).drawnFocus())).toBe('drawing search');
    expect(await second.page.evaluate(() => document.activeElement?.closest('#app') !== null && document.activeElement?.getAttribute('type'))).toBe('search');
    await second.page.close();
  });

  it('of a listing renamed since is not shown', async () => {
    await connect();
    const popup = await openAndSettle();
    await expect.poll(storedDrawing).toEqual({ stored: true, current: true });
    await popup.page.getByRole('button', { name: `Rename ${DOCS.readingList.name}`, exact: true }).click();
    const field = popup.page.getByRole('textbox', { name: `New name for ${DOCS.readingList.name}` });
    await field.fill('Reading Log');
    await field.press('Enter');
    await popup.page.getByText('Renamed “', { exact: false }).waitFor();
    await expect.poll(() => setup.grist.doc(DOCS.readingList.id)?.name).toBe('Reading Log');
    // The worker stored the listing with the new name, under a new revision.
    await expect.poll(storedDrawing).toEqual({ stored: true, current: false });
    await popup.page.close();

    const next = await openAndSettle();
    expect(next.drawn ?? []).not.toContain(DOCS.readingList.name);
    expect(await appNames(next.page)).toContain('Reading Log');
    await next.page.close();
  });

  it('never pictures the Share panel: a refresh that ends while it is open stores no other person’s email, and the next popup opens on the list', async () => {
    await connect();
    const popup = await openAndSettle();
    await expect.poll(storedDrawing).toEqual({ stored: true, current: true });
    await popup.page.getByRole('button', { name: 'More actions for Bug Tracker', exact: true }).click();
    await popup.page.getByRole('menu', { name: 'Actions for Bug Tracker' }).getByRole('menuitem', { name: 'Share…' }).click();
    const people = popup.page.getByRole('region', { name: 'People with access to Bug Tracker' }).getByRole('list', { name: 'People' });
    await people.waitFor();
    const shown = (await people.textContent()) ?? '';
    const others = [USERS.editor, USERS.viewer, USERS.sharedOnly].map((user) => user.email).filter((email) => shown.includes(email));
    expect(others.length).toBeGreaterThan(0);

    // Someone renames a document in Grist; Refresh, the panel open: the refresh ends under it.
    await renameInGrist(DOCS.leads.id, 'Leads 2027');
    await chooseInTitleMenu(popup.page, 'Refresh');
    await popup.page.locator('#app a[aria-label="Open Leads 2027"]').waitFor({ state: 'attached' });
    const local = async () => (await setup.extension.worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)))).toLowerCase();
    await expect.poll(local).toContain('leads 2027');
    // Past the popup's idle moments, when it would draw, and its write.
    await popup.page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(() => setTimeout(resolve, 300)))));
    const stored = await local();
    for (const email of others) expect(stored).not.toContain(email);
    expect(await storedDrawing()).toEqual({ stored: true, current: false });
    await popup.page.close();

    const next = await openAndSettle();
    expect(next.panel).toBe(false);
    expect(await next.page.getByRole('region', { name: 'People with access to Bug Tracker' }).count()).toBe(0);
    expect(await appNames(next.page)).toContain('Leads 2027');
    await next.page.close();
  });
});
