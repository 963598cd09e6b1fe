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
const POPUP_CSS = [resolve(import.meta.dirname, '../src/page-shared/compact-page.css'), resolve(import.meta.dirname, '../src/popup/popup.css')];
/** Each row icon's colour, a custom property of the popup's palette, and its opacity; the rest are `--muted` at 1. None now (the open mark was `--link`). */
const ROW_ICON_COLOURS: Readonly<Record<string, { property: string; opacity: number }>> = {};

/** Each icon's size and transparent margin on each side, in px. */
const ICONS = [
  { size: 16, margin: 0 },
  { size: 32, margin: 0 },
  { size: 48, margin: 0 },
  { size: 128, margin: 16 },
];

/** The SVG file at `svgPath` as a data: URL. */
async function svgSource(svgPath: string): Promise<string> {
  return `data:image/svg+xml;base64,${(await readFile(svgPath)).toString('base64')}`;
}

/** Draws `art` (HTML) on a transparent page of `size` px square and saves it to `pngPath`, once its `<img>` elements (if any) are decoded. */
async function drawPng(browser: Browser, art: string, size: number, pngPath: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  await page.setContent(`<style>html, body { margin: 0; background: transparent; }</style>${art}`);
  await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
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

await mkdir(OUT, { recursive: true });
await mkdir(ROW_ICONS_OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
try {
  // The extension's icons: the art `margin` px in from each side.
  const icon = await svgSource(SVG);
  for (const { size, margin } of ICONS) {
    const art = size - 2 * margin;
    await drawPng(browser, `<img src="${icon}" width="${art}" height="${art}" style="display: block; margin: ${margin}px">`, size, resolve(OUT, `icon-${size}.png`));
  }
  for (const [scheme, suffix] of [['light', ''], ['dark', '-dark']] as const) {
    const palette = await paletteOf(browser, scheme);
    for (const file of (await readdir(ROW_ICONS)).filter((name) => name.endsWith('.svg'))) {
      const name = file.replace(/\.svg$/, '');
      const { property, opacity } = ROW_ICON_COLOURS[name] ?? { property: '--muted', opacity: 1 };
      // The SVG as a mask over its colour, as the popup drew it before (popup.css).
      const art = `<div style="height: 100vh; background: ${palette(property)}; opacity: ${opacity}; mask: url('${await svgSource(resolve(ROW_ICONS, file))}') center / contain no-repeat"></div>`;
      await drawPng(browser, art, ROW_ICON_SIZE, resolve(ROW_ICONS_OUT, `${name}${suffix}.png`));
    }
  }
} finally {
  await browser.close();
}
