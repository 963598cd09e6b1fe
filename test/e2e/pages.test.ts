/**
 * A document's pages in Chromium against the fake Grist server (issue 52): unfolded under their
 * document with → or its expand button, nested as Grist nests them; a page opened at its view's
 * id (Personal Budget's pages were reordered, so its position and its viewRef differ); found by the
 * popup's search and suggested by `gr`; a page removed since its pages were read; a document whose
 * access rules refuse its pages. The README screenshots of pages unfolded and found.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { budgetSeed, DOCS, PERSONAL_BUDGET_PAGES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { chooseInTitleMenu, connectOwner, omniboxEnter, omniboxSuggestions, openConnectedPopup, openPopup, screenshotSchemes } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed: budgetSeed() }));

/** The pages' `sql` reads the fake received for a document (docs/grist-api.md "Pages of a document"). */
function sqlReads(docId: string): number {
  return setup.grist.requests.filter((request) => request.method === 'GET' && request.path.includes(`/api/docs/${docId}/sql`)).length;
}

/** Every `sql` read the fake received, as the documents' ids. */
function sqlReadDocs(): string[] {
  return setup.grist.requests.flatMap((request) => /\/api\/docs\/([^/]+)\/sql/.exec(request.path)?.[1] ?? []);
}

/** The page links shown under `document` in the popup: each page's name and how far right its link starts (CSS pixels). */
async function pagesShown(popup: Page, document: string): Promise<Array<{ name: string; x: number }>> {
  const links = popup.locator('a.page-link');
  const shown: Array<{ name: string; x: number }> = [];
  for (const link of await links.all()) {
    const label = (await link.getAttribute('aria-label')) ?? '';
    if (!label.endsWith(` in ${document}`)) continue;
    shown.push({ name: (await link.textContent()) ?? '', x: Math.round((await link.boundingBox())!.x) });
  }
  return shown;
}

/** The link of page `page` of document `document`. */
function pageLink(popup: Page, page: string, document: string): Locator {
  return popup.getByRole('link', { name: `Open ${page} in ${document}`, exact: true });
}

/** The window the browser opens next, once `open` ran. */
async function nextTab(open: () => Promise<unknown>): Promise<Page> {
  const opened = setup.extension.context.waitForEvent('page');
  await open();
  return opened;
}

const budget = DOCS.personalBudget;
const budgetUrl = () => `${setup.grist.url}/o/docs/doc/${budget.urlId}`;

describe('the pages of a document', () => {
  it('are shown under it on → (one sql read), nested as Grist nests them, and with the expand button; ← folds them', async () => {
    const { grist } = setup;
    const popup = await openConnectedPopup(setup);
    grist.clearRequests();
    const link = popup.getByRole('link', { name: `Open ${budget.name}`, exact: true });
    await link.focus();
    await popup.keyboard.press('ArrowRight');
    await pageLink(popup, 'Summary', budget.name).waitFor();
    // Grist's order (by pagePos), not the rows' nor the views': By category and By month under Expenses.
    const shown = await pagesShown(popup, budget.name);
    expect(shown.map((page) => page.name)).toEqual(['Summary', 'Expenses', 'By category', 'By month']);
    const [summary, expenses, byCategory, byMonth] = shown.map((page) => page.x);
    expect(expenses).toBe(summary);
    expect(byCategory).toBeGreaterThan(expenses!);
    expect(byMonth).toBe(byCategory);
    expect(await popup.getByRole('button', { name: `Hide pages of ${budget.name}` }).getAttribute('aria-expanded')).toBe('true');
    expect(sqlReadDocs()).toEqual([budget.id]);

    // The mouse: Bug Tracker's expand button, its pages two deep.
    await popup.getByRole('button', { name: `Show pages of ${DOCS.bugTracker.name}`, exact: true }).click();
    await pageLink(popup, 'Releases', DOCS.bugTracker.name).waitFor();
    const bugPages = await pagesShown(popup, DOCS.bugTracker.name);
    expect(bugPages.map((page) => page.name)).toEqual(['Bugs', 'Open bugs', 'By severity', 'Releases']);
    const [bugs, openBugs, bySeverity, releases] = bugPages.map((page) => page.x);
    expect(openBugs).toBeGreaterThan(bugs!);
    expect(bySeverity).toBeGreaterThan(openBugs!);
    expect(releases).toBe(bugs);
    expect(sqlReadDocs()).toEqual([budget.id, DOCS.bugTracker.id]);
    await expectNoViolations(popup);

    // ← on a page folds its document's pages, the focus back on the document's link.
    await pageLink(popup, 'By severity', DOCS.bugTracker.name).focus();
    await popup.keyboard.press('ArrowLeft');
    await expect.poll(() => pagesShown(popup, DOCS.bugTracker.name)).toEqual([]);
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Open ${DOCS.bugTracker.name}`);
    expect(await popup.getByRole('button', { name: `Show pages of ${DOCS.bugTracker.name}`, exact: true }).getAttribute('aria-expanded')).toBe('false');

    await popup.getByRole('link', { name: `Open ${budget.name}`, exact: true }).focus();
    // The mouse out of the list: a row under it shows its hover and its Rename button.
    await popup.mouse.move(395, 5);
    await screenshotSchemes(popup, 'popup-pages', { width: 400, height: 600 });
    await popup.close();
  });

  it('opens a page at its view’s id: Summary, first of Personal Budget’s pages, at /p/4 (Enter, then a click)', async () => {
    const popup = await openPopup(setup.extension);
    await popup.getByRole('button', { name: `Show pages of ${budget.name}`, exact: true }).click();
    const summary = pageLink(popup, 'Summary', budget.name);
    await summary.focus();
    const tab = await nextTab(() => popup.keyboard.press('Enter'));
    expect(tab.url()).toBe(`${budgetUrl()}/p/${PERSONAL_BUDGET_PAGES.summary.viewRef}`);
    expect(tab.url()).toMatch(/\/p\/4$/);
    await tab.close();

    const clicked = await nextTab(() => pageLink(popup, 'By month', budget.name).click());
    expect(clicked.url()).toBe(`${budgetUrl()}/p/${PERSONAL_BUDGET_PAGES.byMonth.viewRef}`);
    await clicked.close();
    await popup.close();
  });

  it('are found by the search under their document; a document whose pages are not known is found by its name, and the first three get theirs read', async () => {
    const { grist } = setup;
    const popup = await openPopup(setup.extension);
    grist.clearRequests();
    const search = popup.getByRole('searchbox', { name: 'Search documents' });
    await search.fill('budget');
    await expect.poll(() => popup.getByRole('link', { name: `Open ${DOCS.readingList.name}`, exact: true }).count()).toBe(0);
    // Personal Budget's pages are known (read above); the two budgets after it are not, but are found by their names.
    const firstThree = await popup.locator('li.document a.document-link').evaluateAll((links) => links.slice(0, 3).map((link) => link.getAttribute('href') ?? ''));
    expect(firstThree[0]).toBe(budgetUrl());
    const others = firstThree.slice(1).map((href) => budgetSeed().docs.find((doc) => href.endsWith(`/doc/${doc.urlId}`))!);
    expect(others.map((doc) => doc.name)).toEqual([expect.stringMatching(/^Budget 2025 – /), expect.stringMatching(/^Budget 2025 – /)]);
    await expect.poll(() => sqlReadDocs().sort()).toEqual(others.map((doc) => doc.id).sort());

    await search.fill('budget expenses');
    await pageLink(popup, 'Expenses', budget.name).waitFor();
    for (const doc of others) await pageLink(popup, 'Expenses', doc.name).waitFor();
    // Each page under its own document: the row after a document's is its page.
    const rows = await popup.locator('li[data-row-key]').evaluateAll((items) =>
      items.map((item) => item.querySelector('a.document-link')?.getAttribute('aria-label') ?? ''),
    );
    for (const name of [budget.name, ...others.map((doc) => doc.name)]) {
      expect(rows[rows.indexOf(`Open ${name}`) + 1]).toBe(`Open Expenses in ${name}`);
    }
    // The budgets whose pages were not read are not found: "expenses" is in none of their names.
    expect(await popup.locator('li.document').count()).toBe(3);
    expect(sqlReadDocs()).toHaveLength(2);
    await expectNoViolations(popup);
    await screenshotSchemes(popup, 'popup-page-search', { width: 400, height: 600 });
    await popup.close();
  });

  it('are suggested by gr, and choosing one opens it at /p/<viewRef>; a page gone opens its document in the current tab', async () => {
    const { extension } = setup;
    await connectOwner(setup);
    await (await openPopup(extension)).close();
    const suggest = (text: string) => omniboxSuggestions(extension, text);
    const summaryUrl = `${budgetUrl()}/p/${PERSONAL_BUDGET_PAGES.summary.viewRef}`;
    const suggestions = await suggest('budget summary');
    expect(suggestions).toContainEqual({ content: summaryUrl, description: expect.stringContaining('<match>Summary</match>') });
    expect(suggestions.find((suggestion) => suggestion.content === summaryUrl)?.description).toContain('Personal <match>Budget</match>');

    const tab = await nextTab(() =>
      omniboxEnter(extension, summaryUrl, 'newForegroundTab'),
    );
    expect(tab.url()).toBe(summaryUrl);
    await tab.close();

    // Enter (the current tab), on a page removed since it was read: the document opens in that tab instead, and its pages are stored as Grist has them now.
    const { grist } = setup;
    const bugTracker = DOCS.bugTracker;
    const bugTrackerUrl = `${grist.url}/o/acme/doc/${bugTracker.urlId}`;
    const releasesUrl = `${bugTrackerUrl}/p/4`;
    expect((await suggest('bug releases')).map((suggestion) => suggestion.content)).toContain(releasesUrl);
    grist.removePage(bugTracker.id, 4);
    const current = await extension.context.newPage();
    await current.goto(`${grist.url}/`);
    await current.bringToFront();
    await omniboxEnter(extension, releasesUrl, 'currentTab');
    await expect.poll(() => current.url()).toBe(bugTrackerUrl);
    const stored = await extension.worker.evaluate(async () => ((await chrome.storage.local.get('knownPages')) as { knownPages: Record<string, { pages: Array<{ name: string }> | null }> }).knownPages);
    const bugPages = Object.entries(stored).find(([key]) => key.endsWith(` ${bugTracker.id}`))?.[1].pages;
    expect(bugPages?.map((page) => page.name)).toEqual(['Bugs', 'Open bugs', 'By severity']);
    await expect.poll(async () => (await suggest('bug releases')).map((suggestion) => suggestion.content)).not.toContain(releasesUrl);
    await current.close();
  });

  it('a page removed since its pages were read opens its document, the user is told, and the pages shown are Grist’s now', async () => {
    const { grist } = setup;
    const popup = await openPopup(setup.extension);
    grist.clearRequests();
    await popup.getByRole('button', { name: `Show pages of ${budget.name}`, exact: true }).click();
    // Known: drawn at once, and read afresh once behind them.
    await pageLink(popup, 'By month', budget.name).waitFor();
    await expect.poll(() => sqlReads(budget.id)).toBe(1);
    grist.removePage(budget.id, PERSONAL_BUDGET_PAGES.byMonth.viewRef);

    const tab = await nextTab(() => pageLink(popup, 'By month', budget.name).click());
    expect(tab.url()).toBe(budgetUrl());
    await tab.close();
    await popup.getByRole('status').getByText(`“By month” is no longer a page of “${budget.name}”`, { exact: false }).waitFor();
    await expect.poll(async () => (await pagesShown(popup, budget.name)).map((page) => page.name)).toEqual(['Summary', 'Expenses', 'By category']);
    await popup.close();
  });

  it('refused by the document’s access rules: "Pages are not available for this document", and the document still opens', async () => {
    const { grist } = setup;
    const alpha = DOCS.projectAlpha;
    grist.refusePages(alpha.id, 'both');
    const popup = await openPopup(setup.extension);
    grist.clearRequests();
    await popup.getByRole('button', { name: `Show pages of ${alpha.name}`, exact: true }).click();
    await popup.getByText('Pages are not available for this document').waitFor();
    expect(await pagesShown(popup, alpha.name)).toEqual([]);
    // The sql read, then the two metadata tables.
    expect(grist.requests.filter((request) => request.path.includes(`/api/docs/${alpha.id}/`)).map((request) => request.path.replace(/\?.*/, '').replace(/^.*\/api\/docs\/[^/]+/, ''))).toEqual([
      '/sql',
      expect.stringMatching(/^\/tables\/_grist_(Pages|Views)\/records$/),
      expect.stringMatching(/^\/tables\/_grist_(Pages|Views)\/records$/),
    ]);

    const tab = await nextTab(() => popup.getByRole('link', { name: `Open ${alpha.name}`, exact: true }).click());
    expect(tab.url()).toBe(`${grist.url}/o/globex/doc/${alpha.urlId}`);
    await tab.close();
    await popup.close();
  });

  it('hostile page names are shown as text, each on one line, deep nesting included, and nothing scrolls sideways', async () => {
    const { grist } = setup;
    const events: string[] = [];
    setup.extension.context.on('weberror', (error) => events.push(`pageerror: ${error.error().message}`));
    setup.extension.context.on('dialog', (dialog) => {
      events.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const reading = DOCS.readingList;
    const hostile = ['<img src=x onerror=alert(1)>', 'A page whose name goes on and on, far longer than the popup is wide, and then some more', 'مصروفات الشهر', ...Array.from({ length: 6 }, (_, level) => `Level ${level + 1}`)];
    grist.setPages(reading.id, hostile.map((name, index) => ({ name, indentation: Math.max(0, index - 2) })));
    await connectOwner(setup);
    const popup = await openPopup(setup.extension);
    // The width Chrome gives the popup.
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.getByRole('button', { name: `Show pages of ${reading.name}`, exact: true }).click();
    await pageLink(popup, 'Level 6', reading.name).waitFor();
    expect((await pagesShown(popup, reading.name)).map((page) => page.name)).toEqual(hostile);
    expect(await popup.locator('img').count()).toBe(0);
    const rows = await popup.locator('li.page').evaluateAll((items) => items.map((item) => ({ height: item.getBoundingClientRect().height, linkHeight: item.querySelector('a')!.getBoundingClientRect().height, right: item.getBoundingClientRect().right })));
    for (const row of rows) {
      expect(row.linkHeight).toBeLessThanOrEqual(row.height);
      expect(row.right).toBeLessThanOrEqual(380);
    }
    expect(await popup.evaluate(() => [document.documentElement, ...document.querySelectorAll('.results')].every((element) => element.scrollWidth <= element.clientWidth))).toBe(true);
    expect(events).toEqual([]);
    await popup.close();
  });

  it('after a refresh of the listing, only the known pages of a document whose last change moved are read again', async () => {
    const { grist } = setup;
    const reading = DOCS.readingList;
    await connectOwner(setup);
    const popup = await openPopup(setup.extension);
    // A rename moves the document's updatedAt (as Grist's does); Reading List's pages are known (above), as are Personal Budget's, Bug Tracker's and others'.
    await popup.getByRole('button', { name: `Rename ${reading.name}`, exact: true }).click();
    await popup.getByRole('textbox', { name: `New name for ${reading.name}` }).fill('Reading List 2027');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.doc(reading.id)?.name).toBe('Reading List 2027');
    grist.clearRequests();
    await chooseInTitleMenu(popup, 'Refresh');
    await expect.poll(() => sqlReadDocs()).toContain(reading.id);
    // The reads after a refresh start together (pages-refresh.ts): any other would be among them.
    expect(sqlReadDocs()).toEqual([reading.id]);
    await popup.close();
  });
});
