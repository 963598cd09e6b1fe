/**
 * Document names made to break things, in real Chromium: markup and script tags, a 10,000-character
 * name, right-to-left text and bidi overrides, zero-width characters and emoji. They must show as
 * text, run nothing, and leave the popup and the document window laid out as usual.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, sampleSeed, USERS, WORKSPACES, type Seed } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { clickClosing, openPopup, saveOptions } from './user-actions.ts';

/** One unbroken word: no space or hyphen where a line could break. */
const LONG_NAME = 'QuarterlyBudget'.repeat(667).slice(0, 10_000);

/** Hostile names by document id. Bug Tracker (Acme) is owned by Olivia, so it can be renamed. */
const HOSTILE_NAMES: Record<string, string> = {
  [DOCS.bugTracker.id]: LONG_NAME,
  [DOCS.personalBudget.id]: '<img src=x onerror="document.title=\'pwned\'"><b>bold</b>',
  [DOCS.readingList.id]: '<script>document.title = "pwned"; alert(1)</script>',
  [DOCS.roadmap.id]: '\u202Egnp.exe',
  [DOCS.campaignPlan.id]: 'تقرير الميزانية דו״ח תקציב',
  [DOCS.leads.id]: 'Le\u200Bads\u200C\u200D\u2060',
  [DOCS.projectAlpha.id]: '📊 Project 👩‍👩‍👧‍👦 🏳️‍🌈',
};

/** The sample seed with the names above, and a workspace name that is a bidi override too. */
const seed: Seed = {
  ...sampleSeed,
  workspaces: sampleSeed.workspaces.map((workspace) =>
    workspace.id === WORKSPACES.marketing.id ? { ...workspace, name: '\u202Egnitekram' } : workspace,
  ),
  docs: sampleSeed.docs.map((document) => ({ ...document, name: HOSTILE_NAMES[document.id] ?? document.name })),
};

const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));

/** What the worker's global scope holds for these tests (see src/background/index.ts). */
interface WorkerGlobals {
  gristQuickRenameTriggers: {
    onMenuClicked(info: { menuItemId: string; pageUrl?: string }, tab?: { id?: number }): Promise<void>;
  };
}

/** Script errors and alert/confirm dialogs from any page of the context, from now on. */
function watchPages(): string[] {
  const events: string[] = [];
  setup.extension.context.on('weberror', (error) => events.push(`pageerror: ${error.error().message}`));
  setup.extension.context.on('dialog', (dialog) => {
    events.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return events;
}

/** True when the page has no horizontal scrolling, at the document or in the results list. */
function fitsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('.results')].every((element) => element.scrollWidth <= element.clientWidth),
  );
}

describe('hostile document names', () => {
  it('the popup shows each one as text on one line, runs nothing and never scrolls sideways', async () => {
    const events = watchPages();
    await saveOptions(setup.extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
    const popup = await openPopup(setup.extension);
    // The width Chrome gives the popup, and tall enough that no vertical scrollbar takes width.
    await popup.setViewportSize({ width: 380, height: 600 });

    const listed = await popup.locator('.results a.document-link').evaluateAll((links) =>
      links.map((link) => ({ text: link.textContent, label: link.getAttribute('aria-label') })),
    );
    for (const name of Object.values(HOSTILE_NAMES)) {
      expect(listed).toContainEqual({ text: name, label: `Open ${name}` });
    }
    expect(await popup.locator('.results').locator('img, script, b').count()).toBe(0);
    expect(await popup.title()).toBe('Grist documents');
    expect(events).toEqual([]);

    expect(await fitsHorizontally(popup)).toBe(true);
    const rowHeights = await popup.locator('.results li').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(rowHeights.length).toBeGreaterThanOrEqual(Object.keys(HOSTILE_NAMES).length);
    for (const height of rowHeights) expect(height).toBeLessThan(60);

    // Every name starts at the left of its link (its 2 px padding), the right-to-left ones too.
    const starts = await popup.locator('.results a.document-link').evaluateAll((links) =>
      links.map((link) => {
        const text = document.createRange();
        text.selectNodeContents(link);
        return Math.round(text.getBoundingClientRect().left - link.getBoundingClientRect().left);
      }),
    );
    expect(new Set(starts)).toEqual(new Set([2]));

    // The long name is cut short; its row's last-changed time and Rename button are still in view and work.
    const longRow = popup.locator(`.results li[title="${LONG_NAME}"]`);
    const rename = longRow.getByRole('button', { name: /^Rename / });
    const modified = longRow.locator('time');
    for (const element of [rename, modified]) {
      const box = await element.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(380);
    }
    await rename.click();
    const field = popup.getByRole('textbox', { name: /^New name for / });
    expect(await field.inputValue()).toBe(LONG_NAME);
    expect(await fitsHorizontally(popup)).toBe(true);
    await field.press('Escape');
    await longRow.getByRole('button', { name: /^Rename / }).waitFor();
    expect(events).toEqual([]);
  });

  it('the document window’s heading wraps and stops within the window, with the buttons in view', async () => {
    const events = watchPages();
    const opened = setup.extension.context.waitForEvent('page');
    await setup.extension.worker.evaluate(
      (pageUrl) =>
        (globalThis as unknown as WorkerGlobals).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-this-document', pageUrl }, { id: -1 }),
      `${setup.grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`,
    );
    const documentWindow = await opened;
    // The window's inside, as the background opens it (440×420 with the title bar).
    await documentWindow.setViewportSize({ width: 440, height: 390 });
    const field = documentWindow.getByRole('textbox', { name: 'New name' });
    await field.waitFor();
    expect(await field.inputValue()).toBe(LONG_NAME);

    const heading = documentWindow.getByRole('heading', { level: 1 });
    expect(await heading.getAttribute('title')).toBe(LONG_NAME);
    expect(await fitsHorizontally(documentWindow)).toBe(true);
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.x + headingBox.width).toBeLessThanOrEqual(440);
    // Clamped to a few lines rather than pushing the form out of the window.
    expect(headingBox.height).toBeLessThan(100);
    for (const name of ['Cancel', 'Rename']) {
      const box = (await documentWindow.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(440);
      expect(box.y + box.height).toBeLessThanOrEqual(280);
    }
    expect(events).toEqual([]);
    await clickClosing(documentWindow, documentWindow.getByRole('button', { name: 'Cancel', exact: true }));
  });
});
