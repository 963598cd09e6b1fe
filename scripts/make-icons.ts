/**
 * `npm run icons`: renders scripts/icon.svg to the PNG icons the manifest names
 * (public/icons/icon-<size>.png), and the popup's row icons, scripts/row-icons/<name>.svg, to
 * src/popup/icons/<name>.png, with Debian's Chromium through playwright-core. Run it after
 * changing an SVG and commit the PNGs: the build only copies or inlines them.
 *
 * The 128 px icon keeps 16 px of transparent margin on each side, as the Chrome Web Store asks
 * ("Supplying images", developer.chrome.com/docs/webstore/images); the small ones are drawn to the
 * edge because the toolbar shows them at 16 and 32 px, where every pixel counts.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const SVG = resolve(import.meta.dirname, 'icon.svg');
const OUT = resolve(import.meta.dirname, '../public/icons');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROW_ICONS = resolve(import.meta.dirname, 'row-icons');
const ROW_ICONS_OUT = resolve(import.meta.dirname, '../src/popup/icons');
/**
 * The row icons' side in px: 16, the SVGs' own size, drawn at twice it. The popup's CSS shows them
 * at 10 to 14 px as masks in the text's colour. A bitmap mask, not the SVG: the popup repaints the
 * rows at each search keystroke, and painting SVG masks took 2.6 ms of each against 1.0 ms for
 * bitmaps (Chromium's trace over 132 keystrokes at 20,000 documents).
 */
const ROW_ICON_SIZE = 32;

/** Each icon's size and transparent margin on each side, in px. */
const ICONS = [
  { size: 16, margin: 0 },
  { size: 32, margin: 0 },
  { size: 48, margin: 0 },
  { size: 128, margin: 16 },
];

/**
 * Draws the SVG file `svgPath` to a PNG of `size` px square at `pngPath`, the art `margin` px in
 * from each side and the rest transparent.
 */
async function drawPng(browser: Browser, svgPath: string, size: number, margin: number, pngPath: string): Promise<void> {
  const source = `data:image/svg+xml;base64,${(await readFile(svgPath)).toString('base64')}`;
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const art = size - 2 * margin;
  await page.setContent(
    `<style>html, body { margin: 0; background: transparent; }</style>` +
      `<img src="${source}" width="${art}" height="${art}" style="display: block; margin: ${margin}px">`,
  );
  await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
  await page.screenshot({ path: pngPath, omitBackground: true });
  await page.close();
  console.log(`wrote ${pngPath}`);
}

await mkdir(OUT, { recursive: true });
await mkdir(ROW_ICONS_OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
try {
  for (const { size, margin } of ICONS) await drawPng(browser, SVG, size, margin, resolve(OUT, `icon-${size}.png`));
  for (const file of (await readdir(ROW_ICONS)).filter((name) => name.endsWith('.svg'))) {
    await drawPng(browser, resolve(ROW_ICONS, file), ROW_ICON_SIZE, 0, resolve(ROW_ICONS_OUT, file.replace(/\.svg$/, '.png')));
  }
} finally {
  await browser.close();
}
