/**
 * The size budget of the built pages: the popup's JavaScript ≤ 20 KB gzip (issue "faster than a
 * frame"), every other page's and the service worker's ≤ 30 KB (issue "speed at scale"), each
 * counting every script it loads at once (the popup's history view, loaded when opened, is not).
 */
import { describe, expect, it } from 'vitest';
import { gzipKb, pageScripts, workerScripts } from './bundle.ts';

describe('bundle sizes of the build in dist/', () => {
  it('the popup loads its first-screen script and its own script, at most 20 KB of gzipped JavaScript', async () => {
    const scripts = await pageScripts('popup');
    expect(scripts).toEqual(['assets/first-screen.js', 'assets/main.js']);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(20);
  });

  it.each(['options', 'dialog', 'bulk'] as const)('the %s page loads at most 30 KB of gzipped JavaScript', async (page) => {
    const scripts = await pageScripts(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(30);
  });

  it('the service worker, with the chunks it imports, is at most 30 KB gzipped', async () => {
    const scripts = await workerScripts();
    expect(scripts.length).toBeGreaterThan(1);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(30);
  });
});
