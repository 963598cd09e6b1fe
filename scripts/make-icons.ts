/**
 * `npm run icons`: renders scripts/icon.svg to the PNG icons the manifest names
 * (public/icons/icon-<size>.png), and the popup's row icons, scripts/row-icons/<name>.svg, to
 * src/popup/icons/<name>.png and <name>-dark.png in their colours for the light and the dark
 * scheme, with Debian's Chromium through playwright-core. Run it after changing an SVG or a colour
 * of the popup's palette, and commit the PNGs: the build only copies or inlines them.
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
 * at 10 to 14 px as its controls' own background images. Coloured bitmaps, not masks in the
 * text's colour: the popup draws the rows again at each search keystroke, and painting SVG masks
 * took 2.6 ms of each against 1.0 ms for bitmap ones (Chromium's trace over 132 keystrokes at
 * 20,000 documents); bitmap masks on pseudo-elements then took 0.6 ms more of the median keystroke,
 * and 2.3 ms of its 95th percentile, than these backgrounds (popup.css).
 */
const ROW_ICON_SIZE = 32;
const POPUP_CSS = [resolve(import.meta.dirname, '../src/shared/compact-page.css'), resolve(import.meta.dirname, '../src/popup/popup.css')];
/** Each row icon's colour, a custom property of the popup's palette, and its opacity; the rest are `--muted` at 1. */
const ROW_ICON_COLOURS: Readonly<Record<string, { property: string; opacity: number }>> = { open: { property: '--link', opacity: 0.6 } };

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

/**
 * The popup's palette in one colour scheme: its custom properties (`--muted`...) as the popup's
 * own stylesheets compute them, so the bitmaps follow a change of colour there.
 */
async function paletteOf(browser: Browser, colorScheme: 'light' | 'dark'): Promise<(property: string) => string> {
  const css = (await Promise.all(POPUP_CSS.map((path) => readFile(path, 'utf8')))).join('\n').replace(/^@import .*$/gm, '');
  const page = await browser.newPage({ colorScheme });
  await page.setContent(`<style>${css}</style>`);
  const style = await page.evaluate(() => Object.fromEntries([...getComputedStyle(document.documentElement)].filter((name) => name.startsWith('--')).map((name) => [name, getComputedStyle(document.documentElement).getPropertyValue(name).trim()])));
  await page.close();
  return (property) => {
    const value = style[property];
    if (!value) throw new Error(`the popup's CSS sets no ${property}`);
    return value;
  };
}

/** Draws the SVG file `svgPath` at `size` px square to `pngPath`, in `colour` at `opacity`, the rest transparent. */
async function drawColouredPng(browser: Browser, svgPath: string, size: number, colour: string, opacity: number, pngPath: string): Promise<void> {
  const source = `data:image/svg+xml;base64,${(await readFile(svgPath)).toString('base64')}`;
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(
    `<style>html, body { margin: 0; background: transparent; }</style>` +
      `<div style="width: ${size}px; height: ${size}px; background: ${colour}; opacity: ${opacity}; mask: url('${source}') center / contain no-repeat"></div>`,
  );
  await page.screenshot({ path: pngPath, omitBackground: true });
  await page.close();
  console.log(`wrote ${pngPath}`);
}

await mkdir(OUT, { recursive: true });
await mkdir(ROW_ICONS_OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
try {
  for (const { size, margin } of ICONS) await drawPng(browser, SVG, size, margin, resolve(OUT, `icon-${size}.png`));
  for (const [scheme, suffix] of [['light', ''], ['dark', '-dark']] as const) {
    const palette = await paletteOf(browser, scheme);
    for (const file of (await readdir(ROW_ICONS)).filter((name) => name.endsWith('.svg'))) {
      const name = file.replace(/\.svg$/, '');
      const { property, opacity } = ROW_ICON_COLOURS[name] ?? { property: '--muted', opacity: 1 };
      await drawColouredPng(browser, resolve(ROW_ICONS, file), ROW_ICON_SIZE, palette(property), opacity, resolve(ROW_ICONS_OUT, `${name}${suffix}.png`));
    }
  }
} finally {
  await browser.close();
}
