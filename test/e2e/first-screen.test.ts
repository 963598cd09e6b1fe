/**
 * The popup's first screen in Chromium (issue 16): the popup at rest draws it, the next popup
 * shows it before its own view, which then takes over with the focus in its search box; a rename
 * changes the cached listing, and the drawing of the old one is not shown again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS,  } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openPopup, storedDrawing as storedDrawingOf } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/**
 * Runs before the page's scripts: keeps the names the first screen showed, if it showed one, and
 * what held the focus once it was drawn, while it was still shown.
 */
function recordFirstScreen(): void {
  let drawn: Array<string | null> | null = null;
  let focused: string | null = null;
  new MutationObserver(() => {
    const container = document.getElementById('first-screen');
    if (drawn === null && container && container.childElementCount > 0) {
      drawn = [...container.querySelectorAll('a[aria-label^="Open "]')].map((link) => link.textContent);
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (container.isConnected) focused = active && container.contains(active) ? `drawing ${active.getAttribute('type')}` : 'elsewhere';
      });
    }
  }).observe(document, { childList: true, subtree: true });
  Object.assign(window, { drawnNames: () => drawn, drawnFocus: () => focused });
}

async function connect(): Promise<void> {
  await setup.extension.context.addInitScript(recordFirstScreen);
  await connectOwner(setup);
}

const storedDrawing = () => storedDrawingOf(setup.extension);

/** Opens the popup and waits until its own view has taken over from any drawing. */
async function openAndSettle(): Promise<{ page: Page; drawn: Array<string | null> | null }> {
  const page = await openPopup(setup.extension);
  await page.locator('#first-screen').waitFor({ state: 'detached' });
  const drawn = await page.evaluate(() => (window as unknown as { drawnNames: () => Array<string | null> | null }).drawnNames());
  return { page, drawn };
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
});
