/**
 * How the pages look: the README's light and dark screenshots of the popup, the options and the
 * Bulk changes page asking before a move to the trash, and the popup and options at 200% browser
 * zoom with nothing cut off or scrolling sideways.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, OPTIONS_PAGE, openBulkPage, openPopup, saveOptions, screenshotSchemes } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

function saveOwnerOptions(): Promise<Page> {
  return saveOptions(setup.extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
}

/**
 * Zooms the page as the browser's zoom does. Browser zoom enlarges the CSS pixel: a window
 * `width` × `height` device pixels wide shows `width / zoom` × `height / zoom` CSS pixels, media
 * queries see that smaller width, and `devicePixelRatio` becomes `zoom`. DevTools' device
 * metrics override sets exactly those (CSS viewport and pixel ratio), so the page lays out as
 * when zoomed. CSS `zoom` on the body would not: the viewport, media queries and `rem` stay as
 * at 100%, and the page is scaled inside it.
 */
async function zoom(page: Page, { width, height, factor }: { width: number; height: number; factor: number }): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setDeviceMetricsOverride', {
    width: Math.round(width / factor),
    height: Math.round(height / factor),
    deviceScaleFactor: factor,
    mobile: false,
  });
  expect(await page.evaluate(() => window.devicePixelRatio)).toBe(factor);
}

/** What scrolls sideways: the page itself, and any scrolling box whose content is wider than it. */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth) found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      // Text cut off with an ellipsis on purpose (long names) is not overflow a person must scroll.
      if (style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip') continue;
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && style.overflowX !== 'visible') {
        found.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  });
}

/** Fails unless the control lies wholly inside the viewport's width (after scrolling to it). */
async function expectWithinWidth(page: Page, control: Locator, name: string): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const viewportWidth = await page.evaluate(() => document.documentElement.clientWidth);
  expect(box, `${name} is shown`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${name}'s left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}'s right edge`).toBeLessThanOrEqual(viewportWidth);
}

describe('the README screenshots', () => {
  it('show the options page, saved and connected, in the light and the dark scheme', async () => {
    const options = await saveOwnerOptions();
    // From the top, as the page opens: Save leaves it scrolled to the account's status line.
    await options.evaluate(() => window.scrollTo(0, 0));
    await screenshotSchemes(options, 'options', { width: 800, height: 860 });
    await options.close();
  });

  it('show the popup listing in the light and the dark scheme', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    await screenshotSchemes(popup, 'popup', { width: 400, height: 600 });
    await popup.close();
  });

  it('show the Bulk changes page asking before it moves two documents to the trash, in the light and the dark scheme', async () => {
    await connectOwner(setup);
    const page = await openBulkPage(setup.extension);
    for (const name of ['Campaign Plan', 'Leads']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Move selected to trash' }).click();
    await page.getByRole('group', { name: 'Move 2 documents to the trash?' }).waitFor();
    // From the top, the whole page: the focus on the question scrolled the page to it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotSchemes(page, 'bulk-trash', { width: 1280, height: 1460 });
    await page.close();
  });
});

describe('the popup’s icons', () => {
  it('Options is a gear: a wheel closed all round (teeth on its rim), not a sun’s loose rays', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await popup.getByRole('button', { name: 'Menu', exact: true }).click();
    // The icon as the page draws it (its mask), on a canvas: is the space between its hub and its
    // rim closed in? Between a sun's rays it opens onto the outside.
    const closed = await popup.evaluate(async () => {
      const icon = document.querySelector('.title-bar-menu .icon-options')!;
      const url = /url\("?(.*?)"?\)$/.exec(getComputedStyle(icon).maskImage)![1]!;
      const image = new Image();
      image.src = url;
      await image.decode();
      const size = 160;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, size, size);
      const pixels = context.getImageData(0, 0, size, size).data;
      const blank = (x: number, y: number) => pixels[(y * size + x) * 4 + 3]! < 128;
      // From a blank point 3.5 units (of 16) right of the centre, between hub and rim, through blank points.
      const start = [Math.round(size / 2 + (3.5 * size) / 16), size / 2] as const;
      if (!blank(...start)) return 'no blank between hub and rim';
      const seen = new Set<number>([start[1] * size + start[0]]);
      const queue: Array<readonly [number, number]> = [start];
      while (queue.length) {
        const [x, y] = queue.pop()!;
        if (x === 0 || y === 0 || x === size - 1 || y === size - 1) return 'open';
        for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
          if (!seen.has(ny * size + nx) && blank(nx, ny)) {
            seen.add(ny * size + nx);
            queue.push([nx, ny]);
          }
        }
      }
      return 'closed';
    });
    expect(closed).toBe('closed');
    await popup.close();
  });

  it('a pinned row’s pin sits in its link’s end, taking no room: its link and time line up with every row’s (screenshots in test-results/)', async () => {
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await popup.setViewportSize({ width: 400, height: 600 });
    const pinned = popup.getByRole('link', { name: 'Open Roadmap 2026' });
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const roadmap = await box(pinned);
    const bugTracker = await box(popup.getByRole('link', { name: 'Open Bug Tracker' }));
    // The pin takes no room of the row: the links end together (no open mark since issue 49: a row is its name, its time and ⋯).
    expect(roadmap.x + roadmap.width).toBe(bugTracker.x + bugTracker.width);
    const pin = await box(popup.getByRole('img', { name: 'Pinned' }));
    expect(pin.x).toBeGreaterThan(roadmap.x);
    expect(pin.x + pin.width).toBeLessThanOrEqual(roadmap.x + roadmap.width);
    // The times after them start in one column too.
    const times = await popup.locator('li.document time').evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().left)));
    expect(new Set(times).size).toBe(1);
    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme });
      await popup.screenshot({ path: `test-results/pinned-row-${colorScheme}.png`, clip: { x: 0, y: 220, width: 400, height: 140 } });
    }
    // Drawn over its link's end, the pin is part of the link: a click on it opens the document.
    const opened = setup.extension.context.waitForEvent('page');
    await popup.mouse.click(pin.x + pin.width / 2, pin.y + pin.height / 2);
    const documentPage = await opened;
    expect(documentPage.url()).toBe(await pinned.evaluate((link) => (link as HTMLAnchorElement).href));
    await documentPage.close();
    await popup.close();
  });
});

describe('at 200% zoom', () => {
  it('the popup fits its widest window (800 × 600 px, so 400 × 300 CSS px) without sideways scrolling', async () => {
    // Chrome and Firefox size a popup to its content, up to 800 × 600 px; zoomed, the popup's
    // fixed width needs twice the pixels, so it gets the widest window there is.
    await saveOwnerOptions();
    const popup = await openPopup(setup.extension);
    await zoom(popup, { width: 800, height: 600, factor: 2 });
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    expect(await horizontalOverflow(popup)).toEqual([]);
    await expectWithinWidth(popup, popup.getByRole('searchbox', { name: 'Search documents' }), 'the search box');
    await expectWithinWidth(popup, popup.getByRole('button', { name: 'Menu', exact: true }), 'the Menu button');
    await popup.getByRole('button', { name: 'Menu', exact: true }).click();
    await expectWithinWidth(popup, popup.getByRole('menu', { name: 'Menu' }), 'the title bar menu');
    expect(await horizontalOverflow(popup)).toEqual([]);
    await popup.keyboard.press('Escape');
    await expectWithinWidth(popup, popup.getByRole('button', { name: 'Rename Bug Tracker' }), 'Rename Bug Tracker');
    await expectWithinWidth(popup, popup.getByRole('link', { name: 'Open Bug Tracker' }), 'the Bug Tracker link');
    // The field of a row in rename mode, with its buttons.
    await popup.getByRole('button', { name: 'Rename Bug Tracker' }).click();
    await expectWithinWidth(popup, popup.getByRole('textbox', { name: 'New name for Bug Tracker' }), 'the new-name field');
    expect(await horizontalOverflow(popup)).toEqual([]);
    await popup.close();
  });

  // A common 1280 px window, and a narrow 640 px one (320 CSS px: WCAG 1.4.10's reflow width).
  for (const window of [
    { width: 1280, height: 800 },
    { width: 640, height: 800 },
  ]) {
    it(`the options page in a ${window.width} px window fits without sideways scrolling`, async () => {
      const page = await setup.extension.openPage(OPTIONS_PAGE);
      await zoom(page, { ...window, factor: 2 });
      await page.getByLabel('Team site URLs').waitFor();
      // An error message too, as long as the page shows one.
      await page.getByLabel('Team site URLs').fill('https://grist.example.com/o/a-rather-long-team-name-that-goes-on\nnot a url');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.field-error').first().waitFor();
      expect(await horizontalOverflow(page)).toEqual([]);
      for (const name of ['Save', 'Test connection', 'Show key']) {
        await expectWithinWidth(page, page.getByRole('button', { name }), name);
      }
      for (const label of ['API key', 'Personal site URL', 'Team site URLs']) {
        await expectWithinWidth(page, page.getByLabel(label, { exact: true }), label);
      }
      await page.close();
    });
  }
});
